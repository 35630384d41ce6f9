import { GetCommand, UpdateCommand } from './dynamo-commands';
import { writeWithEntry, type TransactItem } from './audited-write';
import { docClient, tableName } from './aws';
import { getRecord } from './entity-reads';
import { isConditionalFailure } from './retry';
import { putNewWithClaim, queryAll, takeClaimItem } from './query';
import { ALL_USERS_PK, userEmailKey, userEntity, userKey, type UserItem } from './user-entity';

/**
 * Storage of staff and user accounts (the item is defined in user-entity.ts). Read by every function (the
 * auth middleware checks that the caller is still active and takes their current roles), written by the
 * admin area.
 */
export type { UserItem } from './user-entity';

export const getUser = (id: number, consistent = false) => getRecord(userEntity, id, consistent);

export async function findUserIdByEmail(email: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: userEmailKey(email) }));
  return out.Item ? Number(out.Item.userID) : undefined;
}

export async function listUsers(): Promise<UserItem[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': ALL_USERS_PK },
  });
  return userEntity.fromItems(items);
}

/**
 * Creates the account and claims its email in one transaction with its audit entry (none only for the first
 * account the set-up seeds); false when the email is taken.
 */
export function insertUser(u: UserItem, entry: TransactItem | undefined): Promise<boolean> {
  const item = userEntity.toItem({ ...u, email: u.email.toLowerCase() });
  return putNewWithClaim(item, takeClaimItem(userEmailKey(u.email), 'userID', u.userID), entry);
}

/**
 * Sets the given fields of the account as it was read (`before`), with the change's audit entry. With
 * endSessions the account's tokenVersion goes up in the same write, so every token issued before stops
 * working at once. Returns the account after the write, or undefined when there is no such account.
 */
export async function updateUserFields(
  before: UserItem,
  fields: Partial<Pick<UserItem, 'fullName' | 'isActive' | 'roleIds' | 'passwordHash'>>,
  opts: { endSessions?: boolean },
  entry: TransactItem,
): Promise<UserItem | undefined> {
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
    await writeWithEntry(
      {
        Update: {
          TableName: tableName(),
          Key: userKey(before.userID),
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      entry,
    );
    const version = (before.tokenVersion ?? 0) + (opts.endSessions ? 1 : 0);
    return { ...before, ...changed, tokenVersion: version };
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
