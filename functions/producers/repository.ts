import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { conditionFailedAt, moveClaimItems, putNewWithClaim, setActiveFlag, takeClaimItem, type Item } from '../lib/query';
import {
  PRODUCER_PARTITIONS,
  producerAadhaarClaimKey,
  producerClaimKey,
  producerEntity,
  producerKey,
  type ProducerItem,
} from './producer-entity';

/** Storage of producers; the item is defined in producer-entity.ts. */

async function claimOwner(key: { pk: string; sk: string }): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: key }));
  return out.Item ? Number(out.Item.producerID) : undefined;
}

export const producerIdByAadhaarHash = (hash: string) => claimOwner(producerAadhaarClaimKey(hash));

export type InsertOutcome = { ok: true } | { ok: false; takenBy: number | undefined };

/** Creates the producer and claims its Aadhaar number (a person) or registration number (an organisation) in one transaction. */
export async function insertProducer(p: ProducerItem, entry: TransactItem): Promise<InsertOutcome> {
  const claim = takeClaimItem(producerClaimKey(p), 'producerID', p.producerID);
  if (await putNewWithClaim(producerEntity.toItem(p), claim, entry)) return { ok: true };
  return { ok: false, takenBy: await claimOwner(producerClaimKey(p)) };
}

export type UpdateOutcome = { ok: true } | { ok: false; reason: 'changed' | 'identity-taken'; takenBy?: number };

export type ProducerChange = Pick<
  ProducerItem,
  | 'kind'
  | 'name'
  | 'registrationNumber'
  | 'aadhaarEnc'
  | 'aadhaarHash'
  | 'aadhaarLast4'
  | 'contactNumber'
  | 'address'
  | 'searchText'
>;

/**
 * Rewrites the editable fields. When what identifies the producer changes (its Aadhaar number, its registration
 * number, or its kind), the old claim is released and the new one taken in the same transaction; the update is
 * conditional on the identity the caller read (no lost update).
 */
export async function updateProducer(current: ProducerItem, next: ProducerChange, entry: TransactItem): Promise<UpdateOutcome> {
  const id = current.producerID;
  const organisation = next.kind === 'organisation';
  const update = {
    TableName: tableName(),
    Key: producerKey(id),
    UpdateExpression: `SET #name = :name, aadhaarEnc = :enc, aadhaarHash = :hash, aadhaarLast4 = :last4, contactNumber = :contact, address = :address, searchText = :st, updatedOn = :now${
      organisation ? ', #kind = :kind, registrationNumber = :reg' : ''
    }${organisation ? '' : ' REMOVE #kind, registrationNumber'}`,
    ConditionExpression: `attribute_exists(pk) AND aadhaarHash = :oldHash AND ${
      current.registrationNumber === undefined ? 'attribute_not_exists(registrationNumber)' : 'registrationNumber = :oldReg'
    }`,
    ExpressionAttributeNames: { '#name': 'name', '#kind': 'kind' },
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
      ...(organisation ? { ':kind': 'organisation', ':reg': next.registrationNumber } : {}),
      ...(current.registrationNumber === undefined ? {} : { ':oldReg': current.registrationNumber }),
    },
  };
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [{ Update: update }];
  const oldClaim = producerClaimKey(current);
  const newClaim = producerClaimKey(next);
  if (oldClaim.pk !== newClaim.pk) items.push(...moveClaimItems(oldClaim, newClaim, 'producerID', id));
  items.push(entry);
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.includes(2)) return { ok: false, reason: 'identity-taken', takenBy: await claimOwner(newClaim) };
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
