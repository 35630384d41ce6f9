import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducerCropLot } from '../fixtures/catalogue';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, handleDialogs, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The day-end cash close (docs/product-rules.md#a-sellers-day-ends-with-a-cash-close) in headless Chromium: a
 * seller who sold opens Day close, counts the cash by denomination, sees the difference and closes; a further
 * sale is refused with the closed day's message; an admin sees the close, prints the Z-report (A4 and 80 mm)
 * and reopens the day, after which the seller sells again. Needs `npm run build:web` first; with SHOTS_DIR set,
 * the screenshots are copied there.
 */
const ADMIN_EMAIL = 'e2e-dayclose-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-dayclose-pass-1';
const SELLER_PASSWORD = 'seller-pass-1';
const PRICE = 35;

const e2e = useE2EStack({ name: 'dayclose', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;
const contexts: BrowserContext[] = [];

let lotID = 0;
const seller = { email: '', token: '', name: 'Counter Seller Asha', userID: 0 };
const bills: { invoiceNumber: string; invoiceID: number; totalAmount: number }[] = [];

const shot = shotsOf('day-close');

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

async function registration(name: string) {
  const reg = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', bagsRequested: 1, Name: name }));
  expect(reg.status, reg.text).toBe(201);
  return { id: reg.json.data.id as number, year: reg.json.data.year as number };
}

const saleBody = (reg: { id: number; year: number }, paymentMode: 'Cash' | 'Online') => ({
  lotID,
  registrationID: reg.id,
  year: reg.year,
  bags: 1,
  paymentMode,
});

/** A signed-in page: the login in English, then the language asked for (as the language switch keeps it). */
async function signedIn(lang: 'hi' | 'en', who: { email: string; password: string }): Promise<Page> {
  const phone = lang === 'hi';
  const ctx = await e2e.browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    locale: phone ? 'hi-IN' : 'en-IN',
    timezoneId: 'Asia/Kolkata',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  ctx.setDefaultTimeout(20_000);
  await ctx.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  contexts.push(ctx);
  return e2e.signedInPage(ctx, who);
}

/** The page as printed: its text and the number of pages of its PDF. */
async function printed(p: Page): Promise<{ text: string; pages: number }> {
  await p.emulateMedia({ media: 'print' });
  const text = await p.evaluate(() => document.body.innerText);
  const pdf = await p.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  return { text: text.replace(/\s+/g, ' '), pages };
}

beforeAll(async () => {
  const made = await createProducerCropLot((path, body) => e2e.asAdmin('POST', path, body), {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 500, pricePerUnit: PRICE },
  });
  useCrops({ Wheat: made.cropID });
  lotID = made.lot.lotID;

  seller.email = `e2e-seller-${randomUUID().slice(0, 8)}@seed.local`;
  const user = await e2e.asAdmin('POST', '/api/admin/users', {
    fullName: seller.name,
    email: seller.email,
    password: SELLER_PASSWORD,
    isActive: true,
    roleIds: [3],
  });
  expect(user.status, user.text).toBe(201);
  const login = await fetch(url('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seller.email, password: SELLER_PASSWORD }),
  });
  seller.token = ((await login.json()) as { token: string }).token;
  seller.userID = (await api('GET', '/auth/me', seller.token)).json.userID;

  // Three bills: two in cash, one online; the admin cancels one cash bill while the day is open.
  for (const [i, mode] of (['Cash', 'Cash', 'Online'] as const).entries()) {
    const r = await api('POST', '/api/sales/make', seller.token, saleBody(await registration(`Day Farmer ${i + 1}`), mode));
    expect(r.status, r.text).toBe(201);
    bills.push(r.json);
  }
  const cancelled = await e2e.asAdmin('POST', `/api/invoices/${bills[1]!.invoiceID}/cancel`, { reason: 'Wrong lot chosen' });
  expect(cancelled.status, cancelled.text).toBe(201);
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('the day close', () => {
  it('at 360 px in Hindi, a seller counts the cash, sees the difference and closes the day', async () => {
    const p = await signedIn('hi', { email: seller.email, password: SELLER_PASSWORD });
    await p.goto(url('/admin/day-close'));
    await p.getByRole('heading', { name: 'दिन की समाप्ति' }).waitFor();
    await expect.poll(() => p.getByTestId('day-bills').textContent()).toBe('2');
    // One cash bill of 40 kg at ₹35 a kg stands (the other was cancelled while the day was open).
    expect(bills[0]!.totalAmount).toBe(1400);
    expect(await p.getByTestId('day-cash').textContent()).toBe('₹1,400.00');
    await expect(p.getByTestId('my-day-status').textContent()).resolves.toBe('खुला');

    // ₹500 × 2 + ₹200 + ₹100 + ₹50 + ₹20 × 2 + ₹8 in coins = ₹1,398: ₹2 short.
    for (const [k, v] of [
      ['n500', '2'],
      ['n200', '1'],
      ['n100', '1'],
      ['n50', '1'],
      ['n20', '2'],
      ['coins', '8'],
    ])
      await p.getByTestId(`count-${k}`).fill(v);
    await expect.poll(() => p.getByTestId('counted').textContent()).toBe('₹1,398.00');
    await expect(p.getByTestId('difference').getAttribute('data-sign')).resolves.toBe('short');
    expect(await p.getByTestId('difference').textContent()).toBe('−₹2.00 (कम)');
    const color = await p.getByTestId('difference').evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/); // red
    await p.locator('textarea[name="note"]').fill('दो रुपये की रेज़गारी दी');
    await shot(p, 'seller-count-360-hi');

    // A sale made after the screen showed the figures (online: the cash stays): the close is refused and the
    // screen shows the new figures, the count kept.
    const online = await api('POST', '/api/sales/make', seller.token, saleBody(await registration('Online Farmer'), 'Online'));
    expect(online.status, online.text).toBe(201);
    await p.getByTestId('close-day').click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('अपना दिन बंद करें?').waitFor();
    await dialog.getByTestId('confirm-close-day').click();
    await p.getByText('दिन बंद करने का पन्ना खोलने के बाद नई बिक्री हुई है', { exact: false }).waitFor();
    await expect.poll(() => p.getByTestId('day-bills').textContent()).toBe('3');
    expect(await p.getByTestId('difference').textContent()).toBe('−₹2.00 (कम)');
    await shot(p, 'seller-changed-360-hi');

    await p.getByTestId('close-day').click();
    await dialog.getByText('अपना दिन बंद करें?').waitFor();
    await shot(p, 'seller-confirm-360-hi', false);
    await dialog.getByTestId('confirm-close-day').click();
    await p.getByTestId('closed-day').waitFor();
    await expect(p.getByTestId('my-day-status').textContent()).resolves.toBe('बंद');
    await p.getByText('आपका दिन बंद हो गया है।').waitFor();
    // Read-only now: no counts to enter, no Close day.
    await expect(p.getByTestId('close-day').count()).resolves.toBe(0);
    await expect(p.getByTestId('count-n20').count()).resolves.toBe(0);
    await shot(p, 'seller-closed-360-hi');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it("at 1280 px in English, the seller's next sale is refused with the closed day's message", async () => {
    const reg = await registration('Late Farmer');
    const p = await signedIn('en', { email: seller.email, password: SELLER_PASSWORD });
    const dialogs = handleDialogs(p);
    // The day closes while the dialog is open: its first reading of the seller's own day still finds it open.
    let ownDayReads = 0;
    await p.route(
      (u) => u.pathname === '/api/day-close' && u.searchParams.get('mine') === 'true',
      async (route) => {
        if (++ownDayReads > 1) return route.continue();
        await route.fulfill({ json: { date: '2026-01-01', items: [], creditNotes: [] } });
      },
    );
    await p.goto(url(`/admin/registrations?id=${reg.id}`));
    const row = p.locator('tr[data-billed="no"]', { hasText: 'Late Farmer' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Issue seeds' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.locator(`select[name="lotID"] option[value="${lotID}"]`).waitFor({ state: 'attached' });
    await dialog.locator('select[name="lotID"]').selectOption(String(lotID));
    await dialog.getByRole('button', { name: 'Issue Seeds' }).click();
    await expect.poll(() => dialogs.seen.map((d) => d.message)).toContain('Your day is closed; an admin must reopen it');
    await dialog.getByText('Your day is closed; an admin must reopen it').first().waitFor();
    // From the refusal on, the dialog reads the day again and says so above the sale, with Issue off.
    await dialog.getByTestId('issue-day-closed').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Issue Seeds' }).isDisabled()).toBe(true);
    await shot(p, 'sale-refused-1280-en', false);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('at 1280 px in English, an admin sees the close, prints the Z-report on A4 and 80 mm, and reopens', async () => {
    const p = await signedIn('en', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const ownDayRead = p.waitForResponse((r) => r.url().includes('/api/day-close?') && r.url().includes('mine=true'));
    await p.goto(url('/admin/day-close'));
    const row = p.locator(`tr[data-seller="${seller.userID}"]`);
    await row.waitFor();
    expect((await ownDayRead).status()).toBe(200);
    await expect(row.getAttribute('data-status')).resolves.toBe('closed');
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain(seller.name);
    expect(rowText).toContain('Closed');
    expect(rowText).toContain('₹1,398.00');
    expect(rowText).toContain('−₹2.00');
    // An admin who sold nothing today and closed nothing has no day of their own to close: no My day.
    await p.getByRole('heading', { name: 'All sellers' }).waitFor();
    await expect(p.getByTestId('my-day').count()).resolves.toBe(0);
    await shot(p, 'admin-day-1280-en');

    const a4 = await printed(p);
    expect(a4.text).toContain('Z-report: day-end cash close');
    expect(a4.text).toContain(seller.name);
    expect(a4.text).toContain('Credit notes of the day');
    expect(a4.text).toContain(bills[1]!.invoiceNumber);
    expect(a4.text).toContain('taken off the seller’s open day');
    expect(a4.text).toContain('Checked by');
    // Only the report prints: not the screen's table, buttons or menu.
    expect(a4.text).not.toContain('Print Z-report');
    expect(a4.text).not.toContain('All sellers');
    expect(a4.pages).toBe(1);
    await shot(p, 'z-report-a4-print-1280-en');

    await p.emulateMedia({ media: 'screen' });
    await p.getByRole('button', { name: '80 mm', exact: true }).click();
    await p.locator('[data-testid="z-report"][data-layout="80mm"]').waitFor({ state: 'attached' });
    const strip = await printed(p);
    expect(strip.text).toContain('Z-report: day-end cash close');
    expect(strip.text).toContain('₹20 × 2');
    expect(strip.pages).toBe(1);
    await shot(p, 'z-report-80mm-print-1280-en');
    await p.emulateMedia({ media: 'screen' });

    await row.getByRole('button', { name: 'Reopen' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.locator('textarea[name="reason"]').fill('A late farmer came with a letter');
    await shot(p, 'admin-reopen-1280-en', false);
    await dialog.getByTestId('confirm-reopen').click();
    await p.getByText(`The day of ${seller.name} is open again.`).waitFor();
    await expect.poll(() => row.getAttribute('data-status')).toBe('open');
    await expect(row.getByTestId('reopened').textContent()).resolves.toBe('Reopened 1×, last: A late farmer came with a letter');

    // The seller sells again; once the admin sells, their own day is there to close: My day with the admin's own
    // figures. One reload shows both.
    const again = await api('POST', '/api/sales/make', seller.token, saleBody(await registration('Late Farmer 2'), 'Cash'));
    expect(again.status, again.text).toBe(201);
    const own = await e2e.asAdmin('POST', '/api/sales/make', saleBody(await registration('Admin Farmer 1'), 'Cash'));
    expect(own.status, own.text).toBe(201);
    await p.reload();
    await expect.poll(async () => (await p.locator(`tr[data-seller="${seller.userID}"]`).textContent()) ?? '').toContain('Open');
    await expect.poll(() => p.getByTestId('my-day').getByTestId('day-bills').textContent()).toBe('1');
    await expect(p.getByTestId('my-day-status').textContent()).resolves.toBe('Open');
    await shot(p, 'admin-own-day-after-sale-1280-en');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('at 360 px in Hindi, an admin sees every seller of the day', async () => {
    const p = await signedIn('hi', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await p.goto(url('/admin/day-close'));
    await p.locator(`tr[data-seller="${seller.userID}"]`).waitFor();
    await p.getByText('सभी विक्रेता').first().waitFor();
    await shot(p, 'admin-day-360-hi');
    const z = await printed(p);
    expect(z.text).toContain('ज़ेड-रिपोर्ट');
    await shot(p, 'z-report-a4-print-360-hi');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
