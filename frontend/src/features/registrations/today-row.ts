import type { TodayRow } from '@shared/schemas/counter';
import type { RegistrationRow } from '@shared/schemas/registration';

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

/** What the search field matches: the number, a part of the name, or the mobile's digits. */
export function matchesSearch(r: TodayRow, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  if (/^\d+$/.test(q)) return String(r.number) === q || r.mobileNumber.includes(q);
  return r.name.toLowerCase().includes(q);
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

export type EnterAction = { code: string } | { registrationId: number; year: number } | 'pick-row';

/**
 * What Enter in the search field does: a letter link or code checks it in; a registration number of a row of
 * the list checks that row in; else the one row the text matches; several or none: the clerk picks the row.
 */
export function enterAction(text: string, rows: readonly TodayRow[]): EnterAction {
  const letter = letterOf(text);
  if (letter) return letter;
  const v = text.trim();
  const byNumber = /^\d{1,9}$/.test(v) ? rows.find((r) => r.number === Number(v)) : undefined;
  const matching = byNumber ? [byNumber] : v ? rows.filter((r) => matchesSearch(r, v)) : [];
  if (matching.length !== 1) return 'pick-row';
  return { registrationId: matching[0].registrationId, year: matching[0].year };
}
