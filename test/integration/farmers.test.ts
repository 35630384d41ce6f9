import { PutCommand, UpdateCommand } from '@functions/lib/dynamo-commands';
import { describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { MSG_AADHAAR_INVALID } from '@shared/aadhaar';
import { testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { expectEachNotFound, expectEachSearchFindsOnly } from '../support/api-checks';

const { api, tokens } = useTestApi('admin', 'seller');

let seq = 0;
const nextAadhaar = () => testAadhaar(`8${String(++seq).padStart(10, '0')}`);
const valid = () => ({
  name: `Farmer ${++seq}`,
  aadhaarNumber: nextAadhaar(),
  contactNumber: '9123456780',
  village: 'Bithoor',
  category: 'OBC',
  fatherName: 'Shyam Lal',
  adharFilePath: 'aadhaar/2026/abc.pdf',
  address: 'Ward 4, Bithoor, Kanpur Nagar',
});
const create = (body: Record<string, unknown>) => api.call('POST', '/api/farmers', { token: tokens.admin, body });

describe('farmers: create, read, list, search', () => {
  it('creates a farmer; the full Aadhaar only to admins on a single record', async () => {
    const body = valid();
    const r = await create(body);
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ ...body, aadhaarNumber: null, aadhaarLast4: body.aadhaarNumber.slice(-4), isActive: true });
    const id = r.json.farmerID;
    expect((await api.call('GET', `/api/farmers/${id}`, { token: tokens.admin })).json.aadhaarNumber).toBe(body.aadhaarNumber);
    const asSeller = await api.call('GET', `/api/farmers/${id}`, { token: tokens.seller });
    expect(asSeller.status).toBe(200);
    expect(asSeller.json.aadhaarNumber).toBeNull();
    expect(asSeller.json.aadhaarLast4).toBe(body.aadhaarNumber.slice(-4));
    const list = await api.call('GET', '/api/farmers', { token: tokens.admin });
    expect(list.json.find((f: { farmerID: number }) => f.farmerID === id)).toMatchObject({
      aadhaarNumber: null,
      name: body.name,
    });
    expect(list.text).not.toContain(body.aadhaarNumber);
  });

  it('finds a farmer by exact contact number even where the text search does not reach, and follows a change', async () => {
    const body = { ...valid(), contactNumber: '9001122334' };
    const id = (await create(body)).json.farmerID;
    // As for a farmer older than the newest ones the text search reads: no text to match.
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `FARMER#${id}`, sk: 'FARMER' },
        UpdateExpression: 'SET searchText = :e',
        ExpressionAttributeValues: { ':e': '' },
      }),
    );
    const ids = async (query: Record<string, string | boolean>) =>
      (await api.call('GET', '/api/farmers', { token: tokens.seller, query })).json.map((f: { farmerID: number }) => f.farmerID);
    expect(await ids({ search: body.name })).toEqual([]);
    expect(await ids({ search: '9001122334' })).toEqual([id]);
    await api.call('DELETE', `/api/farmers/${id}`, { token: tokens.admin });
    expect(await ids({ search: '9001122334' })).toEqual([]);
    expect(await ids({ search: '9001122334', includeInactive: true })).toEqual([id]);
    await api.call('POST', `/api/farmers/${id}/restore`, { token: tokens.admin });
    const moved = await api.call('PUT', `/api/farmers/${id}`, {
      token: tokens.admin,
      body: { ...body, contactNumber: '9001122999' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await ids({ search: '9001122334' })).toEqual([]);
    expect(await ids({ search: '9001122999' })).toEqual([id]);
    const cleared = await api.call('PUT', `/api/farmers/${id}`, { token: tokens.admin, body: { ...body, contactNumber: '' } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await ids({ search: '9001122999' })).toEqual([]);
  });

  it('accepts a farmer without Aadhaar or contact', async () => {
    const r = await create({ name: 'No Papers Yet', aadhaarNumber: '', contactNumber: null });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ aadhaarNumber: null, aadhaarLast4: '', contactNumber: '', village: '' });
  });

  it('searches by name, Aadhaar (exact 12 digits or last 4), contact and village', async () => {
    const body = { ...valid(), name: 'Kamla Devi Searchable', contactNumber: '9988776655', village: 'Zzyzx Khurd' };
    const id = (await create(body)).json.farmerID;
    const spaced = `${body.aadhaarNumber.slice(0, 4)} ${body.aadhaarNumber.slice(4, 8)} ${body.aadhaarNumber.slice(8)}`;
    await expectEachSearchFindsOnly(api, tokens.seller, {
      path: '/api/farmers',
      idKey: 'farmerID',
      id,
      searches: ['kamla devi', '9988776655', 'zzyzx', body.aadhaarNumber, spaced],
    });
    const last4 = await api.call('GET', '/api/farmers', {
      token: tokens.seller,
      query: { search: body.aadhaarNumber.slice(-4) },
    });
    expect(last4.json.map((f: { farmerID: number }) => f.farmerID)).toContain(id);
    expect(
      (await api.call('GET', '/api/farmers', { token: tokens.seller, query: { search: 'nobody by this name' } })).json,
    ).toEqual([]);
  });

  it('finds a farmer by Aadhaar number (exact keyed-hash lookup)', async () => {
    const body = valid();
    const id = (await create(body)).json.farmerID;
    const r = await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: body.aadhaarNumber } });
    expect(r.status).toBe(200);
    // The caller typed the number; the reply does not repeat it (the clear number is on GET /api/farmers/{id} only).
    expect(r.json).toMatchObject({ farmerID: id, aadhaarNumber: null, aadhaarLast4: body.aadhaarNumber.slice(-4) });
    const asSeller = await api.call('GET', '/api/farmers/by-aadhaar', {
      token: tokens.seller,
      query: { aadhaar: body.aadhaarNumber },
    });
    expect(asSeller.json).toMatchObject({ farmerID: id, aadhaarNumber: null });
    const none = await api.call('GET', '/api/farmers/by-aadhaar', {
      token: tokens.admin,
      query: { aadhaar: testAadhaar('21112222333') },
    });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('No farmer with this Aadhaar number');
    const long = await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: '1111222233334' } });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('Aadhaar must be 12 digits');
    const missing = await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('aadhaar is required');
    expect((await api.call('GET', '/api/farmers/by-aadhaar', { query: { aadhaar: body.aadhaarNumber } })).status).toBe(401);
  });

  it('honours take and refuses malformed list queries', async () => {
    await create(valid());
    await create(valid());
    expect((await api.call('GET', '/api/farmers', { token: tokens.admin, query: { take: 1 } })).json).toHaveLength(1);
    for (const take of [0, 1001, 'x']) {
      const r = await api.call('GET', '/api/farmers', { token: tokens.admin, query: { take } });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/take must/);
    }
  });
});

describe('farmers: edit, inactivate, restore', () => {
  it('adds, changes and removes the Aadhaar number, keeping exactly one farmer per number', async () => {
    const made = await create({ ...valid(), aadhaarNumber: undefined });
    const id = made.json.farmerID;
    const first = nextAadhaar();
    const put = (aadhaarNumber: string | undefined) =>
      api.call('PUT', `/api/farmers/${id}`, { token: tokens.admin, body: { ...valid(), name: 'Edited', aadhaarNumber } });
    const added = await put(first);
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({ name: 'Edited', aadhaarNumber: null, aadhaarLast4: first.slice(-4) });
    expect(
      (await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: first } })).json.farmerID,
    ).toBe(id);

    const dup = await create({ ...valid(), aadhaarNumber: first });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(`A farmer with this Aadhaar number already exists (ID ${id})`);

    const second = nextAadhaar();
    expect((await put(second)).json.aadhaarLast4).toBe(second.slice(-4));
    expect((await api.call('GET', `/api/farmers/${id}`, { token: tokens.admin })).json.aadhaarNumber).toBe(second);
    expect((await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: first } })).status).toBe(
      404,
    );
    expect(
      (await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: second } })).json.farmerID,
    ).toBe(id);

    const removed = await put(undefined);
    expect(removed.json).toMatchObject({ aadhaarNumber: null, aadhaarLast4: '' });
    expect((await api.call('GET', '/api/farmers/by-aadhaar', { token: tokens.admin, query: { aadhaar: second } })).status).toBe(
      404,
    );
    expect((await create({ ...valid(), aadhaarNumber: second })).status).toBe(201);
  });

  it('inactivates and restores; the default list hides inactive farmers', async () => {
    const id = (await create({ ...valid(), name: 'Round Trip Farmer' })).json.farmerID;
    const ids = async (includeInactive?: boolean) =>
      (
        await api.call('GET', '/api/farmers', { token: tokens.admin, query: { includeInactive, search: 'round trip farmer' } })
      ).json.map((f: { farmerID: number }) => f.farmerID);
    expect(await ids()).toEqual([id]);
    const off = await api.call('DELETE', `/api/farmers/${id}`, { token: tokens.admin });
    expect(off.json).toMatchObject({ farmerID: id, isActive: false });
    expect(await ids()).toEqual([]);
    expect(await ids(true)).toEqual([id]);
    const on = await api.call('POST', `/api/farmers/${id}/restore`, { token: tokens.admin });
    expect(on.json.isActive).toBe(true);
    expect(await ids()).toEqual([id]);
  });

  it('answers 404 for unknown farmers and lets sellers read but not write', async () => {
    const unknown = [
      ['GET', '/api/farmers/31337'],
      ['PUT', '/api/farmers/31337'],
      ['DELETE', '/api/farmers/31337'],
      ['POST', '/api/farmers/31337/restore'],
      ['GET', '/api/farmers/31337/registrations'],
    ] as const;
    await expectEachNotFound(api, tokens.admin, unknown, 'Farmer 31337 not found', valid());
    expect((await api.call('POST', '/api/farmers', { token: tokens.seller, body: valid() })).status).toBe(403);
    expect((await api.call('GET', '/api/farmers', { token: tokens.seller })).status).toBe(200);
  });
});

describe("farmers: a farmer's registrations", () => {
  it('returns [] when there are none', async () => {
    const id = (await create(valid())).json.farmerID;
    const r = await api.call('GET', `/api/farmers/${id}/registrations`, { token: tokens.seller });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([]);
  });

  it('lists the registrations on the agreed index (gsi2 FARMER#<id>), newest first, without Aadhaar data', async () => {
    const id = (await create(valid())).json.farmerID;
    /** A registration as the list shows it. */
    const shown = (regNo: number, year: number) => ({
      id: regNo,
      year,
      name: 'Reg Farmer',
      fatherName: 'Father',
      mobileNumber: '9000000001',
      village: 'Bithoor',
      district: 'Kanpur Nagar',
      cropName: 'Wheat',
      cropNameHi: 'गेहूँ',
      bagsRequested: 2,
      appointmentDateTime: `${year}-11-02T00:00:00.000Z`,
      appointmentShift: 'Morning',
      created: `${year}-10-01T10:00:00.000Z`,
      isBilled: false,
    });
    const reg = (regNo: number, year: number, extra: Record<string, unknown> = {}) =>
      docClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            pk: `REG#${year}#${regNo}`,
            sk: 'REG',
            gsi2pk: `FARMER#${id}`,
            gsi2sk: `${year}#${String(regNo).padStart(10, '0')}`,
            ...shown(regNo, year),
            aadhaarEnc: 'v1.secret',
            aadhaarHash: 'hash',
            adharNumber: '123412341234',
            ...extra,
          },
        }),
      );
    await reg(7, 2025);
    await reg(3, 2026, { isBilled: true, invoiceNumber: 'INV-26-0001' });
    await reg(12, 2026);
    const r = await api.call('GET', `/api/farmers/${id}/registrations`, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.json.map((x: { id: number }) => x.id)).toEqual([12, 3, 7]);
    expect(r.json[1]).toEqual({ ...shown(3, 2026), isBilled: true, invoiceNumber: 'INV-26-0001' });
    expect(r.text).not.toMatch(/123412341234|secret|hash/);
  });
});

// docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages
describe('farmers: validation', () => {
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['name missing', { name: undefined }, 'Name is required'],
    ['name of 200 characters', { name: 'f'.repeat(200) }, null],
    ['name of 201 characters', { name: 'f'.repeat(201) }, 'Max 200 chars'],
    ['aadhaar of 11 digits', { aadhaarNumber: '12345678901' }, 'Aadhaar must be 12 digits'],
    ['aadhaar of 12 digits', { aadhaarNumber: '923456789013' }, null],
    ['aadhaar failing the check digit', { aadhaarNumber: '923456789012' }, MSG_AADHAAR_INVALID],
    ['aadhaar of 13 digits', { aadhaarNumber: '1234567890123' }, 'Aadhaar must be 12 digits'],
    ['aadhaar absent', { aadhaarNumber: undefined }, null],
    ['contact of 6 digits', { contactNumber: '123456' }, 'Contact 7-15 digits'],
    ['contact of 7 digits', { contactNumber: '1234567' }, null],
    ['contact with plus', { contactNumber: '+1234567' }, 'Contact 7-15 digits'],
    ['contact of 15 digits', { contactNumber: '123456789012345' }, null],
    ['contact of 16 digits', { contactNumber: '1234567890123456' }, 'Contact 7-15 digits'],
    ['address of 300 characters', { address: 'a'.repeat(300) }, null],
    ['address of 301 characters', { address: 'a'.repeat(301) }, 'Max 300 chars'],
    ['file path of 500 characters', { adharFilePath: 'p'.repeat(500) }, null],
    ['file path of 501 characters', { adharFilePath: 'p'.repeat(501) }, 'Max 500 chars'],
    ['village of 200 characters', { village: 'v'.repeat(200) }, null],
    ['village of 201 characters', { village: 'v'.repeat(201) }, 'Max 200 chars'],
    ['category of 100 characters', { category: 'c'.repeat(100) }, null],
    ['category of 101 characters', { category: 'c'.repeat(101) }, 'Max 100 chars'],
    ['father name of 200 characters', { fatherName: 'f'.repeat(200) }, null],
    ['father name of 201 characters', { fatherName: 'f'.repeat(201) }, 'Max 200 chars'],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const r = await create({ ...valid(), ...change });
    if (message === null) expect(r.status, r.text).toBe(201);
    else {
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
    }
  });
});
