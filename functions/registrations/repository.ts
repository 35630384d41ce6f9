import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import type { AuditTransactItem } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { creationDelta, reportCounterUpdate } from '../lib/report-counters';
import { isConditionalFailure } from '../lib/retry';
import type { AllocationStatus } from '@shared/allocation-status';
import { codeKey, listPk, regKey, type RegistrationItem } from './registration-entity';

/**
 * Storage of the registrations area's writes (keys in docs/data-model.md, "Registrations"; the registration item,
 * its keys and reads are in registration-entity.ts):
 *  - claim          REGCLAIM#<aadhaarHash> / <year>#CROP#<cropId>  -> year, id, code, idempotency key, fingerprint;
 *                   while one request registers it is pending: no id yet, a lease (token, leaseUntil) and a TTL
 *  - number counter COUNTER#registrations#<year> / COUNTER (functions/lib/counters.ts)
 */
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

/** The crop part of the claim and lock keys: the catalogue crop's id (never its name). */
export const claimCropKey = (cropId: number) => `CROP#${cropId}`;
export const claimKey = (hash: string, year: number, cropKey: string) => ({ pk: `REGCLAIM#${hash}`, sk: `${year}#${cropKey}` });

const T = () => tableName();
const db = () => docClient();

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
 * The registration's own items that need no atomicity with it, written before its transaction, one conditional
 * Put each (1 WCU instead of 2 inside the transaction; docs/decisions/0047-registration-write-units.md): the letter
 * code (`REGCODE#<code>` -> year, id) and the mobile's link (farmer-code-store.ts). When the transaction then does
 * not happen they name a registration that does not exist: the letter by code answers 404 and My registrations
 * leaves it out (both read the registration itself), exactly as for an unknown code. A resent Put meets its own
 * item, which is no failure.
 */
export async function putRegistrationPointers(item: RegistrationItem, mobileLink?: Record<string, unknown>): Promise<void> {
  const put = async (Item: Record<string, unknown>) => {
    try {
      await db().send(new PutCommand({ TableName: T(), Item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (e) {
      if (!isConditionalFailure(e)) throw e;
      const stored = await db().send(new GetCommand({ TableName: T(), Key: { pk: Item.pk, sk: Item.sk }, ConsistentRead: true }));
      if (stored.Item?.year !== item.year || stored.Item?.id !== item.id) throw e;
    }
  };
  await Promise.all([
    put({ ...codeKey(item.uniqeCode), year: item.year, id: item.id }),
    ...(mobileLink ? [put(mobileLink)] : []),
  ]);
}

/**
 * One transaction: the registration and its due, queue or applicant entry (new items), this request's pending claim
 * finished (only while it still holds the lease: the guard of invariant 2) and the report counter of the
 * registration's day and combination (spread over shards: functions/lib/report-counters.ts).
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
export const TX_INDEX = { registration: 0, claim: 1, allocation: 2 } as const;

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
