import { GetCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { padId } from '../lib/counters';
import type { AllocationStatus } from '@shared/allocation-status';
import { sameCrop } from '@shared/crop-rules';

/**
 * The stored registration: its item, keys and reads (docs/data-model.md, "Registrations"). What other areas
 * (allocation, sales, the counter, reconciliation) need of a registration is here; the registrations area's writes
 * (the submit transaction, claims, shift counters) stay in its repository.
 *
 *   REG#<year>#<id10> / REG
 *     gsi1 REGS#<year>#<shard 0-9> / <created ISO>#<id10>   (year + date-range listing)
 *     gsi2 FARMER#<farmerID> / <year>#<id10>                (a farmer's registrations, when linked)
 *     gsi3 REGID#<id> / <year>                              only on registrations stored before 2026-11-29
 *                                                           (lookup by number now reads each year's key: no index copy)
 *   REGCODE#<code> / REGCODE  -> year, id                   (the letter code's owner)
 */
export const LIST_SHARDS = 10;

export interface RegistrationItem {
  pk: string;
  sk: 'REG';
  type: 'registration';
  id: number;
  year: number;
  name: string;
  nameLc: string;
  fatherName: string;
  fatherLc: string;
  /** Removed with the scan when the retention rule deletes it (functions/registrations/scan-delete.ts). */
  aadhaarEnc?: string;
  aadhaarHash: string;
  aadhaarLast4: string;
  mobileNumber: string;
  category: string;
  gender: string;
  village: string;
  villageLc: string;
  /** Joined text '<block> | उप जिला - <sub-district>' as the form sends it. */
  block: string;
  blockName: string;
  subDistrict: string;
  district: string;
  districtLc: string;
  cropName: string;
  /** The crop's Hindi name when registered; absent when it had none (and on registrations made before Hindi names). */
  cropNameHi?: string;
  cropId?: number;
  cropKey: string;
  bagsRequested: number;
  unit: 'bag' | 'kg';
  /** False when the crop had no rules, so the form offered no quantity; absent on older items (offered). */
  quantityOffered?: boolean;
  /** Absent on registrations stored before allocation, which are confirmed (shared/allocation-status.ts). */
  status?: AllocationStatus;
  /** The grams promised from the crop's stock pool (functions/allocation/promise.ts). */
  promisedGrams?: number;
  /** Waitlisted only: the ticket in the crop's waiting list for the year. */
  waitlistPosition?: number;
  /** Expired only: when the sweep gave its promise back (functions/allocation/expiry.ts). */
  expiredOn?: string;
  /** YYYY-MM-DD, an Asia/Kolkata calendar day. The appointment fields are there while confirmed. */
  appointmentDate?: string;
  /** <day>T00:00:00+05:30 */
  appointmentDateTime?: string;
  /** The shift's label as configured when booked. */
  appointmentShift?: string;
  appointmentShiftNumber?: 1 | 2;
  /** The shift counter was taken (PerDayLimit > 0 at booking time). */
  slotCounted?: boolean;
  /** When a waitlisted or applied registration was confirmed (functions/allocation/promotion.ts). */
  promotedOn?: string;
  /** What it was confirmed from (promotion.ts; absent on registrations promoted before it was kept: waitlisted). */
  promotedFrom?: 'waitlisted' | 'applied';
  /** When the draw put an applicant on the waiting list (functions/allocation/draw-apply.ts). */
  waitlistedOn?: string;
  /** A random id of the allocation write that last changed the status: a resent write recognises its own work. */
  changeToken?: string;
  /** Cancelled only: why (staff), by whom (absent when the farmer cancelled) and when. */
  cancelReason?: string;
  cancelledBy?: { id: number; name: string };
  cancelledOn?: string;
  created: string;
  /** The notice the farmer consented to (its version, functions/home/site-pages.ts) and when; absent on older items. */
  noticeVersion?: string;
  consentAt?: string;
  /** The language the form was filled in: the farmer's messages speak it. Absent on older items (Hindi). */
  language?: 'hi' | 'en';
  adharFilePath: string;
  adharFileType: string;
  adharFileSize: number;
  /** When the retention rule deleted the scan (India day); adharFilePath still names what was held. */
  scanDeletedOn?: string;
  uniqeCode: string;
  isBilled: boolean;
  invoiceNumber: string | null;
  /** Bills of this registration cancelled by credit note (the farmer's own view lists them). */
  cancelledInvoiceNumbers?: string[];
  farmerID?: number;
  /**
   * Set while the registration is not linked for a reason (registration-link.ts): 'to-confirm' when its Aadhaar
   * belongs to a farmer with another mobile number (proposedFarmerID), 'declined' once staff said it is not theirs.
   */
  farmerLink?: 'to-confirm' | 'declined';
  proposedFarmerID?: number;
  /** When the stream's consumer added it to the dashboard's registration counters (once: registration-events.ts). */
  countedAt?: string;
  /** When an erasure removed its personal data (erasure.ts): nothing may bring it back. */
  personalDataErasedOn?: string;
  isAdmin: boolean;
  createdByUserId?: number;
  idempotencyKey?: string;
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk?: string;
  /** Only on registrations stored before the lookup by number read the years' keys (docs/decisions/0047-registration-write-units.md). */
  gsi3pk?: string;
  gsi3sk?: string;
}

/**
 * Whether the registration is for this catalogue crop: by the crop's id (the registration's `cropId` is the
 * form's field; the catalogue's is `cropID`), or by name on registrations made before crops had ids.
 */
export const isForCrop = (r: Pick<RegistrationItem, 'cropId' | 'cropName'>, crop: { cropID: number; cropName: string }) =>
  r.cropId !== undefined ? r.cropId === crop.cropID : sameCrop(r.cropName, crop.cropName);

export const regKey = (year: number, id: number) => ({ pk: `REG#${year}#${padId(id)}`, sk: 'REG' });
export const codeKey = (code: string) => ({ pk: `REGCODE#${code}`, sk: 'REGCODE' });
export const listShard = (id: number) => id % LIST_SHARDS;
export const listPk = (year: number, shard: number) => `REGS#${year}#${shard}`;

const T = () => tableName();
const db = () => docClient();

export async function getRegistration(year: number, id: number, consistent = true): Promise<RegistrationItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: regKey(year, id), ConsistentRead: consistent }));
  return out.Item as RegistrationItem | undefined;
}

export async function getRegistrationByCode(code: string): Promise<RegistrationItem | undefined> {
  const ptr = await db().send(new GetCommand({ TableName: T(), Key: codeKey(code), ConsistentRead: true }));
  if (!ptr.Item) return undefined;
  return getRegistration(Number(ptr.Item.year), Number(ptr.Item.id));
}

/** Years a registration number is looked up in without its year: this India year and the 20 before (and the next). */
export const LOOKUP_YEARS = 21;

/**
 * Registrations numbered `id` (one per year at most), newest year first: one BatchGet of the registration's key in
 * each year that may hold it (docs/decisions/0047-registration-write-units.md). Staff only, so it reads ≈ 10 RCU
 * instead of the index copy every registration would otherwise write on the surge.
 */
export async function registrationsWithId(id: number, consistent = false): Promise<RegistrationItem[]> {
  const thisYear = Number(new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 4));
  const years = Array.from({ length: LOOKUP_YEARS }, (_, i) => thisYear + 1 - i);
  const items = (await batchGet(
    years.map((y) => regKey(y, id)),
    { consistentRead: consistent },
  )) as unknown as RegistrationItem[];
  return items.filter((r) => r.sk === 'REG').sort((a, b) => b.year - a.year);
}

export async function batchGetRegistrations(keys: { year: number; id: number }[]): Promise<RegistrationItem[]> {
  return (await batchGet(keys.map((k) => regKey(k.year, k.id)))) as unknown as RegistrationItem[];
}
