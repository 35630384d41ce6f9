import { GetCommand, QueryCommand, TransactWriteCommand } from '../../lib/dynamo-commands';
import type { TransactItem } from '../../lib/audited-write';
import { docClient, tableName } from '../../lib/aws';
import type { PaymentMode } from '@shared/schemas/sales';
import { cropLotsPk, lotEntity, type LotItem } from '../../lots/lot-entity';
import { queryAll, queryIndex } from '../../lib/query';

/**
 * Storage of the offline counter (docs/decisions/0048-offline-counter.md, docs/data-model.md "The offline counter"):
 *
 *  OFFCOUNTERS / C#<code>                       a counter's settings and its open preparation (openPrep)
 *  OFFPREP#<day> / <code>#<first seq, 5 digits>  a preparation: the block, the floats, the numbers used
 *  COUNTER#invoices#<fyStart>#C<code> / COUNTER  value = the last number of the counter's series handed out in a block;
 *                                               unused = the numbers reconciliations reported unused (a string set)
 *  OFFCONFLICT#<number> / CONFLICT              an offline bill that could not be applied (gsi1: OFFCONFLICTS / <status>#<printedAt>#<number>)
 *
 * A lot holding floats carries floatGrams: grams moved out of remainingGrams into usedGrams for open floats,
 * so used + remaining = total holds throughout (docs/invariants.md#3-lot-stock) and the lot's edits, which
 * recompute remaining from used, can never hand out a float's grams again.
 */

export const COUNTERS_PK = 'OFFCOUNTERS';
export const counterKey = (code: string) => ({ pk: COUNTERS_PK, sk: `C#${code}` });
export const prepPk = (day: string) => `OFFPREP#${day}`;
export const prepSk = (code: string, fromSeq: number) => `${code}#${String(fromSeq).padStart(5, '0')}`;
/** A preparation's id names its key: <day>.<code>.<first seq>. */
export const prepIdOf = (day: string, code: string, fromSeq: number) => `${day}.${code}.${fromSeq}`;
export function prepKeyOfId(prepId: string): { pk: string; sk: string } | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})\.([1-9A-Z])\.(\d{1,5})$/.exec(prepId);
  return m ? { pk: prepPk(m[1]), sk: prepSk(m[2], Number(m[3])) } : undefined;
}
export const seriesCounterKey = (fyStart: number, code: string) => ({
  pk: `COUNTER#invoices#${fyStart}#C${code}`,
  sk: 'COUNTER',
});
export const conflictKey = (number: string) => ({ pk: `OFFCONFLICT#${number}`, sk: 'CONFLICT' });
export const CONFLICTS_PK = 'OFFCONFLICTS';

export interface CounterItem {
  pk: string;
  sk: string;
  code: string;
  name: string;
  floatKg: number;
  blockSize: number;
  shifts: number[];
  updatedOn: string;
  /** The open preparation's id; absent when none is open (one at a time). */
  openPrep?: string;
}

export interface FloatItem {
  lotID: number;
  lotCode: string;
  cropID: number;
  /** Grams taken from the lot, and grams not yet sold (or given back). */
  taken: number;
  left: number;
}

export interface PrepItem {
  pk: string;
  sk: string;
  prepId: string;
  code: string;
  day: string;
  fyStart: number;
  fromSeq: number;
  toSeq: number;
  preparedAt: string;
  preparedByUserId: number;
  preparedByName: string;
  /** Floats by lot, under `L<lotID>`. */
  floats: Record<string, FloatItem>;
  /** Numbers of the block applied as bills or set aside as conflicts. */
  used?: Set<string>;
  bills: number;
  conflicts: number;
  lastSyncAt?: string;
  closedAt?: string;
  closedByName?: string;
  /** Set at the reconciliation: the block's numbers neither a bill nor a conflict then (a late bill takes its number out). */
  unused?: Set<string>;
}

export type ConflictStatus = 'open' | 'kept' | 'cancelled';

export interface ConflictItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  invoiceNumber: string;
  key: string;
  kind: string;
  message: string;
  status: ConflictStatus;
  code: string;
  prepId: string;
  printedAt: string;
  sellerUserId: number;
  sellerName: string;
  registrationID: number;
  year: number;
  farmerName: string;
  lotID: number;
  lotCode: string;
  bags: number;
  quantityGrams: number;
  totalPaise: number;
  paymentMode: PaymentMode;
  upiRef?: string;
  verifyToken: string;
  offlineToken?: string;
  otherInvoiceNumber?: string;
  resolvedAt?: string;
  resolvedByName?: string;
  resolutionReason?: string;
  creditNoteNumber?: string;
}

export const floatAttr = (lotID: number) => `L${lotID}`;

const db = () => docClient();
const T = () => tableName();

export async function getCounter(code: string): Promise<CounterItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: counterKey(code), ConsistentRead: true }));
  return out.Item as CounterItem | undefined;
}

export async function listCounters(): Promise<CounterItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': COUNTERS_PK },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as CounterItem[];
}

/** Settings only: the open preparation is kept as it is (a counter holding numbers and kg keeps them). */
export async function putCounterSettings(
  item: Omit<CounterItem, 'pk' | 'sk' | 'openPrep'>,
  existing: CounterItem | undefined,
  entry: TransactItem,
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: T(),
            Item: { ...counterKey(item.code), ...item, ...(existing?.openPrep ? { openPrep: existing.openPrep } : {}) },
            // Nothing changed the open preparation since it was read.
            ConditionExpression: existing?.openPrep
              ? 'openPrep = :open'
              : existing
                ? 'attribute_exists(pk) AND attribute_not_exists(openPrep)'
                : 'attribute_not_exists(pk)',
            ...(existing?.openPrep ? { ExpressionAttributeValues: { ':open': existing.openPrep } } : {}),
          },
        },
        entry,
      ],
    }),
  );
}

export async function getPrep(prepId: string, consistent = true): Promise<PrepItem | undefined> {
  const key = prepKeyOfId(prepId);
  if (!key) return undefined;
  const out = await db().send(new GetCommand({ TableName: T(), Key: key, ConsistentRead: consistent }));
  return out.Item as PrepItem | undefined;
}

/** The preparations made on an India day (the day close lists their numbers). */
export async function prepsOfDay(day: string): Promise<PrepItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': prepPk(day) },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as PrepItem[];
}

export async function seriesValue(fyStart: number, code: string): Promise<number> {
  return (await seriesState(fyStart, code)).value;
}

/** The counter series' last number handed out, and the numbers its reconciliations reported unused. */
export async function seriesState(fyStart: number, code: string): Promise<{ value: number; unused: ReadonlySet<string> }> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: seriesCounterKey(fyStart, code), ConsistentRead: true }));
  return { value: Number(out.Item?.value ?? 0), unused: (out.Item?.unused as Set<string> | undefined) ?? new Set() };
}

export async function getConflict(number: string): Promise<ConflictItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: conflictKey(number), ConsistentRead: true }));
  return out.Item as ConflictItem | undefined;
}

/** Conflicts, newest first, of one status or all (a season holds a handful; capped). */
export async function listConflicts(status: ConflictStatus | 'all', cap = 500): Promise<ConflictItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'gsi1',
      KeyConditionExpression: status === 'all' ? 'gsi1pk = :p' : 'gsi1pk = :p AND begins_with(gsi1sk, :s)',
      ExpressionAttributeValues: { ':p': CONFLICTS_PK, ...(status === 'all' ? {} : { ':s': `${status}#` }) },
      ScanIndexForward: false,
      Limit: cap,
    }),
  );
  return (out.Items ?? []) as ConflictItem[];
}

export const conflictIndex = (status: ConflictStatus, printedAt: string, number: string) => ({
  gsi1pk: CONFLICTS_PK,
  gsi1sk: `${status}#${printedAt}#${number}`,
});

/** The due entries of an India day: the confirmed, unbilled registrations whose appointment it is. */
export async function dueOfDay(day: string): Promise<{ year: number; id: number }[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `DUE#${day}` } });
  return items.map((d) => ({ year: Number(d.year), id: Number(d.id) }));
}

/** Lots of a crop with stock left (the floats' default choice). */
export async function lotsWithStock(cropId: number, take: number): Promise<LotItem[]> {
  const { items } = await queryIndex({
    index: 'gsi2',
    pk: cropLotsPk(cropId),
    take,
    filter: { expression: 'remainingGrams > :zero', values: { ':zero': 0 } },
  });
  return lotEntity.fromItems(items);
}
