import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from './dynamo-commands';
import { writeWithEntry, type TransactItem } from './audited-write';
import { docClient, tableName } from './aws';
import { catalogueIndexes } from './entity';
import { cancellationReasons, isConditionalFailure } from './retry';

/**
 * Query helpers shared by the catalogue areas (producers, crops, lots, farmers). Lists are GSI queries on a
 * fixed partition; a text search filters the queried items on the server (DynamoDB FilterExpression), which
 * still reads (and bills) every item it evaluates, so a search stops after SEARCH_READ_BUDGET items.
 */
export const SEARCH_READ_BUDGET = 2000;
const MAX_PAGE = 1000;

export type Item = Record<string, unknown>;

export interface IndexQuery {
  index: 'gsi1' | 'gsi2' | 'gsi3';
  pk: string;
  /** Restrict the sort key to this prefix (begins_with). */
  skPrefix?: string;
  /** Restrict the sort key to this range, both ends included (BETWEEN); not with skPrefix. */
  skBetween?: { from: string; to: string };
  /** Newest first unless told otherwise. */
  forward?: boolean;
  take: number;
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** Items the query may evaluate in all (defaults: take without a filter, SEARCH_READ_BUDGET with one). */
  readBudget?: number;
}

export interface QueryResult<T> {
  items: T[];
  /** Items DynamoDB evaluated (and billed). */
  evaluated: number;
  /** True when the read budget stopped the query before the index was exhausted. */
  truncated: boolean;
  /** True when the last page read ended with a continuation key: the partition may hold more items. */
  more: boolean;
}

/** Positions of the items whose condition failed in a cancelled transaction (none for any other error). */
export function conditionFailedAt(e: unknown): number[] {
  return cancellationReasons(e).flatMap((r, i) => (r?.Code === 'ConditionalCheckFailed' ? [i] : []));
}

export async function queryIndex<T = Item>(q: IndexQuery): Promise<QueryResult<T>> {
  const gpk = `${q.index}pk`;
  const gsk = `${q.index}sk`;
  const names: Record<string, string> = { '#gpk': gpk, ...q.filter?.names };
  const values: Record<string, unknown> = { ':gpk': q.pk, ...q.filter?.values };
  let keyCondition = '#gpk = :gpk';
  if (q.skPrefix) {
    names['#gsk'] = gsk;
    values[':gskp'] = q.skPrefix;
    keyCondition += ' AND begins_with(#gsk, :gskp)';
  } else if (q.skBetween) {
    names['#gsk'] = gsk;
    values[':gskfrom'] = q.skBetween.from;
    values[':gskto'] = q.skBetween.to;
    keyCondition += ' AND #gsk BETWEEN :gskfrom AND :gskto';
  }
  const budget = q.readBudget ?? (q.filter ? SEARCH_READ_BUDGET : q.take);
  const items: T[] = [];
  let evaluated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const limit = q.filter ? Math.min(MAX_PAGE, budget - evaluated) : Math.min(MAX_PAGE, q.take - items.length);
    const input: QueryCommandInput = {
      TableName: tableName(),
      IndexName: q.index,
      KeyConditionExpression: keyCondition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: q.forward ?? false,
      Limit: limit,
      ExclusiveStartKey: start,
      ...(q.filter ? { FilterExpression: q.filter.expression } : {}),
    };
    const out = await docClient().send(new QueryCommand(input));
    evaluated += out.ScannedCount ?? 0;
    for (const i of out.Items ?? []) items.push(i as T);
    start = out.LastEvaluatedKey;
  } while (start && items.length < q.take && evaluated < budget);
  return {
    items: items.slice(0, q.take),
    evaluated,
    truncated: Boolean(start) && items.length < q.take,
    more: Boolean(start),
  };
}

/** Every page of a query, for partitions known to be small (content, accounts, configuration keys). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docClient().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Lower-case text the list searches match against (substring). */
export const searchTextOf = (...parts: (string | undefined | null)[]) =>
  parts
    .filter(Boolean)
    .map((p) => p!.toLowerCase())
    .join('\n');

/** Filter for a search term (already lower-cased) against the item's searchText. */
export const searchFilter = (term: string) => ({
  expression: 'contains(#st, :st)',
  names: { '#st': 'searchText' },
  values: { ':st': term.toLowerCase() },
});

/**
 * Inactivate or restore a catalogue record: the flag plus its place in the sparse "active" index (gsi2),
 * so active-only lists never read inactive records, with the audit entry `entryFor` makes of the record as
 * it was. Returns the new item, or undefined when it does not exist.
 */
export async function setActiveFlag(
  key: { pk: string; sk: string },
  id: number,
  active: boolean,
  partitions: { all: string; active: string },
  entryFor: (before: Item) => TransactItem,
): Promise<Item | undefined> {
  const { gsi2pk, gsi2sk } = catalogueIndexes(partitions, id, true);
  const before = (await docClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  if (!before) return undefined;
  const now = new Date().toISOString();
  try {
    await writeWithEntry(
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: active
            ? 'SET isActive = :a, updatedOn = :now, gsi2pk = :g, gsi2sk = :s'
            : 'SET isActive = :a, updatedOn = :now REMOVE gsi2pk, gsi2sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':a': active, ':now': now, ...(active ? { ':g': gsi2pk, ':s': gsi2sk } : {}) },
        },
      },
      entryFor(before),
    );
  } catch (e) {
    if (isConditionalFailure(e)) return undefined;
    throw e;
  }
  const after: Item = { ...before, isActive: active, updatedOn: now };
  if (active) Object.assign(after, { gsi2pk, gsi2sk });
  else {
    delete after.gsi2pk;
    delete after.gsi2sk;
  }
  return after;
}

/** Transaction item that takes a uniqueness claim (a name, an Aadhaar hash, a code) for a record, if nobody holds it. */
export const takeClaimItem = (key: { pk: string; sk: string }, idAttribute: string, id: number) => ({
  Put: {
    TableName: tableName(),
    Item: { ...key, [idAttribute]: id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/**
 * Writes a new record's item (refused if its key exists) and, when given, takes its uniqueness claim, in one
 * transaction with the record's audit entry (none only for the accounts and roles the set-up seeds).
 * Resolves false when the claim is held by another record; any other failure is thrown.
 */
export async function putNewWithClaim(
  item: Item,
  claim: ReturnType<typeof takeClaimItem> | undefined,
  entry: TransactItem | undefined,
): Promise<boolean> {
  const put = { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
  try {
    const items: TransactItem[] = claim ? [put, claim] : [put];
    await docClient().send(new TransactWriteCommand({ TransactItems: entry ? [...items, entry] : items }));
    return true;
  } catch (e) {
    if (claim && conditionFailedAt(e).includes(1)) return false;
    throw e;
  }
}

/** Transaction item that gives up a uniqueness claim, only if it is still this record's. */
export const releaseClaimItem = (key: { pk: string; sk: string }, idAttribute: string, id: number) => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: '#owner = :id',
    ExpressionAttributeNames: { '#owner': idAttribute },
    ExpressionAttributeValues: { ':id': id },
  },
});

/** Transaction items that move a uniqueness claim from one key to another (released, then taken). */
export function moveClaimItems(
  oldKey: { pk: string; sk: string },
  newKey: { pk: string; sk: string },
  idAttribute: string,
  id: number,
) {
  return [releaseClaimItem(oldKey, idAttribute, id), takeClaimItem(newKey, idAttribute, id)];
}
