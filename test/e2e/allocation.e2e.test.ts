import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, goInApp, handleDialogs, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';
import { enterCode } from '../support/farmer-codes';

/**
 * Allocation as farmers and staff see it: a waitlisted farmer's success card and letter give the waiting-list
 * number; a confirmed farmer cancels from the letter with the mobile's last 4 digits and the waiting farmer's
 * letter (same link) then shows a date; staff see each registration's status in the list, filter by it and
 * cancel one with a reason; an admin sets the draw mode in Settings, runs a crop's draw on the Allocation
 * screen and sees the published result, and a second run shows the first result. Phones at 360 px in Hindi,
 * laptops at 1280 px in English. Needs `npm run build:web` first; with SHOTS_DIR set, the screenshots are also
 * written there.
 */
const ADMIN_EMAIL = 'e2e-allocation-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-allocation-admin-pass-1';
/** What a letter reply carries only while confirmed. */
const APPOINTMENT_FIELDS = ['appointmentDate', 'appointmentDateTime', 'appointmentShift', 'appointmentShiftNumber', 'expiresOn'];
/** Wheat comes in bags of 40 kg: stock for exactly one farmer's one-bag request. */
const ONE_BAG_KG = 40;
/** The day of the draw an admin announces: a Monday. */
const DRAW_DAY = '2027-03-15';

const e2e = useE2EStack({ name: 'allocation', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage } = e2e;
const crops = { Wheat: 0, Mustard: 0, Chickpea: 0, Lentil: 0, Pea: 0, Barley: 0 };
/** Sold by the kg, as lentil is here: a request of 2 kg is 2 kg. */
const BY_THE_KG = { rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 } };

const shot = shotsOf('allocation');

const context = (viewport: { width: number; height: number }, lang: 'hi' | 'en') => e2e.context({ viewport, lang });

/** A registration made through the API; its reply's data. */
async function registered(crop: keyof typeof crops, quantity: number, mobile = newMobile(), gender = 'पुरुष') {
  const r = await registerFarmer(
    { url: url('') },
    validFields({ cropName: crop, cropId: crops[crop], bagsRequested: quantity, mobile, gender, adharNumber: newAadhaar(6) }),
  );
  expect(r.status, r.text).toBe(201);
  return {
    ...(r.json.data as { id: number; year: number; uniqeCode: string; status: string; waitlistPosition?: number }),
    mobile,
  };
}

async function saveSettings(patch: Record<string, unknown>) {
  const settings = await e2e.asAdmin('GET', '/api/settings');
  const saved = await e2e.asAdmin('PUT', '/api/settings', { ...settings.json, ...patch });
  expect(saved.status, saved.text).toBe(200);
}

async function openLetter(page: Page, code: string) {
  await page.goto(url(`/svs/appointment/${code}`));
  await page.getByTestId('letter-status').waitFor();
}

/**
 * An admin's page, signed in, at `path`; in Hindi when asked, from its first load (staff start signed in, so
 * no English sign-in page comes first), and so every later page of the context.
 */
async function adminPage(ctx: BrowserContext, path: string, lang: 'hi' | 'en' = 'en'): Promise<Page> {
  if (lang === 'hi') await ctx.addInitScript(() => localStorage.setItem('lang', 'hi'));
  return e2e.adminPage(ctx, path);
}

/**
 * The admin's screens, one signed-in page per layout for the whole file (1280 px in English, 360 px in Hindi),
 * loaded once and moved between screens in the app as its menu does: each screen mounts and reads its data afresh
 * (a screen already shown is left for another first, as a clerk going away and back does).
 */
const adminScreens: Partial<Record<'desk' | 'phone', Page>> = {};
const SHOWN = {
  '/admin/settings': '[name="ReservedShares"]',
  '/admin/allocation': '[data-testid="allocation-crop"]',
} as const;
async function adminScreen(where: 'desk' | 'phone', path: keyof typeof SHOWN | '/admin/registrations'): Promise<Page> {
  const open = adminScreens[where];
  if (open) {
    if (new URL(open.url()).pathname === path && path !== '/admin/registrations') {
      const away = path === '/admin/settings' ? '/admin/allocation' : '/admin/settings';
      await goInApp(open, away);
      await open.locator(SHOWN[away]).first().waitFor();
    }
    await goInApp(open, path);
    return open;
  }
  const ctx = await context(where === 'desk' ? DESKTOP : PHONE, 'en');
  adminScreens[where] = await adminPage(ctx, path, where === 'desk' ? 'en' : 'hi');
  return adminScreens[where];
}

/** No sideways scrolling of the whole page. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  for (const [cropName, kg] of [
    ['Wheat', ONE_BAG_KG],
    ['Mustard', 2],
    ['Chickpea', 6],
    ['Lentil', 2],
  ] as const) {
    const rules = cropName === 'Lentil' ? { rules: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 } } : {};
    const r = await e2e.asAdmin('POST', '/api/crops', { cropName, description: `${cropName} seed`, ...rules });
    expect(r.status, r.text).toBe(201);
    crops[cropName] = r.json.cropID;
    await stockCrop(adminPostOf(e2e), r.json.cropID, kg);
  }
  await saveSettings({ PerDayLimit: 40 });
}, 120_000);

describe('a waiting list that moves when a farmer cancels', () => {
  it('waitlists the second farmer with number 1 on the success card and the letter (360 px, Hindi); the first cancels from the letter with a code sent to the mobile; the second letter then shows a date', async () => {
    const first = await registered('Wheat', 1);
    expect(first.status).toBe('confirmed');

    // The second farmer registers on the form, on a phone, in Hindi.
    const phone = await context(PHONE, 'hi');
    const page = await newPage(phone);
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    await fillRegistrationForm(page, {
      name: 'सुनीता देवी',
      fatherName: 'राम सिंह',
      aadhaar: newAadhaar(7),
      mobile: newMobile(),
      village: 'मोहनलालगंज',
      block: 'मोहनलालगंज',
      subDistrict: 'मोहनलालगंज',
      district: 'Lucknow',
      crop: 'Wheat',
      bags: '1',
      file: join(FIXTURES, 'aadhaar-sample.png'),
    });
    await page.getByTestId('registration-submit').click();
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'));
    const secondCode = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    // The success card says it: registered, and number 1 on the waiting list.
    await expect(page.getByTestId('letter-registered').textContent()).resolves.toContain('पंजीकरण सफल');
    await expect(page.getByTestId('letter-registered-status').textContent()).resolves.toBe('प्रतीक्षा सूची में क्रमांक 1');
    // The letter: the status first, no date or shift, and what happens next.
    const status = page.getByTestId('letter-status');
    await expect(status.getAttribute('data-status')).resolves.toBe('waitlisted');
    // No appointment yet: a registration letter; nobody ahead reads 'you are next in line'.
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('बीज खरीद पंजीकरण पत्र');
    await expect(page.getByTestId('letter-status-line').textContent()).resolves.toBe('प्रतीक्षा सूची में क्रमांक 1; आप सबसे आगे हैं');
    await expect(page.getByTestId('letter-status-next').textContent()).resolves.toContain('इस पत्र में');
    await expect(page.getByTestId('letter-status-come-back').textContent()).resolves.toContain('“मेरा पत्र खोजें”');
    await expect(page.getByTestId('appointment-date').count()).resolves.toBe(0);
    await expect(page.getByTestId('appointment-shift').count()).resolves.toBe(0);
    const box = await status.boundingBox();
    expect(box!.y + box!.height, 'the status is on the first screen').toBeLessThanOrEqual(640);
    await expectNoOverflow(page);
    await shot(page, 'letter-waitlisted-success-360-hi');

    // The first farmer cancels from their letter: first the code sent to the mobile (a wrong one is refused in the
    // dialog), then the confirmation.
    const firstPage = await newPage(phone);
    await openLetter(firstPage, first.uniqeCode);
    await expect(firstPage.getByTestId('letter-status').getAttribute('data-status')).resolves.toBe('confirmed');
    await shot(firstPage, 'letter-confirmed-360-hi');
    await firstPage.getByTestId('letter-cancel').click();
    const dialog = firstPage.getByRole('dialog', { name: 'यह पंजीकरण रद्द करें?' });
    await dialog.waitFor();
    await enterCode(dialog, 'cancel', first.mobile, { code: '000001' });
    await dialog.getByTestId('cancel-code-error').waitFor();
    await shot(firstPage, 'cancel-dialog-wrong-code-360-hi', false);
    await enterCode(dialog, 'cancel', first.mobile, { askFirst: false });
    await dialog.getByTestId('cancel-confirm').waitFor();
    await expect(dialog.textContent()).resolves.toContain('इसे वापस नहीं किया जा सकता');
    await dialog.getByRole('button', { name: 'हाँ, रद्द करें' }).click();
    await expect.poll(() => firstPage.getByTestId('letter-status').getAttribute('data-status')).toBe('cancelled');
    await expect(firstPage.getByTestId('letter-cancel').count()).resolves.toBe(0);
    await expect(firstPage.getByTestId('appointment-date').count()).resolves.toBe(0);
    await shot(firstPage, 'letter-cancelled-360-hi');

    // The waiting farmer's letter, same link, now has a date and shift.
    await openLetter(page, secondCode);
    await expect(page.getByTestId('letter-status').getAttribute('data-status')).resolves.toBe('confirmed');
    await expect(page.getByTestId('appointment-date').textContent()).resolves.toMatch(/\d{4}/);
    await expect(page.getByTestId('appointment-shift').textContent()).resolves.not.toBe('');
    await shot(page, 'letter-promoted-360-hi');
    await phone.close();
  }, 120_000);

  it('shows a waitlisted letter at 1280 px in English, and prints its status rather than an empty date', async () => {
    const confirmed = await registered('Mustard', 2);
    const waiting = await registered('Mustard', 2);
    expect([confirmed.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);
    const ctx = await context(DESKTOP, 'en');
    const page = await newPage(ctx);
    // The server's page: its wording is checked in test/integration/letter-page-words.test.ts.
    await openLetter(page, waiting.uniqeCode);
    await expect(page.getByTestId('letter-status').getAttribute('data-status')).resolves.toBe('waitlisted');
    await shot(page, 'letter-waitlisted-1280-en');
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('letter-status').isVisible()).resolves.toBe(true);
    // Printed, the letter has no link to follow: it says how to find the letter again.
    await expect(page.getByTestId('letter-status-come-back').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('letter-cancel').isVisible()).resolves.toBe(false);
    await shot(page, 'letter-waitlisted-print-a4-en');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);
    await openLetter(page, confirmed.uniqeCode);
    await page.getByTestId('letter-collect-by').waitFor();
    await shot(page, 'letter-confirmed-1280-en');
    // The dialog in English.
    await page.getByTestId('letter-cancel').click();
    await page.getByRole('dialog', { name: 'Cancel this registration?' }).waitFor();
    await shot(page, 'cancel-dialog-1280-en', false);
    await ctx.close();
  }, 120_000);
});

describe('every status a letter may have', () => {
  it('says what each status means, at 360 px in Hindi and 1280 px in English, with no date unless confirmed', async () => {
    const reg = await registered('Mustard', 1);
    const expected = {
      applied: { hi: 'आवेदन हो गया: ड्रॉ की प्रतीक्षा', en: 'Applied: waiting for the draw', line: /ड्रॉ|draw/ },
      expired: { hi: 'समय सीमा बीत गई', en: 'Expired', line: /अगले किसान|next farmer/ },
      cancelled: { hi: 'पंजीकरण रद्द', en: 'Cancelled', line: /अगले किसान|next farmer/ },
    } as const;
    for (const [viewport, lang] of [
      [PHONE, 'hi'],
      [DESKTOP, 'en'],
    ] as const) {
      const ctx = await context(viewport, lang);
      const page = await newPage(ctx);
      // The letter as the server gives it for the status shown: no appointment fields, no last day to collect.
      let status: keyof typeof expected = 'applied';
      await page.route('**/svsregistration/AppointmentList/**', async (route) => {
        if (route.request().url().endsWith('/qrcode.png')) return route.fallback();
        const reply = await route.fetch();
        const body = await reply.json();
        const letter = { ...body.data[0], status };
        for (const key of APPOINTMENT_FIELDS) delete letter[key];
        await route.fulfill({ response: reply, json: { ...body, data: [letter] } });
      });
      // The app's letter, which reads the reply in the browser (the older system's link opens it inside the app);
      // opened at its own address, the letter is the server's page, which renders the same block from the same reply.
      await page.goto(url(`/svs-appointment-lettter/${reg.uniqeCode}`));
      await page.waitForURL((u) => u.pathname === `/svs/appointment/${reg.uniqeCode}`);
      await expect(page.getByTestId('appointment-id').textContent()).resolves.toBe(String(reg.id));
      for (const next of ['applied', 'expired', 'cancelled'] as const) {
        status = next;
        // The next status: the app moves to the letter again (a new query), reads the reply again and draws it.
        if (next !== 'applied') await goInApp(page, `/svs/appointment/${reg.uniqeCode}?shown=${next}`);
        await expect.poll(() => page.getByTestId('letter-status').getAttribute('data-status')).toBe(status);
        await expect(page.getByTestId('letter-status-headline').textContent()).resolves.toBe(expected[status][lang]);
        await expect(page.getByTestId('letter-status-line').textContent()).resolves.toMatch(expected[status].line);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
          lang === 'hi' ? 'बीज खरीद पंजीकरण पत्र' : 'Seed purchase registration letter',
        );
        // Only a cancelled letter points to the counter (the CounterAddress setting) for questions.
        await expect(page.getByTestId('letter-status-contact').count()).resolves.toBe(status === 'cancelled' ? 1 : 0);
        if (status === 'cancelled') {
          await expect(page.getByTestId('letter-status-contact').textContent()).resolves.toContain(
            lang === 'hi' ? 'बीज काउंटर से संपर्क करें' : 'contact the seed counter',
          );
        }
        await expect(page.getByTestId('letter-status-come-back').count()).resolves.toBe(status === 'applied' ? 1 : 0);
        await expect(page.getByTestId('appointment-date').count()).resolves.toBe(0);
        await expect(page.getByTestId('letter-cancel').count()).resolves.toBe(status === 'applied' ? 1 : 0);
        if (lang === 'hi') await expectNoOverflow(page);
        await shot(page, `letter-${status}-${viewport.width}-${lang}`);
      }
      await ctx.close();
    }
  }, 120_000);
});

describe('the registrations list', () => {
  /** Two registrations for 2 kg of lentil, which has stock for one: the first confirmed, the second waiting. */
  let listed: { confirmed: Awaited<ReturnType<typeof registered>>; waiting: Awaited<ReturnType<typeof registered>> };

  it('shows each status over the appointment, filters by it, and offers Issue seeds only for confirmed rows (1280 px English, 360 px Hindi)', async () => {
    listed = { confirmed: await registered('Lentil', 2), waiting: await registered('Lentil', 2) };
    const { confirmed, waiting } = listed;
    expect(confirmed.status).toBe('confirmed');
    expect(waiting.status).toBe('waitlisted');

    const page = await adminScreen('desk', '/admin/registrations');
    const rowOf = (id: number) =>
      page.locator('tbody tr').filter({ has: page.locator('td').first().getByText(String(id), { exact: true }) });
    await rowOf(waiting.id).waitFor();
    await expect(rowOf(waiting.id).getByTestId('registration-status').textContent()).resolves.toMatch(/^Waiting list #\d+$/);
    await expect(rowOf(waiting.id).getByRole('button', { name: 'Issue seeds' }).count()).resolves.toBe(0);
    await expect(rowOf(confirmed.id).getByTestId('registration-status').textContent()).resolves.toBe('Confirmed');
    await expect(rowOf(confirmed.id).getByRole('button', { name: 'Issue seeds' }).count()).resolves.toBe(1);
    // The waiting row's menu: no Issue seeds, but Cancel registration.
    await page.getByRole('button', { name: `Actions for registration ${waiting.id}` }).click();
    await page.getByRole('menuitem', { name: 'Cancel registration' }).waitFor();
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual([
      'View Aadhaar',
      'View Appointment',
      'SMS sent',
      'Cancel registration',
    ]);
    // Closed by a click beside it, as a clerk does; the menu leaves the page once its transition ends.
    await page.locator('.MuiMenu-root .MuiBackdrop-root').click({ position: { x: 5, y: 5 } });
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    // Selecting the waiting row says why no seed can be issued.
    const dialogs = handleDialogs(page);
    await rowOf(waiting.id).locator('td').nth(1).click();
    await expect
      .poll(() => dialogs.last()?.message)
      .toBe('Seed is issued only against a confirmed registration; this one is: Waiting list.');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(
      page.locator('main .MuiTableContainer-root').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'registrations-status-1280-en');
    // Only the waiting ones.
    await page.getByLabel('Status').selectOption('waitlisted');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="registration-status"]:not([data-status="waitlisted"])').count()).toBe(0);
    await rowOf(waiting.id).waitFor();
    await shot(page, 'registrations-waitlisted-filter-1280-en');

    const hiPage = await adminScreen('phone', '/admin/registrations');
    const hiRow = hiPage
      .locator('tbody tr')
      .filter({ has: hiPage.locator('td').first().getByText(String(waiting.id), { exact: true }) });
    await expect(hiRow.getByTestId('registration-status').textContent()).resolves.toMatch(/^प्रतीक्षा सूची #\d+$/);
    await expectNoOverflow(hiPage);
    // The table swipes sideways under its pinned columns: swiped to the status column.
    await hiRow.getByTestId('registration-status').evaluate((chip) => {
      const cell = chip.closest('td')!;
      cell.closest('.MuiTableContainer-root')!.scrollLeft = cell.offsetLeft;
    });
    await shot(hiPage, 'registrations-status-360-hi');
  }, 120_000);

  it('staff cancel a registration with a reason; its place goes to the waiting one', async () => {
    const { confirmed, waiting } = listed;
    const page = await adminScreen('desk', '/admin/registrations');
    const rowOf = (id: number) =>
      page.locator('tbody tr').filter({ has: page.locator('td').first().getByText(String(id), { exact: true }) });
    await rowOf(waiting.id).waitFor();

    // Staff cancel the confirmed one: a reason is required.
    await page.getByRole('button', { name: 'Reset' }).click();
    await rowOf(confirmed.id).waitFor();
    await page.getByRole('button', { name: `Actions for registration ${confirmed.id}` }).click();
    await page.getByRole('menuitem', { name: 'Cancel registration' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('cannot be undone').waitFor();
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(dialog.getByTestId('staff-cancel-error').textContent()).resolves.toBe('Give a reason of at least 3 characters.');
    await dialog.getByLabel('Reason').fill('Farmer moved to another district');
    await shot(page, 'registrations-cancel-dialog-1280-en', false);
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await page.getByTestId('cancelled-notice').waitFor();
    await expect.poll(() => rowOf(confirmed.id).getByTestId('registration-status').textContent()).toBe('Cancelled');
    // The place went to the waiting farmer.
    await expect.poll(() => rowOf(waiting.id).getByTestId('registration-status').textContent()).toBe('Confirmed');
    await expect(rowOf(confirmed.id).getByTestId('registration-status').getAttribute('title')).resolves.toBe(
      'Cancelled: Farmer moved to another district',
    );
    await shot(page, 'registrations-after-cancel-1280-en');
  }, 120_000);
});

describe('the Allocation screen', () => {
  it('gives per crop the stock, promised, sold and available kg, a bar with its legend and the counts; an admin runs the sweep', async () => {
    const page = await adminScreen('desk', '/admin/allocation');
    const wheat = page.locator('[data-testid="allocation-crop"][data-crop="Wheat"]');
    await expect(wheat.getByTestId('allocation-stock').textContent()).resolves.toBe(`${ONE_BAG_KG} kg`);
    await expect(wheat.getByTestId('allocation-bar').getAttribute('aria-label')).resolves.toMatch(
      new RegExp(`^Wheat: sold 0 kg, promised \\d+ kg, free \\d+ kg of ${ONE_BAG_KG} kg$`),
    );
    await expect(page.getByTestId('allocation-mode').textContent()).resolves.toContain('first come, first served');
    await shot(page, 'allocation-1280-en');
    await expect(page.locator('#sweep-help').textContent()).resolves.toMatch(/^Expires confirmed registrations not collected/);
    await page.getByRole('button', { name: 'Update waiting lists now' }).click();
    await page.getByText(/^Waiting lists updated: \d+ expired, \d+ given a date\.$/).waitFor();

    const hi = await adminScreen('phone', '/admin/allocation');
    await hi.locator('[data-testid="allocation-crop"][data-crop="Wheat"]').getByTestId('allocation-bar').waitFor();
    await expectNoOverflow(hi);
    await shot(hi, 'allocation-360-hi');
    await hi.getByRole('button', { name: 'प्रतीक्षा सूचियाँ अभी अद्यतन करें' }).click();
    await hi.getByText(/^प्रतीक्षा सूचियाँ अद्यतन हुईं: \d+ की अवधि बीती, \d+ को तारीख मिली।$/).waitFor();
    await shot(hi, 'allocation-updated-360-hi', false);
  }, 120_000);
});

describe('the allocation settings', () => {
  it('an admin chooses the draw, the days to collect and the reserved shares; a share text that cannot be read is refused with its reason (1280 px English, 360 px Hindi)', async () => {
    const page = await adminScreen('desk', '/admin/settings');
    // A reserved-share text the parser cannot read is refused with its reason.
    await page.getByRole('radio', { name: 'Draw' }).check();
    await page.locator('[name="ReservedShares"]').fill('Women 30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/Not a share: Women 30/)
      .first()
      .waitFor();
    // A share for people the form never records is refused, naming the accepted values and the setting's label.
    await page.locator('[name="ReservedShares"]').fill('Women=50:female');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(
        /Share Women: no registration has female; use the categories or genders of the form: GEN, OBC, SC, ST, पुरुष, महिला/,
      )
      .first()
      .waitFor();
    await expect(page.getByText(/ReservedShares|Invalid value/).count()).resolves.toBe(0);
    await shot(page, 'settings-share-refused-1280-en', false);
    await page.locator('[name="ReservedShares"]').fill('Women=50:महिला');
    await page.locator('[name="CollectionGraceDays"]').fill('3');
    await expect(page.getByText(/Only in draw mode: applied farmers’ letters say the draw is on this day/).count()).resolves.toBe(
      1,
    );
    await page.locator('[name="DrawDate"]').fill(DRAW_DAY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.getByText('Allocation of stock', { exact: true }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'settings-allocation-1280-en', false);
    const hiSettings = await adminScreen('phone', '/admin/settings');
    await hiSettings.getByRole('radio', { name: 'ड्रॉ (लॉटरी)' }).waitFor();
    await expect(hiSettings.getByRole('radio', { name: 'ड्रॉ (लॉटरी)' }).isChecked()).resolves.toBe(true);
    await expect(hiSettings.locator('[name="CollectionGraceDays"]').inputValue()).resolves.toBe('3');
    await expect(hiSettings.locator('[name="ReservedShares"]').inputValue()).resolves.toBe('Women=50:महिला');
    await expect(hiSettings.locator('[name="DrawDate"]').inputValue()).resolves.toBe(DRAW_DAY);
    await expect(hiSettings.getByText(/केवल ड्रॉ मोड में/).count()).resolves.toBe(1);
    await expectNoOverflow(hiSettings);
    await hiSettings.getByText('स्टॉक का आवंटन', { exact: true }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(hiSettings, 'settings-allocation-360-hi', false);
    await saveSettings({ AllocationMode: 'first-come', ReservedShares: '', CollectionGraceDays: 2, DrawDate: '' });
  }, 120_000);
});

describe('the draw', () => {
  it('Run draw is disabled, with the reason beside it, while registrations are open, without applicants and with a waiting list (1280 px English, 360 px Hindi)', async () => {
    for (const cropName of ['Pea', 'Barley'] as const) {
      const r = await e2e.asAdmin('POST', '/api/crops', { cropName, description: `${cropName} seed`, ...BY_THE_KG });
      expect(r.status, r.text).toBe(201);
      crops[cropName] = r.json.cropID;
      await stockCrop(adminPostOf(e2e), r.json.cropID, 2);
    }
    // First come: the second pea farmer waits.
    await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'first-come' });
    await registered('Pea', 2);
    expect((await registered('Pea', 2)).status).toBe('waitlisted');
    await saveSettings({ AllocationMode: 'draw' });
    try {
      const page = await adminScreen('desk', '/admin/allocation');
      const card = (crop: string) => page.locator(`[data-testid="allocation-crop"][data-crop="${crop}"]`);
      const runDraw = (crop: string) => card(crop).getByRole('button', { name: 'Run draw' });
      await runDraw('Barley').waitFor();
      await expect(runDraw('Barley').isDisabled()).resolves.toBe(true);
      await expect(card('Barley').getByTestId('draw-blocked').textContent()).resolves.toBe(
        'Registrations are open; the draw needs them closed. Close registrations in Settings',
      );
      await expect(
        card('Barley').getByRole('link', { name: 'Close registrations in Settings' }).getAttribute('href'),
      ).resolves.toBe('/admin/settings');
      await expect(runDraw('Barley').getAttribute('aria-describedby')).resolves.toBe(`draw-blocked-${crops.Barley}`);

      await saveSettings({ Is_SVS_Form_On: false });
      // Away and back in the app: the screen reads the allocation again.
      await adminScreen('desk', '/admin/allocation');
      await runDraw('Barley').waitFor();
      await expect(card('Barley').getByTestId('draw-blocked').textContent()).resolves.toBe('Nobody has applied for this crop.');
      await expect(runDraw('Barley').isDisabled()).resolves.toBe(true);
      await expect(card('Pea').getByTestId('draw-blocked').textContent()).resolves.toBe(
        '1 registration is on the waiting list; a draw needs an empty one.',
      );
      await expect(runDraw('Pea').isDisabled()).resolves.toBe(true);
      await card('Pea').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, 'allocation-draw-blocked-1280-en', false);

      const hi = await adminScreen('phone', '/admin/allocation');
      const hiPea = hi.locator('[data-testid="allocation-crop"][data-crop="Pea"]');
      await expect(hiPea.getByTestId('draw-blocked').textContent()).resolves.toBe(
        '1 पंजीकरण प्रतीक्षा सूची में है; ड्रॉ के लिए सूची खाली होनी चाहिए।',
      );
      await expect(hiPea.getByRole('button', { name: 'ड्रॉ निकालें' }).isDisabled()).resolves.toBe(true);
      await expectNoOverflow(hi);
      await hiPea.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(hi, 'allocation-draw-blocked-360-hi', false);
    } finally {
      await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'first-come' });
    }
  }, 120_000);

  it('in draw mode farmers apply; with registrations closed the admin runs the draw on the Allocation screen and sees the result; a second run shows the first result', async () => {
    // Half the stock is reserved for women farmers; two of the five applicants are women.
    await saveSettings({ AllocationMode: 'draw', ReservedShares: 'Women=50:महिला' });

    // Five farmers apply for 3 kg each of 6 kg of chickpea: no date yet. (An applied letter's page, with no day
    // of the draw set, is checked in test/integration/letter-page-words.test.ts; the app's applied letter above.)
    const applicants = [];
    for (let i = 0; i < 5; i++) applicants.push(await registered('Chickpea', 3, newMobile(), i < 2 ? 'महिला' : 'पुरुष'));
    expect(applicants.map((a) => a.status)).toEqual(Array(5).fill('applied'));
    await saveSettings({ Is_SVS_Form_On: false });

    // A second tab opens the Allocation screen before the draw runs.
    const page = await adminScreen('desk', '/admin/allocation');
    const stale = await adminPage(page.context(), '/admin/allocation');
    const staleCard = stale.locator('[data-testid="allocation-crop"][data-crop="Chickpea"]');
    await staleCard.getByRole('button', { name: 'Run draw' }).waitFor();

    const card = page.locator('[data-testid="allocation-crop"][data-crop="Chickpea"]');
    await expect(card.getByTestId('allocation-count-applied').textContent()).resolves.toBe('Applied: 5');
    await expect(card.getByTestId('allocation-stock').textContent()).resolves.toBe('6 kg');
    await card.getByTestId('allocation-bar').waitFor();
    await shot(page, 'allocation-before-draw-1280-en');
    await card.getByRole('button', { name: 'Run draw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draw for Chickpea' + ` ${applicants[0].year}` });
    await dialog.getByLabel('Published random number').fill('48213');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('draw-confirm-text').textContent()).resolves.toContain('can be run only once');
    await shot(page, 'draw-confirm-1280-en', false);
    await dialog.getByRole('button', { name: 'Run the draw' }).click();
    await dialog.getByTestId('draw-result').waitFor();
    await expect(dialog.getByTestId('draw-seed').textContent()).resolves.toBe('48213');
    await expect.poll(() => dialog.getByTestId('draw-entry').count()).toBe(5);
    await expect(dialog.locator('[data-testid="draw-entry"][data-outcome="confirmed"]').count()).resolves.toBe(2);
    // The women's share (3 kg of 6) is met by the first woman in draw order.
    await expect(dialog.getByText(/^Women 50 %: quota 3 kg, given 3 kg \(met\)$/).count()).resolves.toBe(1);
    await expect(dialog.getByTestId('draw-order-note').textContent()).resolves.toMatch(
      /^Reserved shares are filled first, in draw order; then the rest in draw order while stock lasts\./,
    );
    await shot(page, 'draw-result-1280-en', false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Draw result' }).count()).toBe(1);

    // The tab opened before: its Run draw is refused and shows the first result.
    await staleCard.getByRole('button', { name: 'Run draw' }).click();
    const again = stale.getByRole('dialog');
    await again.getByLabel('Published random number').fill('99999');
    await again.getByRole('button', { name: 'Continue' }).click();
    await again.getByRole('button', { name: 'Run the draw' }).click();
    await again.getByTestId('draw-already-run').waitFor();
    await expect(again.getByTestId('draw-seed').textContent()).resolves.toBe('48213');

    // The result on a phone, in Hindi.
    const hiAllocation = await adminScreen('phone', '/admin/allocation');
    const hiCard = hiAllocation.locator('[data-testid="allocation-crop"][data-crop="Chickpea"]');
    await hiCard.getByRole('button', { name: 'ड्रॉ का परिणाम' }).click();
    await hiAllocation.getByTestId('draw-result').waitFor();
    await expect(hiAllocation.getByText(/^Women 50 %: कोटा 3 किग्रा, दिया गया 3 किग्रा \(पूरा\)$/).count()).resolves.toBe(1);
    await expect(hiAllocation.getByTestId('draw-order-note').textContent()).resolves.toMatch(/^आरक्षित हिस्से पहले भरे जाते हैं/);
    await shot(hiAllocation, 'draw-result-360-hi', false);
    await hiAllocation.getByRole('button', { name: 'बंद करें' }).click();
    await expectNoOverflow(hiAllocation);
    await shot(hiAllocation, 'allocation-after-draw-360-hi');
    await stale.close();
    await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'first-come', ReservedShares: '' });
  }, 120_000);

  it('with the day of the draw set, a farmer applying on the form reads it in the green note and on the letter (360 px Hindi), and the English letter says it too (1280 px)', async () => {
    await saveSettings({ Is_SVS_Form_On: true, AllocationMode: 'draw', DrawDate: DRAW_DAY });
    const phone = await context(PHONE, 'hi');
    const page = await newPage(phone);
    await page.goto(url('/registration'));
    await page.locator('#reg-Name').waitFor();
    await fillRegistrationForm(page, {
      name: 'कमला देवी',
      fatherName: 'हरि प्रसाद',
      aadhaar: newAadhaar(7),
      mobile: newMobile(),
      village: 'मोहनलालगंज',
      block: 'मोहनलालगंज',
      subDistrict: 'मोहनलालगंज',
      district: 'Lucknow',
      crop: 'Wheat',
      bags: '1',
      file: join(FIXTURES, 'aadhaar-sample.png'),
    });
    await page.getByTestId('registration-submit').click();
    await page.waitForURL((u) => u.pathname.startsWith('/svs/appointment/'));
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(page.getByTestId('letter-registered-status').textContent()).resolves.toBe('आवेदन हो गया: ड्रॉ की प्रतीक्षा');
    await expect(page.getByTestId('letter-registered-draw-on').textContent()).resolves.toBe(
      'ड्रॉ सोमवार, 15 मार्च 2027 को निकाला जाएगा।',
    );
    await expect(page.getByTestId('letter-status').getAttribute('data-status')).resolves.toBe('applied');
    await expect(page.getByTestId('letter-status-line').textContent()).resolves.toContain(
      'ड्रॉ सोमवार, 15 मार्च 2027 को निकाला जाएगा',
    );
    await expect(page.getByTestId('appointment-date').count()).resolves.toBe(0);
    const box = await page.getByTestId('letter-status').boundingBox();
    expect(box!.y + box!.height, 'the status is on the first screen').toBeLessThanOrEqual(640);
    await expectNoOverflow(page);
    await shot(page, 'letter-applied-draw-day-success-360-hi');

    const desktop = await context(DESKTOP, 'en');
    const enLetter = await newPage(desktop);
    // The server's page; its wording with the day set, and again once the day is taken back, is checked in
    // test/integration/letter-page-words.test.ts.
    await openLetter(enLetter, code);
    await expect(enLetter.getByTestId('letter-status').getAttribute('data-status')).resolves.toBe('applied');
    await shot(enLetter, 'letter-applied-draw-day-1280-en');
    await enLetter.emulateMedia({ media: 'print' });
    await shot(enLetter, 'letter-applied-draw-day-print-1280-en');
    await desktop.close();
    await phone.close();
    await saveSettings({ AllocationMode: 'first-come', DrawDate: '' });
  }, 120_000);
});
