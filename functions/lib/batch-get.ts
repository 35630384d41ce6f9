import { BatchGetCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { isTransient, sleep } from './retry';

/**
 * The one BatchGetItem of the functions: keys in chunks of 100 (the most one call takes), duplicates sent
 * once, items returned in no particular order (absent keys are left out). DynamoDB answers a throttled batch
 * with UnprocessedKeys instead of an error; those keys, and calls that fail with a transient error, are sent
 * again with full-jitter exponential backoff, at most BATCH_GET_RETRIES times per chunk. Keys still
 * unprocessed after that end the call with UnprocessedKeysError, never with a partial answer.
 */
export const BATCH_GET_CHUNK = 100;
export const BATCH_GET_RETRIES = 6;
const BACKOFF_BASE_MS = 25;
const BACKOFF_MAX_MS = 800;

export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

export interface BatchGetOptions {
  consistentRead?: boolean;
  /** ProjectionExpression; names starting with '#' are resolved through `names`. */
  projection?: string;
  names?: Record<string, string>;
}

/** How the helper talks to DynamoDB and waits; tests inject their own. */
export interface BatchGetDeps {
  table: string;
  send: (input: BatchGetCommandInput) => Promise<BatchGetCommandOutput>;
  wait: (ms: number) => Promise<void>;
}

const defaultDeps = (): BatchGetDeps => ({
  table: tableName(),
  send: (input) => docClient().send(new BatchGetCommand(input)),
  wait: sleep,
});

/** Keys left unprocessed after every retry. Marked retryable, so a request that meets it is answered 503. */
export class UnprocessedKeysError extends Error {
  readonly $retryable = { throttling: true };
  constructor(readonly unprocessed: number) {
    super(`BatchGetItem left ${unprocessed} key(s) unprocessed after ${BATCH_GET_RETRIES} retries`);
    this.name = 'UnprocessedKeysError';
  }
}

export const backoffMs = (retry: number) => Math.random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry);

export async function batchGet(keys: readonly Key[], o: BatchGetOptions = {}, injected?: BatchGetDeps): Promise<Item[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const out: Item[] = [];
  if (!unique.length) return out;
  const deps = injected ?? defaultDeps();
  const table = deps.table;
  for (let i = 0; i < unique.length; i += BATCH_GET_CHUNK) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + BATCH_GET_CHUNK);
    for (let retry = 0; pending.length; retry++) {
      if (retry > 0) await deps.wait(backoffMs(retry - 1));
      let res: BatchGetCommandOutput;
      try {
        res = await deps.send({
          RequestItems: {
            [table]: {
              Keys: pending,
              ...(o.consistentRead ? { ConsistentRead: true } : {}),
              ...(o.projection ? { ProjectionExpression: o.projection } : {}),
              ...(o.names ? { ExpressionAttributeNames: o.names } : {}),
            },
          },
        });
      } catch (e) {
        if (retry >= BATCH_GET_RETRIES || !isTransient(e)) throw e;
        continue;
      }
      out.push(...((res.Responses?.[table] ?? []) as Item[]));
      pending = (res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      if (pending.length && retry >= BATCH_GET_RETRIES) throw new UnprocessedKeysError(pending.length);
    }
  }
  return out;
}
