import { FARMER_CONTACT_RE, type FarmerInput, type FarmerListQuery, type FarmerRegistration, type FarmerResponse } from '../../shared/schemas/farmers';
import { AADHAAR_RE, stripAadhaar } from '../../shared/schemas/producers';
import { aadhaarHash, openAadhaar, sealAadhaar } from '../lib/aadhaar-vault';
import type { Caller } from '../lib/caller';
import { nextValue } from '../lib/counters';
import { conflict, notFound } from '../lib/errors';
import { searchTextOf, type Item } from '../lib/query';
import { seesFullAadhaar } from '../producers/service';
import {
  farmerIdByAadhaarHash,
  farmersByContact,
  getFarmer,
  insertFarmer,
  listFarmers,
  registrationsOfFarmer,
  setFarmerActive,
  updateFarmer,
  type FarmerFields,
  type FarmerItem,
} from './repository';

async function toResponse(f: FarmerItem, full: boolean): Promise<FarmerResponse> {
  return {
    farmerID: f.farmerID,
    name: f.name,
    aadhaarNumber: full && f.aadhaarEnc ? await openAadhaar(f.aadhaarEnc) : null,
    aadhaarLast4: f.aadhaarLast4 ?? '',
    contactNumber: f.contactNumber ?? '',
    village: f.village ?? '',
    category: f.category ?? '',
    fatherName: f.fatherName ?? '',
    adharFilePath: f.adharFilePath ?? '',
    address: f.address ?? '',
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
    contactNumber: input.contactNumber ?? '',
    village: input.village ?? '',
    category: input.category ?? '',
    fatherName: input.fatherName ?? '',
    adharFilePath: input.adharFilePath ?? '',
    address: input.address ?? '',
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
    return f && (f.isActive || q.includeInactive) ? [await toResponse(f, false)] : [];
  }
  const items = await listFarmers({ includeInactive: q.includeInactive, search: search || undefined, take: q.take });
  // A contact number is also looked up exactly, so it finds farmers beyond the newest the text search reads.
  if (search && FARMER_CONTACT_RE.test(search)) {
    const seen = new Set(items.map((f) => f.farmerID));
    const exact = (await farmersByContact(search, q.take)).filter((f) => (f.isActive || q.includeInactive) && !seen.has(f.farmerID));
    items.unshift(...exact);
    items.sort((a, b) => b.farmerID - a.farmerID).splice(q.take);
  }
  return Promise.all(items.map((f) => toResponse(f, false)));
}

export async function get(id: number, caller: Caller | null): Promise<FarmerResponse> {
  const f = await getFarmer(id);
  if (!f) throw notFound(`Farmer ${id} not found`);
  return toResponse(f, seesFullAadhaar(caller));
}

export async function byAadhaar(aadhaar: string, caller: Caller | null): Promise<FarmerResponse> {
  const id = await farmerIdByAadhaarHash(await aadhaarHash(aadhaar));
  const f = id ? await getFarmer(id) : undefined;
  if (!f) throw notFound('No farmer with this Aadhaar number');
  return toResponse(f, seesFullAadhaar(caller));
}

export async function create(input: FarmerInput, caller: Caller | null): Promise<FarmerResponse> {
  const item: FarmerItem = {
    farmerID: await nextValue('farmers'),
    ...(await fieldsOf(input)),
    isActive: true,
    createdOn: new Date().toISOString(),
  };
  const out = await insertFarmer(item);
  if (!out.ok) throw conflict(takenMessage(out.takenBy), { farmerID: out.takenBy });
  return toResponse(item, seesFullAadhaar(caller));
}

export async function update(id: number, input: FarmerInput, caller: Caller | null): Promise<FarmerResponse> {
  const current = await getFarmer(id, true);
  if (!current) throw notFound(`Farmer ${id} not found`);
  const next = await fieldsOf(input, current);
  const out = await updateFarmer(current, next);
  if (!out.ok) {
    if (out.reason === 'aadhaar-taken') throw conflict(takenMessage(out.takenBy), { farmerID: out.takenBy });
    throw conflict('This farmer was changed by someone else at the same time. Reload and try again.');
  }
  const merged: FarmerItem = { ...current, aadhaarEnc: undefined, aadhaarHash: undefined, aadhaarLast4: undefined, ...next };
  return toResponse({ ...merged, updatedOn: new Date().toISOString() }, seesFullAadhaar(caller));
}

export async function setActive(id: number, active: boolean, caller: Caller | null): Promise<FarmerResponse> {
  const f = await setFarmerActive(id, active);
  if (!f) throw notFound(`Farmer ${id} not found`);
  return toResponse(f, seesFullAadhaar(caller));
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
