import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { cropKey } from '@functions/crops/crop-entity';
import { docClient, tableName } from '@functions/lib/aws';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { knownCode } from '../support/farmer-codes';
import { newRegistration } from '../support/steps';

/** A crop's Hindi name beside its English one (docs/product-rules.md#crop-names-in-the-pages-language). */
const { api, tokens } = useTestApi('admin', 'seller');

let n = 0;
const uniqueName = (base: string) => `${base} ${++n}`;
const create = (body: Record<string, unknown>) => api.call('POST', '/api/crops', { token: tokens.admin, body });
const update = (id: number, body: Record<string, unknown>) => api.call('PUT', `/api/crops/${id}`, { token: tokens.admin, body });
const dropdownItem = async (id: number) =>
  (await api.call('GET', '/api/crops/dropdown')).json.find((c: { id: number }) => c.id === id);

describe('crops: the Hindi name', () => {
  it('is stored trimmed and carried by the crop, the list, the search and the public dropdown', async () => {
    const cropName = uniqueName('Pigeon pea');
    const made = await create({ cropName, cropNameHi: '  अरहर  ' });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ cropName, cropNameHi: 'अरहर' });
    const id = made.json.cropID;

    expect((await api.call('GET', `/api/crops/${id}`, { token: tokens.seller })).json.cropNameHi).toBe('अरहर');
    const found = await api.call('GET', '/api/crops', { token: tokens.seller, query: { search: 'अरहर' } });
    expect(found.json.map((c: { cropID: number }) => c.cropID)).toEqual([id]);
    expect(await dropdownItem(id)).toMatchObject({ id, name: cropName, nameHi: 'अरहर' });
  });

  it('is optional: a crop without one carries an empty Hindi name', async () => {
    for (const cropNameHi of [undefined, null, '', '   ']) {
      const made = await create({ cropName: uniqueName('Barley'), cropNameHi });
      expect(made.status, made.text).toBe(201);
      expect(made.json.cropNameHi).toBe('');
      expect((await dropdownItem(made.json.cropID)).nameHi).toBe('');
    }
  });

  it('is set, changed and cleared by an edit', async () => {
    const made = await create({ cropName: uniqueName('Lentil') });
    const id = made.json.cropID;
    const set = await update(id, { cropName: made.json.cropName, cropNameHi: 'मसूर' });
    expect(set.status, set.text).toBe(200);
    expect(set.json.cropNameHi).toBe('मसूर');
    expect((await api.call('GET', `/api/crops/${id}`, { token: tokens.admin })).json.cropNameHi).toBe('मसूर');
    expect((await dropdownItem(id)).nameHi).toBe('मसूर');

    const cleared = await update(id, { cropName: made.json.cropName });
    expect(cleared.json.cropNameHi).toBe('');
    expect((await api.call('GET', `/api/crops/${id}`, { token: tokens.admin })).json.cropNameHi).toBe('');
  });

  it.each([
    ['201 characters', 'क'.repeat(201), 'Hindi name: max 200 chars'],
    ['a number', 42, 'cropNameHi: Hindi name must be text'],
    ['a list', ['गेहूँ'], 'cropNameHi: Hindi name must be text'],
  ])('refuses a Hindi name of %s with 400', async (_what, cropNameHi, message) => {
    const r = await create({ cropName: uniqueName('Refused'), cropNameHi });
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe(message);
    const made = await create({ cropName: uniqueName('Kept') });
    const edit = await update(made.json.cropID, { cropName: made.json.cropName, cropNameHi });
    expect(edit.status).toBe(400);
    expect(edit.json.message).toBe(message);
  });

  it('accepts a Hindi name of 200 characters', async () => {
    const r = await create({ cropName: uniqueName('Long'), cropNameHi: 'क'.repeat(200) });
    expect(r.status, r.text).toBe(201);
  });

  it('a crop stored before Hindi names existed reads with an empty one and can be given one', async () => {
    const made = await create({ cropName: uniqueName('Old crop'), cropNameHi: 'पुरानी' });
    const id = made.json.cropID;
    await docClient().send(
      new UpdateCommand({ TableName: tableName(), Key: cropKey(id), UpdateExpression: 'REMOVE cropNameHi' }),
    );
    expect((await api.call('GET', `/api/crops/${id}`, { token: tokens.admin })).json.cropNameHi).toBe('');
    const edited = await update(id, { cropName: made.json.cropName, cropNameHi: 'नई' });
    expect(edited.json.cropNameHi).toBe('नई');
  });
});

describe('public replies carry the Hindi name beside the English one', () => {
  let cropID: number;
  let lot: { lotID: number; lotCode: string };
  let letterCode: string;
  let registration: { id: number; year: number };
  let fields: Record<string, unknown>;

  beforeAll(async () => {
    ({ cropID, lot } = await createProducerCropLot(adminPost(api, tokens.admin), {
      producer: { name: 'Hindi Name Producer', aadhaarNumber: '734512340091', contactNumber: '9876543210', address: 'Kanpur' },
      crop: { cropName: 'Chickpea', cropNameHi: 'चना' },
      lot: { quantityAvailable: 1000, pricePerUnit: 90 },
    }));
    fields = validFields({ cropName: 'Chickpea', cropId: cropID, bagsRequested: 2, mobile: newMobile() });
    const r = await registerFarmer(api, fields);
    expect(r.status, r.text).toBe(201);
    letterCode = r.json.data.uniqueCode;
    registration = { id: r.json.data.id, year: r.json.data.year };
  });

  it('the appointment letter, by its code and by id for staff', async () => {
    const byCode = await api.call('GET', `/svsregistration/AppointmentList/${letterCode}`);
    expect(byCode.status).toBe(200);
    expect(byCode.json.data[0]).toMatchObject({ cropName: 'Chickpea', cropNameHi: 'चना' });
    const byId = await api.call('GET', `/svsregistration/appointment/by-id/${registration.id}`, { token: tokens.seller });
    expect(byId.json.data[0]).toMatchObject({ cropName: 'Chickpea', cropNameHi: 'चना' });
  });

  it('find my letter', async () => {
    const r = await api.call('POST', '/svsregistration/find-letter', {
      body: { mobile: fields.mobile, otp: await knownCode(api, String(fields.mobile)) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.letters).toEqual([expect.objectContaining({ cropName: 'Chickpea', cropNameHi: 'चना' })]);
  });

  it('the public lot page', async () => {
    const r = await api.call('GET', `/api/lots/by-code/${lot.lotCode}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ cropName: 'Chickpea', cropNameHi: 'चना' });
  });

  it('the bill: its summary by number, and in full with its token', async () => {
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: lot.lotID, registrationID: registration.id, year: registration.year, bags: 2, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);
    const number = sale.json.invoiceNumber;
    const summary = await api.call('GET', `/api/invoices/by-number/${number}`);
    expect(summary.json).toMatchObject({ view: 'summary', cropName: 'Chickpea', cropNameHi: 'चना' });
    const staff = await api.call('GET', `/api/invoices/by-number/${number}`, { token: tokens.seller });
    expect(staff.json).toMatchObject({ cropName: 'Chickpea', cropNameHi: 'चना' });
    const withToken = await api.call('GET', `/api/invoices/by-number/${number}`, { query: { t: staff.json.verifyToken } });
    expect(withToken.json).toMatchObject({ farmerName: fields.Name, cropName: 'Chickpea', cropNameHi: 'चना' });
  });

  it('a crop without a Hindi name gives an empty one on the letter', async () => {
    const { cropID: plain } = await createProducerCropLot(adminPost(api, tokens.admin), {
      producer: { name: 'Plain Producer', aadhaarNumber: '234567890124', contactNumber: '9876543211', address: 'Kanpur' },
      crop: { cropName: 'Mustard' },
      lot: { quantityAvailable: 100, pricePerUnit: 120 },
    });
    const r = await newRegistration(api, { cropName: 'Mustard', cropId: plain, bagsRequested: 1 });
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.uniqueCode}`);
    expect(letter.json.data[0]).toMatchObject({ cropName: 'Mustard', cropNameHi: '' });
  });
});
