import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall, type marshallOptions } from '@aws-sdk/util-dynamodb';
import { AwsServiceError, bodyOf, serviceEndpoint, signedFetch, TransportError, type ServiceTarget } from './signed-fetch';

/**
 * The DynamoDB document client the functions use: the commands of functions/lib/dynamo-commands.ts (the same
 * inputs and outputs as @aws-sdk/lib-dynamodb's), marshalled with the SDK's own @aws-sdk/util-dynamodb and sent
 * as signed JSON requests (functions/lib/signed-fetch.ts), in place of the SDK's DynamoDB client, its models
 * and its middleware, which were a third of every function bundle (docs/decisions/0034-lean-dynamodb-client.md).
 *
 * What the SDK's client did and this one keeps: the same error names and fields (ConditionalCheckFailedException
 * with its `Item` in the wire format, TransactionCanceledException with its `CancellationReasons`, `$metadata`),
 * up to `maxAttempts` tries of throttling, 5xx and broken connections with jittered exponential backoff, and
 * kept-alive connections. SDK command objects (tests and benches build them) are sent too: by class name.
 */
export interface SendableCommand<Output = unknown> {
  readonly input: object;
  readonly operation?: string;
  readonly __output?: Output;
}

export interface DocClient {
  send<Output = any>(command: SendableCommand<Output>): Promise<Output>;
}

const MARSHALL: marshallOptions = { removeUndefinedValues: true, convertClassInstanceToMap: false };

type Item = Record<string, unknown>;
type Wire = Record<string, AttributeValue>;
type Shape = Record<string, unknown>;

const toWire = (item: Item | undefined) => (item ? binaryOut(marshall(item, MARSHALL)) : undefined);
const fromWire = (item: Wire | undefined) => (item ? unmarshall(binaryIn(item)) : undefined);

/** Binary values travel as base64 in DynamoDB's JSON; util-dynamodb gives and takes Uint8Array. */
function binaryOut(av: Wire): Wire {
  const walk = (v: AttributeValue): AttributeValue => {
    if (v.B !== undefined) return { B: Buffer.from(v.B).toString('base64') as unknown as Uint8Array };
    if (v.BS !== undefined) return { BS: v.BS.map((b) => Buffer.from(b).toString('base64') as unknown as Uint8Array) };
    if (v.L !== undefined) return { L: v.L.map(walk) };
    if (v.M !== undefined) return { M: binaryOut(v.M) };
    return v;
  };
  return Object.fromEntries(Object.entries(av).map(([k, v]) => [k, walk(v)]));
}

function binaryIn(av: Wire): Wire {
  const walk = (v: AttributeValue): AttributeValue => {
    if (v.B !== undefined) return { B: Buffer.from(v.B as unknown as string, 'base64') };
    if (v.BS !== undefined) return { BS: v.BS.map((b) => Buffer.from(b as unknown as string, 'base64')) };
    if (v.L !== undefined) return { L: v.L.map(walk) };
    if (v.M !== undefined) return { M: binaryIn(v.M) };
    return v;
  };
  return Object.fromEntries(Object.entries(av).map(([k, v]) => [k, walk(v)]));
}

/** The parts of an item-level request holding items or values (the same in Put, Update, Delete, ConditionCheck). */
function itemRequestOut(r: Shape): Shape {
  const out: Shape = { ...r };
  if (r.Key) out.Key = toWire(r.Key as Item);
  if (r.Item) out.Item = toWire(r.Item as Item);
  if (r.ExpressionAttributeValues) out.ExpressionAttributeValues = toWire(r.ExpressionAttributeValues as Item);
  if (r.ExclusiveStartKey) out.ExclusiveStartKey = toWire(r.ExclusiveStartKey as Item);
  return out;
}

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

function requestOut(operation: string, input: Shape): Shape {
  switch (operation) {
    case 'TransactWriteItems':
      return {
        ...input,
        TransactItems: (input.TransactItems as Shape[]).map((t) => mapValues(t, (r) => itemRequestOut(r as Shape))),
      };
    case 'TransactGetItems':
      return {
        ...input,
        TransactItems: (input.TransactItems as Shape[]).map((t) => mapValues(t, (r) => itemRequestOut(r as Shape))),
      };
    case 'BatchGetItem':
      return {
        ...input,
        RequestItems: mapValues(input.RequestItems as Record<string, Shape>, (r) => ({
          ...r,
          Keys: (r.Keys as Item[]).map((k) => toWire(k)),
        })),
      };
    case 'BatchWriteItem':
      return {
        ...input,
        RequestItems: mapValues(input.RequestItems as Record<string, Shape[]>, (list) =>
          list.map((w) => mapValues(w, (r) => itemRequestOut(r as Shape))),
        ),
      };
    default:
      return itemRequestOut(input);
  }
}

function responseIn(operation: string, output: Shape): Shape {
  const out: Shape = { ...output };
  if (output.Item) out.Item = fromWire(output.Item as Wire);
  if (output.Attributes) out.Attributes = fromWire(output.Attributes as Wire);
  if (output.Items) out.Items = (output.Items as Wire[]).map((i) => fromWire(i));
  if (output.LastEvaluatedKey) out.LastEvaluatedKey = fromWire(output.LastEvaluatedKey as Wire);
  if (operation === 'BatchGetItem') {
    if (output.Responses) out.Responses = mapValues(output.Responses as Record<string, Wire[]>, (l) => l.map((i) => fromWire(i)));
    if (output.UnprocessedKeys)
      out.UnprocessedKeys = mapValues(output.UnprocessedKeys as Record<string, Shape>, (r) => ({
        ...r,
        Keys: (r.Keys as Wire[]).map((k) => fromWire(k)),
      }));
  }
  if (operation === 'BatchWriteItem' && output.UnprocessedItems)
    out.UnprocessedItems = mapValues(output.UnprocessedItems as Record<string, Shape[]>, (list) =>
      list.map((w) =>
        mapValues(w, (r) => {
          const req = r as Shape;
          return {
            ...req,
            ...(req.Item ? { Item: fromWire(req.Item as Wire) } : {}),
            ...(req.Key ? { Key: fromWire(req.Key as Wire) } : {}),
          };
        }),
      ),
    );
  if (operation === 'TransactGetItems' && output.Responses)
    out.Responses = (output.Responses as Shape[]).map((r) => ({ ...r, Item: fromWire(r.Item as Wire | undefined) }));
  return out;
}

/** The operation a command stands for: its `operation`, or an SDK command's class name (GetCommand -> GetItem). */
function operationOf(command: SendableCommand): string {
  if (command.operation) return command.operation;
  const name = (command.constructor as { name: string }).name.replace(/Command$/, '');
  const sdkNames: Record<string, string> = {
    Get: 'GetItem',
    Put: 'PutItem',
    Update: 'UpdateItem',
    Delete: 'DeleteItem',
    BatchGet: 'BatchGetItem',
    BatchWrite: 'BatchWriteItem',
    TransactGet: 'TransactGetItems',
    TransactWrite: 'TransactWriteItems',
  };
  return sdkNames[name] ?? name;
}

/** A refusal DynamoDB names in its answer, with the fields callers read, as the SDK's errors have them. */
export class DynamoServiceError extends AwsServiceError {
  readonly $fault: 'client' | 'server';
  Item?: Wire;
  CancellationReasons?: { Code?: string; Message?: string; Item?: Wire }[];

  constructor(code: string, status: number, message: string, answer: Shape) {
    super(code, status, message);
    this.$fault = status >= 500 ? 'server' : 'client';
    if (answer.Item) this.Item = answer.Item as Wire;
    if (answer.CancellationReasons)
      this.CancellationReasons = answer.CancellationReasons as DynamoServiceError['CancellationReasons'];
  }
}

/** Refusals worth sending again, as the SDK's standard retry takes them. */
const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
]);
const TRANSIENT = new Set(['InternalServerError', 'InternalFailure', 'ServiceUnavailable', 'TransactionInProgressException']);

export interface DocClientOptions {
  region: string;
  /** DynamoDB Local's address; absent in AWS (AWS_ENDPOINT_URL_DYNAMODB as the SDK honours it, else the regional endpoint). */
  endpoint?: string;
  credentials?: ServiceTarget['credentials'];
  /** Tries in all, as the SDK's `maxAttempts`. */
  maxAttempts: number;
}

export function createDocClient(o: DocClientOptions): DocClient {
  const target: ServiceTarget = {
    service: 'dynamodb',
    region: o.region,
    ...(o.credentials ? { credentials: o.credentials } : {}),
  };
  const url = new URL(o.endpoint ?? serviceEndpoint('DYNAMODB', `dynamodb.${o.region}.amazonaws.com`));
  url.pathname = '/';

  async function once(operation: string, body: string): Promise<Shape> {
    const res = await signedFetch(
      target,
      {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
        body,
      },
      1,
    );
    const text = await bodyOf(res, 'text');
    let answer: Shape = {};
    try {
      answer = text ? (JSON.parse(text) as Shape) : {};
    } catch {
      if (res.ok) throw new TransportError(new Error('answer is not JSON'));
    }
    if (res.ok) return answer;
    const type = String(res.header('x-amzn-errortype') ?? answer.__type ?? `Http${res.status}`);
    const code = type.split(':')[0].split('#').at(-1) || `Http${res.status}`;
    throw new DynamoServiceError(code, res.status, String(answer.message ?? answer.Message ?? ''), answer);
  }

  const retriable = (e: unknown) => {
    if (e instanceof TransportError) return true;
    const err = e as { name?: string; status?: number };
    return THROTTLING.has(err.name ?? '') || TRANSIENT.has(err.name ?? '') || (err.status ?? 0) >= 500;
  };

  return {
    async send(command) {
      const operation = operationOf(command);
      const body = JSON.stringify(requestOut(operation, command.input as Shape));
      for (let attempt = 1; ; attempt++) {
        try {
          return responseIn(operation, await once(operation, body)) as any;
        } catch (e) {
          if (attempt >= o.maxAttempts || !retriable(e)) throw e;
          const base = THROTTLING.has((e as Error).name) ? 500 : 100;
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, base * 2 ** (attempt - 1))));
        }
      }
    },
  };
}
