import {
  FARMER_CONTACT_RE,
  type FarmerInput,
  type FarmerListQuery,
  type FarmerRegistration,
  type FarmerResponse,
} from '@shared/schemas/farmers';
import { AADHAAR_RE, stripAadhaar } from '@shared/schemas/common';
import { aadhaarHash, sealAadhaar } from '../lib/aadhaar-vault';
import { aadhaarForView } from '../lib/aadhaar-views';
import type { Caller } from '../lib/caller';
import { nextValue } from '../lib/counters';
import { conflict, notFound } from '../lib/errors';
import { activeFlagEntry, fieldChanges, type AuditTrail } from '../lib/audit-log';
import { searchTextOf, type Item } from '../lib/query';
import {
  farmerExists,
  farmersByContact,
  insertFarmer,
  insertFarmerInSteps,
  listFarmers,
  setFarmerActive,
  updateFarmer,
  writeClaimedFarmer,
  type FarmerFields,
} from './repository';
import { farmerIdByAadhaarHash, getFarmer, registrationsOfFarmer, type FarmerItem } from './farmer-entity';

/**
 * A farmer as the API gives it: aadhaarNumber is null (the screens show XXXX-XXXX-<aadhaarLast4>) except on an
 * admin's GET of the single record, where it is the number in clear and the view is audited (see view()).
 */
/** A farmer's optional text fields, stored and answered as '' when not given. */
const OPTIONAL_TEXT = ['contactNumber', 'village', 'category', 'fatherName', 'adharFilePath', 'address'] as const;
type OptionalText = Record<(typeof OPTIONAL_TEXT)[number], string>;

const optionalTextOf = (source: Partial<Record<(typeof OPTIONAL_TEXT)[number], string | undefined>>): OptionalText =>
  Object.fromEntries(OPTIONAL_TEXT.map((name) => [name, source[name] ?? ''])) as OptionalText;

function toResponse(f: FarmerItem, clearAadhaar: string | null = null): FarmerResponse {
  return {
    farmerID: f.farmerID,
    name: f.name,
    aadhaarNumber: clearAadhaar,
    aadhaarLast4: f.aadhaarLast4 ?? '',
    ...optionalTextOf(f),
    isActive: f.isActive,
    createdOn: f.createdOn,
    ...(f.updatedOn ? { updatedOn: f.updatedOn } : {}),
  };
}

const takenMessage = (id?: number) => `A farmer with this Aadhaar number already exists${id ? ` (ID ${id})` : ''}`;

/** Search covers name, contact, village and the last 4 Aadhaar digits; 12 digits are an exact Aadhaar lookup. */
const farmerSearchText = (f: Pick<FarmerItem, 'name' | 'contactNumber' | 'village' | 'aadhaarLast4'>) =>
  searchTextOf(f.name, f.contactNumber, f.village, f.aadhaarLast4);

async function fieldsOf(input: FarmerInput, current?: FarmerItem): Promise<FarmerFields> {
  let sealed: Pick<FarmerItem, 'aadhaarEnc' | 'aadhaarHash' | 'aadhaarLast4'> = {};
  if (input.aadhaarNumber) {
    const hash = await aadhaarHash(input.aadhaarNumber);
    sealed =
      current?.aadhaarHash === hash
        ? { aadhaarEnc: current.aadhaarEnc, aadhaarHash: hash, aadhaarLast4: current.aadhaarLast4 }
        : await sealAadhaar(input.aadhaarNumber);
  }
  const fields: FarmerFields = {
    name: input.name,
    ...sealed,
    ...optionalTextOf(input),
    searchText: '',
  };
  fields.searchText = farmerSearchText(fields);
  return fields;
}

export async function list(q: FarmerListQuery): Promise<FarmerResponse[]> {
  const search = q.search?.trim();
  if (search && AADHAAR_RE.test(stripAadhaar(search))) {
    const id = await farmerIdByAadhaarHash(await aadhaarHash(stripAadhaar(search)));
    const f = id ? await getFarmer(id) : undefined;
    return f && (f.isActive || q.includeInactive) ? [toResponse(f)] : [];
  }
  const items = await listFarmers({ includeInactive: q.includeInactive, search: search || undefined, take: q.take });
  // A contact number is also looked up exactly, so it finds farmers beyond the newest the text search reads.
  if (search && FARMER_CONTACT_RE.test(search)) {
    const seen = new Set(items.map((f) => f.farmerID));
    const exact = (await farmersByContact(search, q.take)).filter(
      (f) => (f.isActive || q.includeInactive) && !seen.has(f.farmerID),
    );
    items.unshift(...exact);
    items.sort((a, b) => b.farmerID - a.farmerID).splice(q.take);
  }
  return items.map((f) => toResponse(f));
}

/** GET /api/farmers/{id}: the one reply with the Aadhaar in clear, to admins only, each time audited. */
export async function view(id: number, caller: Caller | null, sourceIp: string): Promise<FarmerResponse> {
  const f = await getFarmer(id);
  if (!f) throw notFound(`Farmer ${id} not found`);
  return toResponse(f, await aadhaarForView(caller, sourceIp, f.aadhaarEnc, { type: 'farmer', id: f.farmerID }));
}

/** The caller typed the number: the reply need not repeat it. */
export async function byAadhaar(aadhaar: string): Promise<FarmerResponse> {
  const id = await farmerIdByAadhaarHash(await aadhaarHash(aadhaar));
  const f = id ? await getFarmer(id) : undefined;
  if (!f) throw notFound('No farmer with this Aadhaar number');
  return toResponse(f);
}

/** What an entry shows of a farmer: the Aadhaar number only named as changed. */
const FARMER_FIELDS = ['name', ...OPTIONAL_TEXT, 'aadhaarHash'] as const;
const farmerChanges = (before: FarmerItem | undefined, after: FarmerItem) =>
  fieldChanges(before, after, FARMER_FIELDS, ['aadhaarHash']).map((f) =>
    f.field === 'aadhaarHash' ? { ...f, field: 'aadhaarNumber' } : f,
  );

/**
 * Writes answer without the number in clear (the admin has just typed it, or did not change it). A farmer made
 * from a farmer's own registration (audit null) records no entry: the registration is the record.
 */
export async function create(input: FarmerInput, audit: AuditTrail | null): Promise<FarmerResponse> {
  const item: FarmerItem = {
    farmerID: await nextValue('farmers'),
    ...(await fieldsOf(input)),
    isActive: true,
    createdOn: new Date().toISOString(),
  };
  // Staff: one transaction with the audit entry. A registration's farmer (no audit): claim, then farmer.
  const out = audit
    ? await insertFarmer(
        item,
        audit.put(
          { type: 'farmer', id: item.farmerID },
          { summary: `farmer ${item.name} created`, fields: farmerChanges(undefined, item) },
        ),
      )
    : await insertFarmerInSteps(item);
  if (!out.ok) throw conflict(takenMessage(out.takenBy), { farmerID: out.takenBy });
  return toResponse(item);
}

/**
 * A registration's farmer whose Aadhaar claim was written but not the farmer itself (a consumer stopped between the
 * two Puts of insertFarmerInSteps): written now under the claimed number. False when the farmer is there.
 */
export async function completeClaimedFarmer(farmerID: number, input: FarmerInput): Promise<boolean> {
  if (await farmerExists(farmerID)) return false;
  await writeClaimedFarmer({ farmerID, ...(await fieldsOf(input)), isActive: true, createdOn: new Date().toISOString() });
  return true;
}

export async function update(id: number, input: FarmerInput, audit: AuditTrail): Promise<FarmerResponse> {
  const current = await getFarmer(id, true);
  if (!current) throw notFound(`Farmer ${id} not found`);
  const next = await fieldsOf(input, current);
  const merged: FarmerItem = { ...current, aadhaarEnc: undefined, aadhaarHash: undefined, aadhaarLast4: undefined, ...next };
  const out = await updateFarmer(current, next, audit.put({ type: 'farmer', id }, { fields: farmerChanges(current, merged) }));
  if (!out.ok) {
    if (out.reason === 'aadhaar-taken') throw conflict(takenMessage(out.takenBy), { farmerID: out.takenBy });
    throw conflict('This farmer was changed by someone else at the same time. Reload and try again.');
  }
  return toResponse({ ...merged, updatedOn: new Date().toISOString() });
}

export async function setActive(id: number, active: boolean, audit: AuditTrail): Promise<FarmerResponse> {
  const f = await setFarmerActive(id, active, activeFlagEntry(audit, { type: 'farmer', id }, active));
  if (!f) throw notFound(`Farmer ${id} not found`);
  return toResponse(f);
}

const REGISTRATIONS_TAKE = 100;
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const numOrNull = (v: unknown) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
const strOrNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/** Only the listed fields leave the server: never the Aadhaar number, its hash or the scan's path. */
function toRegistration(r: Item): FarmerRegistration {
  return {
    id: Number(r.id ?? r.registrationID ?? 0),
    year: numOrNull(r.year),
    name: str(r.name),
    fatherName: str(r.fatherName),
    mobileNumber: str(r.mobileNumber ?? r.mobile),
    village: str(r.village),
    district: str(r.district),
    cropName: str(r.cropName),
    cropNameHi: str(r.cropNameHi),
    bagsRequested: numOrNull(r.bagsRequested),
    appointmentDateTime: strOrNull(r.appointmentDateTime),
    appointmentShift: strOrNull(r.appointmentShift),
    created: strOrNull(r.created ?? r.createdOn),
    isBilled: Boolean(r.isBilled),
    invoiceNumber: strOrNull(r.invoiceNumber),
  };
}

export async function registrations(id: number): Promise<FarmerRegistration[]> {
  if (!(await getFarmer(id))) throw notFound(`Farmer ${id} not found`);
  return (await registrationsOfFarmer(id, REGISTRATIONS_TAKE)).map(toRegistration);
}
