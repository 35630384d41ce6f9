import { beforeAll, describe, expect, it } from 'vitest';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { createAccount, editAccount, signIn } from '../fixtures/accounts';
import { dashboardSummary, salesMadeToday } from '../fixtures/dashboard';
import { useTestApi } from '../support/integration';
import { useCrops } from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';

/**
 * Who sees and changes what, beyond the route-table matrix (test/integration/authorization.test.ts calls every
 * route with made-up ids and empty bodies):
 *  - the dashboard's sales are the caller's own for a seller, with two sellers and an admin all selling;
 *  - a seller's writes to real catalogue records, with valid bodies, are refused and change nothing;
 *  - an account that is deactivated (or loses its staff role) is refused at once on staff routes of every
 *    area, while public pages still answer it as a visitor.
 * Token forgery and sign-in limits are in admin.test.ts and login-limits.test.ts.
 */
const { api, tokens } = useTestApi('super_admin', 'admin');
const PRICE = 30.5; // rupees per kg; a wheat bag is 40 kg: 1,220 rupees a bag

interface Account {
  userID: number;
  email: string;
  token: string;
}

async function newAccount(name: string, roleIds: number[]): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}@test.local`;
  const password = 'scope-password-1';
  const userID = await createAccount(api, tokens.super_admin, { fullName: name, email, password, isActive: true, roleIds });
  return { userID, email, token: await signIn(api, email, password) };
}

let producerID: number;
let cropID: number;
let lot: { lotID: number; lotCode: string };

async function register(bagsRequested = 1): Promise<{ id: number; year: number }> {
  return await newRegistration(api, { cropName: 'Wheat', bagsRequested });
}

async function sell(token: string, bags: number): Promise<{ invoiceNumber: string; totalAmount: number }> {
  // Registered for what is sold; above wheat's 3 bags only an admin's explicit override sells.
  const reg = await register(Math.min(bags, 3));
  const r = await api.call('POST', '/api/sales/make', {
    token,
    body: {
      lotID: lot.lotID,
      registrationID: reg.id,
      year: reg.year,
      bags,
      bagSizeKg: 40,
      paymentMode: 'Cash',
      ...(bags > 3 ? { overRequested: true } : {}),
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

const summary = async (token: string) => (await dashboardSummary(api, token)).sales;

beforeAll(async () => {
  ({ producerID, cropID, lot } = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Scope Producer', aadhaarNumber: '734598761293', contactNumber: '9876543210', address: 'Kanpur' },
    crop: { cropName: 'Wheat', description: 'HD-2967' },
    lot: { quantityAvailable: 2000, pricePerUnit: PRICE },
  }));
  useCrops({ Wheat: cropID });
});

describe("a seller's dashboard", () => {
  it('shows only that seller’s sales, with two sellers and an admin selling; admins and a seller who is also admin see all', async () => {
    const a = await newAccount('Counter A', [3]);
    const b = await newAccount('Counter B', [3]);
    const idle = await newAccount('Counter Idle', [3]);
    const both = await newAccount('Counter Admin', [3, 2]);

    await sell(a.token, 1); // 1,220
    await sell(b.token, 2); // 2,440
    await sell(a.token, 3); // 3,660
    await sell(tokens.admin, 4); // 4,880

    expect(await summary(a.token)).toEqual(salesMadeToday([1220, 3660], true)); // 4,880
    expect(await summary(b.token)).toEqual(salesMadeToday([2440], true));
    expect(await summary(idle.token)).toEqual(salesMadeToday([], true));
    const everything = salesMadeToday([1220, 2440, 3660, 4880], false); // 12,200
    expect(await summary(tokens.admin)).toEqual(everything);
    expect(await summary(tokens.super_admin)).toEqual(everything);
    expect(await summary(both.token)).toEqual(everything);
  });
});

describe('a seller and the catalogue', () => {
  it('cannot change, remove or restore real producers, crops and lots, even with valid bodies; nothing changes', async () => {
    const seller = await api.tokenFor('seller');
    const before = {
      producer: (await api.call('GET', `/api/producers/${producerID}`, { token: tokens.admin })).json,
      lot: (await api.call('GET', `/api/lots/${lot.lotID}`, { token: tokens.admin })).json,
    };
    expect(before.producer.producerID).toBe(producerID);
    expect(before.lot.lotID).toBe(lot.lotID);

    const attempts: [string, string, unknown?][] = [
      [
        'PUT',
        `/api/producers/${producerID}`,
        { name: 'Taken Over', aadhaarNumber: '734598761293', contactNumber: '9000000000', address: 'Elsewhere' },
      ],
      ['DELETE', `/api/producers/${producerID}`],
      ['POST', `/api/producers/${producerID}/restore`, {}],
      ['PUT', `/api/crops/${cropID}`, { cropName: 'Wheat', description: 'changed by a seller' }],
      [
        'PUT',
        `/api/lots/${lot.lotID}`,
        { producerID, cropID, quantityAvailable: 999999, pricePerUnit: 0.01, isSubsidized: false },
      ],
      ['DELETE', `/api/lots/${lot.lotID}`],
      ['POST', '/api/lots', { producerID, cropID, quantityAvailable: 10, pricePerUnit: 1 }],
      [
        'POST',
        '/api/producers',
        { name: 'Seller Made', aadhaarNumber: '734598761286', contactNumber: '9000000001', address: 'X' },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const r = await api.call(method, path, { token: seller, body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(403);
    }

    expect((await api.call('GET', `/api/producers/${producerID}`, { token: tokens.admin })).json).toEqual(before.producer);
    expect((await api.call('GET', `/api/lots/${lot.lotID}`, { token: tokens.admin })).json).toEqual(before.lot);
    const producers = await api.call('GET', '/api/producers', { token: tokens.admin, query: { includeInactive: true } });
    expect(JSON.stringify(producers.json)).not.toContain('Seller Made');
  });
});

describe('an account that is switched off', () => {
  const staffCalls = (): [string, string, unknown?][] => [
    ['GET', '/api/dashboard/summary'],
    ['GET', '/api/registrations'],
    ['GET', '/api/invoices'],
    ['GET', '/api/lots'],
    ['GET', '/api/producers'],
    ['GET', '/api/farmers'],
    ['GET', '/api/admin/users/names'],
    ['POST', '/api/sales/make', { lotID: lot.lotID, registrationID: 1, year: 2000, bags: 1 }],
  ];
  const expectEveryStaffCall = async (token: string, status: number) => {
    for (const [method, path, body] of staffCalls()) {
      const r = await api.call(method, path, { token, body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(status);
    }
  };

  it('is refused at once on staff routes of every area, and is only a visitor on public pages', async () => {
    const leaver = await newAccount('Counter Leaver', [3]);
    const { invoiceNumber } = await sell(leaver.token, 1);
    for (const [method, path] of staffCalls().slice(0, 7)) {
      expect((await api.call(method, path, { token: leaver.token })).status, `${method} ${path} while active`).toBe(200);
    }

    await editAccount(api, tokens.super_admin, leaver.userID, { fullName: 'Counter Leaver', isActive: false, roleIds: [3] });
    await expectEveryStaffCall(leaver.token, 401);
    // The token is worth nothing more than no token: the public bill shows the visitor's single copy.
    const asVisitor = await api.call('GET', `/api/invoices/by-number/${invoiceNumber}`);
    const withDeadToken = await api.call('GET', `/api/invoices/by-number/${invoiceNumber}`, { token: leaver.token });
    expect(withDeadToken.status).toBe(200);
    expect(withDeadToken.json).toEqual(asVisitor.json);
    // Nor can it sign in again.
    const login = await api.call('POST', '/auth/login', { body: { email: leaver.email, password: 'scope-password-1' } });
    expect(login.status).toBe(401);
  });

  it('loses staff routes at once when its staff role is taken away (the role change ends its token)', async () => {
    const demoted = await newAccount('Counter Demoted', [3]);
    expect((await api.call('GET', '/api/registrations', { token: demoted.token })).status).toBe(200);
    await editAccount(api, tokens.super_admin, demoted.userID, { fullName: 'Counter Demoted', isActive: true, roleIds: [4] });
    await expectEveryStaffCall(demoted.token, 401);
    // Signed in again, the account holds only the user role: the staff routes are forbidden.
    const again = await api.call('POST', '/auth/login', { body: { email: demoted.email, password: 'scope-password-1' } });
    expect(again.status, again.text).toBe(200);
    await expectEveryStaffCall(again.json.token, 403);
  });
});
