import { describe, expect, it } from 'vitest';
import { MSG_AADHAAR_INVALID, withVerhoeffDigit } from '@shared/aadhaar';
import { testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { expectEachSearchFindsOnly, postUnreadableJson } from '../support/api-checks';

const { api, tokens } = useTestApi('admin', 'seller');

let aadhaarSeq = 0;
/** A distinct, valid-looking 12-digit number per call. */
const nextAadhaar = () => testAadhaar(`5${String(++aadhaarSeq).padStart(10, '0')}`);

const valid = () => ({
  name: 'Ram Prasad Farms',
  aadhaarNumber: nextAadhaar(),
  contactNumber: '+919876543210',
  address: 'Village Rampur, Kanpur',
});

async function create(body: Record<string, unknown>) {
  return api.call('POST', '/api/producers', { token: tokens.admin, body });
}

describe('producers: create, read, list', () => {
  it('creates a producer; admins see the full Aadhaar on the record (audited), the reply, sellers and lists only the last 4', async () => {
    const body = valid();
    const r = await create(body);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: body.name,
      aadhaarNumber: null,
      aadhaarLast4: body.aadhaarNumber.slice(-4),
      contactNumber: '9876543210', // +91 dropped: docs/product-rules.md#numbers-as-people-type-them
      address: body.address,
      isActive: true,
    });
    expect(r.json.producerID).toBeGreaterThan(0);
    expect(Date.parse(r.json.createdOn)).not.toBeNaN();

    const asAdmin = await api.call('GET', `/api/producers/${r.json.producerID}`, { token: tokens.admin });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.aadhaarNumber).toBe(body.aadhaarNumber);

    const asSeller = await api.call('GET', `/api/producers/${r.json.producerID}`, { token: tokens.seller });
    expect(asSeller.status).toBe(200);
    expect(asSeller.json.aadhaarNumber).toBeNull();
    expect(asSeller.json.aadhaarLast4).toBe(body.aadhaarNumber.slice(-4));

    const list = await api.call('GET', '/api/producers', { token: tokens.admin });
    expect(list.status).toBe(200);
    const row = list.json.find((p: { producerID: number }) => p.producerID === r.json.producerID);
    expect(row).toMatchObject({ name: body.name, aadhaarNumber: null, aadhaarLast4: body.aadhaarNumber.slice(-4) });
    expect(list.text).not.toContain(body.aadhaarNumber);
  });

  it('trims text and stores blank optional fields as empty', async () => {
    const aadhaar = nextAadhaar();
    const r = await create({
      name: '  Sita Devi  ',
      aadhaarNumber: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
      contactNumber: '',
      address: null,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: 'Sita Devi', aadhaarLast4: aadhaar.slice(-4), contactNumber: '', address: '' });
    const read = await api.call('GET', `/api/producers/${r.json.producerID}`, { token: tokens.admin });
    expect(read.json.aadhaarNumber).toBe(aadhaar);
  });

  it('lists newest first and honours take', async () => {
    for (let i = 0; i < 3; i++) expect((await create({ ...valid(), name: `Take test ${i}` })).status).toBe(201);
    const r = await api.call('GET', '/api/producers', { token: tokens.seller, query: { take: 2 } });
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(2);
    expect(r.json[0].producerID).toBeGreaterThan(r.json[1].producerID);
  });

  it('searches by name (any case), contact, address and by the exact 12-digit Aadhaar', async () => {
    const body = {
      name: 'Unique Gopal Seeds',
      aadhaarNumber: nextAadhaar(),
      contactNumber: '7776665554',
      address: 'Near Canal, Etawah',
    };
    const made = await create(body);
    const id = made.json.producerID;
    await expectEachSearchFindsOnly(api, tokens.admin, {
      path: '/api/producers',
      idKey: 'producerID',
      id,
      searches: ['gopal', 'UNIQUE GOPAL', '7776665554', 'etawah', body.aadhaarNumber],
    });
    const none = await api.call('GET', '/api/producers', { token: tokens.admin, query: { search: 'no such producer anywhere' } });
    expect(none.json).toEqual([]);
    const otherAadhaar = await api.call('GET', '/api/producers', { token: tokens.admin, query: { search: '999999999999' } });
    expect(otherAadhaar.json).toEqual([]);
  });
});

describe('producers: edit, inactivate, restore', () => {
  it('edits every field, including a new Aadhaar number', async () => {
    const original = nextAadhaar();
    const made = await create({ ...valid(), aadhaarNumber: original });
    const id = made.json.producerID;
    const next = { name: 'Renamed', aadhaarNumber: nextAadhaar(), contactNumber: '0512123456', address: 'New address' };
    const r = await api.call('PUT', `/api/producers/${id}`, { token: tokens.admin, body: next });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ...next, aadhaarNumber: null, producerID: id, aadhaarLast4: next.aadhaarNumber.slice(-4) });
    const read = await api.call('GET', `/api/producers/${id}`, { token: tokens.admin });
    expect(read.json).toMatchObject(next);
    // The old number is free again, the new one is taken.
    expect((await create({ ...valid(), aadhaarNumber: original })).status).toBe(201);
    const dup = await create({ ...valid(), aadhaarNumber: next.aadhaarNumber });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(`A producer with this Aadhaar number already exists (ID ${id})`);
  });

  it('refuses a second producer with the same Aadhaar number', async () => {
    const body = valid();
    expect((await create(body)).status).toBe(201);
    const r = await create({ ...body, name: 'Someone else' });
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/already exists/);
  });

  it('inactivates (DELETE) and restores; the default list hides inactive producers', async () => {
    const made = await create({ ...valid(), name: 'Round Trip Producer' });
    const id = made.json.producerID;
    const ids = async (includeInactive?: boolean) =>
      (
        await api.call('GET', '/api/producers', { token: tokens.admin, query: { includeInactive, search: 'round trip' } })
      ).json.map((p: { producerID: number }) => p.producerID);
    expect(await ids()).toContain(id);

    const off = await api.call('DELETE', `/api/producers/${id}`, { token: tokens.admin });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ producerID: id, isActive: false });
    expect(await ids()).not.toContain(id);
    expect(await ids(true)).toContain(id);
    expect((await api.call('GET', `/api/producers/${id}`, { token: tokens.admin })).json.isActive).toBe(false);

    const on = await api.call('POST', `/api/producers/${id}/restore`, { token: tokens.admin });
    expect(on.status).toBe(200);
    expect(on.json.isActive).toBe(true);
    expect(await ids()).toContain(id);
  });

  it('answers 404 for unknown producers on every call', async () => {
    expect((await api.call('GET', '/api/producers/987654', { token: tokens.admin })).status).toBe(404);
    expect((await api.call('PUT', '/api/producers/987654', { token: tokens.admin, body: valid() })).status).toBe(404);
    expect((await api.call('DELETE', '/api/producers/987654', { token: tokens.admin })).status).toBe(404);
    const r = await api.call('POST', '/api/producers/987654/restore', { token: tokens.admin });
    expect(r.status).toBe(404);
    expect(r.json.message).toBe('Producer 987654 not found');
  });

  it('lets sellers read but not write', async () => {
    expect((await api.call('GET', '/api/producers', { token: tokens.seller })).status).toBe(200);
    expect((await api.call('POST', '/api/producers', { token: tokens.seller, body: valid() })).status).toBe(403);
    expect((await api.call('DELETE', '/api/producers/1', { token: tokens.seller })).status).toBe(403);
  });
});

// docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages
describe('producers: validation', () => {
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['name missing', { name: undefined }, 'Name is required'],
    ['name blank', { name: '   ' }, 'Name is required'],
    ['name of 200 characters', { name: 'n'.repeat(200) }, null],
    ['name of 201 characters', { name: 'n'.repeat(201) }, 'Max 200 chars'],
    ['aadhaar missing', { aadhaarNumber: undefined }, 'Aadhaar is required'],
    ['aadhaar empty', { aadhaarNumber: '' }, 'Aadhaar is required'],
    ['aadhaar of 11 digits', { aadhaarNumber: '12345678901' }, 'Aadhaar must be 12 digits'],
    ['aadhaar of 13 digits', { aadhaarNumber: '1234567890123' }, 'Aadhaar must be 12 digits'],
    ['aadhaar with letters', { aadhaarNumber: '12345678901A' }, 'Aadhaar must be 12 digits'],
    ['aadhaar failing the check digit', { aadhaarNumber: '512345678901' }, MSG_AADHAAR_INVALID],
    ['aadhaar beginning with 1', { aadhaarNumber: withVerhoeffDigit('12345678901') }, MSG_AADHAAR_INVALID],
    ['contact without plus, 7 digits', { contactNumber: '1234567' }, null],
    ['contact with plus, 7 digits', { contactNumber: '+1234567' }, null],
    ['contact of 6 digits', { contactNumber: '123456' }, 'Invalid contact number'],
    ['contact with plus, 6 digits', { contactNumber: '+123456' }, 'Invalid contact number'],
    ['contact of 15 digits', { contactNumber: '123456789012345' }, null],
    ['contact with plus, 15 digits', { contactNumber: '+123456789012345' }, null],
    ['contact of 16 digits', { contactNumber: '1234567890123456' }, 'Invalid contact number'],
    ['contact with plus, 16 digits', { contactNumber: '+1234567890123456' }, 'Invalid contact number'],
    ['contact with spaces', { contactNumber: '98765 43210' }, null],
    ['contact with letters', { contactNumber: '98765 abcde' }, 'Invalid contact number'],
    ['contact absent', { contactNumber: undefined }, null],
    ['address of 300 characters', { address: 'a'.repeat(300) }, null],
    ['address of 301 characters', { address: 'a'.repeat(301) }, 'Max 300 chars'],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const body = { ...valid(), ...change };
    const r = await create(body);
    if (message === null) {
      expect(r.status, r.text).toBe(201);
    } else {
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(message);
    }
  });

  it('reports only the first problem as the message, with a field map', async () => {
    const r = await create({ name: '', aadhaarNumber: '1', contactNumber: 'x', address: 'a'.repeat(301) });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Name is required');
    expect(r.json.fields).toMatchObject({
      name: 'Name is required',
      aadhaarNumber: 'Aadhaar must be 12 digits',
      contactNumber: 'Invalid contact number',
      address: 'Max 300 chars',
    });
  });

  it('validates edits with the same rules', async () => {
    const made = await create(valid());
    const r = await api.call('PUT', `/api/producers/${made.json.producerID}`, {
      token: tokens.admin,
      body: { ...valid(), aadhaarNumber: '1234567890123' },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Aadhaar must be 12 digits');
  });

  it.each([
    ['take=0', { take: 0 }, /take must be at least 1/],
    ['take=1001', { take: 1001 }, /take must be at most 1000/],
    ['take=abc', { take: 'abc' }, /take must be a number/],
    ['take=2.5', { take: 2.5 }, /take must be a whole number/],
    ['a search of 101 characters', { search: 's'.repeat(101) }, /at most 100/],
  ])('refuses a list query with %s', async (_n, query, message) => {
    const r = await api.call('GET', '/api/producers', { token: tokens.admin, query });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(message);
  });

  it('accepts take=1000 for the Lots page dropdown', async () => {
    const r = await api.call('GET', '/api/producers', { token: tokens.admin, query: { take: 1000, includeInactive: true } });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.json)).toBe(true);
  });

  it.each([
    ['a non-numeric id', 'GET', '/api/producers/abc'],
    ['a negative id', 'GET', '/api/producers/-3'],
    ['a fractional id', 'DELETE', '/api/producers/1.5'],
  ])('refuses %s with 400', async (_n, method, path) => {
    const r = await api.call(method, path, { token: tokens.admin });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/id must be/);
  });

  it('refuses malformed JSON and a non-object body', async () => {
    const bad = await postUnreadableJson(api, '/api/producers', '{"name":', tokens.admin);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/not valid JSON/);
    const arr = await api.call('POST', '/api/producers', { token: tokens.admin, body: [1, 2] });
    expect(arr.status).toBe(400);
  });
});
