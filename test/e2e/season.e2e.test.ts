import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { kolkataDate } from '@shared/india-time';
import { adminPostOf, createProducerCropLot, stockCrop } from '../fixtures/catalogue';
import { newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * A season's draw and its day at the counter, as the admin, the farmer and the queue's TV see them (issue 30,
 * items 19 and 24): the draw's number said in words, where it comes from and a link to close registrations, a
 * warning when the mode changes mid-season (1280 px, English, admin); the published result as a public page linked
 * from the closed home page with the draw's day, where a farmer finds their registration number (360 px, Hindi);
 * the queue display filling a 1920×1080 screen without the site's navigation, a billed token no longer served.
 * Data through the API. Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'e2e-season-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-season-admin-pass-1';
const TV = { width: 1920, height: 1080 } as const;
/** The draw's published number: letters too, as some announcements print them. */
const DRAW_NUMBER = 'LOT 48213';
/** The applicants' names: the public result must not show them. */
const APPLICANT = 'सुनीता ड्रॉदेवी';

const e2e = useE2EStack({ name: 'season', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;
const shot = shotsOf('season');

const crops = { wheat: 0, chickpea: 0 };
let wheatLot = 0;
const today = kolkataDate();
const year = Number(today.slice(0, 4));

async function saveSettings(patch: Record<string, unknown>) {
  const settings = await e2e.asAdmin('GET', '/api/settings');
  const saved = await e2e.asAdmin('PUT', '/api/settings', { ...settings.json, ...patch });
  expect(saved.status, saved.text).toBe(200);
}

async function registered(crop: keyof typeof crops, quantity: number, Name = 'रामेश्वर प्रसाद') {
  const r = await registerFarmer(
    { url: url('') },
    validFields({
      Name,
      cropName: crop === 'wheat' ? 'Wheat' : 'Chickpea',
      cropId: crops[crop],
      bagsRequested: quantity,
      mobile: newMobile(),
      adharNumber: newAadhaar(5),
    }),
  );
  expect(r.status, r.text).toBe(201);
  return r.json.data as { id: number; year: number; uniqeCode: string; status: string };
}

/** No sideways scrolling of the whole page. */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  const made = await createProducerCropLot(adminPostOf(e2e), {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 400, pricePerUnit: 30 },
  });
  crops.wheat = made.cropID;
  wheatLot = made.lot.lotID;
  const chickpea = await e2e.asAdmin('POST', '/api/crops', {
    cropName: 'Chickpea',
    cropNameHi: 'चना',
    description: 'Chickpea seed',
  });
  expect(chickpea.status, chickpea.text).toBe(201);
  crops.chickpea = chickpea.json.cropID;
  // 6 kg of chickpea for three requests of 3 kg: two get a date, one waits.
  await stockCrop(adminPostOf(e2e), crops.chickpea, 6);
  await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'first-come', PerDayLimit: 40, DrawDate: '' });
}, 120_000);

describe('the draw, as the admin runs it (1280 px, English)', () => {
  it('warns when the season changes to the draw, links the way to close registrations, and says what the number is and where it comes from', async () => {
    // First come, first served so far: a farmer holds a date.
    expect((await registered('wheat', 1)).status).toBe('confirmed');
    const ctx = await e2e.context({ viewport: DESKTOP, lang: 'en' });
    const page = await e2e.adminPage(ctx, '/admin/settings');
    await page.getByRole('radio', { name: 'Draw' }).check();
    const warning = page.getByTestId('allocation-mode-warning');
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toMatch(
      new RegExp(`first come, first served: 1 of ${year} have a date or a waiting-list place and keep it\\.`),
    );
    await warning.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'settings-draw-mid-season-warning-1280-en', false);
    // Saved, the draw is the season's mode: nothing left to warn about.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect.poll(() => warning.count()).toBe(0);

    // Three farmers apply for 3 kg of chickpea each, while registrations are open.
    const applicants = [];
    for (let i = 0; i < 3; i++) applicants.push(await registered('chickpea', 3, APPLICANT));
    expect(applicants.map((a) => a.status)).toEqual(['applied', 'applied', 'applied']);

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Allocation', exact: true }).click();
    const card = page.locator(`[data-testid="allocation-crop"][data-crop="Chickpea"]`);
    const blocked = card.getByTestId('draw-blocked');
    await blocked.waitFor();
    await expect(blocked.textContent()).resolves.toBe(
      'Registrations are open; the draw needs them closed. Close registrations in Settings',
    );
    await expect(card.getByRole('button', { name: 'Run draw' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'allocation-draw-blocked-link-1280-en', false);
    await blocked.getByRole('link', { name: 'Close registrations in Settings' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings');
    await page.getByRole('radio', { name: 'Draw' }).waitFor();

    // Closed (and the day of the draw announced: today), the admin runs the draw.
    await saveSettings({ Is_SVS_Form_On: false, DrawDate: today });
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Allocation', exact: true }).click();
    await card.getByRole('button', { name: 'Run draw' }).click();
    const dialog = page.getByRole('dialog', { name: `Draw for Chickpea ${year}` });
    await expect(dialog.getByTestId('draw-seed-where').textContent()).resolves.toMatch(
      /^The order of the draw comes from a number announced in public before the draw, that nobody here can choose/,
    );
    await expect(dialog.getByText('Seed', { exact: true }).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Type the published number.').waitFor();
    await shot(page, 'draw-number-missing-1280-en', false);
    await dialog.getByLabel('Published random number').fill(DRAW_NUMBER);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('draw-confirm-text').textContent()).resolves.toContain(`with the number “${DRAW_NUMBER}”`);
    await dialog.getByRole('button', { name: 'Run the draw' }).click();
    await dialog.getByTestId('draw-result').waitFor();
    await expect(dialog.getByTestId('draw-seed').textContent()).resolves.toBe(DRAW_NUMBER);
    // The method in words, its name only as a reference; the farmers' page of the same result.
    const how = dialog.locator('dt', { hasText: 'How the order was made' }).locator('xpath=following-sibling::dd[1]');
    await expect(how.textContent()).resolves.toBe(
      'Each registration number is combined with the published number (HMAC-SHA-256) and the results are sorted; anyone can compute the same order again (method hmac-sha256-sort-v1).',
    );
    await expect(dialog.getByText('Algorithm', { exact: true }).count()).resolves.toBe(0);
    await expect(dialog.getByTestId('draw-public-link').getAttribute('href')).resolves.toBe(`/draw/${crops.chickpea}/${year}`);
    await shot(page, 'draw-result-words-1280-en', false);
    expect(e2e.pageErrors).toEqual([]);
    await ctx.close();
  }, 120_000);
});

describe('the published result, as a farmer finds it (360 px, Hindi)', () => {
  it('the closed home page says the draw’s day and links the results; the crop’s result finds a registration number typed in Hindi digits', async () => {
    const published = await e2e.asAdmin('GET', `/api/allocation/draw/${crops.chickpea}/${year}`);
    expect(published.status, published.text).toBe(200);
    const waiting = (published.json.entries as { id: number; outcome: string }[]).filter((e) => e.outcome === 'waitlisted');
    expect(waiting).toHaveLength(1);

    const ctx = await e2e.context({ viewport: PHONE, lang: 'hi' });
    const page = await newPage(ctx);
    await page.goto(url('/'));
    await page.getByTestId('home-registration-closed').waitFor();
    const drawOn = page.getByTestId('home-draw-on');
    await drawOn.waitFor();
    await expect(drawOn.textContent()).resolves.toMatch(new RegExp(`^ड्रॉ \\S+, \\d+ \\S+ ${year} को निकाला जाएगा।$`));
    const results = page.getByRole('link', { name: 'ड्रॉ के परिणाम देखें' });
    await expect(results.getAttribute('href')).resolves.toBe('/draw');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await shot(page, 'home-closed-draw-360-hi');

    // The season's results, then the crop's: server pages, in Hindi.
    await results.click();
    await page.waitForURL((u) => u.pathname === '/draw');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi');
    const item = page.getByTestId('draw-index-item');
    await expect(item.textContent()).resolves.toContain(`चना ${year}`);
    await shot(page, 'draw-results-360-hi');
    await item.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === `/draw/${crops.chickpea}/${year}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`ड्रॉ का परिणाम: चना ${year}`);
    await expect(page.getByTestId('draw-number').textContent()).resolves.toBe(DRAW_NUMBER);
    await expect(page.getByTestId('draw-selected-count').textContent()).resolves.toBe('2');
    await expect(page.getByTestId('draw-waiting').locator('tbody tr').count()).resolves.toBe(1);

    // The farmer types the number on the letter in Hindi digits and finds it on the waiting list.
    const hindiDigits = String(waiting[0].id).replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));
    await page.getByLabel('आपका पंजीकरण नंबर').fill(hindiDigits);
    await page.getByRole('button', { name: 'खोजें' }).click();
    await page.waitForURL((u) => u.searchParams.has('number'));
    const found = page.getByTestId('draw-found');
    await expect(found.getAttribute('data-found')).resolves.toBe('waiting');
    await expect(found.textContent()).resolves.toBe(
      `पंजीकरण ${waiting[0].id}: प्रतीक्षा सूची में क्रमांक 1। बीज खाली होने पर आपको तारीख मिलेगी; आपका पत्र उसे दिखाएगा।`,
    );
    await expect(page.getByTestId('draw-waiting').locator('mark').textContent()).resolves.toBe(String(waiting[0].id));
    // Registration numbers and outcomes only: nobody's name.
    await expect(page.locator('body').textContent()).resolves.not.toContain(APPLICANT);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await shot(page, 'draw-result-found-360-hi');
    expect(e2e.pageErrors).toEqual([]);
    await ctx.close();
  }, 120_000);
});

describe('the queue display on a TV (1920×1080)', () => {
  it('fills the screen without the site’s navigation, and a counter whose token is billed shows free', async () => {
    await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'first-come', AcceptOtherDays: true, DrawDate: '' });
    const regs = [];
    for (let i = 0; i < 3; i++) regs.push(await registered('wheat', 1));
    for (const r of regs) {
      const c = await e2e.asAdmin('POST', '/api/checkin', { code: r.uniqeCode });
      expect(c.status, c.text).toBe(200);
    }
    for (const [r, counter] of [
      [regs[0], 'Counter 1'],
      [regs[1], 'Counter 2'],
    ] as const) {
      const s = await e2e.asAdmin('POST', '/api/queue/serve', { registrationId: r.id, year: r.year, counter });
      expect(s.status, s.text).toBe(200);
    }
    // Counter 1's farmer is billed and leaves.
    const sale = await e2e.asAdmin('POST', '/api/sales/make', {
      lotID: wheatLot,
      registrationID: regs[0].id,
      year: regs[0].year,
      bags: 1,
      bagSizeKg: 40,
      paymentMode: 'Cash',
    });
    expect(sale.status, sale.text).toBe(201);

    const ctx = await e2e.context({ viewport: TV, lang: 'hi' });
    const page = await newPage(ctx);
    await page.goto(url('/queue'));
    const served = page.locator('[data-counter="Counter 2"]');
    await served.waitFor();
    await expect(served.getByTestId('queue-serving-token').textContent()).resolves.toBe('2');
    await expect(page.locator('[data-counter="Counter 1"]').count()).resolves.toBe(0);
    await expect(page.getByTestId('queue-next').locator('li').allTextContents()).resolves.toEqual(['3']);
    // No site navigation on the TV: no top bar, no Login or Register.
    await expect(page.locator('header').count()).resolves.toBe(0);
    await expect(page.getByRole('link').count()).resolves.toBe(0);
    // The screen is used: the serving card spans its column, more than half the width, and the type is big.
    const card = (await served.boundingBox())!;
    expect(card.width).toBeGreaterThan(TV.width / 2);
    const token = await served.getByTestId('queue-serving-token').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(token).toBeGreaterThanOrEqual(150);
    const next = (await page.getByTestId('queue-next').boundingBox())!;
    expect(next.x + next.width).toBeGreaterThan(TV.width * 0.9);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await shot(page, 'queue-tv-1920');
    expect(e2e.pageErrors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
