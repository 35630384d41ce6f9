import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';
import { newMobile, registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';

/** The staff Registrations search by mobile number, written as people write it (docs/product-rules.md#registrations-page). */
const { api, tokens } = useTestApi('admin', 'seller');

beforeAll(async () => {
  await seedFormCrops();
});

const list = (query: Record<string, string | number>, token = tokens.seller) =>
  api.call('GET', '/api/registrations', { token, query });
const ids = (reply: { json: { items: { id: number }[] } }) => reply.json.items.map((i) => i.id);

describe('Registrations search by mobile number', () => {
  it('finds the registrations of a mobile number however it is typed, alone or with other filters', async () => {
    const mobile = newMobile();
    const other = newMobile();
    const first = await registerFarmer(api, validFields({ mobile, Name: 'Mobile Search One' }));
    const second = await registerFarmer(api, validFields({ mobile, Name: 'Mobile Search Two', cropName: 'Mustard' }));
    const stranger = await registerFarmer(api, validFields({ mobile: other, Name: 'Mobile Search Three' }));
    for (const r of [first, second, stranger]) expect(r.status, r.text).toBe(201);

    const spaced = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    for (const written of [mobile, spaced, `0${mobile}`, `91-${mobile}`, `(0) ${mobile.slice(0, 5)}-${mobile.slice(5)}`]) {
      const found = await list({ mobile: written });
      expect(found.status, `${written}: ${found.text}`).toBe(200);
      expect(found.json.total, written).toBe(2);
      expect(ids(found), written).toEqual([second.json.data.id, first.json.data.id]);
      expect(found.json.items.every((i: { mobileNumber: string }) => i.mobileNumber === mobile)).toBe(true);
    }
    // With the other filters: combined on the range read, and in memory with the exact id.
    expect(ids(await list({ mobile: spaced, name: 'search two' }))).toEqual([second.json.data.id]);
    expect(ids(await list({ mobile: spaced, id: first.json.data.id }))).toEqual([first.json.data.id]);
    expect((await list({ mobile: other, id: first.json.data.id })).json.total).toBe(0);
    expect((await list({ mobile: newMobile() })).json.total).toBe(0);
    // Admins search the same way.
    expect((await list({ mobile: spaced }, tokens.admin)).json.total).toBe(2);
  });

  it('refuses a number that is not 10 digits once read with 400 and a plain message, never 5xx', async () => {
    for (const bad of ['98765', '+91 98765 4321', '98765432101', 'abcdefghij', '+1 555 123 4567', '9'.repeat(400), ' ']) {
      const r = await list({ mobile: bad });
      expect(r.status, `${bad}: ${r.text}`).toBe(400);
      expect(r.json.message).toContain('mobile: enter the 10-digit mobile number');
    }
  });
});
