/** Display helpers shared by the pages and the functions. */

/** XXXX-XXXX-1234 from the last four digits (or a full number); a dash when unknown. */
export function maskAadhaar(last4OrNumber: string | undefined | null): string {
  const digits = (last4OrNumber ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '—';
  return `XXXX-XXXX-${digits.slice(-4)}`;
}

/** Mobile masked to its last four digits: XXXXXX1234. */
export function maskMobile(mobile: string | undefined | null): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '—';
  return `${'X'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/**
 * Mobile showing only its first two digits: 98XXXXXXXX. The public letter uses it, since the last four digits
 * confirm the farmer's own cancellation.
 */
export function maskMobileButFirstTwo(mobile: string | undefined | null): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '—';
  return `${digits.slice(0, 2)}${'X'.repeat(digits.length - 2)}`;
}

/**
 * Made on first use: an Intl object made when the module loads costs every server function that imports
 * this file about 15 ms of cold start (the first one loads the ICU data), rupees formatted or not.
 */
let inr: Intl.NumberFormat | undefined;

/** Rupees in Indian digit grouping with two decimals, e.g. 1,23,456.70 (money is kept in paise on the server). */
export function formatRupees(amount: number): string {
  inr ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return inr.format(amount);
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** kg to quintal (1 quintal = 100 kg), two decimals. */
export function kgToQuintal(kg: number): number {
  return Math.round(kg) / 100;
}

/*
 * Dates and times. The institute works in India time: every moment is shown in Asia/Kolkata whatever the
 * zone of the device, and a calendar day (an appointment, a holiday) is shown as that very day, never moved
 * by a zone. These are the only date formatters the screens use.
 */

/** The zone every date and time is shown in, and the zone of the wall-clock times staff type in. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const INDIA_OFFSET = '+05:30';

/** The screen's language ('en', 'hi', or a full locale) to the locale used for dates. */
const localeOf = (lang: string | undefined) => (lang?.startsWith('hi') ? 'hi-IN' : 'en-IN');

type DateKind = 'day' | 'longDay' | 'date' | 'time' | 'dateTime';
const OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  // A calendar day is formatted as noon UTC of that day, in UTC: no zone can move it.
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  date: { dateStyle: 'medium', timeZone: INDIA_TIME_ZONE },
  time: { timeStyle: 'short', timeZone: INDIA_TIME_ZONE },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE },
};
/** Made on first use, as `inr` above. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: DateKind, lang: string | undefined): Intl.DateTimeFormat {
  const locale = localeOf(lang);
  const key = `${kind}|${locale}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, OPTIONS[kind])));
  return f;
}

const DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;
const EMPTY = '—';

/**
 * A calendar day: 'YYYY-MM-DD', or a value that starts with one (an appointment's
 * 'YYYY-MM-DDT00:00:00+05:30'), taken as written. '23 Nov 2026' (en) on every device. `long` adds the
 * weekday and the month in full ('Monday, 23 November 2026'). Empty: a dash; not a date: as given.
 */
export function formatDay(day: string | null | undefined, lang = 'en', opts: { long?: boolean } = {}): string {
  if (!day) return EMPTY;
  const m = DAY_PREFIX.exec(day);
  if (!m) return day;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (Number.isNaN(at.getTime()) || at.getUTCMonth() !== Number(m[2]) - 1 || at.getUTCDate() !== Number(m[3])) return day;
  return dateFormat(opts.long ? 'longDay' : 'day', lang).format(at);
}

const momentOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** A moment (ISO time) as its date and time in India: '23 Nov 2026, 10:30 am'. Empty: a dash; not a time: as given. */
export function formatDateTime(iso: string | null | undefined, lang = 'en'): string {
  if (!iso) return EMPTY;
  const d = momentOf(iso);
  return d ? dateFormat('dateTime', lang).format(d) : iso;
}

/** A moment (ISO time) as its date in India: '23 Nov 2026'. Empty: a dash; not a time: as given. */
export function formatDate(iso: string | null | undefined, lang = 'en'): string {
  if (!iso) return EMPTY;
  const d = momentOf(iso);
  return d ? dateFormat('date', lang).format(d) : iso;
}

/** A moment (ISO time) as its time of day in India: '10:30 am' (with formatDate, for a date and time on two lines). */
export function formatTime(iso: string | null | undefined, lang = 'en'): string {
  if (!iso) return EMPTY;
  const d = momentOf(iso);
  return d ? dateFormat('time', lang).format(d) : iso;
}

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/;

/**
 * The value of an <input type="datetime-local"> ('2026-11-23T10:30'), read as India time, to an ISO time
 * ('2026-11-23T05:00:00.000Z'); undefined when empty or not such a value.
 */
export function indiaInputToIso(local: string | null | undefined): string | undefined {
  const m = LOCAL_INPUT.exec(local?.trim() ?? '');
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? ':00'}${INDIA_OFFSET}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** An ISO time to the value of an <input type="datetime-local"> showing India time ('2026-11-23T10:30'); '' when empty or invalid. */
export function isoToIndiaInput(iso: string | null | undefined): string {
  const d = iso ? momentOf(iso) : undefined;
  if (!d) return '';
  // India has one fixed offset (no summer time): shift the moment and read it as UTC.
  return new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 16);
}
