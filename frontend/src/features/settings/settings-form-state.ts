import type { AllocationMode } from '@shared/config-keys';
import type { SettingsReply } from '@shared/schemas/admin';

/** Form state: the per-day limit is kept as typed text until saved. */
export interface FormState {
  Is_SVS_Form_On: boolean;
  PerDayLimit: string;
  AppointmentStartDate: string;
  WeeklyOffDay: number;
  Holidays: string[];
  ShiftLabels: [string, string];
  RegistrationOpensNext: string;
  CounterAddress: string;
  CounterHours: string;
  AllocationMode: AllocationMode;
  /** Kept as typed text until saved, as the per-day limit. */
  CollectionGraceDays: string;
  ReservedShares: string;
  DrawDate: string;
  InstituteName: string;
  InstituteAddress: string;
  InstituteGSTIN: string;
  GrievanceOfficerName: string;
  GrievanceOfficerContact: string;
  /** Kept as typed text until saved. */
  ScanRetentionDays: string;
  AcceptOtherDays: boolean;
  VerifyMobileAtRegistration: boolean;
}

/** What each section of the settings form is given: the values, a change to some of them, a field's message. */
export interface SectionProps {
  form: FormState;
  set: (patch: Partial<FormState>) => void;
  errorOf: (name: string) => string | undefined;
}

export function toForm(s: SettingsReply): FormState {
  return {
    ...s,
    PerDayLimit: String(s.PerDayLimit),
    Holidays: [...s.Holidays],
    ShiftLabels: [s.ShiftLabels[0], s.ShiftLabels[1]],
    CounterAddress: s.CounterAddress ?? '',
    CounterHours: s.CounterHours ?? '',
    CollectionGraceDays: String(s.CollectionGraceDays),
    ScanRetentionDays: String(s.ScanRetentionDays),
  };
}

const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The form's values as the request SettingsInput checks: the typed numbers as numbers (blank is NaN, refused). */
export function toInput(f: FormState): unknown {
  return {
    ...f,
    PerDayLimit: typedNumber(f.PerDayLimit),
    CollectionGraceDays: typedNumber(f.CollectionGraceDays),
    ScanRetentionDays: typedNumber(f.ScanRetentionDays),
  };
}
