import { beforeAll, describe, expect, it } from 'vitest';
import { adminPost, createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { seedFormCrops, testAadhaar } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * The public appointment letter's reply says whether seed was issued, with the bill's number (and nothing
 * else of the bill), and where and when to come: the counter's address and hours, public settings.
 */
const { api, tokens } = useTestApi('admin', 'seller');
let crops: { wheat: number; chickpea: number; mustard: number };

beforeAll(async () => {
  crops = await seedFormCrops();
});

async function register() {
  const data = await newRegistration(api, { cropName: 'Wheat', bagsRequested: 1 });
  return data as { id: number; year: number; uniqeCode: string };
}

const letterOf = async (code: string) => {
  const r = await api.call('GET', `/svsregistration/AppointmentList/${code}`);
  expect(r.status, r.text).toBe(200);
  return r.json.data[0] as Record<string, unknown>;
};

describe('the appointment letter reply', () => {
  it('says not billed before a sale, and billed with the bill number after it (no bill token)', async () => {
    const reg = await register();
    const before = await letterOf(reg.uniqeCode);
    expect(before).toMatchObject({ id: reg.id, isBilled: false, invoiceNumber: null });

    const producer = await api.call('POST', '/api/producers', {
      token: tokens.admin,
      body: { name: 'Letter Producer', aadhaarNumber: testAadhaar('73451234222'), contactNumber: '9876543210' },
    });
    expect(producer.status, producer.text).toBe(201);
    const lot = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID: producer.json.producerID, cropID: crops.wheat, quantityAvailable: 400, pricePerUnit: 30 },
    });
    expect(lot.status, lot.text).toBe(201);
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { registrationID: reg.id, year: reg.year, lotID: lot.json.lotID, bags: 1, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);

    const after = await letterOf(reg.uniqeCode);
    expect(after).toMatchObject({ id: reg.id, isBilled: true, invoiceNumber: sale.json.invoiceNumber });
    // The bill's QR token never travels with the letter (docs/product-rules.md#a-bill-found-by-its-number-shows-only-that-it-exists-its-qr-code-carries-a-token).
    expect(JSON.stringify(after)).not.toMatch(/[?&]t=/);
    expect(Object.keys(after)).not.toContain('token');
  });

  it('reads the counter address and hours without signing in, defaults first, then as an admin saved them', async () => {
    const reg = await register();
    expect(await letterOf(reg.uniqeCode)).toMatchObject({
      counterAddress: expect.stringContaining('Seed sales counter'),
      counterHours: expect.stringContaining('10 am – 5 pm'),
    });
    const address = await api.call('GET', '/api/config/CounterAddress');
    expect(address.status, address.text).toBe(200);
    expect(JSON.stringify(address.json)).toContain('Seed sales counter');
    const hours = await api.call('GET', '/api/config/CounterHours');
    expect(hours.status, hours.text).toBe(200);

    const settings = await api.call('GET', '/api/settings', { token: tokens.admin });
    expect(settings.status, settings.text).toBe(200);
    const saved = await api.call('PUT', '/api/settings', {
      token: tokens.admin,
      body: { ...settings.json, CounterAddress: '  Gate 2,   Seed Store, Mau  ', CounterHours: '9 am – 4 pm' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ CounterAddress: 'Gate 2, Seed Store, Mau', CounterHours: '9 am – 4 pm' });
    const publicAddress = await api.call('GET', '/api/config/CounterAddress');
    expect(JSON.stringify(publicAddress.json)).toContain('Gate 2, Seed Store, Mau');
    // The letter carries them (one request for the farmer's phone).
    expect(await letterOf(reg.uniqeCode)).toMatchObject({
      counterAddress: 'Gate 2, Seed Store, Mau',
      counterHours: '9 am – 4 pm',
    });

    // A page opened before these settings existed saves without them: they stay as they were.
    const { CounterAddress: _a, CounterHours: _h, ...older } = saved.json as Record<string, unknown>;
    const again = await api.call('PUT', '/api/settings', { token: tokens.admin, body: older });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ CounterAddress: 'Gate 2, Seed Store, Mau' });

    const empty = await api.call('PUT', '/api/settings', { token: tokens.admin, body: { ...saved.json, CounterAddress: ' ' } });
    expect(empty.status, empty.text).toBe(400);
  });

  it('says the kg held and the price per kg of the crop’s lots of the registration’s year: one price, or the lowest and highest', async () => {
    const post = adminPost(api, tokens.admin);
    const bag = { unit: 'bag', bagSizeKg: 25, minQty: 1, maxQty: 4, defaultQty: 1 };
    const { producerID } = await createProducer(post, { name: 'Price Producer', aadhaarNumber: testAadhaar('73451234444') });
    const year = new Date().getFullYear();
    const crop = async (cropName: string, prices: number[]) => {
      const { cropID } = await createCrop(post, { cropName, cropNameHi: 'जौ', description: 'seed', rules: bag });
      for (const pricePerUnit of prices) await createLot(post, { producerID, cropID, quantityAvailable: 500, pricePerUnit });
      // Another year's lot is not what this year's registrations are served from.
      await createLot(post, { producerID, cropID, year: year - 1, quantityAvailable: 500, pricePerUnit: 99 });
      return cropID;
    };
    const [one, several] = [await crop('Barley One Price', [32]), await crop('Barley Two Prices', [30, 36.5])];

    const onePrice = await newRegistration(api, { cropName: 'Barley One Price', cropId: one, bagsRequested: 2 });
    expect(onePrice.year).toBe(year);
    expect(await letterOf(onePrice.uniqeCode)).toMatchObject({
      bagsRequested: 2,
      quantityKg: 50,
      pricePerKg: { min: 32, max: 32 },
    });
    const range = await newRegistration(api, { cropName: 'Barley Two Prices', cropId: several, bagsRequested: 3 });
    expect(await letterOf(range.uniqeCode)).toMatchObject({ quantityKg: 75, pricePerKg: { min: 30, max: 36.5 } });
  });
});
