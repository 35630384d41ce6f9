import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand as SdkScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { createDocClient, DynamoServiceError, type DocClient } from '@functions/lib/dynamo-client';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@functions/lib/dynamo-commands';
import { TransportError } from '@functions/lib/signed-fetch';
import { useTestApi } from '../support/integration';

/**
 * The functions' DynamoDB client (functions/lib/dynamo-client.ts) against DynamoDB Local: what it writes is what
 * it reads back, its refusals carry the names and fields the callers read, and it tries throttling, 5xx answers
 * and broken connections again as the SDK's client did (a small local server plays DynamoDB for those faults).
 */
useTestApi();
let db: DocClient;
const T = () => tableName();

beforeAll(() => {
  db = docClient();
});

const item = {
  pk: 'DYNCLIENT#1',
  sk: 'A',
  gsi1pk: 'DYNCLIENT',
  gsi1sk: '001',
  text: 'किसान — farmer',
  count: 42,
  price: 31.75,
  yes: true,
  nothing: null,
  list: [1, 'two', { three: 3 }],
  map: { nested: { deep: ['x'] } },
  tags: new Set(['a', 'b']),
  numbers: new Set([1, 2]),
  bytes: new Uint8Array([0, 1, 2, 250, 255]),
};

describe('what it writes is what it reads back', () => {
  it('puts and gets every kind of value, leaving out undefined ones', async () => {
    await db.send(new PutCommand({ TableName: T(), Item: { ...item, absent: undefined } }));
    const out = await db.send(new GetCommand({ TableName: T(), Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true }));
    const { bytes } = out.Item!;
    expect(out.Item).toMatchObject({
      text: item.text,
      count: 42,
      price: 31.75,
      yes: true,
      nothing: null,
      list: [1, 'two', { three: 3 }],
      map: { nested: { deep: ['x'] } },
    });
    expect(out.Item!.tags).toEqual(new Set(['a', 'b']));
    expect(out.Item!.numbers).toEqual(new Set([1, 2]));
    expect([...(bytes as Uint8Array)]).toEqual([0, 1, 2, 250, 255]);
    expect('absent' in out.Item!).toBe(false);
  });

  it('updates with values and answers the new item; deletes answering the old one', async () => {
    const up = await db.send(
      new UpdateCommand({
        TableName: T(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'ADD #c :one SET #m.#n = :v',
        ExpressionAttributeNames: { '#c': 'count', '#m': 'map', '#n': 'added' },
        ExpressionAttributeValues: { ':one': 1, ':v': { at: 'now' } },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(up.Attributes).toMatchObject({ count: 43, map: { nested: { deep: ['x'] }, added: { at: 'now' } } });
    const del = await db.send(new DeleteCommand({ TableName: T(), Key: { pk: item.pk, sk: item.sk }, ReturnValues: 'ALL_OLD' }));
    expect(del.Attributes?.count).toBe(43);
    const gone = await db.send(new GetCommand({ TableName: T(), Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true }));
    expect(gone.Item).toBeUndefined();
  });

  it('queries page by page with the last key given back as it came', async () => {
    const keys = Array.from({ length: 7 }, (_, i) => ({ pk: 'DYNCLIENT#Q', sk: `S${i}` }));
    await db.send(
      new BatchWriteCommand({ RequestItems: { [T()]: keys.map((k, i) => ({ PutRequest: { Item: { ...k, n: i } } })) } }),
    );
    const seen: number[] = [];
    let start: Record<string, unknown> | undefined;
    let pages = 0;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: T(),
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': 'DYNCLIENT#Q' },
          Limit: 3,
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      seen.push(...(page.Items ?? []).map((i) => i.n as number));
      start = page.LastEvaluatedKey;
      pages++;
    } while (start);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pages).toBeGreaterThanOrEqual(3);

    const got = await db.send(new BatchGetCommand({ RequestItems: { [T()]: { Keys: keys.slice(0, 4), ConsistentRead: true } } }));
    expect((got.Responses?.[T()] ?? []).map((i) => i.n).sort()).toEqual([0, 1, 2, 3]);
    const tx = await db.send(
      new TransactGetCommand({ TransactItems: keys.slice(5).map((Key) => ({ Get: { TableName: T(), Key } })) }),
    );
    expect(tx.Responses?.map((r) => r.Item?.n)).toEqual([5, 6]);
  });

  it('sends the SDK’s own command objects too (tests and tools build them)', async () => {
    const out = await db.send(
      new SdkScanCommand({
        TableName: T(),
        FilterExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'DYNCLIENT#Q' },
        ConsistentRead: true,
      }),
    );
    expect(out.Items?.length).toBe(7);
  });
});

describe('refusals as the callers read them', () => {
  it('a failed condition is ConditionalCheckFailedException with the old item in the wire format', async () => {
    const key = { pk: 'DYNCLIENT#C', sk: 'C' };
    await db.send(new PutCommand({ TableName: T(), Item: { ...key, v: 1 } }));
    const e = await db
      .send(
        new PutCommand({
          TableName: T(),
          Item: { ...key, v: 2 },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DynamoServiceError);
    expect(e).toMatchObject({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 }, $fault: 'client' });
    expect((e as DynamoServiceError).Item).toEqual({ pk: { S: key.pk }, sk: { S: key.sk }, v: { N: '1' } });
  });

  it('a cancelled transaction carries one reason per item', async () => {
    const e = await db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: T(), Item: { pk: 'DYNCLIENT#T', sk: '1' } } },
            { Put: { TableName: T(), Item: { pk: 'DYNCLIENT#C', sk: 'C' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      )
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'TransactionCanceledException' });
    expect((e as DynamoServiceError).CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    const none = await db.send(new GetCommand({ TableName: T(), Key: { pk: 'DYNCLIENT#T', sk: '1' }, ConsistentRead: true }));
    expect(none.Item).toBeUndefined();
  });

  it('a malformed request is a ValidationException, not tried again', async () => {
    const e = await db.send(new GetCommand({ TableName: T(), Key: { pk: 'only-half-a-key' } })).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
  });
});

describe('faults tried again, as the SDK did', () => {
  let server: http.Server;
  let url: string;
  /** The answers the server gives, in turn; then success. */
  let script: Array<'throttle' | '500' | 'reset' | 'validation'> = [];
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests++;
        const next = script.shift();
        if (next === 'reset') return req.socket.destroy();
        const [status, body] =
          next === 'throttle'
            ? [400, { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' }]
            : next === '500'
              ? [500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }]
              : next === 'validation'
                ? [400, { __type: 'com.amazon.coral.validate#ValidationException', message: 'bad' }]
                : [200, { Item: { pk: { S: 'P' }, n: { N: '7' } } }];
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const client = (maxAttempts: number) =>
    createDocClient({
      region: 'ap-south-1',
      endpoint: url,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      maxAttempts,
    });
  const get = (c: DocClient) => c.send(new GetCommand({ TableName: 'tbl', Key: { pk: 'P' } }));

  it('tries throttling, a 500 and a broken connection again, then answers', async () => {
    script = ['throttle', '500', 'reset'];
    requests = 0;
    expect((await get(client(4))).Item).toEqual({ pk: 'P', n: 7 });
    expect(requests).toBe(4);
  });

  it('gives up after maxAttempts with the last refusal', async () => {
    script = ['throttle', 'throttle', 'throttle'];
    requests = 0;
    await expect(get(client(2))).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
    expect(requests).toBe(2);
    script = ['reset', 'reset'];
    requests = 0;
    await expect(get(client(2))).rejects.toBeInstanceOf(TransportError);
    expect(requests).toBe(2);
  });

  it('does not send a refused request again', async () => {
    script = ['validation'];
    requests = 0;
    await expect(get(client(4))).rejects.toMatchObject({ name: 'ValidationException' });
    expect(requests).toBe(1);
  });
});
