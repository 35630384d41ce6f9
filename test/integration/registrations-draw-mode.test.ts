import type { DocClient } from '@functions/lib/dynamo-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readApplicants } from '@functions/allocation/draw-store';
import { readPool } from '@functions/allocation/pool';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import { clearConfigCache } from '@functions/lib/config-store';
import { getRegistration } from '@functions/registrations/registration-entity';
import { kolkataDate } from '@shared/schemas/registration';
import { faulty, named } from '../support/faulty-client';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { postJson, registerFarmer, seedCrop, validFields } from '../fixtures/registration-helpers';
import { newRegistration, saveConfig } from '../support/steps';

/**
 * Registrations in draw mode (docs/decisions/0022-allocation.md, section 4): each is applied, with no date
 * and nothing promised; the pool counts it and its transaction writes the applicant entry the draw reads
 * (grams, category, gender). The rest of the registration path is as in first-come mode.
 */
const { api, tokens } = useTestApi('super_admin');
const YEAR = Number(kolkataDate(new Date()).slice(0, 4));
let realClient: DocClient;

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

beforeAll(async () => {
  realClient = docClient();
  await setConfig('AllocationMode', 'draw');
});
afterEach(() => setDocClientForTests(realClient));
afterAll(() => setDocClientForTests(undefined));

describe('a registration in draw mode', () => {
  it('is applied: no date, no promise, counted in the pool, its applicant entry written; a retry gets the same answer', async () => {
    const cropId = await seedCrop('Chickpea', { stockKg: 100 });
    const fields = validFields({ cropName: 'Chickpea', bagsRequested: 4, category: 'SC', gender: 'महिला' });
    const r = await registerFarmer(api, fields);
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.status).toBe('applied');
    expect(r.json.data).not.toHaveProperty('waitlistPosition');
    const id = r.json.data.id as number;

    const stored = await getRegistration(YEAR, id, true);
    expect(stored).toMatchObject({ status: 'applied', promisedGrams: 4000 });
    expect(stored?.appointmentDate).toBeUndefined();
    expect(stored?.appointmentShift).toBeUndefined();
    expect(await readApplicants(cropId, YEAR)).toEqual([{ id, grams: 4000, category: 'SC', gender: 'महिला' }]);
    expect(await readPool(cropId, YEAR)).toMatchObject({ applied: 1, promisedGrams: 0, confirmed: 0, freeGrams: 100_000 });
    // No shift was booked, no due or queue entry written.
    const items = await scanTable({ ConsistentRead: true }, realClient);
    expect(items.filter((i) => String(i.pk).startsWith('SLOT#'))).toEqual([]);
    expect(items.filter((i) => String(i.pk).startsWith('DUE#') || String(i.pk).startsWith('QUEUE#'))).toEqual([]);

    const again = await postJson(
      api,
      '/svsregistration',
      { ...fields, fileKey: r.fileKey },
      { 'idempotency-key': r.idempotencyKey },
    );
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ id, status: 'applied' });

    const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqueCode}`);
    expect(letter.status).toBe(200);
    expect(letter.json.data[0]).toMatchObject({ status: 'applied' });
    expect(letter.json.data[0].appointmentDate).toBeUndefined();
  });

  it('applies every one of many at once, whatever the stock', async () => {
    const cropId = await seedCrop('Mustard', { stockKg: 5 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => registerFarmer(api, validFields({ cropName: 'Mustard', bagsRequested: 2 }))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(replies.map((r) => r.json.data.status))).toEqual(new Set(['applied']));
    expect((await readApplicants(cropId, YEAR)).map((a) => a.id).sort((a, b) => a - b)).toEqual(
      replies.map((r) => r.json.data.id as number).sort((a, b) => a - b),
    );
    expect(await readPool(cropId, YEAR)).toMatchObject({ applied: 20, promisedGrams: 0, waiting: 0, queueTail: 0 });
  });

  it('takes the count back when the registration is not written', async () => {
    const cropId = await seedCrop('Barley', { stockKg: 100 });
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'TransactWriteCommand' && cmd.input.TransactItems?.[0]?.Put?.Item?.type === 'registration'
          ? named('ValidationException')
          : undefined,
      ),
    );
    const r = await registerFarmer(api, validFields({ cropName: 'Barley' }));
    expect(r.status).toBeGreaterThanOrEqual(500);
    setDocClientForTests(realClient);
    expect(await readPool(cropId, YEAR)).toMatchObject({ applied: 0 });
    expect(await readApplicants(cropId, YEAR)).toEqual([]);
  });

  it('refuses with the bilingual 503 "please submit again" when the mode cannot be read, rather than giving a date first-come', async () => {
    const cropId = await seedCrop('Lentil', { stockKg: 100 });
    clearConfigCache();
    setDocClientForTests(
      faulty(realClient, (cmd) =>
        cmd.constructor.name === 'GetCommand' && cmd.input.Key?.pk === 'CONFIG' && cmd.input.Key?.sk === 'AllocationMode'
          ? named('ECONNRESET', { $metadata: {} })
          : undefined,
      ),
    );
    const r = await registerFarmer(api, validFields({ cropName: 'Lentil', bagsRequested: 1 }));
    setDocClientForTests(realClient);
    expect(r.status, r.text).toBe(503);
    expect(r.json.message).toBe(
      'सर्वर अभी व्यस्त है, कृपया थोड़ी देर में फिर से जमा करें / The server is busy. Please submit again in a moment.',
    );
    expect(await readPool(cropId, YEAR)).toMatchObject({ applied: 0, confirmed: 0, waiting: 0, promisedGrams: 0 });

    const again = await newRegistration(api, { cropName: 'Lentil', bagsRequested: 1 });
    expect(again.status).toBe('applied');
  });

  it('goes back to first-come when the setting does', async () => {
    await setConfig('AllocationMode', 'first-come');
    try {
      await seedCrop('Wheat', { stockKg: 1000 });
      const r = await registerFarmer(api, validFields({ cropName: 'Wheat', bagsRequested: 1 }));
      expect(r.json.data.status).toBe('confirmed');
    } finally {
      await setConfig('AllocationMode', 'draw');
    }
  });
});
