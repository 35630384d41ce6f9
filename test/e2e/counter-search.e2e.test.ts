import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { setClockForTests as setCounterClock } from '@functions/counter/counter-clock';
import { indiaLongDay } from '@shared/india-day';
import { NO_DENOMINATIONS } from '@shared/schemas/day-close';
import { adminPostOf, createCrop, createLot, createProducer } from '../fixtures/catalogue';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, goInApp, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The counter's search and day (docs/product-rules.md#the-counters-search-never-picks-a-farmer-by-a-part-of-a-number,
 * #the-counter-says-which-day-it-shows-and-whether-the-sellers-day-is-closed, #an-online-payment-carries-its-upi-reference)
 * at 1280 px in English, as a seller: signing in lands on Today, which names its day; a typed number is a
 * registration number, never a part of another farmer's mobile, and another day's letter is named by its day
 * in words; a name checks in nobody; Online asks for the UPI reference, which Day close lists; a closed day is
 * said on Today, with Issue off, before any sale is filled. Needs `npm run build:web` first.
 */
const ADMIN = { email: 'e2e-counter-search-admin@seed.local', password: 'e2e-counter-search-pass-1' };
const SELLER = { email: 'e2e-counter-search-seller@seed.local', password: 'counter-search-seller-1' };
/** The due farmer's mobile: it holds the number of the farmer due the next day. */
const DUE_MOBILE = '9812345678';

const e2e = useE2EStack({ name: 'counter-search', adminEmail: ADMIN.email, adminPassword: ADMIN.password });
const shot = shotsOf('counter-search', { fullPage: false });

type Registered = { id: number; year: number; day: string };
/** Due on the counter's day, with DUE_MOBILE. */
let due: Registered;
/** Due on the counter's day: checked in, then sold to online. */
let paid: Registered;
/** Due on the counter's day: checked in when the seller's day is closed. */
let waiting: Registered;
/** Due on the next working day; its number is a part of DUE_MOBILE. */
let later: Registered;
let ctx: BrowserContext;
let page: Page;

async function register(name: string, over: Record<string, unknown> = {}): Promise<Registered> {
  const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ Name: name, bagsRequested: 1, ...over }));
  expect(r.status, r.text).toBe(201);
  const { id, year } = r.json.data as { id: number; year: number };
  const read = await e2e.asAdmin('GET', `/api/registrations/${id}?year=${year}`);
  expect(read.status, read.text).toBe(200);
  return { id, year, day: read.json.appointmentDate as string };
}

async function perDayLimit(value: string) {
  const r = await e2e.asAdmin('POST', '/api/config', { key: 'PerDayLimit', value });
  expect(r.status, r.text).toBe(200);
  // The stack's handlers run in this process: the next registration reads the new limit.
  clearAppointmentSettingsCache();
  forgetFullShifts();
}

const acceptOtherDays = async (on: boolean) => {
  const r = await e2e.asAdmin('POST', '/api/config', { key: 'AcceptOtherDays', value: String(on) });
  expect(r.status, r.text).toBe(200);
};

/** The seller's own API calls (the day close is the seller's own). */
async function asSeller(method: string, path: string, body?: unknown) {
  const login = await fetch(e2e.url('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SELLER),
  });
  const { token } = (await login.json()) as { token: string };
  const r = await fetch(e2e.url(path), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as any };
}

const rowOf = (id: number) => page.locator(`tr[data-registration="${id}"]`);
const search = () => page.locator('input[name="todaySearch"]');
async function enter(text: string) {
  await search().fill(text);
  await search().press('Enter');
}

beforeAll(async () => {
  const post = adminPostOf(e2e);
  const { producerID } = await createProducer(post, SAMPLE_PRODUCER);
  const { cropID } = await createCrop(post, SAMPLE_WHEAT);
  useCrops({ Wheat: cropID });
  const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
  await createLot(post, { producerID, cropID, year, quantityAvailable: 500, pricePerUnit: 30 });
  due = await register('Due Farmer', { mobile: DUE_MOBILE });
  paid = await register('Paid Farmer');
  waiting = await register('Waiting Farmer');
  // One farmer a day from here: the next registration falls on the next working day.
  await perDayLimit('1');
  later = await register('Later Farmer');
  await perDayLimit('0');
  expect(new Set([due.day, paid.day, waiting.day]).size).toBe(1);
  expect(later.day > due.day).toBe(true);
  expect(DUE_MOBILE).toContain(String(later.id));
  const seller = await e2e.asAdmin('POST', '/api/admin/users', {
    fullName: 'Search Seller',
    email: SELLER.email,
    password: SELLER.password,
    isActive: true,
    roleIds: [3],
  });
  expect(seller.status, seller.text).toBe(201);
  // The counter's day is the day the farmers are due.
  setCounterClock(() => new Date(`${due.day}T10:00:00+05:30`));
  ctx = await e2e.context({ viewport: DESKTOP, lang: 'en' });
  // The browser names the counter once; the bill's print is not opened.
  await ctx.addInitScript(() => localStorage.setItem('counterName', 'Counter 1'));
}, 120_000);

afterAll(async () => {
  setCounterClock();
  await ctx?.close();
});

describe('the counter at 1280 px in English, as a seller', () => {
  it('lands the seller on Today, which names its day in words and holds it in the day box', async () => {
    page = await e2e.newPage(ctx);
    await page.goto(e2e.url('/login'));
    await e2e.submitSignIn(page, SELLER.email, SELLER.password);
    await page.waitForURL((u) => u.pathname === '/admin/today');
    const day = page.getByTestId('today-day');
    await expect.poll(() => day.textContent()).toBe(`${indiaLongDay(due.day, 'en')} · today`);
    expect(await page.locator('input[name="todayDate"]').inputValue()).toBe(due.day);
    await rowOf(due.id).waitFor();
    await shot(page, 'today-lands-1280-en');
  });

  it('takes a typed number for the registration it names, never for the farmer whose mobile holds it', async () => {
    await enter(String(later.id));
    const refused = page.getByTestId('checkin-refused');
    await refused.waitFor();
    const text = (await refused.textContent()) ?? '';
    expect(text).toContain(`This letter is for ${indiaLongDay(later.day, 'en')}, not today.`);
    expect(text).not.toContain(later.day);
    expect(await page.getByTestId('checkin-token').count()).toBe(0);
    expect(await rowOf(due.id).textContent()).toContain('Expected');
    await shot(page, 'number-of-another-day-refused-1280-en');

    // With letters of other days accepted, the same number checks that farmer in, marked, and nobody else.
    await acceptOtherDays(true);
    try {
      await enter(String(later.id));
      await page.getByTestId('checkin-token').waitFor();
      const slip = (await page.getByTestId('token-slip').textContent()) ?? '';
      expect(slip).toContain(`${later.id}/${later.year} · Later Farmer`);
      expect(slip).toContain('appointment on another day');
      expect(slip).toContain(indiaLongDay(later.day, 'en').split(', ')[1]);
      await expect.poll(() => rowOf(later.id).textContent()).toContain('Arrived');
      expect(await rowOf(due.id).textContent()).toContain('Expected');
      await shot(page, 'number-of-another-day-checked-in-1280-en');
    } finally {
      await acceptOtherDays(false);
    }
  });

  it('checks in nobody for a name or for digits that are no registration’s, and says what to do', async () => {
    await enter('Farmer');
    const hint = page.getByTestId('checkin-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toContain('Farmers shown: 4. Enter checks in only');
    expect(await page.getByTestId('checkin-token').count()).toBe(0);
    await shot(page, 'name-lists-candidates-1280-en');

    // A part of the due farmer's mobile is no registration number: nobody is found, nobody checked in.
    await enter(DUE_MOBILE.slice(2, 7));
    await expect.poll(() => page.getByTestId('checkin-refused').textContent()).toContain('No registration matches');
    expect(await rowOf(due.id).textContent()).toContain('Expected');
  });

  it('asks an online payment’s UPI reference, refuses one too short, and Day close lists it', async () => {
    await enter(String(paid.id));
    await expect.poll(() => page.getByTestId('checkin-token').count()).toBe(1);
    await rowOf(paid.id).getByRole('button', { name: 'Issue' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Online').check();
    const ref = dialog.getByLabel('UPI reference (UTR)');
    await ref.fill('12');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await dialog.getByText('Type 4 to 12 digits').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await ref.fill('4123 4567 8901');
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await shot(page, 'issue-online-upi-1280-en');
    await confirm.click();
    const issued = (await dialog.getByTestId('today-issued').textContent()) ?? '';
    const invoice = /INV\d{4}-\d{6}/.exec(issued)?.[0];
    expect(invoice, issued).toBeTruthy();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await goInApp(page, '/admin/day-close');
    const online = page.getByTestId('day-online-bills');
    await online.waitFor();
    const listed = (await online.textContent()) ?? '';
    expect(listed).toContain(invoice);
    expect(listed).toContain('412345678901');
    await online.scrollIntoViewIfNeeded();
    await shot(page, 'day-close-online-bills-1280-en');

    // The staff copy of the bill carries it beside the payment mode (the public copy never does).
    await goInApp(page, `/bill/${invoice}`);
    await expect.poll(() => page.getByTestId('bill-payment').first().textContent()).toBe('Online · UPI 412345678901');
    const visitor = await e2e.browser.newPage();
    await visitor.goto(e2e.url(`/bill/${invoice}`));
    expect(await visitor.content()).not.toContain('412345678901');
    await visitor.close();
  });

  it('says on Today that the seller’s day is closed, with Issue off and why, before any sale is filled', async () => {
    await goInApp(page, '/admin/today');
    await enter(String(waiting.id));
    await expect.poll(() => rowOf(waiting.id).textContent()).toContain('Arrived');
    const issue = rowOf(waiting.id).getByRole('button', { name: 'Issue' });
    expect(await issue.isEnabled()).toBe(true);

    // The seller's day of sales is today's, by the real clock (the counter's day is the farmers').
    const saleDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const closed = await asSeller('POST', '/api/day-close', { date: saleDay, denominations: NO_DENOMINATIONS });
    expect(closed.status, JSON.stringify(closed.json)).toBe(201);
    try {
      await page.reload();
      const notice = page.getByTestId('today-day-closed');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        `Your day of sales (${indiaLongDay(closed.json.date, 'en')}) is closed: Issue is off until an admin reopens the day`,
      );
      await expect.poll(() => issue.isDisabled()).toBe(true);
      expect(await issue.getAttribute('aria-describedby')).toBe('today-day-closed');
      expect(await rowOf(waiting.id).textContent()).toContain('Your day is closed');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await shot(page, 'day-closed-1280-en');

      // The Registrations page's Issue seeds says it too, on opening, before anything is filled.
      await goInApp(page, '/admin/registrations');
      const listed = page.locator('tbody tr', { has: page.locator('td').first().getByText(String(waiting.id), { exact: true }) });
      await listed.getByRole('button', { name: 'Issue seeds' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('issue-day-closed').waitFor();
      expect(await dialog.getByTestId('issue-day-closed').textContent()).toContain(
        `Your day of sales (${indiaLongDay(closed.json.date, 'en')}) is closed`,
      );
      await expect.poll(() => dialog.getByRole('button', { name: 'Issue Seeds' }).isDisabled()).toBe(true);
      await shot(page, 'issue-seeds-day-closed-1280-en');
      await page.keyboard.press('Escape');
    } finally {
      const reopened = await e2e.asAdmin('POST', `/api/day-close/${closed.json.id}/reopen`, { reason: 'Test done' });
      expect(reopened.status, reopened.text).toBe(200);
    }
  });
});
