import { FarmerInput } from '@shared/schemas/farmers';
import { splitBlock } from '@shared/schemas/registration';
import { AppError } from '../lib/errors';
import { auditTrail, SYSTEM_ACTOR, type AuditTrail } from '../lib/audit-log';
import { ERASED } from '../lib/erased';
import { farmerIdByAadhaarHash, type FarmerItem } from './farmer-entity';
import { updateFarmer } from './repository';
import { completeClaimedFarmer, create as createFarmer } from './service';

/**
 * The farmer a registration links to, found by Aadhaar or created (docs/product-rules.md#linking-a-registration-to-a-farmer).
 * Run by the registrations area (registration-link.ts, erasure.ts), from the table's stream and the reconciliation.
 */

export interface FarmerSeed {
  aadhaarHash: string;
  aadhaar: string;
  name: string;
  fatherName: string;
  mobile: string;
  village: string;
  category: string;
  address: string;
  adharFilePath: string;
}

/** A farmer's address from the form: 'village, block, sub-district, district' (the joined block field split again). */
export function farmerAddress(village: string, joinedBlock: string, district: string): string {
  const { block, subDistrict } = splitBlock(joinedBlock);
  return [village, block, subDistrict, district]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The farmer of this Aadhaar, created when there is none; undefined when the form's details do not make a
 * valid farmer. Safe to run twice: the farmer's Aadhaar claim lets one creation through.
 */
export async function findOrCreateFarmer(f: FarmerSeed): Promise<{ farmerID: number; created: boolean } | undefined> {
  const existing = await farmerIdByAadhaarHash(f.aadhaarHash);
  const input = FarmerInput.safeParse({
    name: f.name,
    aadhaarNumber: f.aadhaar,
    contactNumber: f.mobile,
    village: f.village,
    category: f.category,
    fatherName: f.fatherName,
    adharFilePath: f.adharFilePath,
    address: f.address.slice(0, 300),
  });
  if (existing) {
    // Its claim written, its farmer not (insertFarmerInSteps stopped between the two): the farmer is written now.
    if (input.success && (await completeClaimedFarmer(existing, input.data))) return { farmerID: existing, created: true };
    return { farmerID: existing, created: false };
  }
  if (!input.success) return undefined;
  try {
    return { farmerID: (await createFarmer(input.data, null)).farmerID, created: true };
  } catch (e) {
    // Created meanwhile by another request for the same Aadhaar: link to that one.
    if (e instanceof AppError && e.code === 'CONFLICT') {
      const id = Number(e.extra.data?.farmerID);
      const farmerID = Number.isInteger(id) && id > 0 ? id : await farmerIdByAadhaarHash(f.aadhaarHash);
      return farmerID ? { farmerID, created: false } : undefined;
    }
    throw e;
  }
}

/**
 * The farmer record's personal data erased (an erasure of the farmer's last registration that needed it); the
 * category stays for the counts. False when the record changed meanwhile. `audit` null: the stream's consumer
 * undoing a farmer it made.
 */
export async function eraseFarmerRecord(farmer: FarmerItem, audit: AuditTrail | null): Promise<boolean> {
  const out = await updateFarmer(
    farmer,
    {
      name: ERASED,
      contactNumber: '',
      village: '',
      category: farmer.category,
      fatherName: ERASED,
      adharFilePath: '',
      address: '',
      searchText: '',
    },
    (audit ?? auditTrail('farmer.update', SYSTEM_ACTOR, ''))
      .as('farmer.update')
      .put(
        { type: 'farmer', id: farmer.farmerID },
        { summary: 'erased at the farmer’s request', fields: [{ field: 'aadhaarNumber', before: 'held', after: 'erased' }] },
      ),
  );
  return out.ok;
}
