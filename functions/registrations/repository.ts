import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import type { AuditTransactItem } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { padId } from '../lib/counters';
import { creationDelta, reportCounterUpdate } from '../lib/report-counters';
import { isConditionalFailure } from '../lib/retry';
import type { AllocationStatus } from '@shared/allocation-status';

/**
 * Storage of the registrations area (keys in docs/data-model.md, "Registrations"):
 *  - registration   REG#<year>#<id10> / REG
 *                   gsi1 REGS#<year>#<shard 0-9> / <created ISO>#<id10>   (year + date-range listing)
 *                   gsi2 FARMER#<farmerID> / <year>#<id10>                (a farmer's registrations, when linked)
 *                   gsi3 REGID#<id> / <year>                              (staff lookup by number)
 *  - letter code    REGCODE#<code> / REGCODE  -> year, id
 *  - claim          REGCLAIM#<aadhaarHash> / <year>#CROP#<cropId>  -> year, id, code, idempotency key, fingerprint;
 *                   while one request registers it is pending: no id yet, a lease (token, leaseUntil) and a TTL
 *  - shift counter  SLOT#<day>#<shift> / SLOT  -> booked, cap
 *  - number counter COUNTER#registrations#<year> / COUNTER (functions/lib/counters.ts)
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
  gsi3pk: string;
  gsi3sk: string;
}

export interface ClaimItem {
  pk: string;
  sk: string;
  year: number;
  id: number;
  uniqeCode: string;
  idempotencyKey?: string;
  fingerprint: string;
  created: string;
  /** Pending claims only (no id yet): the lease of the request registering it. */
  token?: string;
  leaseUntil?: number;
  expiresAt?: number;
  /** The status the registration was given (absent on claims made before allocation: confirmed). */
  status?: AllocationStatus;
  waitlistPosition?: number;
}

export const regKey = (year: number, id: number) => ({ pk: `REG#${year}#${padId(id)}`, sk: 'REG' });
export const codeKey = (code: string) => ({ pk: `REGCODE#${code}`, sk: 'REGCODE' });
/** The crop part of the claim and lock keys: the catalogue crop's id (never its name). */
export const claimCropKey = (cropId: number) => `CROP#${cropId}`;
export const claimKey = (hash: string, year: number, cropKey: string) => ({ pk: `REGCLAIM#${hash}`, sk: `${year}#${cropKey}` });
export const slotKey = (day: string, shift: number) => ({ pk: `SLOT#${day}#${shift}`, sk: 'SLOT' });
export const listShard = (id: number) => id % LIST_SHARDS;
export const listPk = (year: number, shard: number) => `REGS#${year}#${shard}`;

const T = () => tableName();
const db = () => docClient();

// ---- configuration (read here so that a failure is seen, not replaced by defaults) ----

export async function readConfigValues(keys: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGet(keys.map((k) => ({ pk: 'CONFIG', sk: k })));
  return new Map(items.map((i) => [String(i.sk), String(i.value ?? '')]));
}

// ---- appointment shift counters ----

/** One conditional increment; false when the shift is full. */
export async function takeShiftSlot(day: string, shift: number, cap: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: slotKey(day, shift),
        UpdateExpression: 'ADD booked :one SET #cap = :cap, #day = :day, shift = :shift',
        ConditionExpression: 'attribute_not_exists(booked) OR booked < :cap',
        ExpressionAttributeNames: { '#cap': 'cap', '#day': 'day' },
        ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':day': day, ':shift': shift },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/**
 * Counts a booking while the days have no cap (PerDayLimit 0), so that a cap set later starts from the
 * bookings the day already holds.
 */
export async function countShiftSlot(day: string, shift: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: T(),
      Key: slotKey(day, shift),
      UpdateExpression: 'ADD booked :one SET #day = :day, shift = :shift',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':one': 1, ':day': day, ':shift': shift },
    }),
  );
}

export async function releaseShiftSlot(day: string, shift: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: slotKey(day, shift),
        UpdateExpression: 'ADD booked :minus',
        ConditionExpression: 'booked > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

export interface ShiftCount {
  day: string;
  shift: number;
  booked: number;
  cap: number;
}

/** Counters of the given days (staff and tests; a BatchGet of 2 items per day). */
export async function shiftCounts(days: readonly string[]): Promise<ShiftCount[]> {
  const items = await batchGet(
    days.flatMap((d) => [slotKey(d, 1), slotKey(d, 2)]),
    { consistentRead: true },
  );
  return items.map((it) => ({
    day: String(it.day),
    shift: Number(it.shift),
    booked: Number(it.booked ?? 0),
    cap: Number(it.cap ?? 0),
  }));
}

// ---- claims and locks (invariant 2) ----

export async function getClaim(hash: string, year: number, cropKey: string): Promise<ClaimItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: claimKey(hash, year, cropKey), ConsistentRead: true }));
  return out.Item as ClaimItem | undefined;
}

/** A claim written by a finished registration; a pending claim (a request registering now) has no id. */
export const isComplete = (claim: ClaimItem | undefined): claim is ClaimItem => claim?.id !== undefined;

export async function claimsOfAadhaar(hash: string): Promise<ClaimItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `REGCLAIM#${hash}` },
      ConsistentRead: true,
      Limit: 200,
    }),
  );
  return ((out.Items ?? []) as ClaimItem[]).filter(isComplete);
}

export interface ClaimLease {
  token: string;
  idempotencyKey?: string;
  fingerprint: string;
  leaseMs: number;
}

/**
 * Takes the claim of (Aadhaar, crop, year) as a pending claim with a short lease: one conditional Put, which
 * is both the read of the claim and the lease. Taken when there is no claim, or a pending one whose lease
 * lapsed (or is this request's own). Otherwise the claim as stored is returned: finished (the same request
 * again, or a 409), or pending (another request registers it now). A pending claim left by a request that
 * died is taken over when its lease lapses and removed by the TTL after an hour.
 */
export async function takeClaim(
  hash: string,
  year: number,
  cropKey: string,
  lease: ClaimLease,
): Promise<{ taken: true } | { taken: false; claim?: ClaimItem }> {
  const now = Date.now();
  try {
    await db().send(
      new PutCommand({
        TableName: T(),
        Item: {
          ...claimKey(hash, year, cropKey),
          token: lease.token,
          idempotencyKey: lease.idempotencyKey,
          fingerprint: lease.fingerprint,
          leaseUntil: now + lease.leaseMs,
          expiresAt: Math.floor(now / 1000) + 3600,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(id) AND (leaseUntil < :now OR #token = :token))',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':now': now, ':token': lease.token },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { taken: true };
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    // The SDK's document client leaves the failed condition's item in the wire format.
    const old = (e as { Item?: Record<string, unknown> }).Item;
    if (!old) return { taken: false };
    const claim = typeof old.pk === 'string' ? old : unmarshall(old as Record<string, AttributeValue>);
    return { taken: false, claim: claim as ClaimItem };
  }
}

/** Removes this request's pending claim (the registration was not written); a finished claim is never removed. */
export async function releaseClaim(hash: string, year: number, cropKey: string, token: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: T(),
        Key: claimKey(hash, year, cropKey),
        ConditionExpression: '#token = :token AND attribute_not_exists(id)',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

// ---- the registration write ----

/**
 * One transaction: three new items (registration, letter code, due or queue entry), this request's pending
 * claim finished (only while it still holds the lease: the guard of invariant 2) and the report counter of the registration's day and combination (spread over shards: functions/lib/report-counters.ts).
 * The client request token makes a resent transaction idempotent (DynamoDB remembers it for 10 minutes).
 */
export async function commitRegistration(
  item: RegistrationItem,
  claim: ClaimItem,
  allocationEntry: Record<string, unknown>,
  token: string,
  /** Staff registering a farmer: the audit entry, after every item TX_INDEX names. */
  auditEntry?: AuditTransactItem,
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      ClientRequestToken: token,
      TransactItems: [
        { Put: { TableName: T(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        claimCompletion(claim, token),
        {
          Put: {
            TableName: T(),
            Item: { ...codeKey(item.uniqeCode), year: item.year, id: item.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // The due entry (confirmed) or the queue entry (waitlisted): functions/allocation/entries.ts.
        { Put: { TableName: T(), Item: allocationEntry, ConditionExpression: 'attribute_not_exists(pk)' } },
        reportCounterUpdate(item, creationDelta(item.status), item.created),
        ...(auditEntry ? [auditEntry] : []),
      ],
    }),
  );
}

/** The pending claim becomes the registration's: its lease attributes and TTL go, the outcome is written. */
function claimCompletion(claim: ClaimItem, token: string) {
  const { pk, sk, ...outcome } = claim;
  const values: Record<string, unknown> = { ':token': token };
  const names: Record<string, string> = { '#token': 'token' };
  const sets: string[] = [];
  for (const [k, v] of Object.entries(outcome)) {
    if (v === undefined || k === 'token' || k === 'leaseUntil' || k === 'expiresAt') continue;
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
  }
  return {
    Update: {
      TableName: T(),
      Key: { pk, sk },
      UpdateExpression: `SET ${sets.join(', ')} REMOVE #token, leaseUntil, expiresAt`,
      ConditionExpression: '#token = :token AND attribute_not_exists(id)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Index of each item in commitRegistration's transaction (to read cancellation reasons). */
export const TX_INDEX = { registration: 0, claim: 1, code: 2, allocation: 3 } as const;

export async function getRegistration(year: number, id: number, consistent = true): Promise<RegistrationItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: regKey(year, id), ConsistentRead: consistent }));
  return out.Item as RegistrationItem | undefined;
}

export async function getRegistrationByCode(code: string): Promise<RegistrationItem | undefined> {
  const ptr = await db().send(new GetCommand({ TableName: T(), Key: codeKey(code), ConsistentRead: true }));
  if (!ptr.Item) return undefined;
  return getRegistration(Number(ptr.Item.year), Number(ptr.Item.id));
}

/** Registrations numbered `id` (one per year at most), newest year first. */
export async function registrationsWithId(id: number): Promise<RegistrationItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :p',
      ExpressionAttributeValues: { ':p': `REGID#${id}` },
      ScanIndexForward: false,
      Limit: 50,
    }),
  );
  return (out.Items ?? []) as RegistrationItem[];
}

export async function batchGetRegistrations(keys: { year: number; id: number }[]): Promise<RegistrationItem[]> {
  return (await batchGet(keys.map((k) => regKey(k.year, k.id)))) as unknown as RegistrationItem[];
}

export interface ListPageResult {
  items: Pick<RegistrationItem, 'id' | 'year' | 'gsi1sk'>[];
  /** Items DynamoDB read (before the filter), for the work cap. */
  scanned: number;
  last?: Record<string, unknown>;
}

/**
 * One page of a year shard's listing, newest first, between two gsi1 sort keys, with an optional filter.
 * Only keys are returned (the page's rows are fetched afterwards with BatchGet).
 */
export async function listShardPage(
  year: number,
  shard: number,
  range: { from: string; to: string },
  filter: { expression?: string; names?: Record<string, string>; values?: Record<string, unknown> },
  start?: Record<string, unknown>,
  limit = 1000,
): Promise<ListPageResult> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk BETWEEN :from AND :to',
      FilterExpression: filter.expression,
      ProjectionExpression: 'id, #year, gsi1sk',
      ExpressionAttributeNames: { '#year': 'year', ...filter.names },
      ExpressionAttributeValues: { ':p': listPk(year, shard), ':from': range.from, ':to': range.to, ...filter.values },
      ScanIndexForward: false,
      ExclusiveStartKey: start,
      Limit: limit,
    }),
  );
  return {
    items: (out.Items ?? []) as ListPageResult['items'],
    scanned: out.ScannedCount ?? 0,
    last: out.LastEvaluatedKey,
  };
}

// ---- registrations named by stored scans (orphan-scan sweep) ----

/** The scan each of these registrations names (by registration key pk), in batches of 100; absent registrations are left out. */
export async function scanPathsOf(regs: { year: number; id: number }[]): Promise<Map<string, string>> {
  const items = await batchGet(
    regs.map((r) => regKey(r.year, r.id)),
    { projection: 'pk, adharFilePath' },
  );
  return new Map(items.map((item) => [String(item.pk), String(item.adharFilePath ?? '')]));
}
