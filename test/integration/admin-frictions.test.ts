import { describe, expect, it } from 'vitest';
import { currentYear } from '@shared/schemas/lots';
import { testAadhaar, useCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration, sold } from '../support/steps';

/**
 * What an admin setting the system up tripped on, as the server sees it: a producer that is an organisation
 * known by its registration number, a landline kept a landline
 * (docs/product-rules.md#a-producer-may-be-an-organisation-known-by-its-registration-number); the settings the
 * product reads cannot be deleted (docs/product-rules.md#the-configs-page-names-each-setting-and-keeps-the-ones-the-product-needs);
 * the allocation counts billed farmers apart (docs/product-rules.md#the-allocation-screen-counts-billed-farmers-apart).
 */
const { api, tokens } = useTestApi('admin', 'seller', 'super_admin');

const producer = (body: Record<string, unknown>) => api.call('POST', '/api/producers', { token: tokens.admin, body });
const auditOf = async (action: string) =>
  (await api.call('GET', '/api/audit', { token: tokens.super_admin, query: { action, take: 200 } })).json.items as {
    subjectId: number | string;
  }[];

describe('producers', () => {
  it("takes the institute's own farm as an organisation with its registration number and no Aadhaar", async () => {
    const r = await producer({
      kind: 'organisation',
      name: 'Institute seed farm',
      registrationNumber: ' nsri/farm-01 ',
      contactNumber: '0512-2533400',
      address: 'Kalyanpur, Kanpur',
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({
      kind: 'organisation',
      registrationNumber: 'NSRI/FARM-01',
      aadhaarNumber: null,
      aadhaarLast4: '',
      // A landline stays a landline, with its STD code (not the "mobile" 5122533400).
      contactNumber: '05122533400',
    });
    const id = r.json.producerID as number;

    // An admin's single view shows no Aadhaar, so none is audited as viewed.
    const views = (await auditOf('aadhaar.view')).length;
    const one = await api.call('GET', `/api/producers/${id}`, { token: tokens.admin });
    expect(one.json).toMatchObject({ kind: 'organisation', registrationNumber: 'NSRI/FARM-01', aadhaarNumber: null });
    expect(await auditOf('aadhaar.view')).toHaveLength(views);

    // Found by its registration number; staff lists show it.
    const found = await api.call('GET', '/api/producers', { token: tokens.seller, query: { search: 'nsri/farm' } });
    expect(found.json.map((p: { producerID: number }) => p.producerID)).toEqual([id]);

    // One producer per registration number, however it is written.
    const again = await producer({ kind: 'organisation', name: 'Farm again', registrationNumber: 'NSRI/FARM-01' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`A producer with this registration number already exists (ID ${id})`);

    // Its lots are made and shown as any producer's; the public page names it without Aadhaar digits.
    const crop = await api.route('POST /api/crops', {
      token: tokens.admin,
      body: { cropName: 'Barley', cropNameHi: 'जौ', description: '' },
    });
    const lot = await api.route('POST /api/lots', {
      token: tokens.admin,
      body: { producerID: id, cropID: crop.data.cropID, year: currentYear(), quantityAvailable: 100, pricePerUnit: 20 },
    });
    expect(lot.status, lot.text).toBe(201);
    const pub = await api.call('GET', `/api/lots/by-code/${lot.data.lotCode}`);
    expect(pub.json).toMatchObject({ producerName: 'Institute seed farm', producerAadhaarLast4: '' });
  });

  it('asks a person for an Aadhaar and an organisation for its registration number, each with its message', async () => {
    const person = await producer({ name: 'Ram Prasad', contactNumber: '9876543210' });
    expect(person.status).toBe(400);
    expect(person.json.message).toBe('Aadhaar is required');
    expect(person.json.fields).toEqual({ aadhaarNumber: 'Aadhaar is required' });
    const org = await producer({ kind: 'organisation', name: 'Seed society', aadhaarNumber: testAadhaar('41111111111') });
    expect(org.status).toBe(400);
    expect(org.json.fields).toEqual({ registrationNumber: 'Registration number is required' });
    const kind = await producer({ kind: 'company', name: 'Seed co', registrationNumber: 'U01' });
    expect(kind.status).toBe(400);
    expect(kind.json.fields).toMatchObject({ kind: 'Kind: person or organisation' });
    // A mobile is still read as its 10 digits.
    const mobile = await producer({
      name: 'Sita Devi',
      aadhaarNumber: testAadhaar('41111111112'),
      contactNumber: '098765-43210',
    });
    expect(mobile.json.contactNumber).toBe('9876543210');
  });

  it('turns a person into an organisation and back, moving the claim on the Aadhaar or registration number', async () => {
    const aadhaar = testAadhaar('41111111113');
    const made = await producer({ name: 'Gupta Seeds', aadhaarNumber: aadhaar });
    expect(made.status, made.text).toBe(201);
    const id = made.json.producerID as number;
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `/api/producers/${id}`, { token: tokens.admin, body: { name: 'Gupta Seeds', ...body } });

    const org = await put({ kind: 'organisation', registrationNumber: 'U01100UP2005PTC012345' });
    expect(org.status, org.text).toBe(200);
    expect(org.json).toMatchObject({ kind: 'organisation', registrationNumber: 'U01100UP2005PTC012345', aadhaarLast4: '' });
    // Its Aadhaar is free again: another person may be registered with it.
    const other = await producer({ name: 'Another grower', aadhaarNumber: aadhaar });
    expect(other.status, other.text).toBe(201);
    // Back to a person with that Aadhaar: now taken.
    const taken = await put({ kind: 'person', aadhaarNumber: aadhaar });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(`A producer with this Aadhaar number already exists (ID ${other.json.producerID})`);
    const person = await put({ kind: 'person', aadhaarNumber: testAadhaar('41111111114') });
    expect(person.status, person.text).toBe(200);
    expect(person.json).toMatchObject({
      kind: 'person',
      registrationNumber: '',
      aadhaarLast4: testAadhaar('41111111114').slice(-4),
    });
    // The registration number is free again too.
    const reuse = await producer({
      kind: 'organisation',
      name: 'Gupta Seeds Pvt Ltd',
      registrationNumber: 'u01100up2005ptc012345',
    });
    expect(reuse.status, reuse.text).toBe(201);
  });
});

describe('a burst of the same organisation', () => {
  it('makes one producer of 12 concurrent creates with one registration number, written differently; the rest get 409', async () => {
    const spellings = ['UPSS/2009/77', 'upss/2009/77', ' UpSs/2009/77 '];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        producer({ kind: 'organisation', name: `Seed society ${i}`, registrationNumber: spellings[i % 3] }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const made = replies.find((r) => r.status === 201)!;
    const found = await api.call('GET', '/api/producers', { token: tokens.admin, query: { search: 'upss/2009' } });
    expect(found.json.map((p: { producerID: number }) => p.producerID)).toEqual([made.json.producerID]);
  });
});

describe('configuration keys the product reads', () => {
  it('are never deleted (409, the value kept); other keys still are', async () => {
    const token = tokens.super_admin;
    expect((await api.call('POST', '/api/config', { token, body: { key: 'PerDayLimit', value: '40' } })).status).toBe(200);
    for (const key of ['PerDayLimit', 'Is_SVS_Form_On', 'DrawDate']) {
      const r = await api.call('DELETE', `/api/config/${key}`, { token });
      expect(r.status, key).toBe(409);
      expect(r.json.message).toMatch(/ is a setting the product needs: it cannot be deleted\. Change its value instead\.$/);
    }
    expect((await api.call('GET', '/api/config/PerDayLimit', { token })).json.value).toBe('40');
    expect((await api.call('GET', '/api/config/Is_SVS_Form_On')).json.value).toBe('true');
    expect((await api.call('POST', '/api/config', { token, body: { key: 'Help_Desk', value: '1800' } })).status).toBe(200);
    expect((await api.call('DELETE', '/api/config/Help_Desk', { token })).status).toBe(200);
  });
});

describe('the allocation summary', () => {
  it('counts a billed farmer as billed, not among the confirmed still to collect, and back after the credit note', async () => {
    const maker = await producer({ name: 'Lentil grower', aadhaarNumber: testAadhaar('41111111115') });
    const crop = await api.route('POST /api/crops', {
      token: tokens.admin,
      body: { cropName: 'Lentil', cropNameHi: 'मसूर', description: '' },
    });
    const cropID = crop.data.cropID;
    useCrops({ Lentil: cropID });
    const lot = await api.route('POST /api/lots', {
      token: tokens.admin,
      body: { producerID: maker.json.producerID, cropID, year: currentYear(), quantityAvailable: 100, pricePerUnit: 50 },
    });
    const regs = [];
    for (let i = 0; i < 3; i++) regs.push(await newRegistration(api, { cropName: 'Lentil', bagsRequested: 2 }));
    const counts = async () => {
      const r = await api.route('GET /api/allocation', { token: tokens.seller, query: { year: currentYear() } });
      const c = r.data.crops.find((x) => x.cropId === cropID)!;
      return { confirmed: c.confirmed, billed: c.billed };
    };
    expect(await counts()).toEqual({ confirmed: 3, billed: 0 });
    const bill = await sold(api, tokens.seller, regs[0], lot.data.lotID, { bagSizeKg: 2 });
    expect(await counts()).toEqual({ confirmed: 2, billed: 1 });
    const cancel = await api.call('POST', `/api/invoices/${bill.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong farmer at the counter' },
    });
    expect(cancel.status, cancel.text).toBe(201);
    expect(await counts()).toEqual({ confirmed: 3, billed: 0 });
  });
});
