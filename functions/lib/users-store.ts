import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from './aws';
import { isConditionalFailure } from './retry';
import { padId } from './counters';

/**
 * Staff and user accounts. Read by every function (the auth middleware checks that the caller is still
 * active and takes their current roles), written by the admin area.
 *
 * USER#<id> / USER                      the account (gsi1: USERS / <padded id>)
 *                                       tokenVersion: raised to end every token issued before (absent = 0)
 * USEREMAIL#<email> / USEREMAIL         uniqueness of the email, holds the id
 */
export interface UserItem {
  userID: number;
  fullName: string;
  email: string;
  passwordHash: string;
  isActive: boolean;
  roleIds: number[];
  createdOn: string;
  updatedOn?: string;
  /** Tokens carry the version they were issued at; raising it ends them all at once. Absent means 0. */
  tokenVersion?: number;
}

const userKey = (id: number) => ({ pk: `USER#${id}`, sk: 'USER' });
const emailKey = (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'USEREMAIL' });

function strip(item: Record<string, unknown> | undefined): UserItem | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest } = item;
  return rest as unknown as UserItem;
}

export async function getUser(id: number, consistent = false): Promise<UserItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: consistent }));
  return strip(out.Item);
}

export async function findUserIdByEmail(email: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  return out.Item ? Number(out.Item.userID) : undefined;
}

export async function listUsers(): Promise<UserItem[]> {
  const items: UserItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': 'USERS' },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of out.Items ?? []) items.push(strip(i)!);
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Creates the account and claims its email in one transaction; false when the email is taken. */
export async function insertUser(u: UserItem): Promise<boolean> {
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...userKey(u.userID), gsi1pk: 'USERS', gsi1sk: padId(u.userID), ...u, email: u.email.toLowerCase() },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailKey(u.email), userID: u.userID },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'TransactionCanceledException') return false;
    throw e;
  }
}

/**
 * Sets the given fields. With endSessions the account's tokenVersion goes up in the same write, so every
 * token issued before stops working at once. Returns the account as it was before the write, or undefined
 * when there is no such account.
 */
export async function updateUserFields(
  id: number,
  fields: Partial<Pick<UserItem, 'fullName' | 'isActive' | 'roleIds' | 'passwordHash'>>,
  opts: { endSessions?: boolean } = {},
): Promise<{ before: UserItem; after: UserItem } | undefined> {
  const names: Record<string, string> = { '#updatedOn': 'updatedOn' };
  const values: Record<string, unknown> = { ':updatedOn': new Date().toISOString() };
  const sets = ['#updatedOn = :updatedOn'];
  const changed: Partial<UserItem> = { updatedOn: values[':updatedOn'] as string };
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
    (changed as Record<string, unknown>)[k] = v;
  }
  let expression = `SET ${sets.join(', ')}`;
  if (opts.endSessions) {
    names['#tv'] = 'tokenVersion';
    values[':one'] = 1;
    expression += ' ADD #tv :one';
  }
  try {
    const out = await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = strip(out.Attributes)!;
    const version = (before.tokenVersion ?? 0) + (opts.endSessions ? 1 : 0);
    return { before, after: { ...before, ...changed, tokenVersion: version } };
  } catch (e) {
    if (isConditionalFailure(e)) return undefined;
    throw e;
  }
}

/** Ends every token of the account issued before now (tokenVersion + 1). */
export async function endUserSessions(id: number): Promise<void> {
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(id),
      UpdateExpression: 'ADD #tv :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#tv': 'tokenVersion' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}
