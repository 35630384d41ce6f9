import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { cropKey } from '@functions/crops/crop-entity';
import { useTestApi } from '../support/integration';

const { api, tokens } = useTestApi('admin', 'seller');

let n = 0;
const uniqueName = (base = 'Crop') => `${base} ${++n}`;
const create = (body: Record<string, unknown>) => api.call('POST', '/api/crops', { token: tokens.admin, body });

// docs/product-rules.md#quantities-per-crop
describe('crops: the default rules by name', () => {
  it.each([
    ['Wheat', { unit: 'bag', bagSizeKg: 40, minQty: 1, maxQty: 3, defaultQty: 1 }],
    ['Chick-Pea', { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 }],
    ['MUSTARD', { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 }],
    ['Barley', null],
  ])('%s gets its default registration rules', async (cropName, rules) => {
    const r = await create({ cropName, description: `${cropName} seed` });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ cropName, description: `${cropName} seed`, isActive: true, rules });
    expect(Date.parse(r.json.createdOn)).not.toBeNaN();
  });

  it('refuses a second crop whose name differs only in spaces, hyphens or case', async () => {
    for (const cropName of ['wheat', 'W-H-E-A-T', ' Whe at ', 'chickpea']) {
      const r = await create({ cropName });
      expect(r.status, cropName).toBe(409);
      expect(r.json.message).toMatch(/already exists/);
    }
  });

  it('stores explicit rules, validates them and keeps them on an edit that omits them', async () => {
    const rules = { unit: 'bag', bagSizeKg: 30, minQty: 1, maxQty: 5, defaultQty: 2 };
    const made = await create({ cropName: uniqueName('Paddy'), rules });
    expect(made.status).toBe(201);
    expect(made.json.rules).toEqual(rules);
    const edited = await api.call('PUT', `/api/crops/${made.json.cropID}`, {
      token: tokens.admin,
      body: { cropName: made.json.cropName, description: 'changed' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ description: 'changed', rules });
    const cleared = await api.call('PUT', `/api/crops/${made.json.cropID}`, {
      token: tokens.admin,
      body: { cropName: made.json.cropName, rules: null },
    });
    expect(cleared.json.rules).toBeNull();
    // kg crops count the requested kg as one bag of that size: the bag size is 1.
    const kg = await create({
      cropName: uniqueName('Lentil'),
      rules: { unit: 'kg', bagSizeKg: 25, minQty: 1, maxQty: 4, defaultQty: 1 },
    });
    expect(kg.json.rules.bagSizeKg).toBe(1);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...rules, unit: 'box' }, 'Unit must be bag or kg'],
      [{ ...rules, minQty: 4, maxQty: 2, defaultQty: 2 }, 'Minimum must not exceed maximum'],
      [{ ...rules, defaultQty: 9 }, 'Default must lie between minimum and maximum'],
      [{ ...rules, maxQty: 11 }, 'Maximum must be at most 10'],
      [{ ...rules, bagSizeKg: 0 }, 'Bag size must be at least 1 kg'],
    ];
    for (const [r, message] of bad) {
      const res = await create({ cropName: uniqueName('Bad rules'), rules: r });
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(message);
    }
  });
});

describe('crops: list, search, edit, inactivate, restore', () => {
  it('lists, searches (case-insensitive) and honours take', async () => {
    const made = await create({ cropName: 'Pigeon Pea Special', description: 'Arhar, long duration' });
    const byName = await api.call('GET', '/api/crops', { token: tokens.seller, query: { search: 'PIGEON' } });
    expect(byName.status).toBe(200);
    expect(byName.json.map((c: { cropID: number }) => c.cropID)).toEqual([made.json.cropID]);
    const byDescription = await api.call('GET', '/api/crops', { token: tokens.seller, query: { search: 'arhar' } });
    expect(byDescription.json.map((c: { cropID: number }) => c.cropID)).toEqual([made.json.cropID]);
    const two = await api.call('GET', '/api/crops', { token: tokens.admin, query: { take: 2 } });
    expect(two.json).toHaveLength(2);
    // Empty values are omitted by the client; an empty search is no search.
    const all = await api.call('GET', '/api/crops?search=&take=&includeInactive=', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.json.length).toBeGreaterThan(2);
  });

  it('renames a crop (the old name is free again) and refuses a rename onto another crop', async () => {
    const a = await create({ cropName: uniqueName('Sorghum') });
    const b = await create({ cropName: uniqueName('Millet') });
    const renamed = await api.call('PUT', `/api/crops/${a.json.cropID}`, {
      token: tokens.admin,
      body: { cropName: 'Jowar Grain', description: 'd' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.cropName).toBe('Jowar Grain');
    expect((await create({ cropName: a.json.cropName })).status).toBe(201);
    const clash = await api.call('PUT', `/api/crops/${b.json.cropID}`, {
      token: tokens.admin,
      body: { cropName: 'jowar-grain' },
    });
    expect(clash.status).toBe(409);
    // Same crop, different spelling of its own name: allowed.
    const respell = await api.call('PUT', `/api/crops/${a.json.cropID}`, {
      token: tokens.admin,
      body: { cropName: 'JowarGrain' },
    });
    expect(respell.status).toBe(200);
  });

  it('inactivates and restores; list and dropdown hide inactive crops unless includeInactive', async () => {
    const made = await create({ cropName: uniqueName('Round Trip Crop') });
    const id = made.json.cropID;
    const listIds = async (includeInactive?: boolean) =>
      (await api.call('GET', '/api/crops', { token: tokens.admin, query: { includeInactive, take: 1000 } })).json.map(
        (c: { cropID: number }) => c.cropID,
      );
    const dropIds = async (includeInactive?: boolean) =>
      (await api.call('GET', '/api/crops/dropdown', { query: { includeInactive } })).json.map((c: { id: number }) => c.id);

    expect(await dropIds()).toContain(id);
    const off = await api.call('DELETE', `/api/crops/${id}`, { token: tokens.admin });
    expect(off.status).toBe(200);
    expect(off.json.isActive).toBe(false);
    expect(await listIds()).not.toContain(id);
    expect(await listIds(true)).toContain(id);
    expect(await dropIds()).not.toContain(id);
    expect(await dropIds(true)).toContain(id);

    const on = await api.call('POST', `/api/crops/${id}/restore`, { token: tokens.admin });
    expect(on.status).toBe(200);
    expect(on.json.isActive).toBe(true);
    expect(await listIds()).toContain(id);
    expect(await dropIds()).toContain(id);
  });

  it('serves the dropdown to anyone with id, name and rules, cacheable for anonymous callers', async () => {
    const r = await api.call('GET', '/api/crops/dropdown');
    expect(r.status).toBe(200);
    const wheat = r.json.find((c: { name: string }) => c.name === 'Wheat');
    expect(wheat).toEqual({
      id: expect.any(Number),
      name: 'Wheat',
      nameHi: '',
      isActive: true,
      rules: { unit: 'bag', bagSizeKg: 40, minQty: 1, maxQty: 3, defaultQty: 1 },
    });
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    const staff = await api.call('GET', '/api/crops/dropdown', { token: tokens.admin });
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
  });

  it('reads one crop; 404 for unknown ids on every call', async () => {
    const made = await create({ cropName: uniqueName('Oats') });
    const r = await api.call('GET', `/api/crops/${made.json.cropID}`, { token: tokens.seller });
    expect(r.status).toBe(200);
    expect(r.json.cropName).toBe(made.json.cropName);
    for (const [method, path] of [
      ['GET', '/api/crops/424242'],
      ['PUT', '/api/crops/424242'],
      ['DELETE', '/api/crops/424242'],
      ['POST', '/api/crops/424242/restore'],
    ]) {
      const res = await api.call(method, path, { token: tokens.admin, body: method === 'PUT' ? { cropName: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.message).toBe('Crop 424242 not found');
    }
  });

  it('lets sellers read but not write', async () => {
    expect((await api.call('POST', '/api/crops', { token: tokens.seller, body: { cropName: 'x' } })).status).toBe(403);
    expect((await api.call('GET', '/api/crops', { token: tokens.seller })).status).toBe(200);
    expect((await api.call('GET', '/api/crops')).status).toBe(401);
  });
});

// docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages
describe('crops: validation', () => {
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['name missing', { cropName: undefined }, 'Crop name is required'],
    ['name blank', { cropName: '  ' }, 'Crop name is required'],
    ['name of 200 characters', { cropName: 'c'.repeat(199) + 'Z' }, null],
    ['name of 201 characters', { cropName: 'c'.repeat(201) }, 'Max 200 chars'],
    ['description of 300 characters', { description: 'd'.repeat(300) }, null],
    ['description of 301 characters', { description: 'd'.repeat(301) }, 'Max 300 chars'],
    ['only hyphens as a name', { cropName: '---' }, 'Crop name is required'],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const r = await create({ cropName: uniqueName('Valid'), ...change });
    if (message === null) expect(r.status, r.text).toBe(201);
    else {
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
    }
  });

  it.each([
    ['GET', '/api/crops?take=0'],
    ['GET', '/api/crops?take=1001'],
    ['GET', '/api/crops/x1'],
  ])('refuses %s %s with 400', async (method, path) => {
    const r = await api.call(method, path, { token: tokens.admin });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/take|id/);
  });
});

// docs/product-rules.md#bill-of-supply
describe('crops: the HSN code printed on bills of supply', () => {
  it('presets 1001 for wheat by either name; other crops have none until given', async () => {
    const wheat = await api.call('GET', '/api/crops', { token: tokens.admin });
    expect(wheat.json.find((c: { cropName: string }) => c.cropName === 'Wheat').hsnCode).toBe('1001');
    const hindi = await create({ cropName: 'गेहूँ' });
    expect(hindi.status, hindi.text).toBe(201);
    expect(hindi.json.hsnCode).toBe('1001');
    const barley = await create({ cropName: uniqueName('Barley') });
    expect(barley.json.hsnCode).toBe('');
  });

  it('stores 4, 6 or 8 digits, keeps them on an edit that omits them and clears them with an empty text', async () => {
    const made = await create({ cropName: uniqueName('Lentil'), hsnCode: ' 07134000 ' });
    expect(made.status, made.text).toBe(201);
    expect(made.json.hsnCode).toBe('07134000');
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `/api/crops/${made.json.cropID}`, { token: tokens.admin, body: { cropName: made.json.cropName, ...body } });
    expect((await put({ description: 'x' })).json.hsnCode).toBe('07134000');
    expect((await put({ hsnCode: '071340' })).json.hsnCode).toBe('071340');
    const read = await api.call('GET', `/api/crops/${made.json.cropID}`, { token: tokens.seller });
    expect(read.json.hsnCode).toBe('071340');
    expect((await put({ hsnCode: '' })).json.hsnCode).toBe('');
  });

  it('refuses anything but 4, 6 or 8 digits with a 400 naming the field', async () => {
    const made = await create({ cropName: uniqueName('Millet') });
    for (const hsnCode of ['100', '10011', '1001991', '100199101', '10O1', '1001 99', 1001, null, ['1001']]) {
      for (const r of [
        await create({ cropName: uniqueName('Bad'), hsnCode }),
        await api.call('PUT', `/api/crops/${made.json.cropID}`, {
          token: tokens.admin,
          body: { cropName: made.json.cropName, hsnCode },
        }),
      ]) {
        expect(r.status, `${JSON.stringify(hsnCode)}: ${r.text}`).toBe(400);
        expect(r.json.fields?.hsnCode ?? r.json.message).toMatch(/HSN code: 4, 6 or 8 digits/);
      }
    }
    const seller = await api.call('PUT', `/api/crops/${made.json.cropID}`, {
      token: tokens.seller,
      body: { cropName: made.json.cropName, hsnCode: '1001' },
    });
    expect(seller.status).toBe(403);
  });

  it('reads a wheat crop stored before crops had HSN codes with the preset', async () => {
    const made = await create({ cropName: 'गेहूं', hsnCode: '' });
    expect(made.json.hsnCode).toBe('');
    await docClient().send(
      new UpdateCommand({ TableName: tableName(), Key: cropKey(made.json.cropID), UpdateExpression: 'REMOVE hsnCode' }),
    );
    const read = await api.call('GET', `/api/crops/${made.json.cropID}`, { token: tokens.admin });
    expect(read.json.hsnCode).toBe('1001');
  });
});
