import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests as setCounterClock } from '@functions/counter/counter-clock';
import { setClockForTests as setSaleClock } from '@functions/sales/sale-clock';
import { createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The counter that keeps working offline (docs/decisions/0048-offline-counter.md) in headless Chromium: a prepared
 * counter loses the network (the browser is cut off), checks in two farmers, issues and prints two bills, is
 * reloaded offline and still holds them, comes back online and sends them; both bills are then on the server with
 * numbers of the counter's block, their kg from the float and the registrations billed, and the reconciliation and
 * the day close list the block's unused numbers. The server's rules are in test/integration/offline-counter.test.ts.
 * Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-counter-offline-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-counter-offline-pass-1';
const SELLER = { email: 'e2e-counter-offline-seller@seed.local', password: 'counter-offline-seller-1' };

const e2e = useE2EStack({ name: 'counter-offline', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const shot = shotsOf('counter-offline');

type Registered = { id: number; year: number; code: string };
let first: Registered;
let second: Registered;
let lotID: number;
let day: string;

beforeAll(async () => {
  const post = (path: string, body: Record<string, unknown>) => e2e.asAdmin('POST', path, body);
  const { producerID } = await createProducer(post, SAMPLE_PRODUCER);
  const { cropID } = await createCrop(post, SAMPLE_WHEAT);
  useCrops({ Wheat: cropID });
  const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
  ({ lotID } = await createLot(post, { producerID, cropID, year, quantityAvailable: 500, pricePerUnit: 30 }));
  const register = async (name: string): Promise<Registered> => {
    const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: name, bagsRequested: 1 }));
    expect(r.status, r.text).toBe(201);
    return { id: r.json.data.id, year: r.json.data.year, code: r.json.data.uniqueCode };
  };
  first = await register('Offline First');
  second = await register('Offline Second');
  const seller = await post('/api/admin/users', { fullName: 'Gate Seller', ...SELLER, isActive: true, roleIds: [3] });
  expect(seller.status, seller.text).toBe(201);
  const counter = await e2e.asAdmin('PUT', '/api/counters/2', { name: 'Gate 2', floatKg: 200, blockSize: 5 });
  expect(counter.status, counter.text).toBe(200);
  // The form books a later day: the counter's day is the letters' appointment day.
  const list = await e2e.asAdmin('GET', `/api/registrations?id=${first.id}`);
  day = list.json.items[0].appointmentDate;
  setCounterClock(() => new Date(`${day}T10:00:00+05:30`));
  setSaleClock(() => new Date(`${day}T10:00:00+05:30`));
}, 120_000);

afterAll(() => {
  setCounterClock();
  setSaleClock();
});

describe('the offline counter at 1280 px in English', () => {
  let ctx: BrowserContext;
  let page: Page;
  afterAll(() => ctx?.close());
  const rowOf = (id: number) => page.locator(`tr[data-registration="${id}"]`);

  it('prepares, goes offline, checks in and bills two farmers, keeps them across a reload, and sends them back', async () => {
    ctx = await e2e.context({ viewport: DESKTOP, lang: 'en' });
    await ctx.addInitScript(() => {
      window.print = () => {
        const w = window as unknown as { printed?: number };
        w.printed = (w.printed ?? 0) + 1;
      };
    });
    page = await e2e.adminPage(ctx, '/admin/today?mode=offline', SELLER);
    await page.getByLabel('Counter code').fill('2');
    await page.getByTestId('prepare-offline').click();
    await page.getByTestId('offline-prepared').waitFor();
    const prepared = await page.getByTestId('offline-prepared').textContent();
    expect(prepared).toMatch(/numbers INV\d{4}-C2-00001 to INV\d{4}-C2-00005/);
    expect(prepared).toContain('Bills left offline: 5');
    expect(prepared).toContain('200 kg left');
    // The service worker keeps the shell (the reload below needs it).
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);

    await ctx.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-indicator').getAttribute('data-online')).toBe('false');
    // The first farmer by the letter's link typed (as a scanner types it), the second by the button.
    const search = page.locator('input[name="offlineSearch"]');
    await search.fill(e2e.url(`/svs/appointment/${first.code}`));
    await search.press('Enter');
    await expect.poll(() => rowOf(first.id).getByTestId('offline-token').textContent()).toBe('C2-1');
    await rowOf(second.id).getByRole('button', { name: 'Check in' }).click();
    await expect.poll(() => rowOf(second.id).getByTestId('offline-token').textContent()).toBe('C2-2');

    const numbers: string[] = [];
    for (const r of [first, second]) {
      await rowOf(r.id).getByRole('button', { name: 'Issue' }).click();
      await page.getByTestId('offline-confirm').click();
      const bill = page.getByTestId('offline-bill');
      await bill.waitFor();
      await page.getByTestId('offline-bill-qr').waitFor();
      numbers.push((await bill.textContent())!.match(/INV\d{4}-C2-\d{5}/)![0]);
      if (numbers.length === 1) {
        // A bill of supply as the online one prints it: the HSN code, the amount in words, no tax charged.
        const text = (await bill.textContent())!;
        expect(text).toMatch(/HSN code\d{4,8}/);
        expect(await bill.getByTestId('bill-amount-words').textContent()).toMatch(/^Amount in words:.*Rupees Only.*रुपये/);
        expect(await bill.getByTestId('bill-no-tax').textContent()).toMatch(/^No tax is charged/);
        await shot(page, 'bill-offline-1280-en', false);
      }
      await page.getByTestId('offline-print').click();
      await page.getByRole('button', { name: 'Close' }).click();
    }
    expect(numbers.map((n) => n.slice(-5))).toEqual(['00001', '00002']);
    expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(2);
    // The public page of a printed, unsent bill says it is being recorded.
    const pageOfBill = await (await fetch(e2e.url(`/bill/${numbers[0]}`))).text();
    expect(pageOfBill).toContain('data-testid="bill-being-recorded"');
    expect(pageOfBill).toContain('इसे दर्ज किया जा रहा है');

    await page.reload();
    await page.getByTestId('offline-prepared').waitFor();
    expect(await page.getByTestId('offline-indicator').getAttribute('data-online')).toBe('false');
    expect(await page.getByTestId('offline-pending').textContent()).toBe('Waiting to be sent: 2');
    expect(await rowOf(first.id).getByTestId('offline-billed').textContent()).toBe(numbers[0]);
    expect(await page.getByTestId('offline-bills-left').textContent()).toBe('Bills left offline: 3');
    await shot(page, 'reloaded-offline-1280-en');

    await ctx.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-pending').textContent(), { timeout: 20_000 }).toBe('Waiting to be sent: 0');

    for (const [i, r] of [first, second].entries()) {
      const bill = await e2e.asAdmin('GET', `/api/invoices/by-number/${numbers[i]}`);
      expect(bill.status, bill.text).toBe(200);
      expect(bill.json).toMatchObject({ registrationID: r.id, quantityKg: 40 });
      const reg = await e2e.asAdmin('GET', `/api/registrations?id=${r.id}`);
      expect(reg.json.items[0]).toMatchObject({ isBilled: true, invoiceNumber: numbers[i] });
    }
    const counters = await e2e.asAdmin('GET', '/api/counters');
    const gate = counters.json.items.find((c: { code: string }) => c.code === '2');
    // 200 kg taken for the counter, 80 kg sold from it: the lot's remaining was not touched by the sales.
    expect(gate.open.floats[0]).toMatchObject({ lotID, takenKg: 200 });
    const lot = await e2e.asAdmin('GET', `/api/lots/${lotID}`);
    expect(lot.json.remaining).toBe(300);

    await page.getByTestId('offline-reconcile').click();
    await page.getByTestId('offline-reconciled').waitFor();
    const reconciled = await page.getByTestId('offline-reconciled').textContent();
    expect(reconciled).toContain('120 kg given back');
    expect(reconciled).toMatch(/C2-00003, INV\d{4}-C2-00004, INV\d{4}-C2-00005/);
    const close = await e2e.asAdmin('GET', `/api/day-close?date=${day}`);
    const prep = close.json.offline.find((p: { code: string }) => p.code === '2');
    expect(prep).toMatchObject({
      bills: 2,
      unused: [expect.stringMatching(/-00003$/), expect.stringMatching(/-00004$/), expect.stringMatching(/-00005$/)],
    });
  });
});

describe('the admins’ part at 1280 px in English', () => {
  it('sets a counter up and lists the counters with what they hold, and the conflicts', async () => {
    const ctx = await e2e.context({ viewport: DESKTOP, lang: 'en' });
    try {
      const page = await e2e.adminPage(ctx, '/admin/today?mode=offline');
      await page.locator('input[name="counter-code"]').fill('3');
      await page.locator('input[name="counter-name"]').fill('Gate 3');
      await page.locator('input[name="counter-floatKg"]').fill('60');
      await page.locator('input[name="counter-blockSize"]').fill('20');
      await page.getByRole('button', { name: 'Save counter' }).click();
      await expect
        .poll(() => page.getByTestId('offline-counters').textContent())
        .toContain('3 · Gate 3: float 60 kg per lot, 20 bill numbers per block');
      expect(await page.getByTestId('offline-conflicts').textContent()).toContain('No conflicts.');
      const saved = await e2e.asAdmin('GET', '/api/counters');
      expect(saved.json.items.find((c: { code: string }) => c.code === '3')).toMatchObject({
        floatKg: 60,
        blockSize: 20,
        open: null,
      });
      await shot(page, 'admin-1280-en');
      // At 360 px nothing scrolls sideways.
      await page.setViewportSize(PHONE);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'admin-360-en');
      await page.setViewportSize(DESKTOP);
      // The day close lists the first test's counter with its unused numbers.
      await page.goto(e2e.url('/admin/day-close'));
      await page.getByTestId('day-date').fill(day);
      await expect
        .poll(() => page.getByTestId('day-close-offline').textContent())
        .toMatch(/Counter 2: .*2 bills, 0 conflicts; unused: .*-00003/);
    } finally {
      await ctx.close();
    }
  });
});
