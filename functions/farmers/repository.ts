import { GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { listCatalogue } from '../lib/entity-reads';
import {
  conditionFailedAt,
  queryIndex,
  releaseClaimItem,
  putNewWithClaim,
  setActiveFlag,
  takeClaimItem,
  type Item,
} from '../lib/query';
import { isConditionalFailure } from '../lib/retry';
import {
  FARMER_PARTITIONS,
  farmerAadhaarClaimKey,
  farmerContactIndex,
  farmerContactPk,
  farmerEntity,
  farmerKey,
  farmerIdByAadhaarHash,
  type FarmerItem,
} from './farmer-entity';

/** Storage of farmers' writes and listings; the item, its keys and single reads are in farmer-entity.ts. */

export type FarmerFields = Omit<FarmerItem, 'farmerID' | 'isActive' | 'createdOn' | 'updatedOn'>;

export const listFarmers = (o: { includeInactive: boolean; search?: string; take: number }) =>
  listCatalogue(farmerEntity, FARMER_PARTITIONS, o);

/** Every farmer with exactly this contact number, newest first (inactive ones too: the caller filters). */
export async function farmersByContact(contact: string, take: number): Promise<FarmerItem[]> {
  const { items } = await queryIndex<Item>({ index: 'gsi3', pk: farmerContactPk(contact), take });
  return farmerEntity.fromItems(items);
}

export type FarmerWriteOutcome = { ok: true } | { ok: false; reason: 'aadhaar-taken' | 'changed'; takenBy?: number };

export async function insertFarmer(f: FarmerItem, entry: TransactItem | undefined): Promise<FarmerWriteOutcome> {
  const claim = f.aadhaarHash ? takeClaimItem(farmerAadhaarClaimKey(f.aadhaarHash), 'farmerID', f.farmerID) : undefined;
  if (await putNewWithClaim(farmerEntity.toItem(f), claim, entry)) return { ok: true };
  return { ok: false, reason: 'aadhaar-taken', takenBy: await farmerIdByAadhaarHash(f.aadhaarHash!) };
}

/**
 * A farmer made from a registration (by the stream's consumer: no staff, no audit entry), in two single-item
 * conditional Puts instead of one transaction: the Aadhaar claim first (one farmer per Aadhaar, as before), then the
 * farmer. 1 + 4 write units instead of 2 × 5 (docs/decisions/0047-registration-write-units.md). A consumer stopped
 * between the two leaves a claim whose farmer is not written yet; the record is delivered again and
 * `writeClaimedFarmer` writes it under the claimed number (farmer-of-registration.ts).
 */
export async function insertFarmerInSteps(f: FarmerItem): Promise<FarmerWriteOutcome> {
  if (f.aadhaarHash) {
    try {
      await docClient().send(new PutCommand(takeClaimItem(farmerAadhaarClaimKey(f.aadhaarHash), 'farmerID', f.farmerID).Put));
    } catch (e) {
      if (!isConditionalFailure(e)) throw e;
      return { ok: false, reason: 'aadhaar-taken', takenBy: await farmerIdByAadhaarHash(f.aadhaarHash) };
    }
  }
  await writeClaimedFarmer(f);
  return { ok: true };
}

/** Writes the farmer of a claim under its number; a farmer already there (written by another delivery) stays. */
export async function writeClaimedFarmer(f: FarmerItem): Promise<void> {
  try {
    await docClient().send(
      new PutCommand({ TableName: tableName(), Item: farmerEntity.toItem(f), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

/** Whether the farmer's item is there (read strongly). */
export async function farmerExists(farmerID: number): Promise<boolean> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: farmerKey(farmerID), ConsistentRead: true, ProjectionExpression: 'pk' }),
  );
  return out.Item !== undefined;
}

/** Rewrites the farmer's fields; an Aadhaar change moves the claim in the same transaction. */
export async function updateFarmer(current: FarmerItem, next: FarmerFields, entry: TransactItem): Promise<FarmerWriteOutcome> {
  const id = current.farmerID;
  const values: Record<string, unknown> = {
    ':name': next.name,
    ':contact': next.contactNumber,
    ':village': next.village,
    ':category': next.category,
    ':father': next.fatherName,
    ':file': next.adharFilePath,
    ':address': next.address,
    ':st': next.searchText,
    ':now': new Date().toISOString(),
  };
  const sets = [
    '#name = :name',
    'contactNumber = :contact',
    'village = :village',
    'category = :category',
    'fatherName = :father',
    'adharFilePath = :file',
    'address = :address',
    'searchText = :st',
    'updatedOn = :now',
  ];
  const removes: string[] = [];
  if (next.aadhaarHash) {
    sets.push('aadhaarEnc = :enc', 'aadhaarHash = :hash', 'aadhaarLast4 = :last4');
    Object.assign(values, { ':enc': next.aadhaarEnc, ':hash': next.aadhaarHash, ':last4': next.aadhaarLast4 });
  } else {
    removes.push('aadhaarEnc', 'aadhaarHash', 'aadhaarLast4');
  }
  const contactKeys = farmerContactIndex(id, next.contactNumber);
  if (contactKeys.gsi3pk) {
    sets.push('gsi3pk = :g3pk', 'gsi3sk = :g3sk');
    Object.assign(values, { ':g3pk': contactKeys.gsi3pk, ':g3sk': contactKeys.gsi3sk });
  } else {
    removes.push('gsi3pk', 'gsi3sk');
  }
  const remove = removes.length ? ` REMOVE ${removes.join(', ')}` : '';
  let condition = 'attribute_exists(pk)';
  if (current.aadhaarHash) {
    condition += ' AND aadhaarHash = :oldHash';
    values[':oldHash'] = current.aadhaarHash;
  } else {
    condition += ' AND attribute_not_exists(aadhaarHash)';
  }
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Update: {
        TableName: tableName(),
        Key: farmerKey(id),
        UpdateExpression: `SET ${sets.join(', ')}${remove}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: values,
      },
    },
  ];
  const changes = (next.aadhaarHash ?? '') !== (current.aadhaarHash ?? '');
  let putAt = -1;
  if (changes && current.aadhaarHash) {
    items.push(releaseClaimItem(farmerAadhaarClaimKey(current.aadhaarHash), 'farmerID', id));
  }
  if (changes && next.aadhaarHash) {
    putAt = items.length;
    items.push(takeClaimItem(farmerAadhaarClaimKey(next.aadhaarHash), 'farmerID', id));
  }
  items.push(entry);
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (putAt >= 0 && failed.includes(putAt)) {
      return { ok: false, reason: 'aadhaar-taken', takenBy: await farmerIdByAadhaarHash(next.aadhaarHash!) };
    }
    if (failed.length) return { ok: false, reason: 'changed' };
    throw e;
  }
}

export async function setFarmerActive(
  id: number,
  active: boolean,
  entryFor: (before: Item) => TransactItem,
): Promise<FarmerItem | undefined> {
  return farmerEntity.fromItem(await setActiveFlag(farmerKey(id), id, active, FARMER_PARTITIONS, entryFor));
}
