import { maskAadhaar } from '@shared/format';
import { type RegistrationRow } from '@shared/schemas/registration';
import { aadhaarForView } from '../lib/aadhaar-views';
import type { Caller } from '../lib/caller';
import { type RegistrationItem } from './registration-entity';
import { statusOf } from '@shared/allocation-status';
import { findRegistration } from './letters';

/** Staff views of a registration: the row of the list and the whole registration. */

/** GET /api/registrations/{id}: the Aadhaar in clear for an admin only, and that view is audited; masked for sellers. */
export async function registrationView(
  id: number,
  year: number | undefined,
  caller: Caller | null,
  sourceIp: string,
): Promise<RegistrationRow> {
  const r = await findRegistration(id, year);
  return toRow(r, await aadhaarForView(caller, sourceIp, r.aadhaarEnc, { type: 'registration', id: r.id, year: r.year }));
}

/** A row as lists and sellers see it: the Aadhaar masked, unless the number in clear is given (see registrationView). */
export function toRow(r: RegistrationItem, clearAadhaar?: string | null): RegistrationRow {
  const status = statusOf(r);
  return {
    id: r.id,
    name: r.name,
    adharNumber: clearAadhaar ?? maskAadhaar(r.aadhaarLast4),
    fatherName: r.fatherName,
    mobileNumber: r.mobileNumber,
    village: r.village,
    block: r.blockName,
    subDistrict: r.subDistrict,
    district: r.district,
    category: r.category,
    gender: r.gender,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi ?? '',
    ...(r.cropId ? { cropId: r.cropId } : {}),
    year: r.year,
    bagsRequested: r.bagsRequested,
    unit: r.unit,
    quantityOffered: r.quantityOffered !== false,
    // The appointment only while confirmed; a cancelled or expired registration keeps it stored for the record.
    ...(status === 'confirmed'
      ? { appointmentDateTime: r.appointmentDateTime, appointmentDate: r.appointmentDate, appointmentShift: r.appointmentShift }
      : {}),
    created: r.created,
    status,
    ...(status === 'waitlisted' && r.waitlistPosition ? { waitlistPosition: r.waitlistPosition } : {}),
    ...(status === 'cancelled' && r.cancelReason ? { cancelReason: r.cancelReason } : {}),
    adharFilePath: r.adharFilePath,
    uniqeCode: r.uniqeCode,
    isBilled: Boolean(r.isBilled),
    invoiceNumber: r.invoiceNumber ?? null,
    farmerID: r.farmerID ?? null,
    ...(r.farmerLink ? { farmerLink: r.farmerLink } : {}),
    ...(r.farmerLink === 'to-confirm' && r.proposedFarmerID ? { proposedFarmerID: r.proposedFarmerID } : {}),
    isAdmin: Boolean(r.isAdmin),
  };
}
