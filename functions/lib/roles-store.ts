import { GetCommand, TransactWriteCommand } from './dynamo-commands';
import type { TransactItem } from './audited-write';
import { docClient, tableName } from './aws';
import { batchGet } from './batch-get';
import { padId } from './counters';
import { putNewWithClaim, queryAll, takeClaimItem } from './query';

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
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'ROLES' },
  });
  return items.map(pick);
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

/** False when another role holds the name. The audit entry is absent only for the built-in roles the set-up seeds. */
export function insertRole(r: RoleItem, entry: TransactItem | undefined): Promise<boolean> {
  const item = { ...roleKey(r.roleID), gsi1pk: 'ROLES', gsi1sk: padId(r.roleID), ...r };
  return putNewWithClaim(item, takeClaimItem(nameKey(r.name), 'roleID', r.roleID), entry);
}

export async function deleteRoleItems(r: RoleItem, entry: TransactItem): Promise<void> {
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: roleKey(r.roleID) } },
        { Delete: { TableName: tableName(), Key: nameKey(r.name) } },
        entry,
      ],
    }),
  );
}
