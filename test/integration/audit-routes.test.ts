import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplicant } from '@functions/allocation/draw-store';
import { changeStock } from '@functions/allocation/pool';
import { AUDIT_ACTIONS, auditActionOf, type WriteRouteKey } from '@shared/audit-actions';
import { ROUTES, routeKey } from '@shared/routes';
import type { Role } from '@shared/roles';
import type { ApiReply, CallOptions } from '../support/api';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { enrolSecondFactor, newStaffAccount, totpCode } from '../support/second-factor';
import { knownCode } from '../support/farmer-codes';
import { farmerToken } from '../support/tokens';
import { docClient, tableName } from '@functions/lib/aws';
import { PutCommand } from '@functions/lib/dynamo-commands';
import { outboxIdOf, outboxIndexPk, outboxItem } from '@functions/notifications/outbox-entity';
import { DEFAULT_TEMPLATES } from '@shared/sms-templates';
import { newAadhaar, registerFarmer, seedFormCrops, uploadScan, validFields, SAMPLE_PDF } from '../fixtures/registration-helpers';

/**
 * The audit log for every write route (docs/decisions/0023-records.md, section 2): each non-GET route of the
 * route table, called with a valid body and the right token, leaves exactly one new entry with its action
 * (none for the routes that record none), no entry holds a 12-digit run, and no call changes or removes an
 * entry written before it. A route without a case here fails the typecheck (CASES is typed over WriteRouteKey).
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

type AuditItem = Record<string, unknown> & { pk: string; sk: string; action: string };
const auditItems = () =>
  scanTable<AuditItem>({
    FilterExpression: 'begins_with(pk, :p)',
    ExpressionAttributeValues: { ':p': 'AUDIT#' },
    ConsistentRead: true,
  });
const keyOf = (i: AuditItem) => `${i.pk}|${i.sk}`;

/** One call of the route under test: the role whose token it carries (null: none) and what it sends. */
interface RouteCall extends Omit<CallOptions, 'token'> {
  path: string;
  as: Role | null;
  /** A farmer session's token instead (the 'farmer' routes: docs/decisions/0043-farmer-one-time-codes.md). */
  farmer?: string;
}

/** Makes what the call needs (its own writes are not counted), then names the one call that is. */
type RouteCase = () => Promise<RouteCall>;

const YEAR = Number(new Date().toISOString().slice(0, 4));
let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;

async function ok(method: string, path: string, opts: CallOptions & { as?: Role } = {}): Promise<any> {
  const r = await api.call(method, path, { ...opts, token: opts.as === undefined ? tokens.admin : tokens[opts.as as 'admin'] });
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.json;
}

const producerBody = () => ({
  name: `Audit producer ${tag()}`,
  aadhaarNumber: newAadhaar(),
  contactNumber: '9876543210',
  address: 'Kalyanpur',
});
const cropBody = () => ({ cropName: `Audit crop ${tag()}`, cropNameHi: 'जाँच फसल', description: 'for the audit walk' });
const newProducer = async () => (await ok('POST', '/api/producers', { body: producerBody() })).producerID as number;
const newCrop = async () => (await ok('POST', '/api/crops', { body: cropBody() })).cropID as number;
async function newLot() {
  const producerID = await newProducer();
  const cropID = await newCrop();
  const lot = await ok('POST', '/api/lots', {
    body: { producerID, cropID, year: YEAR, quantityAvailable: 100, pricePerUnit: 30 },
  });
  return { lotID: lot.lotID as number, cropID, producerID };
}
const farmerBody = () => ({ name: `Audit farmer ${tag()}`, aadhaarNumber: newAadhaar(), contactNumber: '9876543210' });
const blockBody = () => ({
  blockID: 0,
  slug: `audit-${tag()}`,
  title: 'Audit block',
  body: 'Text',
  sortOrder: 5,
  isActive: true,
});
const announcementBody = () => ({
  announcementID: 0,
  title: 'Audit',
  message: 'A message',
  severity: 'info',
  endAt: null,
  isActive: true,
});

/** The draw's case closes the form (a draw needs it closed); the cases after it open it again to register. */
let formClosed = false;

async function newRegistration() {
  if (formClosed) {
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Is_SVS_Form_On', value: 'true' } });
    formClosed = false;
  }
  const fields = validFields();
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return { id: r.json.data.id as number, year: r.json.data.year as number, code: r.json.data.uniqueCode as string, fields };
}

async function newRole() {
  return (await ok('POST', '/api/roles', { as: 'super_admin', body: { name: `audit_${tag()}`, description: 'walk' } }))
    .roleID as number;
}

async function newUser() {
  const body = { fullName: 'Audit user', email: `audit-${tag()}@example.com`, password: 'Audit-pass-2026!', roleIds: [3] };
  return (await ok('POST', '/api/admin/users', { as: 'super_admin', body })).userID as number;
}

let drawCrop = 88_000;

/** A bill: a new registration billed by the seller. */
async function newBill() {
  const reg = await newRegistration();
  const lots = await ok('GET', '/api/lots/for-crop', { query: { cropId: Number(reg.fields.cropId) } });
  const sale = await ok('POST', '/api/sales/make', {
    as: 'seller',
    body: { lotID: lots[0].lotID, registrationID: reg.id, year: reg.year, bags: 1, paymentMode: 'Cash' },
  });
  return { invoiceID: sale.invoiceID as number, reg };
}

/** A farmer's request from the letter (a correction: resolving it changes no registration). */
async function newDataRequest() {
  const reg = await newRegistration();
  const r = await api.call('POST', `/svsregistration/${reg.code}/data-requests`, {
    token: await farmerToken(String(reg.fields.mobile)),
    body: { kind: 'correction', details: 'My father’s name is misspelt' },
  });
  expect(r.status, r.text).toBeLessThan(300);
  return r.json.id as string;
}

/** Every write route, with a valid request. Aadhaar numbers go in every body that takes one. */
const CASES: Record<WriteRouteKey, RouteCase> = {
  'POST /auth/login': async () => ({
    path: '/auth/login',
    as: null,
    body: { email: api.adminEmail, password: api.adminPassword },
  }),

  // the staff second factor: each on an account of its own, made and enrolled before the call counted
  'POST /auth/second-factor/enrol': async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [3]);
    return { path: '/auth/second-factor/enrol', as: null, headers: { authorization: `Bearer ${account.token}` } };
  },
  'POST /auth/second-factor/confirm': async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [3]);
    const bearer = { authorization: `Bearer ${account.token}` };
    const enrolment = await api.call('POST', '/auth/second-factor/enrol', { headers: bearer });
    return { path: '/auth/second-factor/confirm', as: null, headers: bearer, body: { code: totpCode(enrolment.json.secret) } };
  },
  'POST /auth/second-factor/verify': async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [3]);
    const { recoveryCodes } = await enrolSecondFactor(api, account.token);
    const login = await api.call('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    return { path: '/auth/second-factor/verify', as: null, body: { challenge: login.json.challenge, code: recoveryCodes[0] } };
  },
  'DELETE /api/admin/users/{id}/second-factor': async () => {
    const account = await newStaffAccount(api, tokens.super_admin, [2]);
    await enrolSecondFactor(api, account.token);
    return { path: `/api/admin/users/${account.userID}/second-factor`, as: 'super_admin' };
  },

  'POST /api/admin/users': async () => ({
    path: '/api/admin/users',
    as: 'super_admin',
    body: { fullName: 'New account', email: `new-${tag()}@example.com`, password: 'Audit-pass-2026!', roleIds: [3] },
  }),
  'PUT /api/admin/users/{id}': async () => ({
    path: `/api/admin/users/${await newUser()}`,
    as: 'super_admin',
    body: { fullName: 'Renamed account', isActive: false, roleIds: [2] },
  }),
  'PUT /api/admin/users/{id}/password': async () => ({
    path: `/api/admin/users/${await newUser()}/password`,
    as: 'super_admin',
    body: { newPassword: 'Another-pass-2026!' },
  }),
  'POST /api/roles': async () => ({ path: '/api/roles', as: 'super_admin', body: { name: `role_${tag()}`, description: 'x' } }),
  'DELETE /api/roles/{id}': async () => ({ path: `/api/roles/${await newRole()}`, as: 'super_admin' }),
  'POST /api/config': async () => ({
    path: '/api/config',
    as: 'super_admin',
    body: { key: 'Audit_Walk_Note', value: 'a note' },
  }),
  'DELETE /api/config/{key}': async () => {
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Audit_Walk_Gone', value: 'x' } });
    return { path: '/api/config/Audit_Walk_Gone', as: 'super_admin' };
  },
  'PUT /api/settings': async () => {
    const current = await ok('GET', '/api/settings');
    return { path: '/api/settings', as: 'admin', body: { ...current, PerDayLimit: current.PerDayLimit + 1 } };
  },
  'POST /api/admin/reconcile': async () => ({ path: '/api/admin/reconcile', as: 'super_admin' }),

  'POST /api/producers': async () => ({ path: '/api/producers', as: 'admin', body: producerBody() }),
  'PUT /api/producers/{id}': async () => ({ path: `/api/producers/${await newProducer()}`, as: 'admin', body: producerBody() }),
  'DELETE /api/producers/{id}': async () => ({ path: `/api/producers/${await newProducer()}`, as: 'admin' }),
  'POST /api/producers/{id}/restore': async () => {
    const id = await newProducer();
    await ok('DELETE', `/api/producers/${id}`);
    return { path: `/api/producers/${id}/restore`, as: 'admin' };
  },

  'POST /api/crops': async () => ({ path: '/api/crops', as: 'admin', body: cropBody() }),
  'PUT /api/crops/{id}': async () => ({ path: `/api/crops/${await newCrop()}`, as: 'admin', body: cropBody() }),
  'DELETE /api/crops/{id}': async () => ({ path: `/api/crops/${await newCrop()}`, as: 'admin' }),
  'POST /api/crops/{id}/restore': async () => {
    const id = await newCrop();
    await ok('DELETE', `/api/crops/${id}`);
    return { path: `/api/crops/${id}/restore`, as: 'admin' };
  },

  'POST /api/lots': async () => ({
    path: '/api/lots',
    as: 'admin',
    body: { producerID: await newProducer(), cropID: await newCrop(), year: YEAR, quantityAvailable: 50, pricePerUnit: 20 },
  }),
  'PUT /api/lots/{id}': async () => {
    const lot = await newLot();
    return {
      path: `/api/lots/${lot.lotID}`,
      as: 'admin',
      body: { cropID: lot.cropID, year: YEAR, quantityAvailable: 150, pricePerUnit: 32 },
    };
  },
  'DELETE /api/lots/{id}': async () => ({ path: `/api/lots/${(await newLot()).lotID}`, as: 'admin' }),

  'POST /api/farmers': async () => ({ path: '/api/farmers', as: 'admin', body: farmerBody() }),
  'PUT /api/farmers/{id}': async () => {
    const id = (await ok('POST', '/api/farmers', { body: farmerBody() })).farmerID;
    return { path: `/api/farmers/${id}`, as: 'admin', body: farmerBody() };
  },
  'DELETE /api/farmers/{id}': async () => ({
    path: `/api/farmers/${(await ok('POST', '/api/farmers', { body: farmerBody() })).farmerID}`,
    as: 'admin',
  }),
  'POST /api/farmers/{id}/restore': async () => {
    const id = (await ok('POST', '/api/farmers', { body: farmerBody() })).farmerID;
    await ok('DELETE', `/api/farmers/${id}`);
    return { path: `/api/farmers/${id}/restore`, as: 'admin' };
  },

  'POST /api/cms/blocks': async () => ({ path: '/api/cms/blocks', as: 'admin', body: blockBody() }),
  'PUT /api/cms/blocks/{blockID}': async () => {
    const b = await ok('POST', '/api/cms/blocks', { body: blockBody() });
    return { path: `/api/cms/blocks/${b.blockID}`, as: 'admin', body: { ...blockBody(), blockID: b.blockID, title: 'Changed' } };
  },
  'POST /api/cms/announcements': async () => ({ path: '/api/cms/announcements', as: 'admin', body: announcementBody() }),
  'PUT /api/cms/announcements/{announcementID}': async () => {
    const a = await ok('POST', '/api/cms/announcements', { body: announcementBody() });
    return {
      path: `/api/cms/announcements/${a.announcementID}`,
      as: 'admin',
      body: { ...announcementBody(), announcementID: a.announcementID, message: 'Changed' },
    };
  },

  'POST /svsregistration/upload-url': async () => ({
    path: '/svsregistration/upload-url',
    as: null,
    body: { fileName: 'aadhaar.pdf', contentType: 'application/pdf', size: SAMPLE_PDF.length },
  }),
  'POST /svsregistration': async () => {
    const { key } = await uploadScan(api, SAMPLE_PDF);
    return {
      path: '/svsregistration',
      as: null,
      body: { ...validFields(), fileKey: key },
      headers: { 'idempotency-key': crypto.randomUUID() },
    };
  },
  'POST /svsregistration/find-letter': async () => {
    const reg = await newRegistration();
    return {
      path: '/svsregistration/find-letter',
      as: null,
      body: { mobile: reg.fields.mobile, otp: await knownCode(api, String(reg.fields.mobile)) },
    };
  },
  'POST /svsregistration/otp': async () => ({
    path: '/svsregistration/otp',
    as: null,
    body: { mobile: (await newRegistration()).fields.mobile, purpose: 'manage' },
  }),
  'POST /svsregistration/otp/verify': async () => {
    const mobile = String((await newRegistration()).fields.mobile);
    return { path: '/svsregistration/otp/verify', as: null, body: { mobile, otp: await knownCode(api, mobile, 'manage') } };
  },
  'POST /svsregistration/{code}/cancel': async () => {
    const reg = await newRegistration();
    return {
      path: `/svsregistration/${reg.code}/cancel`,
      as: null,
      farmer: await farmerToken(String(reg.fields.mobile)),
      body: {},
    };
  },
  'POST /api/registrations/{id}/cancel': async () => {
    const reg = await newRegistration();
    // A reason holding a 12-digit run: the entry keeps it redacted.
    return {
      path: `/api/registrations/${reg.id}/cancel`,
      as: 'admin',
      body: { reason: 'Duplicate of 234567890124', year: reg.year },
    };
  },

  'POST /api/registrations/{id}/farmer-link': async () => {
    const reg = await newRegistration();
    return { path: `/api/registrations/${reg.id}/farmer-link`, as: 'admin', body: { year: reg.year, accept: true } };
  },

  'POST /api/sales/make': async () => {
    const reg = await newRegistration();
    const lots = await ok('GET', '/api/lots/for-crop', { query: { cropId: Number(reg.fields.cropId) } });
    return {
      path: '/api/sales/make',
      as: 'seller',
      body: { lotID: lots[0].lotID, registrationID: reg.id, year: reg.year, bags: 1, paymentMode: 'Cash' },
    };
  },

  'POST /api/allocation/draw': async () => {
    const cropId = ++drawCrop;
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Is_SVS_Form_On', value: 'false' } });
    formClosed = true;
    await changeStock(cropId, YEAR, 10_000);
    for (let i = 0; i < 3; i++) await putApplicant(cropId, YEAR, { id: 5000 + i, grams: 1000, category: 'GEN', gender: 'पुरुष' });
    return { path: '/api/allocation/draw', as: 'admin', body: { cropId, year: YEAR, seed: '271828' } };
  },
  'POST /api/allocation/sweep': async () => ({ path: '/api/allocation/sweep', as: 'admin' }),

  'POST /api/notifications/outbox/{id}/resend': async () => {
    // A failed message (only the sender makes one: put as it leaves it).
    const item = outboxItem({ year: YEAR, id: 7000 + ++unique, event: 'expired', mobile: '9876543210', values: { number: 1 } });
    const failed = { ...item, status: 'failed', gsi1pk: outboxIndexPk(item.day, 'failed'), failureReason: 'test' };
    await docClient().send(new PutCommand({ TableName: tableName(), Item: failed }));
    return { path: `/api/notifications/outbox/${outboxIdOf(item.pk)}/resend`, as: 'admin' };
  },
  'PUT /api/notifications/templates': async () => ({
    path: '/api/notifications/templates',
    as: 'super_admin',
    body: DEFAULT_TEMPLATES.expired,
  }),
  'POST /api/notifications/reminders/run': async () => ({
    path: '/api/notifications/reminders/run',
    as: 'admin',
    query: { date: `${YEAR}-01-15` },
  }),
  'POST /api/notifications/opt-out': async () => ({
    path: '/api/notifications/opt-out',
    as: 'admin',
    body: { mobile: '+91 98765 43210' },
  }),
  'POST /svsregistration/{code}/sms-opt-out': async () => {
    const reg = await newRegistration();
    return { path: `/svsregistration/${reg.code}/sms-opt-out`, as: null };
  },

  'POST /svsregistration/{code}/my-data': async () => {
    const reg = await newRegistration();
    return {
      path: `/svsregistration/${reg.code}/my-data`,
      as: null,
      farmer: await farmerToken(String(reg.fields.mobile)),
      body: {},
    };
  },
  'POST /svsregistration/{code}/data-requests': async () => {
    const reg = await newRegistration();
    return {
      path: `/svsregistration/${reg.code}/data-requests`,
      as: null,
      farmer: await farmerToken(String(reg.fields.mobile)),
      body: {
        kind: 'erasure',
        details: 'Aadhaar 234567890124 given by mistake',
      },
    };
  },
  'POST /api/data-requests/{id}/resolve': async () => ({
    path: `/api/data-requests/${await newDataRequest()}/resolve`,
    as: 'admin',
    body: { outcome: 'done', note: 'Name corrected' },
  }),
  // A year without registrations: the walk's own scans stay for the routes after it.
  'POST /api/retention/close-season': async () => ({ path: '/api/retention/close-season', as: 'admin', body: { year: 2001 } }),

  'POST /api/invoices/{invoiceID}/cancel': async () => ({
    path: `/api/invoices/${(await newBill()).invoiceID}/cancel`,
    as: 'admin',
    body: { reason: 'Wrong lot chosen at the counter' },
  }),
  'POST /api/invoices/{invoiceID}/cancel-request': async () => ({
    path: `/api/invoices/${(await newBill()).invoiceID}/cancel-request`,
    as: 'seller',
    body: { reason: 'Farmer asked for fewer bags' },
  }),
  'POST /api/invoices/cancel-requests/{id}/refuse': async () => {
    const { invoiceID } = await newBill();
    const request = await ok('POST', `/api/invoices/${invoiceID}/cancel-request`, {
      as: 'seller',
      body: { reason: 'Farmer asked for fewer bags' },
    });
    return { path: `/api/invoices/cancel-requests/${request.id}/refuse`, as: 'admin', body: { note: 'The bill is right' } };
  },
  // Past days: today's sales of the later tests stay open.
  'POST /api/day-close': async () => ({
    path: '/api/day-close',
    as: 'seller',
    body: { date: pastDay(1), denominations: { n500: 2, coins: 7 }, note: 'Counted twice' },
  }),
  'POST /api/day-close/{id}/reopen': async () => {
    const closed = await ok('POST', '/api/day-close', { as: 'admin', body: { date: pastDay(2), denominations: {} } });
    return { path: `/api/day-close/${closed.id}/reopen`, as: 'admin', body: { reason: 'A late cash bill found' } };
  },
  // The form books a later day: the counter takes it as another day's letter.
  'POST /api/checkin': async () => {
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'AcceptOtherDays', value: 'true' } });
    const reg = await newRegistration();
    return { path: '/api/checkin', as: 'seller', body: { code: reg.code } };
  },
  'POST /api/queue/serve': async () => {
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'AcceptOtherDays', value: 'true' } });
    const reg = await newRegistration();
    await ok('POST', '/api/checkin', { as: 'seller', body: { code: reg.code } });
    return { path: '/api/queue/serve', as: 'seller', body: { registrationId: reg.id, year: reg.year, counter: 'Counter 1' } };
  },

  // the offline counter: each case on a counter of its own (one open preparation per counter)
  'PUT /api/counters/{code}': async () => ({ path: '/api/counters/Z', as: 'admin', body: counterBody }),
  'POST /api/counters/{code}/prepare': async () => {
    const { lotID } = await newLot();
    await ok('PUT', '/api/counters/Y', { body: counterBody });
    return { path: '/api/counters/Y/prepare', as: 'seller', body: { lotIDs: [lotID] } };
  },
  'POST /api/counters/{code}/offline-batch': async () => {
    const { prep, action } = await offlineSale('X');
    return { path: '/api/counters/X/offline-batch', as: 'seller', body: { prepId: prep.prepId, actions: [action] } };
  },
  'POST /api/counters/{code}/reconcile': async () => {
    const { prep } = await offlineSale('W');
    return { path: '/api/counters/W/reconcile', as: 'seller', body: { prepId: prep.prepId } };
  },
  'POST /api/offline-conflicts/{number}/resolve': async () => {
    const { prep, action, lotID, reg } = await offlineSale('V');
    // Billed online meanwhile: the offline bill becomes a conflict.
    await ok('POST', '/api/sales/make', {
      as: 'seller',
      body: { lotID, registrationID: reg.id, year: reg.year, bags: 1, paymentMode: 'Cash' },
    });
    await ok('POST', '/api/counters/V/offline-batch', { as: 'seller', body: { prepId: prep.prepId, actions: [action] } });
    return {
      path: `/api/offline-conflicts/${action.invoiceNumber}/resolve`,
      as: 'admin',
      body: { resolution: 'cancel', reason: 'Billed at another counter' },
    };
  },
};

const counterBody = { name: 'Gate counter', floatKg: 20, blockSize: 5, shifts: [1, 2] };

/** A counter prepared with a float of the lot of a new registration's crop, and an offline sale of it not yet sent. */
async function offlineSale(code: string) {
  const reg = await newRegistration();
  const lots = await ok('GET', '/api/lots/for-crop', { query: { cropId: Number(reg.fields.cropId) } });
  const lotID = lots[0].lotID as number;
  await ok('PUT', `/api/counters/${code}`, { body: counterBody });
  const prep = (await ok('POST', `/api/counters/${code}/prepare`, { as: 'seller', body: { lotIDs: [lotID] } })).preparation;
  const action = {
    key: `audit-${tag()}-offline-key`,
    kind: 'sale',
    invoiceNumber: prep.blockFrom,
    registrationID: reg.id,
    year: reg.year,
    lotID,
    bags: 1,
    paymentMode: 'Cash',
    printedAt: new Date().toISOString(),
    verifyToken: 'AuditOfflineToken0123456789',
  };
  return { prep, action, lotID, reg };
}

/** The India day `n` days before today. */
const pastDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

const methodOf = (key: WriteRouteKey) => key.slice(0, key.indexOf(' '));

/** Every entry seen so far, as first read: none may change or go. */
const seen = new Map<string, AuditItem>();

async function expectEarlierEntriesUnchanged(now: AuditItem[]) {
  const byKey = new Map(now.map((i) => [keyOf(i), i]));
  for (const [key, item] of seen) expect(byKey.get(key), `entry ${key} changed or removed`).toEqual(item);
}

beforeAll(async () => {
  await seedFormCrops();
});

afterAll(async () => {
  await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Is_SVS_Form_On', value: 'true' } }).catch(() => undefined);
});

describe('every write route of the route table', () => {
  const writeKeys = ROUTES.filter((r) => r.method !== 'GET').map(routeKey) as WriteRouteKey[];

  it('has a case here and a line in shared/audit-actions.ts', () => {
    expect(Object.keys(CASES).sort()).toEqual([...writeKeys].sort());
    expect(Object.keys(AUDIT_ACTIONS).sort()).toEqual([...writeKeys].sort());
  });

  for (const key of writeKeys) {
    const action = auditActionOf(key);
    it(`${key} writes ${action ? `one "${action}" entry` : 'no entry'}, without an Aadhaar number, and leaves earlier entries as they were`, async () => {
      const call = await CASES[key]();
      const before = await auditItems();
      for (const i of before) if (!seen.has(keyOf(i))) seen.set(keyOf(i), i);
      const { as, path, farmer, ...opts } = call;
      const r: ApiReply = await api.call(methodOf(key), path, {
        ...opts,
        token: farmer ?? (as ? tokens[as as 'admin'] : undefined),
      });
      expect(r.status, r.text).toBeLessThan(300);
      const after = await auditItems();
      await expectEarlierEntriesUnchanged(after);
      const added = after.filter((i) => !seen.has(keyOf(i)));
      expect(added.map((i) => i.action)).toEqual(action ? [action] : []);
      // Nothing but the random event id (a UUID, whose last group may happen to be all digits) may hold 12 digits.
      const text = added.map((i) => JSON.stringify(i).replaceAll(String(i.eventId), '')).join('\n');
      expect(text).not.toMatch(/\d{12}/);
      if (action === 'sale.make') {
        // The bill's number stays readable next to the kg, and names the record as the bill's cancellation does.
        expect(added[0]).toMatchObject({ subjectType: 'invoice', subjectId: r.json.invoiceNumber });
        expect(String(added[0].summary)).toContain(`bill ${r.json.invoiceNumber} of `);
      }
      for (const i of added) seen.set(keyOf(i), i);
    });
  }
});

describe('a registration made by staff', () => {
  it('records one "registration.create-by-staff" entry in its own transaction; a resend of the same request adds none', async () => {
    if (formClosed) {
      await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Is_SVS_Form_On', value: 'true' } });
      formClosed = false;
    }
    const before = new Set((await auditItems()).map(keyOf));
    const fields = validFields();
    const first = await registerFarmer(api, fields, { token: tokens.seller });
    expect(first.status, first.text).toBe(201);
    const again = await registerFarmer(api, fields, { token: tokens.seller, idempotencyKey: first.idempotencyKey });
    expect(again.status, again.text).toBeLessThan(300);
    const added = (await auditItems()).filter((i) => !before.has(keyOf(i)));
    expect(added.map((i) => [i.action, i.subjectId, i.userName])).toEqual([
      ['registration.create-by-staff', first.json.data.id, expect.any(String)],
    ]);
    expect(JSON.stringify(added)).not.toContain(String(fields.adharNumber));
  });
});

describe('refused writes', () => {
  it('another role, a missing record or a bad body writes no entry', async () => {
    const crop = await newCrop();
    const before = (await auditItems()).length;
    const refused = await Promise.all([
      api.call('POST', '/api/crops', { token: tokens.seller, body: cropBody() }),
      api.call('PUT', `/api/crops/99999999`, { token: tokens.admin, body: cropBody() }),
      api.call('POST', '/api/roles', { token: tokens.admin, body: { name: 'nope' } }),
      api.call('PUT', '/api/settings', { token: tokens.admin, body: { PerDayLimit: 'many' } }),
      api.call('DELETE', '/api/config/Never_Set_Key', { token: tokens.super_admin }),
      api.call('PUT', `/api/crops/${crop}`, {
        token: tokens.admin,
        rawBody: '{"cropName":',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([403, 404, 403, 400, 404, 400]);
    expect((await auditItems()).length).toBe(before);
  });

  it('the same role created by 12 requests at once: one is created, one entry; the others get 409 and write none', async () => {
    const name = `burst_${tag()}`;
    const before = (await auditItems()).length;
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => api.call('POST', '/api/roles', { token: tokens.super_admin, body: { name } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const added = (await auditItems()).slice(0);
    expect(added.length - before).toBe(1);
    expect(added.filter((i) => i.action === 'role.create' && String(i.summary).includes(name))).toHaveLength(1);
  });

  it('one registration cancelled by 10 requests at once: one cancels and leaves the one entry, the others get 409 and none', async () => {
    // The draw's case above closed the form.
    await ok('POST', '/api/config', { as: 'super_admin', body: { key: 'Is_SVS_Form_On', value: 'true' } });
    const reg = await newRegistration();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', `/api/registrations/${reg.id}/cancel`, {
          token: tokens.admin,
          body: { reason: 'Asked at the counter', year: reg.year },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const entries = (await auditItems()).filter((i) => i.subjectType === 'registration' && i.subjectId === reg.id);
    expect(entries.map((i) => i.action)).toEqual(['registration.cancel']);
  });
});
