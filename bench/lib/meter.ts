/**
 * Metering for bench/cost.ts, in the bench process only: every DynamoDB call the handlers make (through the
 * shared docClient, swapped with setDocClientForTests) asks for ReturnConsumedCapacity TOTAL and is tallied;
 * every S3 request the server sends is counted by a middleware on the shared S3 client; every Lambda
 * invocation is timed by wrapping the area handlers the local gateway loads.
 *
 * DynamoDB Local's figures for single-item operations match DynamoDB's rules. For TransactWriteItems it
 * reports the sum of the *distinct* per-item costs (items of equal cost are counted once; bench/cost.ts
 * shows this on raw calls), and for a failed conditional write it reports nothing (DynamoDB charges one).
 * So transactions are costed here from the items themselves: 2 write units per started KB of each item,
 * for the table and for every index the item is in (the table projects all attributes into its indexes).
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { onS3Request } from '@functions/lib/s3';
import { TABLE_DEFINITION } from '@functions/lib/table-definition';
import { AREA_LOADERS } from '@infra/local/handlers';
import { localDynamoClient } from '@infra/local/dynamo';

export interface DynamoOp {
  op: string;
  /** What DynamoDB Local reported (undefined: nothing reported). */
  local?: number;
  /** Units this meter charges (Local's figure, or its own count for transactions and failed conditions). */
  units: number;
  kind: 'read' | 'write';
  note?: string;
}

export interface Tally {
  dynamo: DynamoOp[];
  s3: Record<string, number>;
  lambda: { area: string; route: string; ms: number }[];
}

export const newTally = (): Tally => ({ dynamo: [], s3: {}, lambda: [] });

let current: Tally = newTally();
/** Starts a new tally and returns the one that was running. */
export function takeTally(): Tally {
  const t = current;
  current = newTally();
  return t;
}

const READS = new Set(['GetCommand', 'BatchGetCommand', 'QueryCommand', 'ScanCommand', 'TransactGetCommand']);

// ---- DynamoDB item size (DynamoDB's rules, close enough for whole KB) ----

function valueSize(v: unknown): number {
  if (v === null || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (typeof v === 'number' || typeof v === 'bigint')
    return Math.ceil(String(v).replace(/[-.]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return v.length;
  if (Array.isArray(v)) return 3 + v.reduce((a: number, x) => a + 1 + valueSize(x), 0);
  if (v instanceof Set) return [...v].reduce((a: number, x) => a + valueSize(x), 0);
  if (typeof v === 'object')
    return (
      3 +
      Object.entries(v as object).reduce((a, [k, x]) => (x === undefined ? a : a + Buffer.byteLength(k) + 1 + valueSize(x)), 0)
    );
  return 0;
}

export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((a, [k, v]) => (v === undefined ? a : a + Buffer.byteLength(k) + valueSize(v)), 0);
}

/** Write units of one item written inside a transaction: 2 per started KB, for the table and each index it is in. */
export function transactionalWriteUnits(item: Record<string, unknown>): number {
  const kb = Math.max(1, Math.ceil(itemSize(item) / 1024));
  const indexes = TABLE_DEFINITION.globalSecondaryIndexes.filter(
    (g) => item[g.partitionKey] !== undefined && item[g.sortKey] !== undefined,
  ).length;
  return 2 * kb * (1 + indexes);
}

function localUnits(cc: unknown): number | undefined {
  if (!cc) return undefined;
  const list = Array.isArray(cc) ? cc : [cc];
  return list.reduce((a: number, c: { CapacityUnits?: number }) => a + (c.CapacityUnits ?? 0), 0);
}

type TxItem = {
  Put?: { Item: Record<string, unknown> };
  Update?: { Key: Record<string, unknown>; TableName: string };
  Delete?: { Key: Record<string, unknown> };
  ConditionCheck?: unknown;
};

/** Swaps the shared DynamoDB client for a metering one (call after the stand-in set the environment). */
export function meterDynamo(endpoint: string): void {
  const real = docClient();
  // A second client, not metered, reads items back to size the updates inside transactions.
  const sizer = DynamoDBDocumentClient.from(localDynamoClient(endpoint));
  const metered = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: { constructor: { name: string }; input: Record<string, unknown> }, ...rest: unknown[]) => {
        const op = command.constructor.name.replace(/Command$/, '');
        const kind = READS.has(command.constructor.name) ? 'read' : 'write';
        command.input.ReturnConsumedCapacity = 'TOTAL';
        const tally = current;
        try {
          const out = await (target.send as (c: unknown, ...r: unknown[]) => Promise<{ ConsumedCapacity?: unknown }>)(
            command,
            ...rest,
          );
          const local = localUnits(out.ConsumedCapacity);
          if (op === 'TransactWrite') {
            let units = 0;
            const parts: string[] = [];
            for (const t of command.input.TransactItems as TxItem[]) {
              let item: Record<string, unknown> | undefined = t.Put?.Item;
              if (t.Update)
                item =
                  (await sizer.send(new GetCommand({ TableName: t.Update.TableName, Key: t.Update.Key, ConsistentRead: true })))
                    .Item ?? t.Update.Key;
              const u = item ? transactionalWriteUnits(item) : 2;
              units += u;
              parts.push(`${String(item?.pk ?? '?').split('#')[0]} ${item ? itemSize(item) : '?'} B: ${u}`);
            }
            tally.dynamo.push({
              op: `${op}(${(command.input.TransactItems as unknown[]).length})`,
              local,
              units,
              kind,
              note: parts.join('; '),
            });
          } else {
            tally.dynamo.push({
              op,
              local,
              units: local ?? 0,
              kind,
              note: local === undefined ? 'no capacity reported' : undefined,
            });
          }
          return out;
        } catch (e) {
          const name = (e as Error).name;
          // A failed condition still costs the write (DynamoDB charges at least 1 WCU; Local reports nothing).
          if (name === 'ConditionalCheckFailedException')
            tally.dynamo.push({ op, local: undefined, units: 1, kind, note: 'condition failed' });
          else if (name === 'TransactionCanceledException') {
            const units = (command.input.TransactItems as TxItem[]).reduce(
              (a, t) => a + (t.Put ? transactionalWriteUnits(t.Put.Item) : 2),
              0,
            );
            tally.dynamo.push({ op: `${op}(cancelled)`, local: undefined, units, kind, note: 'transaction cancelled' });
          } else tally.dynamo.push({ op, local: undefined, units: 0, kind, note: name });
          throw e;
        }
      };
    },
  });
  setDocClientForTests(metered);
}

/** Counts the S3 requests the server sends (functions/lib/s3.ts tells each one; presigning sends none). */
export function meterS3(): void {
  onS3Request(({ operation }) => {
    current.s3[operation] = (current.s3[operation] ?? 0) + 1;
  });
}

/** Times every invocation of every area handler (wrap before the gateway loads any). */
export function meterLambdas(): void {
  for (const [area, load] of Object.entries(AREA_LOADERS)) {
    if (!load) continue;
    AREA_LOADERS[area as keyof typeof AREA_LOADERS] = async () => {
      const mod = (await load()) as { handler: (e: { routeKey?: string }, c: unknown) => Promise<unknown> };
      return {
        handler: async (event: { routeKey?: string }, context: unknown) => {
          const tally = current;
          const t0 = performance.now();
          try {
            return await mod.handler(event, context);
          } finally {
            tally.lambda.push({ area, route: event.routeKey ?? '', ms: performance.now() - t0 });
          }
        },
      };
    };
  }
}
