import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { conditionFailedAt, moveClaimItems, putNewWithClaim, setActiveFlag, takeClaimItem, type Item } from '../lib/query';
import { CROP_PARTITIONS, cropEntity, cropKey, cropNameClaimKey, type CropItem } from './crop-entity';

/** Storage of crops; the item is defined in crop-entity.ts. */

export async function cropIdByName(key: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: cropNameClaimKey(key) }));
  return out.Item ? Number(out.Item.cropID) : undefined;
}

export type CropWriteOutcome = { ok: true } | { ok: false; reason: 'name-taken' | 'changed'; takenBy?: number };

export async function insertCrop(c: CropItem, entry: TransactItem): Promise<CropWriteOutcome> {
  if (await putNewWithClaim(cropEntity.toItem(c), takeClaimItem(cropNameClaimKey(c.cropNameKey), 'cropID', c.cropID), entry))
    return { ok: true };
  return { ok: false, reason: 'name-taken', takenBy: await cropIdByName(c.cropNameKey) };
}

/** Rewrites the names, description, rules and HSN code; a new name moves the name claim in the same transaction. */
export async function updateCrop(
  current: CropItem,
  next: Pick<CropItem, 'cropName' | 'cropNameHi' | 'cropNameKey' | 'description' | 'rules' | 'hsnCode' | 'searchText'>,
  entry: TransactItem,
): Promise<CropWriteOutcome> {
  const id = current.cropID;
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Update: {
        TableName: tableName(),
        Key: cropKey(id),
        UpdateExpression:
          'SET cropName = :n, cropNameHi = :nh, cropNameKey = :k, description = :d, #rules = :r, hsnCode = :hsn, searchText = :st, updatedOn = :now',
        ConditionExpression: 'attribute_exists(pk) AND cropNameKey = :oldKey',
        ExpressionAttributeNames: { '#rules': 'rules' },
        ExpressionAttributeValues: {
          ':n': next.cropName,
          ':nh': next.cropNameHi ?? '',
          ':k': next.cropNameKey,
          ':d': next.description,
          ':r': next.rules,
          ':hsn': next.hsnCode ?? '',
          ':st': next.searchText,
          ':now': new Date().toISOString(),
          ':oldKey': current.cropNameKey,
        },
      },
    },
  ];
  if (next.cropNameKey !== current.cropNameKey) {
    items.push(...moveClaimItems(cropNameClaimKey(current.cropNameKey), cropNameClaimKey(next.cropNameKey), 'cropID', id));
  }
  items.push(entry);
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    const failed = conditionFailedAt(e);
    if (failed.includes(2)) return { ok: false, reason: 'name-taken', takenBy: await cropIdByName(next.cropNameKey) };
    if (failed.length) return { ok: false, reason: 'changed' };
    throw e;
  }
}

export async function setCropActive(
  id: number,
  active: boolean,
  entryFor: (before: Item) => TransactItem,
): Promise<CropItem | undefined> {
  return cropEntity.fromItem(await setActiveFlag(cropKey(id), id, active, CROP_PARTITIONS, entryFor));
}
