import type { BatchGetCommandInput, BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BATCH_GET_RETRIES, batchGet, UnprocessedKeysError, type BatchGetDeps, type Key } from './batch-get';
import { isTransient } from './retry';

const TABLE = 't';
const keysOf = (n: number): Key[] => Array.from({ length: n }, (_, i) => ({ pk: `K#${i}`, sk: 'K' }));
type Keys = Record<string, unknown>[];

/** A stand-in for DynamoDB: answers each call with `answer(keys, call)`, records calls and waits. */
function fakeDynamo(answer: (keys: Keys, call: number) => { found?: Keys; unprocessed?: Keys } | Error) {
  const calls: BatchGetCommandInput[] = [];
  const waits: number[] = [];
  const deps: BatchGetDeps = {
    table: TABLE,
    send: async (input) => {
      calls.push(input);
      const r = answer(input.RequestItems![TABLE].Keys as Keys, calls.length - 1);
      if (r instanceof Error) throw r;
      return {
        Responses: { [TABLE]: r.found ?? [] },
        UnprocessedKeys: r.unprocessed?.length ? { [TABLE]: { Keys: r.unprocessed } } : {},
        $metadata: {},
      } as BatchGetCommandOutput;
    },
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { deps, calls, waits };
}

const named = (name: string) => Object.assign(new Error(name), { name });

describe('batchGet', () => {
  it('sends at most 100 keys per call and each key once', async () => {
    const { deps, calls } = fakeDynamo((keys) => ({ found: keys }));
    const keys = keysOf(250);
    const items = await batchGet([...keys, ...keys.slice(0, 10)], {}, deps);
    expect(calls.map((c) => c.RequestItems![TABLE].Keys!.length)).toEqual([100, 100, 50]);
    expect(items).toHaveLength(250);
  });

  it('makes no call for no keys', async () => {
    const { deps, calls } = fakeDynamo(() => ({}));
    expect(await batchGet([], {}, deps)).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('passes consistent reads and the projection', async () => {
    const { deps, calls } = fakeDynamo((keys) => ({ found: keys }));
    await batchGet(keysOf(2), { consistentRead: true, projection: 'pk, #v', names: { '#v': 'value' } }, deps);
    expect(calls[0].RequestItems![TABLE]).toMatchObject({
      ConsistentRead: true,
      ProjectionExpression: 'pk, #v',
      ExpressionAttributeNames: { '#v': 'value' },
    });
  });

  it('sends unprocessed keys again, after growing jittered waits, until every key is read', async () => {
    const { deps, calls, waits } = fakeDynamo((keys, call) =>
      call < 4 ? { found: keys.slice(0, 1), unprocessed: keys.slice(1) } : { found: keys },
    );
    const items = await batchGet(keysOf(10), {}, deps);
    expect(items.map((i) => i.pk).sort()).toEqual(
      keysOf(10)
        .map((k) => k.pk)
        .sort(),
    );
    expect(calls.map((c) => c.RequestItems![TABLE].Keys!.length)).toEqual([10, 9, 8, 7, 6]);
    expect(waits).toHaveLength(4);
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThanOrEqual(25 * 2 ** i);
    });
  });

  it('fails with a clear, retryable error when keys stay unprocessed, never with a partial answer', async () => {
    const { deps, calls, waits } = fakeDynamo((keys) => ({ found: keys.slice(0, 1), unprocessed: keys.slice(1) }));
    const err = await batchGet(keysOf(20), {}, deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnprocessedKeysError);
    expect((err as UnprocessedKeysError).unprocessed).toBe(20 - (BATCH_GET_RETRIES + 1));
    expect((err as Error).message).toMatch(/unprocessed after 6 retries/);
    expect(isTransient(err)).toBe(true);
    expect(calls).toHaveLength(BATCH_GET_RETRIES + 1);
    expect(waits.every((ms) => ms <= 800)).toBe(true);
  });

  it('retries a throttled call, and gives up after the same number of retries', async () => {
    const once = fakeDynamo((keys, call) => (call === 0 ? named('ProvisionedThroughputExceededException') : { found: keys }));
    expect(await batchGet(keysOf(3), {}, once.deps)).toHaveLength(3);
    expect(once.calls).toHaveLength(2);

    const always = fakeDynamo(() => named('ThrottlingException'));
    await expect(batchGet(keysOf(3), {}, always.deps)).rejects.toThrow('ThrottlingException');
    expect(always.calls).toHaveLength(BATCH_GET_RETRIES + 1);
  });

  it('does not retry an error that is not transient', async () => {
    const { deps, calls } = fakeDynamo(() => named('ValidationException'));
    await expect(batchGet(keysOf(3), {}, deps)).rejects.toThrow('ValidationException');
    expect(calls).toHaveLength(1);
  });
});
