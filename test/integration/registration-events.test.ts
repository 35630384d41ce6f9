import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { kolkataDay, readStats } from '@functions/lib/stats';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { consumeRecords } from '@functions/lib/stream-consumer';
import { registrationEvents } from '@functions/registrations/registration-events';
import { getRegistration, type RegistrationItem } from '@functions/registrations/registration-entity';
import { postJson, registerFarmer, seedFormCrops, uploadScan, validFields, SAMPLE_PDF } from '../fixtures/registration-helpers';
import { startStreamConsumer } from '@infra/local/streams';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';

/**
 * What follows a new registration from the table's stream (functions/registrations/registration-events.ts): the
 * farmer link and the dashboard's registration counters. The submit itself does neither; the stream's consumer
 * does both, once, however often a batch is delivered, and a batch that failed half-way is completed by its
 * next delivery.
 */
const { api } = useTestApi({ streams: true }, 'admin');
let realClient: ReturnType<typeof docClient>;

beforeAll(async () => {
  realClient = docClient();
  await seedFormCrops();
});

const registrationsCounted = async () => (await readStats('registrations', [kolkataDay()])).all.count;
const farmers = async () => (await scanTable()).filter((i) => String(i.pk).startsWith('FARMER#'));

async function register(fields = validFields()) {
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return (await getRegistration(r.json.data.year, r.json.data.id))!;
}

/** The registration's insert as the stream delivers it. */
let sequence = 10_000_000;
const insertOf = (r: RegistrationItem): DynamoDBRecord => {
  const { farmerID: _f, gsi2pk: _p, gsi2sk: _s, countedAt: _c, ...asInserted } = r;
  return {
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(++sequence).padStart(21, '0'),
      Keys: marshall({ pk: r.pk, sk: r.sk }) as never,
      NewImage: marshall(asInserted, { removeUndefinedValues: true }) as never,
    },
  };
};
const consume = (records: DynamoDBRecord[]) => consumeRecords(registrationEvents, records);

describe('registration events from the stream', () => {
  it('leaves the farmer link and the count to the stream: the submit writes neither, the consumer both', async () => {
    await api.drainStreams();
    const before = await registrationsCounted();
    const reg = await register();
    expect(reg.farmerID).toBeUndefined();
    expect(await registrationsCounted()).toBe(before);

    await api.drainStreams();
    const linked = (await getRegistration(reg.year, reg.id))!;
    expect(linked.farmerID).toBeGreaterThan(0);
    expect(linked.gsi2pk).toBe(`FARMER#${linked.farmerID}`);
    expect(await registrationsCounted()).toBe(before + 1);
    const row = await api.call('GET', `/api/farmers/${linked.farmerID}/registrations`, { token: await api.tokenFor('admin') });
    expect(row.json.map((x: { id: number }) => x.id)).toContain(reg.id);
  });

  it('counts and links once when the same batch is delivered again, and links a returning farmer to the same record', async () => {
    await api.drainStreams();
    const before = await registrationsCounted();
    const farmerCount = (await farmers()).length;
    const fields = validFields();
    const first = await register(fields);
    const second = await register(validFields({ adharNumber: fields.adharNumber, mobile: fields.mobile, cropName: 'Chickpea' }));

    // The batch holding both inserts, delivered again and again (and at once), as the mapping retries a batch.
    // (The stand-in's own stream records of these two are a different batch, read by a later drain.)
    const batch = [insertOf(first), insertOf(second)];
    expect(await consume(batch)).toEqual({ batchItemFailures: [] });
    await consume(batch);
    await Promise.all(Array.from({ length: 5 }, () => consume(batch)));
    // Each record alone, and in other batches (the mapping bisects a batch after a failure).
    await consume([batch[1]!]);
    await consume([batch[1]!, batch[0]!]);
    expect(await registrationsCounted()).toBe(before + 2);
    expect((await farmers()).length).toBe(farmerCount + 1);
    const [a, b] = await Promise.all([getRegistration(first.year, first.id), getRegistration(second.year, second.id)]);
    expect(a!.farmerID).toBeGreaterThan(0);
    expect(b!.farmerID).toBe(a!.farmerID);
  });

  it('makes a new farmer in two steps and completes one whose maker stopped between its Aadhaar claim and the farmer', async () => {
    await api.drainStreams();
    const reg = await register();
    // The farmer's Aadhaar claim is written and the farmer is not: a consumer stopped between the two Puts.
    const puts: string[] = [];
    setDocClientForTests(
      faulty(realClient, (cmd) => {
        if (cmd.constructor.name === 'PutCommand') puts.push(String(cmd.input.Item?.pk ?? '').split('#')[0]);
        return cmd.constructor.name === 'PutCommand' && String(cmd.input.Item?.pk ?? '').startsWith('FARMER#')
          ? named('ValidationException')
          : undefined;
      }),
    );
    const batch = [insertOf(reg)];
    try {
      expect(await consume(batch)).toEqual({ batchItemFailures: [{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }] });
    } finally {
      setDocClientForTests(realClient);
    }
    expect(puts).toContain('FARMERAADHAAR');
    const claim = (await scanTable()).find((i) => i.pk === `FARMERAADHAAR#${reg.aadhaarHash}`);
    expect(claim?.farmerID).toBeGreaterThan(0);
    expect((await farmers()).some((f) => f.pk === `FARMER#${claim!.farmerID}`)).toBe(false);
    expect((await getRegistration(reg.year, reg.id))!.farmerID).toBeUndefined();

    // Delivered again: the farmer is written under the claimed number and the registration linked to it.
    expect(await consume(batch)).toEqual({ batchItemFailures: [] });
    const farmer = (await farmers()).find((f) => f.pk === `FARMER#${claim!.farmerID}`);
    expect(farmer).toMatchObject({ name: reg.name, contactNumber: reg.mobileNumber, aadhaarHash: reg.aadhaarHash });
    const linked = (await getRegistration(reg.year, reg.id))!;
    expect(linked.farmerID).toBe(claim!.farmerID);
    expect(linked.farmerLink).toBeUndefined();
  });

  it('completes a record that failed between the link and the counters when it is delivered again', async () => {
    await api.drainStreams();
    const reg = await register();
    const before = await registrationsCounted();
    const batch = [insertOf(reg)];
    // The counters' transaction fails (after the link was written): the record alone is answered failed.
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'TransactWriteCommand' &&
        String(cmd.input.TransactItems?.[0]?.Put?.Item?.pk ?? '').startsWith('REGCOUNTED#')
          ? named('ValidationException')
          : undefined,
      ),
    );
    try {
      expect(await consume(batch)).toEqual({ batchItemFailures: [{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }] });
    } finally {
      setDocClientForTests(realClient);
    }
    const half = (await getRegistration(reg.year, reg.id))!;
    expect(half.farmerID).toBeGreaterThan(0);
    expect(await registrationsCounted()).toBe(before);

    expect(await consume(batch)).toEqual({ batchItemFailures: [] });
    expect(await registrationsCounted()).toBe(before + 1);
    expect((await getRegistration(reg.year, reg.id))!.farmerID).toBe(half.farmerID);
  });

  it('ignores other items and changes, and a registration erased before its batch came', async () => {
    const before = await registrationsCounted();
    const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', seq: string, item?: Record<string, unknown>): DynamoDBRecord => ({
      eventName,
      dynamodb: {
        SequenceNumber: seq,
        Keys: marshall({ pk: item?.pk ?? 'X#1', sk: item?.sk ?? 'X' }) as never,
        ...(item ? { NewImage: marshall(item) as never } : {}),
      },
    });
    const other = [
      record('INSERT', '1', { pk: 'CROP#1', sk: 'CROP', type: 'crop' }),
      record('MODIFY', '2', { pk: 'REG#2026#0000000001', sk: 'REG', type: 'registration' }),
      record('REMOVE', '3'),
    ];
    expect(await consume(other)).toEqual({ batchItemFailures: [] });
    expect(await registrationsCounted()).toBe(before);
  });

  it('makes one registration, one farmer and one count of a burst of 50 identical submits', async () => {
    await api.drainStreams();
    const before = await registrationsCounted();
    const fields = validFields();
    const { key } = await uploadScan(api, SAMPLE_PDF);
    const idempotencyKey = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        postJson(api, '/svsregistration', { ...fields, fileKey: key }, { 'idempotency-key': idempotencyKey }),
      ),
    );
    for (const r of replies) expect([200, 201], r.text).toContain(r.status);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.json.data.id)).size).toBe(1);
    // No pending claim is left behind by the requests that waited.
    const claims = (await scanTable()).filter((i) => String(i.pk).startsWith('REGCLAIM#'));
    expect(claims.filter((c) => c.id === undefined)).toEqual([]);

    await api.drainStreams();
    expect(await registrationsCounted()).toBe(before + 1);
    const reg = (await getRegistration(replies[0].json.data.year, replies[0].json.data.id))!;
    const mine = await docClient().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': `FARMER#${reg.farmerID}` },
      }),
    );
    expect((mine.Items ?? []).filter((i) => i.type === 'registration')).toHaveLength(1);
  });

  it('links on its own when the consumer reads the stream on a timer, as `npm start` runs it', async () => {
    await api.drainStreams();
    // A second reader of the same stream, polling every 50 ms as the stand-in's timer does (the file's own reader
    // runs only when drained). It starts from the stream's beginning, in batches of its own, so it counts again
    // what the first reader counted: this test comes last and looks at the link only.
    const polling = startStreamConsumer({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      intervalMs: 50,
      keepPosition: false,
    });
    try {
      const reg = await register();
      await expect
        .poll(async () => (await getRegistration(reg.year, reg.id))?.farmerID, { timeout: 30_000, interval: 100 })
        .toBeGreaterThan(0);
    } finally {
      await polling.stop();
    }
  });
});
