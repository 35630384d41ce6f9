import * as z from 'zod';
import { ALLOCATION_MODES, OPENS_NEXT_MAX_LENGTH } from '../config-keys';
import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from '../gstin';
import { nameText } from './common';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Email is not valid' }));

export const PASSWORD_MIN = 8;
const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password is too long');

const fullName = nameText(
  z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(200, 'Max 200 chars'),
);

const roleIds = z
  .array(z.number({ error: 'Role ids must be numbers' }).int().positive(), { error: 'roleIds must be a list of role ids' })
  .max(20, 'Too many roles');

export const CreateUserInput = z.object({
  fullName,
  email,
  password,
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  roleIds: roleIds.default([]),
});
export type CreateUserInput = z.infer<typeof CreateUserInput>;

export const UpdateUserInput = z.object({
  fullName,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  roleIds,
});
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const ResetPasswordInput = z.object({ newPassword: password });

export const CreateRoleInput = z.object({
  name: z
    .string({ error: 'Role name is required' })
    .trim()
    .min(1, 'Role name is required')
    .max(50, 'Role name: at most 50 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Role name: letters, digits, _ and - only'),
  description: z.string().trim().max(300, 'Max 300 chars').optional().default(''),
});
export type CreateRoleInput = z.infer<typeof CreateRoleInput>;

export const ConfigKeyParam = z.object({
  key: z.string().trim().min(1, 'Key is required').max(100, 'Key: at most 100 characters'),
});

export const SaveConfigInput = z.object({
  key: z
    .string({ error: 'Key is required' })
    .trim()
    .min(1, 'Key is required')
    .max(100, 'Key: at most 100 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Key: letters, digits, _ . and - only'),
  value: z.string({ error: 'Value must be text' }).max(2000, 'Value: at most 2000 characters'),
});
export type SaveConfigInput = z.infer<typeof SaveConfigInput>;

/** Season settings an admin changes on the Settings page; each maps to one config key. */
export const SettingsInput = z.object({
  Is_SVS_Form_On: z.boolean(),
  PerDayLimit: z.number({ error: 'Per-day limit must be a number' }).int('Whole number').min(0, 'Must be 0 or more').max(100000),
  AppointmentStartDate: z.union([z.literal(''), z.iso.date({ error: 'Use a date' })]),
  WeeklyOffDay: z.number().int().min(-1).max(6),
  Holidays: z.array(z.iso.date({ error: 'Holidays must be dates' })).max(366),
  ShiftLabels: z.tuple([
    z.string().trim().min(1, 'Shift label is required').max(100),
    z.string().trim().min(1, 'Shift label is required').max(100),
  ]),
  /** Left out by a client that does not know it: the stored value is kept. */
  RegistrationOpensNext: z.string().trim().max(OPENS_NEXT_MAX_LENGTH, `At most ${OPENS_NEXT_MAX_LENGTH} characters`).optional(),
  /** Optional: a page opened before these settings existed saves without them (they stay as they were). */
  CounterAddress: z.string().trim().min(1, 'Counter address is required').max(300, 'At most 300 characters').optional(),
  CounterHours: z.string().trim().min(1, 'Counter hours are required').max(300, 'At most 300 characters').optional(),
  /** How a crop's stock is given out (docs/decisions/0022-allocation.md); optional like the counter texts. */
  AllocationMode: z.enum(ALLOCATION_MODES, { error: 'Choose first-come or draw' }).optional(),
  CollectionGraceDays: z
    .number({ error: 'Days to collect must be a number' })
    .int('Whole number')
    .min(0, 'Must be 0 or more')
    .max(30, 'At most 30')
    .optional(),
  /** The text form `name=percent:who, who; …` (CONFIG_KEYS.ReservedShares); checked by the server's parser. */
  ReservedShares: z.string().trim().max(2000, 'At most 2000 characters').optional(),
  /** The day of the draw shown on applied letters ('' = not announced); optional like the other allocation settings. */
  DrawDate: z.union([z.literal(''), z.iso.date({ error: 'Use a date (YYYY-MM-DD)' })]).optional(),
  /** The supplier block of bills of supply (docs/product-rules.md#bill-of-supply); optional like the counter texts. */
  InstituteName: z.string().trim().min(1, 'Institute name is required').max(300, 'At most 300 characters').optional(),
  InstituteAddress: z.string().trim().max(300, 'At most 300 characters').optional(),
  /** '' while not set; otherwise a GSTIN with the right check character (spaces and case ignored). */
  InstituteGSTIN: z
    .string()
    .transform(normalizeGstin)
    .refine((v) => v === '' || gstinProblem(v) === null, {
      error: (issue) => GSTIN_MESSAGES[gstinProblem(String(issue.input)) ?? 'shape'],
    })
    .optional(),
  /** Named in the notice the registration form shows; optional like the counter texts. */
  GrievanceOfficerName: z
    .string()
    .trim()
    .min(1, 'The grievance officer is required')
    .max(300, 'At most 300 characters')
    .optional(),
  GrievanceOfficerContact: z
    .string()
    .trim()
    .min(1, "The grievance officer's contact is required")
    .max(300, 'At most 300 characters')
    .optional(),
  /** Days an Aadhaar scan is kept once its registration is billed, expired or cancelled (optional like the others). */
  ScanRetentionDays: z
    .number({ error: 'Days to keep scans must be a number' })
    .int('Whole number')
    .min(0, 'Must be 0 or more')
    .max(365, 'At most 365')
    .optional(),
  /** The counter checks in letters of other days (optional like the others). */
  AcceptOtherDays: z.boolean().optional(),
  /** A code to the mobile before a farmer's registration (docs/product-rules.md#verifying-the-mobile-at-registration). */
  VerifyMobileAtRegistration: z.boolean().optional(),
});
export type SettingsInput = z.infer<typeof SettingsInput>;

export type { UserResponse, RoleResponse, ConfigResponse, SettingsReply } from './replies/admin';
