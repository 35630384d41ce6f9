import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '../lib/dynamo-commands';
import type { AuditTransactItem } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { regKey } from '../registrations/registration-entity';

/**
 * Storage of the counter's day (docs/decisions/0025-counter-day.md, docs/data-model.md "The counter's day"):
 *  - check-in   CHECKIN#<day> / <year>#<id10>   token, arrivedAt, the registration, otherDay, servedAt/counter once served
 *  - token      TOKEN#<day> / TOKEN              value = the last token given that day (0 before the first)
 *  - serving    SERVING#<day> / <counter name>   token, since, the registration it serves
 */
export interface CheckinItem {
  pk: string;
  sk: string;
  type: 'checkin';
  day: string;
  token: number;
  arrivedAt: string;
  year: number;
  registrationId: number;
  cropId: number | null;
  /** The appointment is on another day (checked in while AcceptOtherDays was on). */
  otherDay?: boolean;
  servedAt?: string;
  counter?: string;
  checkedInByUserId: number;
}

export interface ServingItem {
  pk: string;
  sk: string;
  type: 'serving';
  counter: string;
  token: number;
  since: string;
  year: number;
  registrationId: number;
}

export const checkinPk = (day: string) => `CHECKIN#${day}`;
export const checkinKey = (day: string, year: number, id: number) => ({ pk: checkinPk(day), sk: `${year}#${padId(id)}` });
export const tokenKey = (day: string) => ({ pk: `TOKEN#${day}`, sk: 'TOKEN' });
export const servingPk = (day: string) => `SERVING#${day}`;
export const servingKey = (day: string, counter: string) => ({ pk: servingPk(day), sk: counter });

const T = () => tableName();
const db = () => docClient();

/** Every item of one partition (a day's check-ins, due entries or serving counters), page by page, up to `cap`. */
export async function partition<T>(pk: string, cap = 5000, consistent = false): Promise<T[]> {
  const out: T[] = [];
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': pk },
        ExclusiveStartKey: start,
        ConsistentRead: consistent,
      }),
    );
    out.push(...((page.Items ?? []) as T[]));
    start = page.LastEvaluatedKey;
  } while (start && out.length < cap);
  return out;
}

export async function getCheckin(day: string, year: number, id: number): Promise<CheckinItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: checkinKey(day, year, id), ConsistentRead: true }));
  return out.Item as CheckinItem | undefined;
}

/** The last token given on `day` (0 before the first). */
export async function lastToken(day: string): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: tokenKey(day), ConsistentRead: true }));
  return Number(out.Item?.value ?? 0);
}

/** Positions in the check-in transaction, to read why it was cancelled. */
export const CHECKIN_TX = { token: 0, checkin: 1 } as const;

/**
 * The check-in, all or nothing: the day's token counter moves from `seen` to `seen + 1` (compare-and-set, so a
 * token is used only when this commits: no gaps, no duplicates), the check-in item is put only if the
 * registration has none that day, and the audit entry.
 */
export async function commitCheckin(item: CheckinItem, seen: number, entry: AuditTransactItem): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: T(),
            Key: tokenKey(item.day),
            UpdateExpression: 'SET #v = :next',
            ConditionExpression: seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seen',
            ExpressionAttributeNames: { '#v': 'value' },
            ExpressionAttributeValues: { ':next': item.token, ...(seen === 0 ? {} : { ':seen': seen }) },
          },
        },
        { Put: { TableName: T(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        entry,
      ],
    }),
  );
}

export async function getServing(day: string, counter: string): Promise<ServingItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: servingKey(day, counter), ConsistentRead: true }));
  return out.Item as ServingItem | undefined;
}

/**
 * The counter serves the check-in's token, all or nothing: the counter's line of the queue, the check-in marked
 * with this counter (only if its counter is still `counterSeen`), the line of the counter it `leaves` removed
 * (only while it still shows this registration), and the audit entry.
 */
export async function commitServe(
  serving: ServingItem,
  day: string,
  entry: AuditTransactItem,
  seen: { counterSeen?: string; leaves?: ServingItem },
): Promise<void> {
  const { leaves } = seen;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: T(), Item: serving } },
        {
          Update: {
            TableName: T(),
            Key: checkinKey(day, serving.year, serving.registrationId),
            UpdateExpression: 'SET servedAt = :at, #counter = :counter',
            ConditionExpression: seen.counterSeen
              ? 'attribute_exists(pk) AND #counter = :seen'
              : 'attribute_exists(pk) AND attribute_not_exists(#counter)',
            ExpressionAttributeNames: { '#counter': 'counter' },
            ExpressionAttributeValues: {
              ':at': serving.since,
              ':counter': serving.counter,
              ...(seen.counterSeen ? { ':seen': seen.counterSeen } : {}),
            },
          },
        },
        ...(leaves
          ? [
              {
                Delete: {
                  TableName: T(),
                  Key: { pk: leaves.pk, sk: leaves.sk },
                  ConditionExpression: '#y = :y AND registrationId = :id',
                  ExpressionAttributeNames: { '#y': 'year' },
                  ExpressionAttributeValues: { ':y': leaves.year, ':id': leaves.registrationId },
                },
              },
            ]
          : []),
        entry,
      ],
    }),
  );
}

export { regKey };
