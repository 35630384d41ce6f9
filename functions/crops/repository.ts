import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CropRules } from '@shared/crop-rules';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { batchGet } from '../lib/batch-get';
import { conditionFailedAt, moveClaimItems, queryIndex, searchFilter, setActiveFlag, type Item } from '../lib/query';

/**
 * Crops (docs/data-model.md, "Crops").
 *
 * CROP#<id> / CROP                        the crop, with its registration rules
 *   gsi1: CROPS / <padded id>             every crop
 *   gsi2: CROPS#ACTIVE / <padded id>      only while active (sparse: default list and public dropdown)
 * CROPNAME#<normalized name> / CROPNAME   one crop per name (spaces, hyphens and case ignored); holds cropID
 */
export interface CropItem {
  cropID: number;
  cropName: string;
  /** normalizeCropName(cropName) */
  cropNameKey: string;
  description: string;
  rules: CropRules | null;
  isActive: boolean;
  searchText: string;
  createdOn: string;
  updatedOn?: string;
}

export const cropKey = (id: number) => ({ pk: `CROP#${id}`, sk: 'CROP' });
const nameClaimKey = (key: string) => ({ pk: `CROPNAME#${key}`, sk: 'CROPNAME' });
const ACTIVE = 'CROPS#ACTIVE';

function strip(item: Item | undefined): CropItem | undefined {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, ...rest } = item;
  return rest as unknown as CropItem;
}

export async function getCrop(id: number, consistent = false): Promise<CropItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: cropKey(id), ConsistentRead: consistent }));
  return strip(out.Item);
}

export async function getCrops(ids: number[]): Promise<Map<number, CropItem>> {
  const items = await batchGet(ids.map(cropKey));
  return new Map(items.map((i) => [Number(i.cropID), strip(i)!]));
}

export async function cropIdByName(key: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: nameClaimKey(key) }));
  return out.Item ? Number(out.Item.cropID) : undefined;
}

export async function listCrops(o: { includeInactive: boolean; search?: string; take: number }): Promise<CropItem[]> {
  const { items } = await queryIndex<Item>({
    index: o.includeInactive ? 'gsi1' : 'gsi2',
    pk: o.includeInactive ? 'CROPS' : ACTIVE,
    take: o.take,
    filter: o.search ? searchFilter(o.search) : undefined,
  });
  return items.map((i) => strip(i)!);
}

export type CropWriteOutcome = { ok: true } | { ok: false; reason: 'name-taken' | 'changed'; takenBy?: number };

export async function insertCrop(c: CropItem): Promise<CropWriteOutcome> {
  const item: Item = {
    ...cropKey(c.cropID),
    gsi1pk: 'CROPS',
    gsi1sk: padId(c.cropID),
    gsi2pk: ACTIVE,
    gsi2sk: padId(c.cropID),
    ...c,
  };
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...nameClaimKey(c.cropNameKey), cropID: c.cropID },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
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
    items.push(...moveClaimItems(nameClaimKey(current.cropNameKey), nameClaimKey(next.cropNameKey), 'cropID', id));
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
  return strip(await setActiveFlag(cropKey(id), id, active, ACTIVE));
}
