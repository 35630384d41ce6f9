import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';
import { registerFarmer, validFields, useCrops } from '../fixtures/registration-helpers';

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
  const created = await api.call('POST', '/api/admin/users', {
    token: tokens.super_admin,
    body: { fullName: name, email, password: 'scope-password-1', isActive: true, roleIds },
  });
  expect(created.status, created.text).toBe(201);
  const login = await api.call('POST', '/auth/login', { body: { email, password: 'scope-password-1' } });
  expect(login.status, login.text).toBe(200);
  return { userID: created.json.userID, email, token: login.json.token };
}

let producerID: number;
let cropID: number;
let lot: { lotID: number; lotCode: string };

async function register(bagsRequested = 1): Promise<{ id: number; year: number }> {
  const r = await registerFarmer(api, validFields({ cropName: 'Wheat', bagsRequested }));
  expect(r.status, r.text).toBe(201);
  return r.json.data;
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

const summary = async (token: string) => {
  const r = await api.call('GET', '/api/dashboard/summary', { token });
  expect(r.status, r.text).toBe(200);
  return r.json.sales as {
    totalAmount: number;
    totalCount: number;
    todayAmount: number;
    todayCount: number;
    scopedToUser: boolean;
    last10Amounts: number[];
  };
};

beforeAll(async () => {
  const p = await api.call('POST', '/api/producers', {
    token: tokens.admin,
    body: { name: 'Scope Producer', aadhaarNumber: '734598761293', contactNumber: '9876543210', address: 'Kanpur' },
  });
  expect(p.status, p.text).toBe(201);
  producerID = p.json.producerID;
  const c = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Wheat', description: 'HD-2967' } });
  expect(c.status, c.text).toBe(201);
  cropID = c.json.cropID;
  useCrops({ Wheat: cropID });
  const l = await api.call('POST', '/api/lots', {
    token: tokens.admin,
    body: { producerID, cropID, quantityAvailable: 2000, pricePerUnit: PRICE },
  });
  expect(l.status, l.text).toBe(201);
  lot = l.json;
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

    expect(await summary(a.token)).toEqual({
      totalAmount: 4880,
      totalCount: 2,
      todayAmount: 4880,
      todayCount: 2,
      scopedToUser: true,
      last10Amounts: [1220, 3660],
    });
    expect(await summary(b.token)).toEqual({
      totalAmount: 2440,
      totalCount: 1,
      todayAmount: 2440,
      todayCount: 1,
      scopedToUser: true,
      last10Amounts: [2440],
    });
    expect(await summary(idle.token)).toEqual({
      totalAmount: 0,
      totalCount: 0,
      todayAmount: 0,
      todayCount: 0,
      scopedToUser: true,
      last10Amounts: [],
    });
    const everything = {
      totalAmount: 12200,
      totalCount: 4,
      todayAmount: 12200,
      todayCount: 4,
      scopedToUser: false,
      last10Amounts: [1220, 2440, 3660, 4880],
    };
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

  it('is refused at once on staff routes of every area, and is only a visitor on public pages', async () => {
    const leaver = await newAccount('Counter Leaver', [3]);
    const { invoiceNumber } = await sell(leaver.token, 1);
    for (const [method, path] of staffCalls().slice(0, 7)) {
      expect((await api.call(method, path, { token: leaver.token })).status, `${method} ${path} while active`).toBe(200);
    }

    const off = await api.call('PUT', `/api/admin/users/${leaver.userID}`, {
      token: tokens.super_admin,
      body: { fullName: 'Counter Leaver', isActive: false, roleIds: [3] },
    });
    expect(off.status, off.text).toBe(200);

    for (const [method, path, body] of staffCalls()) {
      const r = await api.call(method, path, { token: leaver.token, body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(401);
    }
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
    const changed = await api.call('PUT', `/api/admin/users/${demoted.userID}`, {
      token: tokens.super_admin,
      body: { fullName: 'Counter Demoted', isActive: true, roleIds: [4] },
    });
    expect(changed.status, changed.text).toBe(200);
    for (const [method, path, body] of staffCalls()) {
      const r = await api.call(method, path, { token: demoted.token, body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(401);
    }
    // Signed in again, the account holds only the user role: the staff routes are forbidden.
    const again = await api.call('POST', '/auth/login', { body: { email: demoted.email, password: 'scope-password-1' } });
    expect(again.status, again.text).toBe(200);
    for (const [method, path, body] of staffCalls()) {
      const r = await api.call(method, path, { token: again.json.token, body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(403);
    }
  });
});
