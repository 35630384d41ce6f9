import * as z from 'zod';

export const UserReply = z.strictObject({
  userID: z.number(),
  fullName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  roles: z.array(z.string()),
  roleIds: z.array(z.number()),
  createdOn: z.string(),
});
export type UserResponse = z.infer<typeof UserReply>;

/** GET /api/admin/users/names: who made a bill, for the staff filters. */
export const UserNameReply = z.strictObject({ userID: z.number(), fullName: z.string() });
export type UserName = z.infer<typeof UserNameReply>;

export const PasswordResetReply = z.strictObject({ success: z.literal(true), message: z.string() });

export const RoleReply = z.strictObject({
  roleID: z.number(),
  name: z.string(),
  description: z.string(),
});
export type RoleResponse = z.infer<typeof RoleReply>;

export const ConfigReply = z.strictObject({
  id: z.string(),
  key: z.string(),
  value: z.string(),
});
export type ConfigResponse = z.infer<typeof ConfigReply>;

/** The season settings as stored (the shape SettingsInput takes). */
export const SettingsReply = z.strictObject({
  Is_SVS_Form_On: z.boolean(),
  PerDayLimit: z.number(),
  AppointmentStartDate: z.string(),
  WeeklyOffDay: z.number(),
  Holidays: z.array(z.string()),
  ShiftLabels: z.tuple([z.string(), z.string()]),
  RegistrationOpensNext: z.string(),
  CounterAddress: z.string(),
  CounterHours: z.string(),
  AllocationMode: z.enum(['first-come', 'draw']),
  CollectionGraceDays: z.number(),
  /** The text form, as the admin edits it ('' when there are none). */
  ReservedShares: z.string(),
  /** YYYY-MM-DD, or '' when the draw's day is not announced. */
  DrawDate: z.string(),
  InstituteName: z.string(),
  InstituteAddress: z.string(),
  /** '' while not set. */
  InstituteGSTIN: z.string(),
  GrievanceOfficerName: z.string(),
  GrievanceOfficerContact: z.string(),
  ScanRetentionDays: z.number(),
  AcceptOtherDays: z.boolean(),
  VerifyMobileAtRegistration: z.boolean(),
});
export type SettingsReply = z.infer<typeof SettingsReply>;

/** `{ success: true }` of a removal. */
export const SuccessReply = z.strictObject({ success: z.literal(true) });
