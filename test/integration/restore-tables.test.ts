import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '@infra/local/dynamo';
import { compareTables, itemsToPutBack, putMissing, type Item } from '@infra/restore/compare-tables';

/**
 * The copy-back step of the point-in-time restore runbook, against DynamoDB Local: a "restored" table holds the
 * items as they were, the "live" one has since lost some, changed one and gained others.
 */
const endpoint = inject('dynamoEndpoint');
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'ap-south-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);
afterAll(() => client.destroy());

const before: Item[] = [
  { pk: 'REG#1', sk: 'REG', type: 'registration', status: 'confirmed', quantityKg: 40 },
  { pk: 'REG#2', sk: 'REG', type: 'registration', status: 'confirmed', quantityKg: 20 },
  { pk: 'REG#3', sk: 'REG', type: 'registration', status: 'waitlisted', quantityKg: 10 },
  { pk: 'FARMER#7', sk: 'FARMER', type: 'farmer', name: 'रामू', mobile: '9876543210' },
  { pk: 'AUDIT#2026-11-26', sk: 'x#1', type: 'audit', action: 'sale.make' },
  { pk: 'COUNTER#REG#2026', sk: 'COUNTER', value: 3 },
];

let restoredTable: string;
let liveTable: string;

async function putAll(table: string, items: Item[]) {
  for (const Item of items) await client.send(new PutCommand({ TableName: table, Item }));
}

beforeEach(async () => {
  restoredTable = `t-restored-${randomUUID()}`;
  liveTable = `t-live-${randomUUID()}`;
  await Promise.all([ensureTable(endpoint, restoredTable), ensureTable(endpoint, liveTable)]);
  await putAll(restoredTable, before);
  await putAll(liveTable, before);
  // What happened to the live table after the restore point: two items lost, one changed, one new.
  await client.send(new DeleteCommand({ TableName: liveTable, Key: { pk: 'REG#2', sk: 'REG' } }));
  await client.send(new DeleteCommand({ TableName: liveTable, Key: { pk: 'AUDIT#2026-11-26', sk: 'x#1' } }));
  await putAll(liveTable, [
    { pk: 'REG#3', sk: 'REG', type: 'registration', status: 'confirmed', quantityKg: 10 },
    { pk: 'REG#4', sk: 'REG', type: 'registration', status: 'confirmed', quantityKg: 5 },
    { pk: 'COUNTER#REG#2026', sk: 'COUNTER', value: 4 },
  ]);
});

const live = async (pk: string, sk: string) =>
  (await client.send(new GetCommand({ TableName: liveTable, Key: { pk, sk }, ConsistentRead: true }))).Item;

describe('comparing a restored table with the live one', () => {
  it('finds, per key family, what was lost, what differs and what is new', async () => {
    const d = await compareTables(client, { restoredTable, liveTable });
    expect(d.get('REG')!.onlyInRestored.map((i) => i.pk)).toEqual(['REG#2']);
    expect(d.get('REG')!.differing.map((x) => [x.restored.status, x.live.status])).toEqual([['waitlisted', 'confirmed']]);
    expect(d.get('REG')!).toMatchObject({ onlyInLive: 1, same: 1 });
    expect(d.get('FARMER')).toMatchObject({ same: 1, onlyInRestored: [], differing: [], onlyInLive: 0 });
    expect(d.get('AUDIT')!.onlyInRestored).toHaveLength(1);
    expect(d.get('COUNTER')!.differing).toHaveLength(1);

    const onlyRegistrations = await compareTables(client, { restoredTable, liveTable, families: ['REG'] });
    expect([...onlyRegistrations.keys()]).toEqual(['REG']);
  });

  it('puts back only what the live table lost, never overwrites, and leaves audit entries unless named', async () => {
    const d = await compareTables(client, { restoredTable, liveTable });
    const items = itemsToPutBack(d);
    expect(items.map((i) => i.pk)).toEqual(['REG#2']);
    expect(itemsToPutBack(d, ['AUDIT']).map((i) => i.pk)).toEqual(['AUDIT#2026-11-26']);

    // The application writes REG#2 again between the comparison and the copy: its item is kept.
    await putAll(liveTable, [{ pk: 'REG#2', sk: 'REG', type: 'registration', status: 'cancelled', quantityKg: 20 }]);
    const first = await putMissing(client, liveTable, items);
    expect(first).toEqual({ put: 0, taken: [{ pk: 'REG#2', sk: 'REG' }] });
    expect((await live('REG#2', 'REG'))!.status).toBe('cancelled');

    await client.send(new DeleteCommand({ TableName: liveTable, Key: { pk: 'REG#2', sk: 'REG' } }));
    expect(await putMissing(client, liveTable, items)).toEqual({ put: 1, taken: [] });
    expect(await live('REG#2', 'REG')).toEqual(before[1]);
    expect((await live('REG#3', 'REG'))!.status).toBe('confirmed');
    expect((await live('COUNTER#REG#2026', 'COUNTER'))!.value).toBe(4);
    expect(await live('AUDIT#2026-11-26', 'x#1')).toBeUndefined();
  });

  it('runs from the command line: reports first, writes only when told', () => {
    const dir = mkdtempSync(join(tmpdir(), 'restore-'));
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'infra/restore-cli.ts', '--restored', restoredTable, '--live', liveTable, ...args], {
        env: { ...process.env, DYNAMODB_ENDPOINT: endpoint },
        encoding: 'utf8',
        timeout: 120_000,
      });

    const report = run('--report', join(dir, 'diff.json'));
    expect(report.status, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/REG\s+1\s+1\s+1\s+1/);
    expect(report.stdout).toContain('Nothing written');
    const written = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8'));
    expect(written.REG.onlyInRestored[0].pk).toBe('REG#2');

    const copy = run('--family', 'REG', '--put-missing');
    expect(copy.status, copy.stderr).toBe(0);
    expect(copy.stdout).toContain('Put back 1 items');

    const bad = spawnSync('npx', ['tsx', 'infra/restore-cli.ts', '--live', liveTable], { encoding: 'utf8', timeout: 120_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage');
  }, 240_000);
});
