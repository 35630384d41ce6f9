import { GetCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { batchGet } from './batch-get';
import type { Entity } from './entity';
import { queryIndex, searchFilter, type Item } from './query';

/** Reads shared by every repository whose items are declared with defineEntity (functions/lib/entity.ts). */

/** The record stored under the entity's key for this id, or undefined. */
export async function getRecord<T, Id>(entity: Entity<T, Id>, id: Id, consistent = false): Promise<T | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: entity.key(id), ConsistentRead: consistent }));
  return entity.fromItem(out.Item);
}

/** The records of these ids that exist, by id (one BatchGet per 100 ids). */
export async function getRecords<T, Id>(entity: Entity<T, Id>, ids: readonly Id[]): Promise<Map<Id, T>> {
  const items = await batchGet(ids.map(entity.key));
  return new Map(entity.fromItems(items).map((record) => [entity.idOf(record), record]));
}

/**
 * A catalogue list (docs/data-model.md, "Catalogue: shared rules"): every record from gsi1, or only the active
 * ones from gsi2, in id order, filtered by the search text when one is given.
 */
export async function listCatalogue<T>(
  entity: Entity<T, number>,
  partitions: { all: string; active: string },
  o: { includeInactive: boolean; search?: string; take: number },
): Promise<T[]> {
  const { items } = await queryIndex<Item>({
    index: o.includeInactive ? 'gsi1' : 'gsi2',
    pk: o.includeInactive ? partitions.all : partitions.active,
    take: o.take,
    filter: o.search ? searchFilter(o.search) : undefined,
  });
  return entity.fromItems(items);
}
