import type { TodayRow } from '@shared/schemas/counter';
import type { RegistrationRow } from '@shared/schemas/registration';
import { normalizeMobile, westernDigits } from '@shared/typed-numbers';

/**
 * A row of today's list as Issue Seeds' form reads a registration: who, which crop, how much was asked for.
 * The fields the sale does not look at stay blank (the list carries no address and no Aadhaar).
 */
export function issueRowOf(r: TodayRow): RegistrationRow {
  return {
    id: r.registrationId,
    year: r.year,
    name: r.name,
    adharNumber: r.aadhaarLast4 ? `XXXX-XXXX-${r.aadhaarLast4}` : '',
    fatherName: '',
    mobileNumber: r.mobileNumber,
    village: '',
    block: '',
    subDistrict: '',
    district: '',
    category: '',
    gender: '',
    cropName: r.cropName,
    cropNameHi: r.cropNameHi,
    ...(r.cropId === null ? {} : { cropId: r.cropId }),
    bagsRequested: r.bagsRequested,
    unit: r.unit,
    quantityOffered: r.quantityOffered,
    ...(r.appointmentDate ? { appointmentDate: r.appointmentDate } : {}),
    appointmentShift: r.shiftLabel,
    created: '',
    status: 'confirmed',
    adharFilePath: '',
    uniqeCode: '',
    isBilled: r.status === 'billed',
    invoiceNumber: r.invoiceNumber,
    farmerID: r.farmerID,
    isAdmin: false,
  };
}

const LETTER_LINK = /\S*\/svs\/appointment\/\S+/g;
const LETTER_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The letter in what a scan gave: its link (the last one, when a scanner typed after text left in the field),
 * or a bare code. Null when the text holds no letter.
 */
export function letterOf(text: string): { code: string } | null {
  const links = text.match(LETTER_LINK);
  if (links) return { code: links[links.length - 1] };
  const last = text.trim().split(/\s+/).pop() ?? '';
  return LETTER_CODE.test(last) && /[A-Za-z]/.test(last) ? { code: last } : null;
}

/** What a scan gave, as a check-in: a letter link or code, or a number. */
export function checkinOf(text: string): { code: string } | { registrationId: number } | null {
  const letter = letterOf(text);
  if (letter) return letter;
  const v = text.trim();
  if (/^\d{1,9}$/.test(v)) return { registrationId: Number(v) };
  return null;
}

/**
 * What was typed into the search field, read as the counter reads it (docs/product-rules.md#the-counters-search-never-picks-a-farmer-by-a-part-of-a-number):
 * a letter's link or code; a registration number ('5', or '5/2026' as the list prints it); a whole mobile number
 * (as people type it: '+91 98765 43210'); or other text (a name, or digits that are none of these).
 */
export type Typed =
  | { kind: 'letter'; code: string }
  | { kind: 'number'; number: number; year?: number }
  | { kind: 'mobile'; mobile: string }
  | { kind: 'text'; text: string }
  | { kind: 'empty' };

const NUMBER = /^(\d{1,9})(?:\s*\/\s*(\d{4}))?$/;

export function readTyped(text: string): Typed {
  const letter = letterOf(text);
  if (letter) return { kind: 'letter', code: letter.code };
  const v = westernDigits(text).trim();
  if (!v) return { kind: 'empty' };
  const n = NUMBER.exec(v);
  if (n && Number(n[1]) > 0) return { kind: 'number', number: Number(n[1]), ...(n[2] ? { year: Number(n[2]) } : {}) };
  const mobile = normalizeMobile(v);
  if (/^\d{10}$/.test(mobile)) return { kind: 'mobile', mobile };
  return { kind: 'text', text: v.toLowerCase() };
}

/**
 * The rows the search field shows: a registration number's own row, and the rows whose mobile holds those
 * digits (so the clerk sees them, though Enter never takes one of them); a whole mobile's rows; the rows whose
 * name holds the text.
 */
export function matchesSearch(r: TodayRow, text: string): boolean {
  const typed = readTyped(text);
  switch (typed.kind) {
    case 'empty':
    case 'letter':
      return true;
    case 'number':
      return isNumberOf(r, typed) || (!typed.year && r.mobileNumber.includes(String(typed.number)));
    case 'mobile':
      return r.mobileNumber === typed.mobile;
    case 'text':
      return /^\d+$/.test(typed.text) ? r.mobileNumber.includes(typed.text) : r.name.toLowerCase().includes(typed.text);
  }
}

const isNumberOf = (r: TodayRow, typed: { number: number; year?: number }) =>
  r.number === typed.number && (typed.year === undefined || r.year === typed.year);

export type EnterAction =
  | { code: string }
  | { registrationId: number; year?: number }
  /**
   * Nobody is checked in: the clerk presses Check in on one of the rows shown (`pick` of them, maybe none);
   * `mobile` when a whole mobile number was typed.
   */
  | { pick: number; mobile?: true };

/**
 * What Enter in the search field does. Only what names one farmer exactly checks in: a letter's link or code;
 * a registration number (the row's of the list, else the server finds it, also another day's); a whole mobile
 * number of exactly one row. Anything else (a name, a part of a number, a mobile shared by several rows or of
 * no row) checks in nobody and leaves the candidates listed.
 */
export function enterAction(text: string, rows: readonly TodayRow[]): EnterAction {
  const typed = readTyped(text);
  switch (typed.kind) {
    case 'letter':
      return { code: typed.code };
    case 'number': {
      const own = rows.filter((r) => isNumberOf(r, typed));
      if (own.length === 1) return { registrationId: own[0].registrationId, year: own[0].year };
      if (own.length > 1) return { pick: own.length };
      return { registrationId: typed.number, ...(typed.year ? { year: typed.year } : {}) };
    }
    case 'mobile': {
      const own = rows.filter((r) => r.mobileNumber === typed.mobile);
      return own.length === 1 ? { registrationId: own[0].registrationId, year: own[0].year } : { pick: own.length, mobile: true };
    }
    default:
      return { pick: rows.filter((r) => matchesSearch(r, text)).length };
  }
}
