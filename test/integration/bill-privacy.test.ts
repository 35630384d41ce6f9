import { UpdateCommand } from '@functions/lib/dynamo-commands';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { formatInvoiceNumber, parseInvoiceNumber } from '@shared/schemas/sales';
import { newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';

/**
 * Issue 12, item 6: bills and lots found by counting their numbers. Without the bill's token (printed in its QR
 * code) a bill by number proves only that it exists; lot pages show the producer's contact masked.
 */
const { api, tokens } = useTestApi('admin', 'seller');
let lotCode: string;
const bills: {
  number: string;
  invoiceID: number;
  name: string;
  mobile: string;
  aadhaar: string;
  village: string;
  registrationID: number;
}[] = [];

const SUMMARY_KEYS = [
  'bagSizeKg',
  'bags',
  'cropName',
  'cropNameHi',
  'generatedOn',
  'invoiceNumber',
  'lotCode',
  'quantityKg',
  'quantityQuintal',
  'status',
  'totalAmount',
  'view',
];

beforeAll(async () => {
  const { cropID, lot } = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Counted Producer', aadhaarNumber: '734512340091', contactNumber: '9876543210', address: 'Kalyanpur' },
    crop: { cropName: 'Wheat' },
    lot: { quantityAvailable: 1000, pricePerUnit: 40 },
  });
  lotCode = lot.lotCode;
  for (let i = 0; i < 3; i++) {
    const f = validFields({
      Name: `Counted Farmer ${i}`,
      village: `Gaon${i}`,
      cropName: 'Wheat',
      cropId: cropID,
      bagsRequested: 1,
      mobile: newMobile(),
    });
    const r = await registerFarmer(api, f);
    expect(r.status, r.text).toBe(201);
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: lot.lotID, registrationID: r.json.data.id, year: r.json.data.year, bags: 1, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);
    bills.push({
      number: sale.json.invoiceNumber,
      invoiceID: sale.json.invoiceID,
      name: String(f.Name),
      mobile: String(f.mobile),
      aadhaar: String(f.adharNumber),
      village: String(f.village),
      registrationID: r.json.data.id,
    });
  }
});

function decodeQr(buf: Buffer): string {
  const png = PNG.sync.read(buf);
  const text = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  if (!text) throw new Error('no QR code in the image');
  return text;
}

/** Nothing personal of this bill's farmer in an answer. */
function expectNoPersonalData(text: string, b: (typeof bills)[number]) {
  expect(text).not.toContain(b.name);
  expect(text).not.toContain(b.village);
  expect(text).not.toContain(b.mobile.slice(-4));
  expect(text).not.toContain(b.aadhaar.slice(-4));
  for (const key of [
    'farmerName',
    'farmerAddress',
    'farmerAadhaarLast4',
    'farmerContact',
    'farmerID',
    'registrationID',
    'createdByName',
    'createdByUserId',
    'verifyToken',
    'invoiceID',
  ]) {
    expect(text).not.toContain(`"${key}"`);
  }
}

describe('a bill by its number, without its token', () => {
  it('counting invoice numbers anonymously gets that each bill exists, and no personal data', async () => {
    const { fyStart, seq } = parseInvoiceNumber(bills[0].number)!;
    for (let i = 0; i < bills.length; i++) {
      const number = formatInvoiceNumber(fyStart, seq + i);
      const r = await api.call('GET', `/api/invoices/by-number/${number}`);
      expect(r.status).toBe(200);
      const b = bills.find((x) => x.number === number)!;
      expect(Object.keys(r.json).sort()).toEqual(SUMMARY_KEYS);
      expect(r.json).toMatchObject({
        view: 'summary',
        invoiceNumber: number,
        cropName: 'Wheat',
        lotCode,
        bags: 1,
        quantityKg: 40,
        totalAmount: 1600,
        status: 'issued',
      });
      expectNoPersonalData(r.text, b);
    }
  });

  it("a wrong, malformed or other bill's token, and a signed-in non-staff account, get the same summary", async () => {
    const [a, b] = bills;
    const tokenOfB = (await api.call('GET', `/api/invoices/by-number/${b.number}`, { token: tokens.seller })).json
      .verifyToken as string;
    const user = await api.tokenFor('user');
    for (const opts of [
      { query: { t: 'A'.repeat(22) } },
      { query: { t: tokenOfB } },
      { query: { t: '<script>' } },
      { query: { t: 'x'.repeat(500) } },
      { token: user },
    ]) {
      const r = await api.call('GET', `/api/invoices/by-number/${a.number}`, opts);
      expect(r.status, JSON.stringify(opts)).toBe(200);
      expect(r.json.view).toBe('summary');
      expectNoPersonalData(r.text, a);
    }
  });
});

describe("the bill's QR code", () => {
  it('carries the token; the URL it opens gets the full bill through the API', async () => {
    for (const b of bills) {
      const img = await api.call('GET', `/api/invoices/${b.invoiceID}/qrcode.png`, { token: tokens.seller });
      expect(img.status).toBe(200);
      const url = new URL(decodeQr(img.buffer));
      expect(url.pathname).toBe(`/bill/${b.number}`);
      const t = url.searchParams.get('t')!;
      expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 random bytes
      // The bill page passes the token from its URL to the API.
      const r = await api.call('GET', `/api/invoices/by-number/${b.number}`, { query: { t } });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        farmerName: b.name,
        registrationID: b.registrationID,
        farmerContact: `XXXXXX${b.mobile.slice(-4)}`,
        farmerAadhaarLast4: b.aadhaar.slice(-4),
      });
      expect(r.json.farmerAddress).toContain(b.village);
      expect(r.json).not.toHaveProperty('verifyToken');
      expect(r.json).not.toHaveProperty('createdByName');
      expect(r.text).not.toContain(b.mobile);
      // The public QR route gives the tokened QR only to whoever holds the token (and keeps it out of shared caches).
      const withToken = await api.call('GET', `/api/invoices/by-number/${b.number}/qrcode.png`, { query: { t } });
      expect(decodeQr(withToken.buffer)).toBe(url.toString());
      expect(withToken.headers.get('cache-control')).toMatch(/^private/);
      const counted = await api.call('GET', `/api/invoices/by-number/${b.number}/qrcode.png`);
      expect(new URL(decodeQr(counted.buffer)).search).toBe('');
    }
    const qrTokens = new Set(
      await Promise.all(
        bills.map(async (b) =>
          new URL(
            decodeQr((await api.call('GET', `/api/invoices/${b.invoiceID}/qrcode.png`, { token: tokens.seller })).buffer),
          ).searchParams.get('t'),
        ),
      ),
    );
    expect(qrTokens.size).toBe(bills.length);
  });

  it('a bill made before tokens existed shows the summary to everyone but staff', async () => {
    const b = bills[2];
    const t = (await api.call('GET', `/api/invoices/by-number/${b.number}`, { token: tokens.seller })).json.verifyToken as string;
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `INVOICE#${b.number}`, sk: 'INVOICE' },
        UpdateExpression: 'REMOVE verifyToken',
      }),
    );
    const anon = await api.call('GET', `/api/invoices/by-number/${b.number}`, { query: { t } });
    expect(anon.json.view).toBe('summary');
    expectNoPersonalData(anon.text, b);
    const staff = await api.call('GET', `/api/invoices/by-number/${b.number}`, { token: tokens.seller });
    expect(staff.json).toMatchObject({ farmerName: b.name });
    expect(staff.json).not.toHaveProperty('verifyToken');
    const img = await api.call('GET', `/api/invoices/${b.invoiceID}/qrcode.png`, { token: tokens.seller });
    expect(decodeQr(img.buffer)).toBe(`${api.url}/bill/${b.number}`);
  });
});

describe('the public lot page', () => {
  it("shows the producer's contact masked to its last 4 digits", async () => {
    const r = await api.call('GET', `/api/lots/by-code/${lotCode}`);
    expect(r.status).toBe(200);
    expect(r.json.producerContact).toBe('XXXXXX3210');
    expect(r.text).not.toContain('9876543210');
    // Staff still see it whole.
    const staff = await api.call('GET', '/api/lots', { token: tokens.seller });
    expect(staff.json.items?.[0]?.producerContact ?? staff.json[0]?.producerContact).toBe('9876543210');
  });
});
