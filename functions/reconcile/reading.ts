import { QueryCommand, type QueryCommandInput } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { billDelta, type ReportDelta } from '../lib/report-counters';
import { withRetry } from '../lib/retry';
import { listPk, type RegistrationItem } from '../registrations/registration-entity';
import { fyPk, invoiceCounterKey, type InvoiceItem } from '../sales/invoice-entity';

/**
 * The reconciliation's reads (docs/deployment.md, "Reconciliation job"). No Scan: a year's registrations are the
 * ten gsi1 list shards `REGS#<year>#0..9` read whole, a financial year's bills the gsi1 partition
 * `INVOICES#<fyStart>`, as the staff lists and exports read them, page by page; each page is handed on and let go,
 * so what the job keeps is its sums, not the items.
 */
export const REGISTRATION_SHARDS = 10;

/** The years and financial years a table holds: those whose number counter exists (one BatchGet). */
export async function heldYears(thisYear: number, back = 15): Promise<{ years: number[]; fys: number[] }> {
  const candidates = Array.from({ length: back + 2 }, (_, i) => thisYear - back + i);
  const keys = [
    ...candidates.map((y) => ({ pk: `COUNTER#registrations#${y}`, sk: 'COUNTER' })),
    ...candidates.map((y) => invoiceCounterKey(y)),
  ];
  const found = new Set((await batchGet(keys, { consistentRead: true })).map((i) => String(i.pk)));
  return {
    years: candidates.filter((y) => found.has(`COUNTER#registrations#${y}`)),
    fys: candidates.filter((y) => found.has(invoiceCounterKey(y).pk)),
  };
}

/** `fn` over `items`, at most `limit` at once, results in order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = Array.from({ length: items.length });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

async function eachPage(
  input: Omit<QueryCommandInput, 'TableName'>,
  onPage: (items: Record<string, unknown>[]) => Promise<void>,
) {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await withRetry(() =>
      docClient().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start })),
    );
    await onPage((out.Items ?? []) as Record<string, unknown>[]);
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every registration of the year, a page at a time (the ten list shards in parallel). */
export async function forEachRegistration(year: number, onPage: (regs: RegistrationItem[]) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: REGISTRATION_SHARDS }, (_, shard) =>
      eachPage(
        {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': listPk(year, shard) },
        },
        (items) => onPage(items.filter((i) => i.type === 'registration') as unknown as RegistrationItem[]),
      ),
    ),
  );
}

/** What a bill counted, kept small: its report measures, when it was made and cancelled, and who made it. */
export interface BillEvents {
  registrationID: number;
  generatedOn: string;
  cancelledOn?: string;
  delta: ReportDelta;
  totalPaise: number;
  createdByUserId: number;
}

export function billEventsOf(b: InvoiceItem): BillEvents {
  return {
    registrationID: Number(b.registrationID),
    generatedOn: b.generatedOn,
    ...(b.status === 'cancelled' && b.cancelledOn ? { cancelledOn: b.cancelledOn } : {}),
    delta: billDelta(b, 1),
    totalPaise: Number(b.totalPaise),
    createdByUserId: Number(b.createdByUserId),
  };
}

/**
 * The bills of the registrations of `year`, by registration number. A registration is billed in its own year's
 * financial years or a later one, so the financial years from `year − 1` on are read, filtered on the bill's
 * registration year (each bill is read once per registration year it could belong to: a few thousand reads).
 */
export async function billsOfYear(year: number, fys: readonly number[]): Promise<Map<number, BillEvents[]>> {
  const byRegistration = new Map<number, BillEvents[]>();
  for (const fy of fys.filter((f) => f >= year - 1)) {
    await eachPage(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        FilterExpression: '#year = :y',
        ExpressionAttributeNames: { '#year': 'year' },
        ExpressionAttributeValues: { ':p': fyPk(fy), ':y': year },
      },
      async (items) => {
        for (const b of items as unknown as (InvoiceItem & { sk: string })[]) {
          if (b.sk !== 'INVOICE') continue;
          const events = billEventsOf(b);
          const list = byRegistration.get(events.registrationID) ?? [];
          list.push(events);
          byRegistration.set(events.registrationID, list);
        }
      },
    );
  }
  return byRegistration;
}
