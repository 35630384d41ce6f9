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

/** What was typed or scanned into the search field, as a check-in: a letter link or code, or a number. */
export function checkinOf(text: string): { code: string } | { registrationId: number } | null {
  const v = text.trim();
  if (/\/svs\/appointment\//.test(v)) return { code: v };
  if (/^[A-Za-z0-9_-]{16,64}$/.test(v) && /[A-Za-z]/.test(v)) return { code: v };
  if (/^\d{1,9}$/.test(v)) return { registrationId: Number(v) };
  return null;
}
