import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import {
  conditionFailedAt,
  moveClaimItems,
  queryIndex,
  searchFilter,
  setActiveFlag,
  takeClaimItem,
  type Item,
} from '../lib/query';
import { CROP_PARTITIONS, cropEntity, cropKey, cropNameClaimKey, type CropItem } from './crop-entity';

/** Storage of crops; the item is defined in crop-entity.ts. */
export { cropKey, type CropItem } from './crop-entity';

export async function getCrop(id: number, consistent = false): Promise<CropItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: cropKey(id), ConsistentRead: consistent }));
  return cropEntity.fromItem(out.Item);
}

export async function getCrops(ids: number[]): Promise<Map<number, CropItem>> {
  const items = await batchGet(ids.map(cropKey));
  return new Map(cropEntity.fromItems(items).map((c) => [c.cropID, c]));
}

export async function cropIdByName(key: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: cropNameClaimKey(key) }));
  return out.Item ? Number(out.Item.cropID) : undefined;
}

export async function listCrops(o: { includeInactive: boolean; search?: string; take: number }): Promise<CropItem[]> {
  const { items } = await queryIndex<Item>({
    index: o.includeInactive ? 'gsi1' : 'gsi2',
    pk: o.includeInactive ? CROP_PARTITIONS.all : CROP_PARTITIONS.active,
    take: o.take,
    filter: o.search ? searchFilter(o.search) : undefined,
  });
  return cropEntity.fromItems(items);
}

export type CropWriteOutcome = { ok: true } | { ok: false; reason: 'name-taken' | 'changed'; takenBy?: number };

export async function insertCrop(c: CropItem): Promise<CropWriteOutcome> {
  const item = cropEntity.toItem(c);
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          takeClaimItem(cropNameClaimKey(c.cropNameKey), 'cropID', c.cropID),
        ],
      }),
    );
    return { ok: true };
  } catch (e) {
    if (conditionFailedAt(e).includes(1)) return { ok: false, reason: 'name-taken', takenBy: await cropIdByName(c.cropNameKey) };
    throw e;
  }
}

/** Rewrites name, description and rules; a new name moves the name claim in the same transaction. */
export async function updateCrop(
  current: CropItem,
  next: Pick<CropItem, 'cropName' | 'cropNameKey' | 'description' | 'rules' | 'searchText'>,
): Promise<CropWriteOutcome> {
  const id = current.cropID;
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Update: {
        TableName: tableName(),
        Key: cropKey(id),
        UpdateExpression:
          'SET cropName = :n, cropNameKey = :k, description = :d, #rules = :r, searchText = :st, updatedOn = :now',
        ConditionExpression: 'attribute_exists(pk) AND cropNameKey = :oldKey',
        ExpressionAttributeNames: { '#rules': 'rules' },
        ExpressionAttributeValues: {
          ':n': next.cropName,
          ':k': next.cropNameKey,
          ':d': next.description,
          ':r': next.rules,
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

export async function setCropActive(id: number, active: boolean): Promise<CropItem | undefined> {
  return cropEntity.fromItem(await setActiveFlag(cropKey(id), id, active, CROP_PARTITIONS));
}
