import { beforeAll, describe, expect, it } from 'vitest';
import { getFarmer } from '@functions/farmers/farmer-entity';
import { ERASED } from '@functions/lib/erased';
import { getRegistration } from '@functions/registrations/registration-entity';
import { readObjectHead } from '@functions/registrations/scan-store';
import { kgCrop, YEAR } from '../fixtures/allocation-helpers';
import { registerFarmer, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { farmerToken } from '../support/tokens';

/**
 * The farmer's own view and requests (docs/decisions/0023-records.md, section 4) on DynamoDB Local and
 * s3rver: from the letter's code in a farmer session of the registration's mobile
 * (docs/decisions/0043-farmer-one-time-codes.md), every item held about the
 * farmer with the Aadhaar masked; a correction or an erasure lands once in the admins' queue; an erasure done
 * frees the place for the next farmer and deletes the scan; on a billed registration the bill stays.
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');
let producerID: number;

beforeAll(async () => {
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Data Producer', aadhaarNumber: '734512349878', contactNumber: '9876543210', address: 'Kalyanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
});

interface Reg {
  id: number;
  year: number;
  code: string;
  mobile: string;
  aadhaar: string;
  name: string;
  status: string;
}

async function register(cropName: string, kg = 2): Promise<Reg> {
  const fields = validFields({ cropName, bagsRequested: kg });
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return {
    id: r.json.data.id,
    year: r.json.data.year,
    code: r.json.data.uniqueCode,
    mobile: String(fields.mobile),
    aadhaar: String(fields.adharNumber),
    name: String(fields.name),
    status: r.json.data.status,
  };
}

const last4 = (r: Reg) => r.mobile.slice(-4);
/** My data in a session of the mobile (the registration's own unless another is given). */
const myData = async (code: string, mobile: string) =>
  api.call('POST', `/svsregistration/${code}/my-data`, { token: await farmerToken(mobile), body: {} });
const ask = async (r: Reg, kind: string, details?: string) =>
  api.call('POST', `/svsregistration/${r.code}/data-requests`, {
    token: await farmerToken(r.mobile),
    body: { kind, ...(details === undefined ? {} : { details }) },
  });
const resolve = (id: string, body: unknown, token = tokens.admin) =>
  api.call('POST', `/api/data-requests/${id}/resolve`, { token, body });
const auditOf = async (action: string) =>
  (
    await scanTable({
      FilterExpression: 'begins_with(pk, :p) AND #a = :a',
      ExpressionAttributeNames: { '#a': 'action' },
      ExpressionAttributeValues: { ':p': 'AUDIT#', ':a': action },
    })
  ).length;
const scanHeld = async (r: { year: number; id: number }) =>
  (await readObjectHead((await getRegistration(r.year, r.id, true))!.adharFilePath, 1)) !== undefined;

describe("the farmer's own view", () => {
  it('shows what is held with the Aadhaar masked, to a session of the registration’s mobile', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    const r = await myData(reg.code, reg.mobile);
    expect(r.status, r.text).toBe(200);
    expect(r.json.farmer).toMatchObject({
      name: 'रामेश्वर प्रसाद',
      fatherName: 'शिव प्रसाद',
      aadhaar: `XXXX-XXXX-${reg.aadhaar.slice(-4)}`,
    });
    expect(r.json.farmer.mobile).toBe(`XXXXXX${last4(reg)}`);
    expect(r.json.registrations[0]).toMatchObject({
      id: reg.id,
      year: YEAR,
      crop: cropName,
      status: 'confirmed',
      scanHeld: true,
    });
    expect(r.json.bills).toEqual([]);
    expect(r.json.requests).toEqual([]);
    // No Aadhaar number in clear, nor the full mobile number.
    expect(r.text).not.toContain(reg.aadhaar);
    expect(r.text).not.toMatch(/\d{12}/);
    expect(r.text).not.toContain(reg.mobile);
  });

  it('refuses without a session, to a staff token and to another mobile’s session, and malformed bodies', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    const other = await register(cropName);
    for (const path of ['my-data', 'data-requests']) {
      const none = await api.call('POST', `/svsregistration/${reg.code}/${path}`, { body: { kind: 'erasure' } });
      expect(none.status).toBe(401);
      expect(none.json.message).toMatch(/कोड.* \/ .*code/);
      const staff = await api.call('POST', `/svsregistration/${reg.code}/${path}`, {
        token: tokens.admin,
        body: { kind: 'erasure' },
      });
      expect(staff.status).toBe(401);
      // Another mobile's session: the letter answers as an unknown one, and nothing of it is shown.
      const theirs = await api.call('POST', `/svsregistration/${reg.code}/${path}`, {
        token: await farmerToken(other.mobile),
        body: path === 'my-data' ? {} : { kind: 'erasure' },
      });
      expect(theirs.status).toBe(404);
      expect(theirs.text).not.toContain(reg.name);
    }
    const token = await farmerToken(reg.mobile);
    // The old last-four-digits field is no longer taken (docs/product-rules.md).
    for (const body of [{ mobileLast4: last4(reg) }, { x: 1 }, []]) {
      const r = await api.call('POST', `/svsregistration/${reg.code}/my-data`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toMatch(/[ऀ-ॿ]/);
    }
    const raw = await api.call('POST', `/svsregistration/${reg.code}/my-data`, {
      token,
      rawBody: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect((await myData('not-a-code', reg.mobile)).status).toBe(404);
    expect((await myData('A'.repeat(22), reg.mobile)).status).toBe(404);
    expect((await ask(reg, 'erasure')).status).toBe(201);
  });
});

describe("the farmer's requests", () => {
  it('a burst of the same request makes one request and one audit entry; corrections need details', async () => {
    const { cropName } = await kgCrop(100);
    const reg = await register(cropName);
    const before = await auditOf('data-request.create');
    const burst = await Promise.all(Array.from({ length: 15 }, () => ask(reg, 'correction', 'Father name is शिव प्रसाद वर्मा')));
    // One is created; the others answer with that one.
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(burst.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(burst.filter((r) => r.status < 300).map((r) => r.json.id)).size).toBe(1);
    expect(await auditOf('data-request.create')).toBe(before + 1);
    const created = burst.find((r) => r.status === 201)!;

    const empty = await ask(reg, 'correction', '   ');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/क्या गलत है.* \/ Write what is wrong/);
    for (const body of [
      { kind: 'delete-all' },
      { kind: 'correction', details: 'x'.repeat(1001) },
      { kind: 'erasure', details: 5 },
      { mobileLast4: last4(reg), kind: 'erasure' },
    ]) {
      const r = await api.call('POST', `/svsregistration/${reg.code}/data-requests`, {
        token: await farmerToken(reg.mobile),
        body,
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }

    // An Aadhaar number written into the text is not stored in clear.
    const other = await register(cropName);
    const withNumber = await ask(other, 'correction', `My Aadhaar is ${other.aadhaar}, the name is wrong`);
    expect(withNumber.status).toBe(201);
    expect(withNumber.text).not.toContain(other.aadhaar);

    // The farmer sees the requests in the view; the admins see them in the queue, sellers do not.
    const view = await myData(reg.code, reg.mobile);
    expect(view.json.requests).toEqual([expect.objectContaining({ kind: 'correction', status: 'open' })]);
    const list = await api.call('GET', '/api/data-requests', { token: tokens.admin, query: { status: 'open' } });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items.filter((i: { registration: { id: number } }) => i.registration.id === reg.id)).toEqual([
      expect.objectContaining({
        id: created.json.id,
        kind: 'correction',
        status: 'open',
        details: 'Father name is शिव प्रसाद वर्मा',
      }),
    ]);
    expect((await api.call('GET', '/api/data-requests', { token: tokens.seller })).status).toBe(403);
    expect((await api.call('GET', '/api/data-requests', { token: tokens.admin, query: { status: 'maybe' } })).status).toBe(400);

    // Resolved once: a refusal needs its reason, and a second resolution is a 409.
    const id = created.json.id;
    expect((await resolve(id, { outcome: 'refused' })).status).toBe(400);
    expect((await resolve(id, { outcome: 'done', note: 'x' }, tokens.seller)).status).toBe(403);
    expect((await resolve('DRnotthere1', { outcome: 'done' })).status).toBe(404);
    expect((await resolve('nope', { outcome: 'done' })).status).toBe(400);
    const before2 = await auditOf('data-request.resolve');
    const resolving = await Promise.all(
      Array.from({ length: 10 }, () => resolve(id, { outcome: 'done', note: 'Name corrected' })),
    );
    expect(resolving.filter((r) => r.status === 200)).toHaveLength(1);
    expect(resolving.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await auditOf('data-request.resolve')).toBe(before2 + 1);
    // Once done, the farmer may ask again.
    expect((await ask(reg, 'correction', 'Village is wrong')).status).toBe(201);
  });

  it('an erasure done cancels an unbilled registration, promotes the next farmer and deletes the scan', async () => {
    const { cropName } = await kgCrop(2);
    const first = await register(cropName, 2);
    const next = await register(cropName, 2);
    expect([first.status, next.status]).toEqual(['confirmed', 'waitlisted']);
    // The farmer records the registrations link to (from the table's stream).
    await api.drainStreams();
    const req = await ask(first, 'erasure');
    expect(req.status, req.text).toBe(201);
    const done = await resolve(req.json.id, { outcome: 'done', note: 'Erased as asked' });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: 'done', note: 'Erased as asked' });
    expect(done.json.erased).toMatch(/registration cancelled/);
    expect(done.json.erased).toMatch(/scan deleted/);
    expect((await getRegistration(first.year, first.id, true))!.status).toBe('cancelled');
    expect((await getRegistration(next.year, next.id, true))!.status).toBe('confirmed');
    expect(await scanHeld(first)).toBe(false);
    expect(await scanHeld(next)).toBe(true);
    const view = await myData(first.code, first.mobile);
    expect(view.json.registrations[0]).toMatchObject({ status: 'cancelled', scanHeld: false });
    expect(view.json.requests[0]).toMatchObject({ kind: 'erasure', status: 'done' });

    // The personal data is erased from the registration and, nothing else needing it, from the farmer record;
    // the mobile's last 4 digits stay so the farmer still follows the request from the letter.
    expect(done.json.erased).toMatch(/erased from the registration/);
    expect(done.json.erased).toMatch(/farmer record erased/);
    const stored = (await getRegistration(first.year, first.id, true))!;
    expect(stored).toMatchObject({ name: ERASED, fatherName: ERASED, village: '', mobileNumber: `XXXXXX${last4(first)}` });
    expect(stored.aadhaarEnc).toBeUndefined();
    expect(view.json.farmer).toMatchObject({ name: ERASED, fatherName: ERASED });
    const farmer = (await getFarmer(stored.farmerID!, true))!;
    expect(farmer).toMatchObject({ name: ERASED, contactNumber: '', address: '' });
    expect(farmer.aadhaarEnc).toBeUndefined();
    expect(JSON.stringify((await myData(first.code, first.mobile)).json)).not.toContain(first.name);
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${first.code}`);
    expect(JSON.stringify(letter.json)).toContain(ERASED);
  });

  it('an erasure done on a billed registration keeps the bill and deletes the scan', async () => {
    const { cropName, cropId } = await kgCrop(100);
    const lot = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID, cropID: cropId, year: YEAR, quantityAvailable: 100, pricePerUnit: 10 },
    });
    expect(lot.status, lot.text).toBe(201);
    const reg = await register(cropName, 2);
    const sale = await api.call('POST', '/api/sales/make', {
      token: tokens.seller,
      body: { lotID: lot.json.lotID, registrationID: reg.id, year: reg.year, bags: 2, bagSizeKg: 1, paymentMode: 'Cash' },
    });
    expect(sale.status, sale.text).toBe(201);
    const invoiceNumber = sale.json.invoiceNumber ?? sale.json.data?.invoiceNumber;
    const view = await myData(reg.code, reg.mobile);
    expect(view.json.bills).toEqual([expect.objectContaining({ kg: 2, amount: 20, registrationID: reg.id })]);

    const req = await ask(reg, 'erasure', 'Please erase my data');
    const done = await resolve(req.json.id, { outcome: 'done' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.erased).toMatch(/bill kept/);
    expect(done.json.erased).not.toMatch(/cancelled/);
    const stored = (await getRegistration(reg.year, reg.id, true))!;
    expect(stored.isBilled).toBe(true);
    expect(stored.scanDeletedOn).toBeDefined();
    expect(await scanHeld(reg)).toBe(false);
    const bills = (await myData(reg.code, reg.mobile)).json.bills;
    expect(bills).toHaveLength(1);
    if (invoiceNumber) expect(bills[0].invoiceNumber).toBe(invoiceNumber);
  });

  it('lists a cancelled bill with its credit note beside the bill that replaced it', async () => {
    const { cropName, cropId } = await kgCrop(100);
    const lot = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID, cropID: cropId, year: YEAR, quantityAvailable: 100, pricePerUnit: 10 },
    });
    expect(lot.status, lot.text).toBe(201);
    const reg = await register(cropName, 2);
    const sell = () =>
      api.call('POST', '/api/sales/make', {
        token: tokens.seller,
        body: { lotID: lot.json.lotID, registrationID: reg.id, year: reg.year, bags: 2, bagSizeKg: 1, paymentMode: 'Cash' },
      });
    const first = await sell();
    expect(first.status, first.text).toBe(201);
    const cancelled = await api.call('POST', `/api/invoices/${first.json.invoiceID}/cancel`, {
      token: tokens.admin,
      body: { reason: 'Wrong lot chosen' },
    });
    expect(cancelled.status, cancelled.text).toBe(201);
    const second = await sell();
    expect(second.status, second.text).toBe(201);

    const bills = (await myData(reg.code, reg.mobile)).json.bills;
    expect(bills).toEqual([
      expect.objectContaining({ invoiceNumber: second.json.invoiceNumber, status: 'issued', creditNoteNumber: null }),
      expect.objectContaining({
        invoiceNumber: first.json.invoiceNumber,
        status: 'cancelled',
        creditNoteNumber: cancelled.json.creditNoteNumber,
      }),
    ]);
  });
});
