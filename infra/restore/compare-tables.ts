import { PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isDeepStrictEqual } from 'node:util';

/**
 * The copy-back step of a point-in-time restore (docs/deployment.md, "Restoring from point-in-time recovery"):
 * a restore makes a new table, so what the live table lost is found by comparing the two and put back item by
 * item. Nothing in the live table is ever overwritten: an item that differs is reported for a person to decide,
 * and an item put back is put only if the live table still has no item under its key.
 */
export type Item = Record<string, unknown>;

export interface FamilyDifference {
  /** Items the restored table has and the live one does not (what was lost, or what was deleted on purpose since). */
  onlyInRestored: Item[];
  /** Items under the same key whose attributes differ: restored, then live. */
  differing: { restored: Item; live: Item }[];
  /** How many items the live table has that the restored one does not (written since the restore point). */
  onlyInLive: number;
  same: number;
}

/** Audit entries are archived from the stream as they are inserted: put back only when named (see the runbook). */
export const FAMILIES_PUT_BACK_ONLY_WHEN_NAMED = ['AUDIT'] as const;

/** The key family of an item: its partition key up to the first '#' ('REG#12' -> 'REG'). */
export const familyOf = (item: Item) => String(item.pk).split('#')[0];

const keyOf = (item: Item) => `${String(item.pk)}\u0000${String(item.sk)}`;

async function scanAll(client: DynamoDBDocumentClient, tableName: string, families?: Set<string>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of (page.Items ?? []) as Item[]) if (!families || families.has(familyOf(item))) items.push(item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Compares the restored table with the live one, per key family (all families when none are named). */
export async function compareTables(
  client: DynamoDBDocumentClient,
  opts: { restoredTable: string; liveTable: string; families?: string[] },
): Promise<Map<string, FamilyDifference>> {
  const only = opts.families?.length ? new Set(opts.families) : undefined;
  const [restored, live] = await Promise.all([scanAll(client, opts.restoredTable, only), scanAll(client, opts.liveTable, only)]);
  const liveByKey = new Map(live.map((item) => [keyOf(item), item]));
  const result = new Map<string, FamilyDifference>();
  const entry = (family: string) => {
    let d = result.get(family);
    if (!d) result.set(family, (d = { onlyInRestored: [], differing: [], onlyInLive: 0, same: 0 }));
    return d;
  };
  for (const item of restored) {
    const d = entry(familyOf(item));
    const current = liveByKey.get(keyOf(item));
    liveByKey.delete(keyOf(item));
    if (!current) d.onlyInRestored.push(item);
    else if (isDeepStrictEqual(item, current)) d.same++;
    else d.differing.push({ restored: item, live: current });
  }
  for (const item of liveByKey.values()) entry(familyOf(item)).onlyInLive++;
  return result;
}

/**
 * Puts the given items into the live table, each only if no item has its key there now (one conditional
 * PutItem each, so an item the application wrote since the comparison is kept). Returns how many were put and
 * which keys were found taken.
 */
export async function putMissing(
  client: DynamoDBDocumentClient,
  liveTable: string,
  items: Item[],
  parallel = 8,
): Promise<{ put: number; taken: { pk: unknown; sk: unknown }[] }> {
  let put = 0;
  const taken: { pk: unknown; sk: unknown }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await client.send(new PutCommand({ TableName: liveTable, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
        put++;
      } catch (e) {
        if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
        taken.push({ pk: item.pk, sk: item.sk });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
  return { put, taken };
}

/** The items to put back: what only the restored table has, of the families named, never audit entries unless named. */
export function itemsToPutBack(differences: Map<string, FamilyDifference>, named: string[] = []): Item[] {
  return [...differences.entries()]
    .filter(
      ([family]) =>
        named.includes(family) ||
        (named.length === 0 && !(FAMILIES_PUT_BACK_ONLY_WHEN_NAMED as readonly string[]).includes(family)),
    )
    .flatMap(([, d]) => d.onlyInRestored);
}
