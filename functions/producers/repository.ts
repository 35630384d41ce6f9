import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { batchGet } from '../lib/batch-get';
import { conditionFailedAt, moveClaimItems, queryIndex, searchFilter, setActiveFlag, type Item } from '../lib/query';

/**
 * Producers (docs/data-model.md, "Producers").
 *
 * PRODUCER#<id> / PRODUCER                     the producer
 *   gsi1: PRODUCERS / <padded id>              every producer (list with includeInactive)
 *   gsi2: PRODUCERS#ACTIVE / <padded id>       only while active (sparse: the default list)
 * PRODUCERAADHAAR#<hmac> / PRODUCERAADHAAR     one producer per Aadhaar number; holds producerID
 */
export interface ProducerItem {
  producerID: number;
  name: string;
  aadhaarEnc: string;
  aadhaarHash: string;
  aadhaarLast4: string;
  contactNumber: string;
  address: string;
  isActive: boolean;
  searchText: string;
  createdOn: string;
  updatedOn?: string;
}

export const producerKey = (id: number) => ({ pk: `PRODUCER#${id}`, sk: 'PRODUCER' });
const aadhaarClaimKey = (hash: string) => ({ pk: `PRODUCERAADHAAR#${hash}`, sk: 'PRODUCERAADHAAR' });
const ACTIVE = 'PRODUCERS#ACTIVE';

function strip(item: Item | undefined): ProducerItem | undefined {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, ...rest } = item;
  return rest as unknown as ProducerItem;
}

function toItem(p: ProducerItem): Item {
  return {
    ...producerKey(p.producerID),
    gsi1pk: 'PRODUCERS',
    gsi1sk: padId(p.producerID),
    ...(p.isActive ? { gsi2pk: ACTIVE, gsi2sk: padId(p.producerID) } : {}),
    ...p,
  };
}

export async function getProducer(id: number, consistent = false): Promise<ProducerItem | undefined> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: producerKey(id), ConsistentRead: consistent }),
  );
  return strip(out.Item);
}

export async function getProducers(ids: number[]): Promise<Map<number, ProducerItem>> {
  const items = await batchGet(ids.map(producerKey));
  return new Map(items.map((i) => [Number(i.producerID), strip(i)!]));
}

export async function producerIdByAadhaarHash(hash: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: aadhaarClaimKey(hash) }));
  return out.Item ? Number(out.Item.producerID) : undefined;
}

export async function listProducers(o: { includeInactive: boolean; search?: string; take: number }): Promise<ProducerItem[]> {
  const { items } = await queryIndex<Item>({
    index: o.includeInactive ? 'gsi1' : 'gsi2',
    pk: o.includeInactive ? 'PRODUCERS' : ACTIVE,
    take: o.take,
    filter: o.search ? searchFilter(o.search) : undefined,
  });
  return items.map((i) => strip(i)!);
}

export type InsertOutcome = { ok: true } | { ok: false; takenBy: number | undefined };

/** Creates the producer and claims its Aadhaar number in one transaction. */
export async function insertProducer(p: ProducerItem): Promise<InsertOutcome> {
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: toItem(p), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...aadhaarClaimKey(p.aadhaarHash), producerID: p.producerID },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return { ok: true };
  } catch (e) {
    if (conditionFailedAt(e).includes(1)) return { ok: false, takenBy: await producerIdByAadhaarHash(p.aadhaarHash) };
    throw e;
  }
}

export type UpdateOutcome = { ok: true } | { ok: false; reason: 'changed' | 'aadhaar-taken'; takenBy?: number };

/**
 * Rewrites the editable fields. When the Aadhaar number changes, the old claim is released and the new one
 * taken in the same transaction; the update is conditional on the Aadhaar the caller read (no lost update).
 */
export async function updateProducer(
  current: ProducerItem,
  next: Pick<ProducerItem, 'name' | 'aadhaarEnc' | 'aadhaarHash' | 'aadhaarLast4' | 'contactNumber' | 'address' | 'searchText'>,
): Promise<UpdateOutcome> {
  const id = current.producerID;
  const update = {
    TableName: tableName(),
    Key: producerKey(id),
    UpdateExpression:
      'SET #name = :name, aadhaarEnc = :enc, aadhaarHash = :hash, aadhaarLast4 = :last4, contactNumber = :contact, address = :address, searchText = :st, updatedOn = :now',
    ConditionExpression: 'attribute_exists(pk) AND aadhaarHash = :oldHash',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':name': next.name,
      ':enc': next.aadhaarEnc,
      ':hash': next.aadhaarHash,
      ':last4': next.aadhaarLast4,
      ':contact': next.contactNumber,
      ':address': next.address,
      ':st': next.searchText,
      ':now': new Date().toISOString(),
      ':oldHash': current.aadhaarHash,
    },
  };
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [{ Update: update }];
  if (next.aadhaarHash !== current.aadhaarHash) {
    items.push(...moveClaimItems(aadhaarClaimKey(current.aadhaarHash), aadhaarClaimKey(next.aadhaarHash), 'producerID', id));
  }
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.includes(2))
      return { ok: false, reason: 'aadhaar-taken', takenBy: await producerIdByAadhaarHash(next.aadhaarHash) };
    if (failed.length) return { ok: false, reason: 'changed' };
    throw e;
  }
}

/** Inactivate (drops the producer from the sparse active index) or restore. */
export async function setProducerActive(id: number, active: boolean): Promise<ProducerItem | undefined> {
  return strip(await setActiveFlag(producerKey(id), id, active, ACTIVE));
}
