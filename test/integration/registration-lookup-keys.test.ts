import { GetCommand, PutCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { dropRegistrationLookupKeys } from '@functions/reconcile/lookup-keys-migration';
import { getRegistration, regKey, registrationsWithId } from '@functions/registrations/registration-entity';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Decision 0047: a registration is written without gsi3 keys, the lookup by number reads each year's key, and the
 * migration removes the keys from registrations stored before (docs/decisions/0047-registration-write-units.md).
 */
const { api, tokens } = useTestApi('admin');

beforeAll(async () => {
  await seedFormCrops();
});

async function register() {
  const r = await newRegistration(api);
  return (await getRegistration(r.year, r.id))!;
}

describe('the lookup by registration number without an index copy', () => {
  it('writes no gsi3 keys and finds the number in every year that holds it, newest first', async () => {
    const reg = await register();
    expect(reg.gsi3pk).toBeUndefined();
    // The same number in an earlier year (as a registration of last season).
    const older = { ...reg, ...regKey(reg.year - 3, reg.id), year: reg.year - 3, uniqeCode: 'older-season-code' };
    await docClient().send(new PutCommand({ TableName: tableName(), Item: older }));

    expect((await registrationsWithId(reg.id)).map((r) => r.year)).toEqual([reg.year, reg.year - 3]);
    const staff = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin });
    expect(staff.status, staff.text).toBe(200);
    // Without a year the staff route gives the newest year's.
    expect(JSON.stringify(staff.json)).toContain(reg.uniqeCode);
    expect(JSON.stringify(staff.json)).not.toContain('older-season-code');
    expect(await registrationsWithId(987_654)).toEqual([]);
  });

  it('removes the gsi3 keys of registrations stored before, once, and leaves them findable', async () => {
    const reg = await register();
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: regKey(reg.year, reg.id),
        UpdateExpression: 'SET gsi3pk = :p, gsi3sk = :s',
        ExpressionAttributeValues: { ':p': `REGID#${reg.id}`, ':s': String(reg.year) },
      }),
    );
    const first = await dropRegistrationLookupKeys(reg.year);
    expect(first.years).toContain(reg.year);
    expect(first.removed).toBeGreaterThanOrEqual(1);
    const stored = await docClient().send(
      new GetCommand({ TableName: tableName(), Key: regKey(reg.year, reg.id), ConsistentRead: true }),
    );
    expect(stored.Item?.gsi3pk).toBeUndefined();
    expect(stored.Item?.gsi3sk).toBeUndefined();
    expect(stored.Item?.uniqeCode).toBe(reg.uniqeCode);
    expect((await registrationsWithId(reg.id))[0]?.uniqeCode).toBe(reg.uniqeCode);

    const again = await dropRegistrationLookupKeys(reg.year);
    expect(again.removed).toBe(0);
    expect(again.read).toBeGreaterThanOrEqual(first.read);
  });
});
