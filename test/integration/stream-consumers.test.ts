import { PutCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { docClient, setDocClientForTests, tableName } from '@functions/lib/aws';
import { kolkataDay, readStats } from '@functions/lib/stats';
import { failedRecords } from '@functions/lib/stream-failures';
import { consumeRecords } from '@functions/lib/stream-consumer';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { replaySetAside } from '@functions/lib/stream-replay';
import { registrationEvents } from '@functions/registrations/registration-events';
import { ERASED } from '@functions/lib/erased';
import { getRegistration } from '@functions/registrations/registration-entity';
import { registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { STREAM_POLL_INTERVAL_MS, startStreamConsumer } from '@infra/local/streams';
import { captureLogLines } from '../support/log-capture';
import { scanTable } from '../support/table';
import { farmerToken } from '../support/tokens';

/**
 * The table's stream consumers (functions/lib/stream-consumer.ts) on DynamoDB Local's stream, read by the
 * stand-in's poller as `npm start` runs it: one record that cannot be handled is set aside whole, logged and
 * replayable, and never holds back the records after it (docs/invariants.md, "Derived data is recomputable").
 */
const { api, tokens } = useTestApi({ streams: true }, 'seller', 'admin');

beforeAll(async () => {
  await seedFormCrops();
});

const counted = async () => (await readStats('registrations', [kolkataDay()])).all.count;

async function register(fields = validFields()) {
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return { year: r.json.data.year as number, id: r.json.data.id as number, code: r.json.data.uniqueCode as string, fields };
}

describe('stream consumers that one record cannot stop', () => {
  it("a seller's unfiltered async export does not stop the farmer links and the counts", async () => {
    await api.drainStreams();
    const before = await counted();
    const ex = await api.call('GET', '/api/export/registrations', { token: tokens.seller, query: { format: 'csv', async: '1' } });
    expect(ex.status, ex.text).toBe(202);
    const regs = [await register(), await register()];
    // The stand-in's poller on its timer, as `npm start` runs it (it reads the stream from its start: the
    // consumer counts each registration once however often it reads it).
    const polling = startStreamConsumer({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      intervalMs: STREAM_POLL_INTERVAL_MS,
      keepPosition: false,
    });
    try {
      for (const r of regs) {
        await expect
          .poll(async () => (await getRegistration(r.year, r.id))?.farmerID, { timeout: 30_000, interval: 200 })
          .toBeGreaterThan(0);
      }
      await expect.poll(counted, { timeout: 30_000, interval: 200 }).toBe(before + 2);
    } finally {
      await polling.stop();
    }
    await api.drainStreams();
    expect(await counted()).toBe(before + 2);
  });

  it('a registration record that cannot be read is set aside whole and logged; the next ones go on', async () => {
    await api.drainStreams();
    const before = await counted();
    // A registration item with an empty map: the stream reader's SDK cannot turn it back into an item.
    const poisonPk = 'REG#2026#9999999991';
    await docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: poisonPk, sk: 'REG', type: 'registration', year: 2026, id: 9999999991, odd: {} },
      }),
    );
    const next = await register();
    const lines = captureLogLines();
    try {
      await api.drainStreams();
    } finally {
      vi.restoreAllMocks();
    }
    expect((await getRegistration(next.year, next.id))!.farmerID).toBeGreaterThan(0);
    expect(await counted()).toBe(before + 1);
    const held = (await failedRecords('registration-events')).filter((r) => r.itemPk === poisonPk);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ setAside: true, attempts: 1 });
    expect(JSON.parse(held[0]!.record).dynamodb.Keys.pk.S).toBe(poisonPk);
    expect(lines.some((l) => l.includes('stream record set aside') && l.includes('registration-events'))).toBe(true);
    // Still unreadable when replayed: it stays set aside, with nothing else changed.
    const replayed = await replaySetAside(registrationEvents);
    expect(replayed.find((o) => o.itemPk === poisonPk)).toMatchObject({ handled: false });
  });

  it('a record that keeps failing is set aside after its attempts, the rest go on, and a replay handles it once fixed', async () => {
    await api.drainStreams();
    const before = await counted();
    const real = docClient();
    const stuck = await register();
    const fine = await register();
    // Every link write of one registration fails (a fault the code cannot get past on its own).
    const stuckPk = `REG#${stuck.year}#${String(stuck.id).padStart(10, '0')}`;
    setDocClientForTests(
      faulty(real, (cmd) =>
        cmd.constructor.name === 'UpdateCommand' &&
        cmd.input.Key?.pk === stuckPk &&
        String(cmd.input.UpdateExpression).includes('farmerID')
          ? named('ValidationException')
          : undefined,
      ),
    );
    try {
      await api.drainStreams();
    } finally {
      setDocClientForTests(real);
    }
    expect((await getRegistration(fine.year, fine.id))!.farmerID).toBeGreaterThan(0);
    expect((await getRegistration(stuck.year, stuck.id))!.farmerID).toBeUndefined();
    // Its count does not wait for its link.
    expect(await counted()).toBe(before + 2);
    const held = (await failedRecords('registration-events')).find((r) => r.itemPk === stuckPk);
    expect(held).toMatchObject({ setAside: true, attempts: 3 });

    const replayed = await replaySetAside(registrationEvents);
    expect(replayed.find((o) => o.itemPk === stuckPk)).toMatchObject({ handled: true });
    expect((await getRegistration(stuck.year, stuck.id))!.farmerID).toBeGreaterThan(0);
    expect((await failedRecords('registration-events')).find((r) => r.itemPk === stuckPk)).toBeUndefined();
    expect(await counted()).toBe(before + 2);
  });
});

describe('erasure that holds against the stream', () => {
  /** Farmer records that still hold any of the registration's personal data (its mobile, its Aadhaar). */
  const farmersHolding = async (r: { year: number; id: number; fields: Record<string, unknown> }) => {
    const { aadhaarHash } = (await getRegistration(r.year, r.id))!;
    return (await scanTable()).filter(
      (i) =>
        String(i.pk).startsWith('FARMER#') &&
        (i.contactNumber === r.fields.mobile ||
          i.aadhaarHash === aadhaarHash ||
          (i.name && i.name !== ERASED && i.aadhaarEnc && i.aadhaarHash === aadhaarHash)),
    );
  };

  it('four erasures in a row, each racing the farmer link, leave no farmer record with the erased data', async () => {
    for (let round = 0; round < 4; round++) {
      await api.drainStreams();
      const reg = await register();
      const asked = await api.call('POST', `/svsregistration/${reg.code}/data-requests`, {
        token: await farmerToken(String(reg.fields.mobile)),
        body: { kind: 'erasure' },
      });
      expect(asked.status, asked.text).toBe(201);
      // The link runs before, during or after the resolution, by round.
      const resolve = () =>
        api.call('POST', `/api/data-requests/${asked.json.id}/resolve`, { token: tokens.admin, body: { outcome: 'done' } });
      let done: Awaited<ReturnType<typeof resolve>>;
      if (round === 0) {
        done = await resolve();
        await api.drainStreams();
      } else if (round === 1) {
        [done] = await Promise.all([resolve(), api.drainStreams()]);
      } else if (round === 2) {
        [, done] = await Promise.all([api.drainStreams(), resolve()]);
        await api.drainStreams();
      } else {
        await api.drainStreams();
        done = await resolve();
      }
      expect(done.status, done.text).toBe(200);
      await api.drainStreams();
      expect(await farmersHolding(reg), `round ${round}`).toEqual([]);
      const stored = (await getRegistration(reg.year, reg.id))!;
      expect(stored.personalDataErasedOn).toBeTruthy();
      expect(stored.aadhaarEnc).toBeUndefined();
      // The reply says what was done: a farmer record is named erased only when one was.
      if (String(done.json.erased).includes('farmer record erased')) expect(stored.farmerID).toBeGreaterThan(0);
    }
  });

  it('a replay of the registration record after its erasure brings nothing back', async () => {
    const reg = await register();
    // The registration as inserted (name, mobile, sealed Aadhaar): what its stream record carries.
    const { farmerID: _f, gsi2pk: _p, gsi2sk: _s, countedAt: _c, ...asInserted } = (await getRegistration(reg.year, reg.id))!;
    expect(asInserted.aadhaarEnc).toBeTruthy();
    const asked = await api.call('POST', `/svsregistration/${reg.code}/data-requests`, {
      token: await farmerToken(String(reg.fields.mobile)),
      body: { kind: 'erasure' },
    });
    const done = await api.call('POST', `/api/data-requests/${asked.json.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'done' },
    });
    expect(done.status, done.text).toBe(200);
    // That record handed over after the erasure (a retry, a bisected batch, a replay), twice.
    const record: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: '77',
        Keys: marshall({ pk: asInserted.pk, sk: 'REG' }) as never,
        NewImage: marshall(asInserted, { removeUndefinedValues: true }) as never,
      },
    };
    expect((await consumeRecords(registrationEvents, [record])).batchItemFailures).toEqual([]);
    expect((await consumeRecords(registrationEvents, [record])).batchItemFailures).toEqual([]);
    await api.drainStreams();
    expect(await farmersHolding(reg)).toEqual([]);
    expect((await getRegistration(reg.year, reg.id))!.farmerID).toBeUndefined();
  });
});
