import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { conditionFailedAt, moveClaimItems, putNewWithClaim, setActiveFlag, takeClaimItem, type Item } from '../lib/query';
import { PRODUCER_PARTITIONS, producerAadhaarClaimKey, producerEntity, producerKey, type ProducerItem } from './producer-entity';

/** Storage of producers; the item is defined in producer-entity.ts. */

export async function producerIdByAadhaarHash(hash: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: producerAadhaarClaimKey(hash) }));
  return out.Item ? Number(out.Item.producerID) : undefined;
}

export type InsertOutcome = { ok: true } | { ok: false; takenBy: number | undefined };

/** Creates the producer and claims its Aadhaar number in one transaction. */
export async function insertProducer(p: ProducerItem, entry: TransactItem): Promise<InsertOutcome> {
  const claim = takeClaimItem(producerAadhaarClaimKey(p.aadhaarHash), 'producerID', p.producerID);
  if (await putNewWithClaim(producerEntity.toItem(p), claim, entry)) return { ok: true };
  return { ok: false, takenBy: await producerIdByAadhaarHash(p.aadhaarHash) };
}

export type UpdateOutcome = { ok: true } | { ok: false; reason: 'changed' | 'aadhaar-taken'; takenBy?: number };

/**
 * Rewrites the editable fields. When the Aadhaar number changes, the old claim is released and the new one
 * taken in the same transaction; the update is conditional on the Aadhaar the caller read (no lost update).
 */
export async function updateProducer(
  current: ProducerItem,
  next: Pick<ProducerItem, 'name' | 'aadhaarEnc' | 'aadhaarHash' | 'aadhaarLast4' | 'contactNumber' | 'address' | 'searchText'>,
  entry: TransactItem,
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
    items.push(
      ...moveClaimItems(
        producerAadhaarClaimKey(current.aadhaarHash),
        producerAadhaarClaimKey(next.aadhaarHash),
        'producerID',
        id,
      ),
    );
  }
  items.push(entry);
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
export async function setProducerActive(
  id: number,
  active: boolean,
  entryFor: (before: Item) => TransactItem,
): Promise<ProducerItem | undefined> {
  return producerEntity.fromItem(await setActiveFlag(producerKey(id), id, active, PRODUCER_PARTITIONS, entryFor));
}
