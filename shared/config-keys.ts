import * as z from 'zod';
import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from './gstin';
import { CATEGORIES, GENDERS } from './schemas/registration';

/**
 * Every configuration key the product reads, with its default, parser and who may read it.
 * Values are stored as text (docs/product-rules.md#registration-switch-and-settings); parsing happens here only.
 */
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function parseBool(raw: string): boolean {
  const v = raw.trim().toLowerCase();
  return v === '1' || v === 'true';
}

/** A YYYY-MM-DD text that names a day of the calendar (not 2026-02-30). */
function isRealDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** The longest text an admin may give for when registrations open next. */
export const OPENS_NEXT_MAX_LENGTH = 100;

/** A line of the letter: one to 300 characters, spaces tidied. */
function counterText(raw: string): string {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (!v) throw new Error('Required');
  if (v.length > 300) throw new Error('At most 300 characters');
  return v;
}

/** A line of the bill of supply's supplier block: up to 300 characters, spaces tidied; '' allowed. */
function billText(raw: string): string {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (v.length > 300) throw new Error('At most 300 characters');
  return v;
}

/** The institute's GSTIN in capitals without spaces; '' while not set. */
function parseGstin(raw: string): string {
  const v = normalizeGstin(raw);
  if (!v) return '';
  const problem = gstinProblem(v);
  if (problem) throw new Error(GSTIN_MESSAGES[problem]);
  return v;
}

/** How a crop's stock is given out (docs/decisions/0022-allocation.md). */
export const ALLOCATION_MODES = ['first-come', 'draw'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];

/** A reserved share of the draw: its name, percent of the stock, and the categories or genders that qualify. */
export interface ReservedShareSetting {
  name: string;
  percent: number;
  qualifiers: string[];
}

/** Who may qualify for a share: the categories and genders the registration form offers. */
export const SHARE_QUALIFIERS: readonly string[] = [...CATEGORIES, ...GENDERS];

/** The qualifier as the form stores it (SC for sc); undefined when the form offers no such value. */
const knownQualifier = (who: string) => SHARE_QUALIFIERS.find((q) => q.toLowerCase() === who.toLowerCase());

const SHARE_RE = /^([^=;:]+)=\s*(\d+(?:\.\d+)?)\s*%?\s*:(.+)$/;

function parseReservedShares(raw: string): ReservedShareSetting[] {
  const shares = raw
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = SHARE_RE.exec(part);
      if (!m) throw new Error(`Not a share: ${part} (use name=percent:who, e.g. SC/ST=20:SC,ST)`);
      const name = m[1].trim();
      const percent = Number(m[2]);
      const qualifiers = [
        ...new Set(
          m[3]
            .split(',')
            .map((q) => q.trim())
            .filter(Boolean),
        ),
      ];
      if (!name || name.length > 40) throw new Error(`Share name of 1 to 40 characters: ${part}`);
      if (!(percent > 0 && percent <= 100)) throw new Error(`Share ${name}: percent above 0 and at most 100`);
      if (qualifiers.length === 0) throw new Error(`Share ${name} names nobody who qualifies`);
      const unknown = qualifiers.filter((q) => !knownQualifier(q));
      if (unknown.length > 0)
        throw new Error(
          `Share ${name}: no registration has ${unknown.join(', ')}; use the categories or genders of the form: ${SHARE_QUALIFIERS.join(', ')}`,
        );
      return { name, percent, qualifiers: [...new Set(qualifiers.map((q) => knownQualifier(q) as string))] };
    });
  if (new Set(shares.map((s) => s.name)).size !== shares.length) throw new Error('Each share needs a name of its own');
  if (shares.reduce((sum, s) => sum + s.percent, 0) > 100) throw new Error('Shares add up to more than 100 %');
  return shares;
}

export const formatReservedShares = (shares: ReservedShareSetting[]) =>
  shares.map((s) => `${s.name}=${s.percent}:${s.qualifiers.join(',')}`).join('; ');

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface KeyDef<T> {
  default: T;
  /** Public keys may be read without signing in (the public pages need them). */
  public: boolean;
  /** Turns stored text into a value; throws on text an admin may not save. */
  parse: (raw: string) => T;
  /** Text stored for a value. */
  format: (value: T) => string;
  /** The setting's name as the admin's screens show it. */
  label: string;
  description: string;
}

function def<T>(d: KeyDef<T>): KeyDef<T> {
  return d;
}

export const CONFIG_KEYS = {
  Is_SVS_Form_On: def<boolean>({
    // A fresh install starts closed: nobody registers before the catalogue and the counter are set up
    // (docs/product-rules.md#a-fresh-install-starts-with-registrations-closed-and-a-setup-checklist).
    default: false,
    public: true,
    // On when the value is '1' or 'true' (any case); anything else means off.
    parse: parseBool,
    format: (v) => (v ? 'true' : 'false'),
    label: 'Registrations open',
    description: 'Registrations open (true/1) or closed; closed until an admin opens them',
  }),
  PerDayLimit: def<number>({
    default: 0,
    public: false,
    parse: (raw) => z.coerce.number().int().min(0).max(100000).parse(raw.trim()),
    format: String,
    label: 'Appointments per day',
    description: 'Appointments per working day (0 = no cap)',
  }),
  AppointmentStartDate: def<string>({
    default: '',
    public: false,
    parse: (raw) => {
      const v = raw.trim();
      if (v && !isoDate.test(v)) throw new Error('Use the form YYYY-MM-DD');
      return v;
    },
    format: (v) => v,
    label: 'First appointment day',
    description: 'First appointment day (YYYY-MM-DD); empty means the day after registration',
  }),
  WeeklyOffDay: def<number>({
    default: 0,
    public: false,
    parse: (raw) => {
      const v = raw.trim();
      const byName = WEEKDAYS.findIndex((d) => d.toLowerCase() === v.toLowerCase());
      if (byName >= 0) return byName;
      return z.coerce.number().int().min(-1).max(6).parse(v);
    },
    format: String,
    label: 'Weekly off day',
    description: 'Weekly off day: 0 Sunday … 6 Saturday, -1 none',
  }),
  Holidays: def<string[]>({
    default: [],
    public: false,
    parse: (raw) => {
      const days = raw
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean);
      for (const d of days) if (!isoDate.test(d)) throw new Error(`Not a date: ${d} (use YYYY-MM-DD)`);
      return [...new Set(days)].sort();
    },
    format: (v) => v.join(','),
    label: 'Holidays',
    description: 'Holidays, comma separated YYYY-MM-DD',
  }),
  ShiftLabels: def<[string, string]>({
    default: ['सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm', 'दोपहर 2 से शाम 5 बजे / Afternoon 2 pm – 5 pm'],
    public: true,
    parse: (raw) => {
      const parts = raw.split('|').map((p) => p.trim());
      if (parts.length !== 2 || !parts[0] || !parts[1]) throw new Error('Two labels separated by |');
      return [parts[0], parts[1]];
    },
    format: (v) => v.join(' | '),
    label: 'Shift labels',
    description: 'Labels of the two shifts, separated by |',
  }),
  RegistrationOpensNext: def<string>({
    default: '',
    public: true,
    parse: (raw) => {
      const v = raw.trim();
      if (v.length > OPENS_NEXT_MAX_LENGTH) throw new Error(`At most ${OPENS_NEXT_MAX_LENGTH} characters`);
      if (isoDate.test(v) && !isRealDay(v)) throw new Error(`Not a date: ${v} (use YYYY-MM-DD)`);
      return v;
    },
    format: (v) => v,
    label: 'Registrations open next',
    description: 'When registrations open next: a date YYYY-MM-DD or a short text; empty means not announced yet',
  }),
  CounterAddress: def<string>({
    default: 'बीज बिक्री काउंटर, राष्ट्रीय बीज अनुसंधान संस्थान / Seed sales counter, National Seed Research Institute',
    public: true,
    parse: counterText,
    format: counterText,
    label: 'Counter address',
    description: "Where farmers come: the institute's seed counter address (printed on the letter)",
  }),
  CounterHours: def<string>({
    default: 'सुबह 10 से शाम 5 बजे, अवकाश के दिन छोड़कर / 10 am – 5 pm, except holidays',
    public: true,
    parse: counterText,
    format: counterText,
    label: 'Counter hours',
    description: "The counter's opening hours (shown on the letter)",
  }),
  AllocationMode: def<AllocationMode>({
    default: 'first-come',
    public: false,
    parse: (raw) => z.enum(ALLOCATION_MODES).parse(raw.trim().toLowerCase()),
    format: (v) => v,
    label: 'Allocation mode',
    description: 'How stock is given out: first-come (in order of registration) or draw (an admin runs a draw per crop)',
  }),
  ReservedShares: def<ReservedShareSetting[]>({
    default: [],
    public: false,
    parse: parseReservedShares,
    format: formatReservedShares,
    label: 'Reserved shares of the draw',
    description:
      'Shares of the stock the draw fills first, separated by ;, each name=percent:who qualifies (categories GEN, OBC, SC, ST or genders पुरुष, महिला), e.g. SC/ST=20:SC,ST; Women=30:महिला',
  }),
  CollectionGraceDays: def<number>({
    default: 2,
    public: false,
    parse: (raw) => z.coerce.number().int().min(0).max(30).parse(raw.trim()),
    format: String,
    label: 'Collection grace days',
    description: 'Days after the appointment day a confirmed farmer may still collect (0–30); then the place is given back',
  }),
  DrawDate: def<string>({
    default: '',
    public: false,
    parse: (raw) => {
      const v = raw.trim();
      if (v && !(isoDate.test(v) && isRealDay(v))) throw new Error(`Not a date: ${v} (use YYYY-MM-DD)`);
      return v;
    },
    format: (v) => v,
    label: 'Day of the draw',
    description:
      'The day of the draw (YYYY-MM-DD, India time), shown on applied letters in draw mode; empty means not announced yet',
  }),
  InstituteName: def<string>({
    default: 'राष्ट्रीय बीज अनुसंधान संस्थान / National Seed Research Institute',
    public: false,
    parse: counterText,
    format: counterText,
    label: 'Institute name',
    description: "The supplier's name on bills of supply",
  }),
  InstituteAddress: def<string>({
    default: '',
    public: false,
    parse: billText,
    format: billText,
    label: 'Institute address',
    description: "The supplier's address on bills of supply (up to 300 characters)",
  }),
  InstituteGSTIN: def<string>({
    default: '',
    public: false,
    parse: parseGstin,
    format: parseGstin,
    label: 'Institute GSTIN',
    description: "The supplier's GSTIN on bills of supply (15 characters); empty while the institute has none set",
  }),
  GrievanceOfficerName: def<string>({
    default: 'शिकायत अधिकारी, राष्ट्रीय बीज अनुसंधान संस्थान / Grievance Officer, National Seed Research Institute',
    public: true,
    parse: counterText,
    format: counterText,
    label: 'Grievance officer',
    description:
      "Name and office of the officer who answers farmers' requests and complaints about their data (shown in the notice)",
  }),
  GrievanceOfficerContact: def<string>({
    default: 'grievance@seed.example.org',
    public: true,
    parse: counterText,
    format: counterText,
    label: 'Grievance officer contact',
    description: "The grievance officer's phone number and/or email address (shown in the notice and on the contact page)",
  }),
  ScanRetentionDays: def<number>({
    default: 30,
    public: false,
    parse: (raw) => z.coerce.number().int().min(0).max(365).parse(raw.trim()),
    format: String,
    label: 'Aadhaar scan retention days',
    description:
      'Days an Aadhaar scan is kept after its registration is billed, expires or is cancelled (0–365); then it is deleted',
  }),
  AcceptOtherDays: def<boolean>({
    default: false,
    public: false,
    parse: parseBool,
    format: (v) => (v ? 'true' : 'false'),
    label: 'Accept letters of other days',
    description:
      'The counter checks in a farmer whose appointment is on another day (marked as another day’s); off: such a letter is refused',
  }),
  // The staff second factor (docs/decisions/0044-staff-second-factor.md): off on a fresh install so that the first
  // start needs no phone; the settings screen and the first-run checklist recommend turning it on.
  StaffSecondFactor: def<boolean>({
    default: false,
    public: false,
    parse: parseBool,
    format: (v) => (v ? 'true' : 'false'),
    label: 'Second factor for admins',
    description:
      'Recommended: admins and super admins sign in with a code from an authenticator app as well as the password; Aadhaar views and the audit log need it',
  }),
  // Verifying the mobile at registration (docs/product-rules.md#verifying-the-mobile-at-registration): off by
  // default; on, every registration costs one more SMS and one more round trip (docs/performance.md).
  VerifyMobileAtRegistration: def<boolean>({
    default: false,
    public: true,
    parse: parseBool,
    format: (v) => (v ? 'true' : 'false'),
    label: 'Verify the mobile at registration',
    description:
      'A farmer registering types a code sent by SMS to the mobile given, so no registration carries a mobile its sender does not hold; costs one more SMS and one more step per registration',
  }),
} as const;

export type KnownConfigKey = keyof typeof CONFIG_KEYS;
export type ConfigValue<K extends KnownConfigKey> = (typeof CONFIG_KEYS)[K]['default'];

export function isKnownConfigKey(key: string): key is KnownConfigKey {
  return Object.prototype.hasOwnProperty.call(CONFIG_KEYS, key);
}

export function isPublicConfigKey(key: string): boolean {
  return isKnownConfigKey(key) && CONFIG_KEYS[key].public;
}

/**
 * Reads a stored value leniently: missing or unreadable text gives the default
 * (docs/product-rules.md#registration-switch-and-settings).
 */
export function readConfig<K extends KnownConfigKey>(key: K, raw: string | undefined | null): ConfigValue<K> {
  if (raw === undefined || raw === null) return CONFIG_KEYS[key].default as ConfigValue<K>;
  try {
    return CONFIG_KEYS[key].parse(raw) as ConfigValue<K>;
  } catch {
    return CONFIG_KEYS[key].default as ConfigValue<K>;
  }
}

/** Checks text an admin wants to save for a known key; returns an error message or null. */
export function validateConfigValue(key: string, raw: string): string | null {
  if (!isKnownConfigKey(key)) return null;
  if (key === 'Is_SVS_Form_On') {
    const v = raw.trim().toLowerCase();
    return ['1', '0', 'true', 'false'].includes(v) ? null : 'Use true or false (or 1 / 0)';
  }
  try {
    CONFIG_KEYS[key].parse(raw);
    return null;
  } catch (e) {
    const { label, description } = CONFIG_KEYS[key];
    if (e instanceof z.ZodError) return `${label}: ${description}`;
    return `${label}: ${(e as Error).message}`;
  }
}
