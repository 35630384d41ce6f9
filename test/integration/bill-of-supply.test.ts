import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { invoiceKey } from '@functions/sales/invoice-entity';
import { INVOICE_NUMBER_MAX } from '@shared/schemas/sales';
import { newMobile } from '../fixtures/registration-helpers';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * The bill of supply (docs/product-rules.md#bill-of-supply): the supplier block and the crop's HSN code are copied
 * onto the bill at sale time, the reply adds the amount in words; bills made before print as they did. The
 * settings that feed it are checked (GSTIN check character) with a 400 naming the field.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');
let cropID: number;
let lotID: number;

const GSTIN = '27AAPFU0939F1ZV';
const OTHER_GSTIN = '29AAGCB7383J1Z4';

async function settings() {
  const r = await api.call('GET', '/api/settings', { token: tokens.admin });
  expect(r.status, r.text).toBe(200);
  return r.json as Record<string, unknown>;
}

const saveSettings = async (patch: Record<string, unknown>, token = tokens.admin) =>
  api.call('PUT', '/api/settings', { token, body: { ...(await settings()), ...patch } });

async function sale(): Promise<string> {
  const data = await newRegistration(api, { cropName: 'Wheat', cropId: cropID, bagsRequested: 1, mobile: newMobile() });
  const made = await api.call('POST', '/api/sales/make', {
    token: tokens.seller,
    body: {
      farmerID: null,
      lotID,
      registrationID: data.id,
      year: data.year,
      bags: 1,
      bagSizeKg: 40,
      paymentMode: 'Cash',
    },
  });
  expect(made.status, made.text).toBe(201);
  return made.json.invoiceNumber as string;
}

const bill = async (number: string) =>
  (await api.call('GET', `/api/invoices/by-number/${number}`, { token: tokens.seller })).json;

beforeAll(async () => {
  const made = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Supply Producer', aadhaarNumber: '734512340091', contactNumber: '9876543210', address: 'Kalyanpur' },
    crop: { cropName: 'Wheat' },
    lot: { quantityAvailable: 4000, pricePerUnit: 3086.4 },
  });
  cropID = made.cropID;
  lotID = made.lot.lotID;
});

describe('the bill of supply', () => {
  it('copies the supplier block and the HSN code at sale time; later changes do not rewrite the bill', async () => {
    const saved = await saveSettings({
      InstituteName: 'Seed Research Institute, Pune',
      InstituteAddress: 'Ganeshkhind Road,\n Pune 411007',
      InstituteGSTIN: ' 27aapfu0939f1zv',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ InstituteAddress: 'Ganeshkhind Road, Pune 411007', InstituteGSTIN: GSTIN });

    const first = await sale();
    expect(first.length).toBeLessThanOrEqual(INVOICE_NUMBER_MAX);
    expect(first).toMatch(/^INV\d{4}-\d{6}$/);
    const b = await bill(first);
    expect(b.supplier).toEqual({ name: 'Seed Research Institute, Pune', address: 'Ganeshkhind Road, Pune 411007', gstin: GSTIN });
    expect(b.hsnCode).toBe('1001');
    // 40 kg at ₹3,086.40 = ₹1,23,456.00.
    expect(b.totalAmount).toBe(123456);
    expect(b.amountInWords).toEqual({
      en: 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees Only',
      hi: 'एक लाख तेईस हज़ार चार सौ छप्पन रुपये मात्र',
    });

    // The bill's QR (its token) shows a visitor the same block.
    const visitor = await api.call('GET', `/api/invoices/by-number/${first}`, { query: { t: b.verifyToken } });
    expect(visitor.json).toMatchObject({ supplier: b.supplier, hsnCode: '1001', amountInWords: b.amountInWords });

    expect((await saveSettings({ InstituteName: 'Renamed Institute', InstituteGSTIN: OTHER_GSTIN })).status).toBe(200);
    const crop = await api.call('PUT', `/api/crops/${cropID}`, {
      token: tokens.admin,
      body: { cropName: 'Wheat', hsnCode: '10019910' },
    });
    expect(crop.status, crop.text).toBe(200);

    expect((await bill(first)).supplier).toEqual(b.supplier);
    expect((await bill(first)).hsnCode).toBe('1001');
    const second = await bill(await sale());
    expect(second.supplier).toEqual({ name: 'Renamed Institute', address: 'Ganeshkhind Road, Pune 411007', gstin: OTHER_GSTIN });
    expect(second.hsnCode).toBe('10019910');
  });

  it('prints bills made before bills of supply as they were: no supplier, HSN code or words', async () => {
    const number = await sale();
    await docClient().send(
      new UpdateCommand({ TableName: tableName(), Key: invoiceKey(number), UpdateExpression: 'REMOVE supplier, hsnCode' }),
    );
    for (const r of [
      await api.call('GET', `/api/invoices/by-number/${number}`, { token: tokens.seller }),
      await api.call('GET', '/api/invoices', { token: tokens.admin, query: { number } }),
    ]) {
      expect(r.status, r.text).toBe(200);
      const b = r.json.items?.[0] ?? r.json;
      expect(b.invoiceNumber).toBe(number);
      for (const key of ['supplier', 'hsnCode', 'amountInWords']) expect(b).not.toHaveProperty(key);
    }
  });

  it('carries nothing of it in the summary anyone gets by the number alone', async () => {
    const r = await api.call('GET', `/api/invoices/by-number/${await sale()}`);
    expect(r.json.view).toBe('summary');
    for (const key of ['supplier', 'hsnCode', 'amountInWords']) expect(r.json).not.toHaveProperty(key);
  });
});

describe('the settings of the bill of supply', () => {
  it.each([
    ['27AAPFU0939F1ZW', /last character does not match/],
    ['27AAPFU0939F1Z', /15 characters/],
    ['27AAPFU0939F1ZVV', /15 characters/],
    ['27AAPF10939F1ZV', /Not a GSTIN/],
    ['99AAPFU0939F1AV', /Not a GSTIN/],
    ['45AAPFU0939F1ZV', /not a state code/],
  ])('refuses the GSTIN %s with a 400 naming the field, and stores nothing', async (gstin, message) => {
    const before = await settings();
    const r = await saveSettings({ InstituteGSTIN: gstin, InstituteName: 'Changed With A Bad GSTIN' });
    expect(r.status, r.text).toBe(400);
    expect(r.json.fields.InstituteGSTIN).toMatch(message);
    expect(await settings()).toEqual(before);
    const config = await api.call('POST', '/api/config', {
      token: tokens.super_admin,
      body: { key: 'InstituteGSTIN', value: gstin },
    });
    expect(config.status, config.text).toBe(400);
    expect(config.json.message).toMatch(message);
  });

  it('refuses an empty name, over-long texts and values that are not text', async () => {
    for (const patch of [
      { InstituteName: '   ' },
      { InstituteName: 'x'.repeat(301) },
      { InstituteAddress: 'x'.repeat(301) },
      { InstituteGSTIN: 27 },
      { InstituteAddress: ['a'] },
      { InstituteName: null },
    ]) {
      const r = await saveSettings(patch);
      expect(r.status, `${JSON.stringify(patch)}: ${r.text}`).toBe(400);
      expect(Object.keys(r.json.fields ?? {})).toEqual(Object.keys(patch));
    }
  });

  it('lets only admins change them; a burst of the same save stores it once, as sent', async () => {
    expect((await saveSettings({ InstituteGSTIN: GSTIN }, tokens.seller)).status).toBe(403);
    const body = { ...(await settings()), InstituteAddress: 'Burst Road 1', InstituteGSTIN: '' };
    const all = await Promise.all(
      Array.from({ length: 12 }, () => api.call('PUT', '/api/settings', { token: tokens.admin, body })),
    );
    expect(all.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await settings()).toMatchObject({ InstituteAddress: 'Burst Road 1', InstituteGSTIN: '' });
    // No GSTIN set: the bill says so with an empty one rather than leaving the block out.
    expect((await bill(await sale())).supplier).toMatchObject({ address: 'Burst Road 1', gstin: '' });
  });
});
