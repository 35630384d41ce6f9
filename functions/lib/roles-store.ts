import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from './aws';
import { batchGet } from './batch-get';
import { padId } from './counters';

/**
 * ROLE#<id> / ROLE            the role (gsi1: ROLES / <padded id>)
 * ROLENAME#<name> / ROLENAME  uniqueness of the name
 */
export interface RoleItem {
  roleID: number;
  name: string;
  description: string;
}

const roleKey = (id: number) => ({ pk: `ROLE#${id}`, sk: 'ROLE' });
const nameKey = (name: string) => ({ pk: `ROLENAME#${name.toLowerCase()}`, sk: 'ROLENAME' });

const pick = (i: Record<string, unknown>): RoleItem => ({
  roleID: Number(i.roleID),
  name: String(i.name),
  description: String(i.description ?? ''),
});

export async function listRoles(): Promise<RoleItem[]> {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': 'ROLES' },
    }),
  );
  return (out.Items ?? []).map(pick);
}

export async function getRole(id: number): Promise<RoleItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: roleKey(id) }));
  return out.Item ? pick(out.Item) : undefined;
}

/** Names of the given role ids; ids that do not exist are left out. */
export async function roleNames(ids: readonly number[]): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  for (const i of await batchGet(ids.map(roleKey))) map.set(Number(i.roleID), String(i.name));
  return map;
}

export async function insertRole(r: RoleItem): Promise<boolean> {
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...roleKey(r.roleID), gsi1pk: 'ROLES', gsi1sk: padId(r.roleID), ...r },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...nameKey(r.name), roleID: r.roleID },
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

export async function deleteRoleItems(r: RoleItem): Promise<void> {
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: roleKey(r.roleID) } },
        { Delete: { TableName: tableName(), Key: nameKey(r.name) } },
      ],
    }),
  );
}
