import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests as setCounterClock } from '@functions/counter/counter-clock';
import { createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, launchBrowser, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { pngToY4m } from '../support/y4m';

/**
 * The counter's day (docs/decisions/0025-counter-day.md) in headless Chromium: a fake camera plays a video made
 * from a letter's own QR image; Scan letter reads it and checks the farmer in with token 1; Issue, Confirm and
 * Print (three clicks) make and print the bill on an 80 mm thermal strip; the queue display then shows the counter
 * free. Also the list, a refusal and the slip at 360 px in Hindi and 1280 px in English.
 * Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-counter-day-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-counter-day-pass-1';
const SELLER = { email: 'e2e-counter-day-seller@seed.local', password: 'counter-day-seller-1' };
/** 80 mm at 96 CSS pixels per inch. */
const STRIP_80MM_PX = 302;

const e2e = useE2EStack({ name: 'counter-day', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url } = e2e;

type Registered = { id: number; year: number; code: string };
let scanned: Registered;
let billed: Registered;
let billedInvoice: string;
let typed: Registered;
let later: Registered;
let background: Registered;
let lotID: number;
let appointmentDay: string;
let camera: Browser;

const shot = shotsOf('counter-day');

async function sellerContext(
  b: Browser,
  o: { viewport: { width: number; height: number }; lang: 'hi' | 'en'; movableClock?: boolean },
) {
  const ctx = await b.newContext({ viewport: o.viewport, timezoneId: 'Asia/Kolkata' });
  ctx.setDefaultTimeout(20_000);
  // Runs in real time, and can be moved on past the list's refresh instead of waiting for it.
  if (o.movableClock) await ctx.clock.install();
  // The print dialogs are recorded instead of opened.
  await ctx.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await ctx.addInitScript((lng) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', lng);
  }, o.lang);
  const page = await e2e.adminPage(ctx, '/admin/today', SELLER);
  return { ctx, page };
}

const rowOf = (p: Page, id: number) => p.locator(`tr[data-registration="${id}"]`);
const letterLink = (r: Registered) => url(`/svs/appointment/${encodeURIComponent(r.code)}`);
const searchOf = (p: Page) => p.locator('input[name="todaySearch"]');
const searchIsReady = (p: Page) =>
  p.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('input[name="todaySearch"]');
    return field === document.activeElement && field?.value === '';
  });

beforeAll(async () => {
  const post = (path: string, body: Record<string, unknown>) => e2e.asAdmin('POST', path, body);
  const { producerID } = await createProducer(post, SAMPLE_PRODUCER);
  const { cropID } = await createCrop(post, SAMPLE_WHEAT);
  useCrops({ Wheat: cropID });
  // A lot of this year: its stock is what this year's registrations are promised from.
  const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
  const lot = await createLot(post, { producerID, cropID, year, quantityAvailable: 500, pricePerUnit: 30 });
  const register = async (name: string) => {
    const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: name, bagsRequested: 1 }));
    expect(r.status, r.text).toBe(201);
    return { id: r.json.data.id as number, year: r.json.data.year as number, code: r.json.data.uniqueCode as string };
  };
  scanned = await register('Scanned Farmer');
  typed = await register('Typed Farmer');
  billed = await register('Billed Farmer');
  later = await register('Later Farmer');
  background = await register('Background Farmer');
  lotID = lot.lotID;
  const sale = await post('/api/sales/make', {
    lotID: lot.lotID,
    registrationID: billed.id,
    year: scanned.year,
    bags: 1,
    bagSizeKg: 40,
    paymentMode: 'Cash',
  });
  expect(sale.status, sale.text).toBe(201);
  billedInvoice = sale.json.invoiceNumber;
  const seller = await post('/api/admin/users', {
    fullName: 'Counter Seller',
    email: SELLER.email,
    password: SELLER.password,
    isActive: true,
    roleIds: [3],
  });
  expect(seller.status, seller.text).toBe(201);

  // The form books a later day than today: the counter's day is set to the letters' appointment day.
  const list = await e2e.asAdmin('GET', `/api/registrations?id=${scanned.id}`);
  const day = list.json.items[0].appointmentDate as string;
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  appointmentDay = day;
  setCounterClock(() => new Date(`${day}T10:00:00+05:30`));

  // The fake camera plays the letter's own QR image.
  const qr = await fetch(url(`/svsregistration/AppointmentList/${encodeURIComponent(scanned.code)}/qrcode.png`));
  expect(qr.status).toBe(200);
  const video = join(e2e.dataDir, 'letter-qr.y4m');
  pngToY4m(Buffer.from(await qr.arrayBuffer()), video);
  camera = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}, 120_000);

afterAll(async () => {
  setCounterClock();
  await camera?.close();
});

describe('the counter at 1280 px in English', () => {
  let ctx: BrowserContext;
  let page: Page;
  afterAll(() => ctx?.close());

  it('scans the letter with the camera, checks the farmer in with token 1 and shows the slip', async () => {
    ({ ctx, page } = await sellerContext(camera, { viewport: DESKTOP, lang: 'en' }));
    await page.getByRole('heading', { name: 'Today at the counter' }).waitFor();
    await rowOf(page, scanned.id).waitFor();
    await expect.poll(() => page.getByTestId('today-counts').textContent()).toContain('Expected: 4');
    expect(await rowOf(page, scanned.id).textContent()).toContain('1 bag');
    await page.locator('select[name="billLayout"]').selectOption('80mm');
    await shot(page, 'today-1280-en');

    await page.getByRole('button', { name: 'Scan letter' }).click();
    await page.getByTestId('checkin-token').waitFor();
    expect(await page.getByTestId('checkin-token').textContent()).toBe('1');
    // Shown above the list, not over it: the field is empty and keeps the focus for the next scan.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => searchIsReady(page)).toBe(true);
    const slip = await page.getByTestId('token-slip').textContent();
    expect(slip).toContain('Seed counter token');
    expect(slip).toContain('बीज काउंटर टोकन');
    await shot(page, 'slip-1280-en', false);
    await page.getByRole('button', { name: 'Print slip' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.body.classList.add('print-slip'));
    await page.locator('.token-slip-print').waitFor();
    await shot(page, 'slip-print-1280-en', false);
    await page.evaluate(() => document.body.classList.remove('print-slip'));
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rowOf(page, scanned.id).textContent()).toContain('Arrived');
  });

  it('issues the bill in three clicks (Issue, Confirm, Print) and prints it on an 80 mm strip', async () => {
    await rowOf(page, scanned.id).getByRole('button', { name: 'Issue' }).click();
    // The first Issue of this browser asks the counter's name once.
    const naming = page.getByRole('dialog', { name: 'Name this counter' });
    await naming.waitFor();
    await shot(page, 'counter-name-1280-en', false);
    await naming.getByLabel('Counter name').fill('Counter 1');
    await naming.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await shot(page, 'issue-1280-en', false);
    await confirm.click();
    await page.getByTestId('today-issued').waitFor();
    const popup = ctx.waitForEvent('page');
    await page.getByRole('link', { name: 'Print' }).click();
    const bill = await popup;
    await bill.waitForURL(/\/bill\/INV/);
    await expect.poll(() => bill.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
    await bill.setViewportSize({ width: STRIP_80MM_PX, height: 900 });
    await bill.emulateMedia({ media: 'print' });
    await shot(bill, 'bill-thermal-80mm-print');
    await bill.close();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rowOf(page, scanned.id).textContent()).toContain('Billed');
  });

  it('shows Counter 1 free on the queue display once its token 1 is billed', async () => {
    const screen = await camera.newContext({ viewport: { width: 1920, height: 1080 } });
    const queue = await e2e.newPage(screen);
    await queue.goto(url('/queue'));
    // Token 1 was billed at Counter 1 (above): the display no longer shows it served, nor among the next ones.
    await queue.getByText('No token being served now').waitFor();
    expect(await queue.locator('[data-counter="Counter 1"]').count()).toBe(0);
    expect(await queue.getByTestId('queue-next').locator('li', { hasText: /^1$/ }).count()).toBe(0);
    expect(await queue.textContent('body')).not.toContain('Scanned Farmer');
    await shot(queue, 'queue-1920');
    await queue.setViewportSize(PHONE);
    await shot(queue, 'queue-360');
    await screen.close();
  });

  it('refuses a billed registration’s letter, naming its bill, with nothing to issue', async () => {
    const search = searchOf(page);
    await search.fill(letterLink(billed));
    await search.press('Enter');
    const refused = page.getByTestId('checkin-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('already issued');
    expect(await refused.textContent()).toContain(billedInvoice);
    expect(await page.getByRole('button', { name: 'Issue' }).count()).toBe(0);
    await expect.poll(() => searchIsReady(page)).toBe(true);
    await shot(page, 'refused-1280-en', false);
  });

  it('checks in nobody for a name, and asks for the row', async () => {
    const search = searchOf(page);
    await search.fill('Farmer');
    await search.press('Enter');
    const hint = page.getByTestId('checkin-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(
      /^Farmers shown: \d+\. Enter checks in only a scanned letter, a registration number/,
    );
    await shot(page, 'enter-several-1280-en', false);
    await search.fill('');
  });

  it('shows a sale by another seller without a reload', async () => {
    const other = await sellerContext(e2e.browser, { viewport: DESKTOP, lang: 'en', movableClock: true });
    const row = rowOf(other.page, background.id);
    await row.waitFor();
    const inList = await e2e.asAdmin('POST', '/api/checkin', { code: background.code });
    expect(inList.status, inList.text).toBe(200);
    // The list is read again every 15 s while the page is open.
    await other.page.clock.fastForward(16_000);
    await expect.poll(() => row.textContent()).toContain('Arrived');
    const sale = await e2e.asAdmin('POST', '/api/sales/make', {
      lotID,
      registrationID: background.id,
      year: background.year,
      bags: 1,
      bagSizeKg: 40,
      paymentMode: 'Cash',
    });
    expect(sale.status, sale.text).toBe(201);
    await other.page.clock.fastForward(16_000);
    await expect.poll(() => row.textContent()).toContain('Billed');
    await other.ctx.close();
  });

  it('offers no Check in on a day other than today, and says so', async () => {
    // The counter's today is the day before the letters' day for a moment: their day is another day's list.
    const dayBefore = new Date(Date.parse(`${appointmentDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    setCounterClock(() => new Date(`${dayBefore}T10:00:00+05:30`));
    try {
      await page.reload();
      await expect.poll(() => page.locator('input[name="todayDate"]').inputValue()).toBe(dayBefore);
      await page.locator('input[name="todayDate"]').fill(appointmentDay);
      await rowOf(page, later.id).waitFor();
      await page.getByTestId('today-not-today').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Check in' }).count()).toBe(0);
      await shot(page, 'other-day-no-checkin-1280-en', false);
    } finally {
      setCounterClock(() => new Date(`${appointmentDay}T10:00:00+05:30`));
    }
    await page.getByRole('button', { name: 'Back to today' }).click();
    await rowOf(page, later.id).getByRole('button', { name: 'Check in' }).waitFor();
    await expect.poll(() => page.locator('input[name="todayDate"]').inputValue()).toBe(appointmentDay);
  });
});

describe('the counter at 360 px in Hindi', () => {
  it('lists the day, checks in a typed number with its slip and refuses a billed one', async () => {
    const { ctx, page } = await sellerContext(camera, { viewport: PHONE, lang: 'hi' });
    await page.getByRole('heading', { name: 'आज काउंटर पर' }).waitFor();
    await rowOf(page, typed.id).waitFor();
    await shot(page, 'today-360-hi');
    const search = searchOf(page);
    // Text left in the field, then a scanner types a broken letter link: refused in Hindi, the field emptied.
    await search.fill('Ram');
    await search.pressSequentially(` ${url('/svs/appointment/AAAAAA')}`);
    await search.press('Enter');
    const refused = page.getByTestId('checkin-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('न पत्र का कोड है');
    expect(await refused.textContent()).not.toMatch(/code:|letter code/);
    await expect.poll(() => searchIsReady(page)).toBe(true);
    await shot(page, 'refused-bad-code-360-hi', false);

    await search.fill(String(typed.id));
    await search.press('Enter');
    await page.getByTestId('checkin-token').waitFor();
    // Token 2 went to the farmer checked in while the English screen looked on.
    expect(await page.getByTestId('checkin-token').textContent()).toBe('3');
    const slip = await page.getByTestId('token-slip').textContent();
    expect(slip).toContain('बीज काउंटर टोकन');
    expect(slip).toContain('Seed counter token');
    await shot(page, 'slip-360-hi', false);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.body.classList.add('print-slip'));
    await page.locator('.token-slip-print').waitFor();
    await shot(page, 'slip-print-360-hi', false);
    await page.evaluate(() => document.body.classList.remove('print-slip'));
    await page.emulateMedia({ media: 'screen' });

    // The next scan while the slip is shown: taken at once, after leftover text, reading the last link.
    await search.fill(`${letterLink(typed)} `);
    await search.pressSequentially(letterLink(later));
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('checkin-token').textContent()).toBe('4');
    await expect.poll(() => searchIsReady(page)).toBe(true);

    await search.fill(letterLink(billed));
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('checkin-refused').textContent()).toContain('पहले ही दिया जा चुका');
    expect(await page.getByTestId('checkin-refused').textContent()).toContain(billedInvoice);
    await shot(page, 'refused-360-hi', false);

    await search.fill('किसान नहीं');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('checkin-hint').textContent()).toContain('इस सूची का कोई किसान मेल नहीं खाता');
    await shot(page, 'enter-no-match-360-hi', false);

    // A new browser has no counter name: its first Issue asks for one.
    await search.fill('');
    await rowOf(page, typed.id).getByRole('button', { name: 'बीज दें' }).click();
    const naming = page.getByRole('dialog', { name: 'इस काउंटर का नाम दें' });
    await naming.waitFor();
    await shot(page, 'counter-name-360-hi', false);
    await naming.getByRole('button', { name: 'रद्द करें' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await ctx.close();
  });

  it('says in Hindi that the camera could not be opened, with the browser’s words only in the title', async () => {
    const noCamera = await launchBrowser();
    try {
      const { page } = await sellerContext(noCamera, { viewport: PHONE, lang: 'hi' });
      await page.getByRole('heading', { name: 'आज काउंटर पर' }).waitFor();
      await page.getByRole('button', { name: 'पत्र स्कैन करें' }).click();
      const failed = page.getByTestId('camera-failed');
      await failed.waitFor();
      const text = (await failed.textContent()) ?? '';
      expect(text).toMatch(/कैमरा/);
      expect(text).not.toMatch(/Error|Permission|device|denied/i);
      expect(await failed.getAttribute('title')).toMatch(/Error/);
      await shot(page, 'camera-failed-360-hi', false);
    } finally {
      await noCamera.close();
    }
  });
});

describe('the queue display at 360 px', () => {
  it('wraps a long counter name with no sideways scroll', async () => {
    const long = 'CounterNumberTwelveOfTheEastHallDesk';
    const served = await e2e.asAdmin('POST', '/api/queue/serve', { registrationId: typed.id, year: typed.year, counter: long });
    expect(served.status, served.text).toBe(200);
    const screen = await camera.newContext({ viewport: PHONE });
    const queue = await e2e.newPage(screen);
    await queue.goto(url('/queue'));
    await queue.locator(`[data-counter="${long}"]`).waitFor();
    expect(await queue.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(queue, 'queue-long-name-360');
    await screen.close();
  });
});

describe('the Settings page at 1280 px', () => {
  it('turns on accepting letters of other days', async () => {
    const ctx = await camera.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
    ctx.setDefaultTimeout(20_000);
    const page = await e2e.adminPage(ctx, '/admin/settings');
    const other = page.getByRole('switch', { name: 'Accept letters of other days at the counter' });
    await other.waitFor();
    expect(await other.isChecked()).toBe(false);
    await other.check();
    await other.scrollIntoViewIfNeeded();
    await shot(page, 'settings-accept-other-days-1280-en', false);
    await page.locator('form').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await e2e.asAdmin('GET', '/api/settings')).json.AcceptOtherDays).toBe(true);
    await ctx.close();
  });
});
