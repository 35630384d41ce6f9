import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BUILT_IN_ROLE_DESCRIPTIONS, ROLES } from '../shared/roles';
import { docClient, tableName } from '../functions/lib/aws';

import { hashPassword } from '../functions/lib/passwords';
import { insertRole, listRoles } from '../functions/lib/roles-store';
import { findUserIdByEmail, insertUser } from '../functions/lib/users-store';
import { nextValue } from '../functions/lib/counters';

/**
 * First-start data: the four built-in roles (ids 1-4) and a super_admin account. Idempotent: used by
 * `npm start`, by tests and by `npm run seed` against a deployed table.
 */
export async function seedRoles(): Promise<void> {
  const existing = new Set((await listRoles()).map((r) => r.name));
  let id = 0;
  for (const name of ROLES) {
    id += 1;
    if (existing.has(name)) continue;
    await insertRole({ roleID: id, name, description: BUILT_IN_ROLE_DESCRIPTIONS[name] }, undefined);
  }
  // Custom roles are numbered after the built-in ones.
  const counter = await docClient().send(new GetCommand({ TableName: tableName(), Key: { pk: 'COUNTER#roles', sk: 'COUNTER' } }));
  if (!counter.Item || Number(counter.Item.value) < ROLES.length) {
    await docClient().send(
      new PutCommand({ TableName: tableName(), Item: { pk: 'COUNTER#roles', sk: 'COUNTER', value: ROLES.length } }),
    );
  }
}

export interface SeededAdmin {
  email: string;
  /** Set only when the password was generated now (print it once). */
  generatedPassword?: string;
  created: boolean;
}

export async function seedSuperAdmin(email: string, password?: string): Promise<SeededAdmin> {
  if (await findUserIdByEmail(email)) return { email, created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  const userID = await nextValue('users');
  await insertUser(
    {
      userID,
      fullName: 'Super Admin',
      email,
      passwordHash: await hashPassword(password ?? generated!),
      isActive: true,
      roleIds: [1],
      createdOn: new Date().toISOString(),
    },
    undefined,
  );
  return { email, generatedPassword: generated, created: true };
}

export async function seedAll(email: string, password?: string): Promise<SeededAdmin> {
  await seedRoles();
  return seedSuperAdmin(email, password);
}
