import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createProducerCropLot, postCreated, type AdminPost } from '../fixtures/catalogue';
import { FIXTURES, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '../fixtures/sample-catalogue';
import { DESKTOP, goInApp, networkQuiet, PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * Accessibility of every screen, public and admin, with data present: axe-core (WCAG 2.0/2.1 A and AA) finds
 * no serious or critical violation on any page, in Hindi and English where farmers read; and a farmer can
 * complete the registration form with the keyboard alone, seeing where the focus is. Screenshots under
 * test-results/screenshots/a11y-*.png. Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-a11y-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-a11y-pass-1';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let staff: BrowserContext;
let staffTab: Page;
const data = { lotCode: '', letterCode: '', invoiceNumber: '', billToken: '' };

const e2e = useE2EStack({ name: 'a11y', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, streams: true });
const { url } = e2e;

/** Waits until the page has fetched its data and finished its transitions (no fixed sleeps). */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForFunction(
    () =>
      !document.body.innerText.includes('Loading…') &&
      !document.body.innerText.includes('लोड हो रहा') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Failures: serious and critical violations of WCAG 2.0/2.1 A and AA rules. Moderate and minor ones are listed
 * in test-results/a11y-minor.json for review. Axe's best-practice rules (heading order, landmarks) are not run:
 * they never failed the test, and on 36 screens they cost more time than they gave (docs/performance.md).
 */
const minor: Finding[] = [];

/** What AxeBuilder evaluates in the page instead of axe's source, which `audit` has put there already. */
const AXE_ALREADY_IN_PAGE = 'void 0;';

async function audit(page: Page, name: string): Promise<Finding[]> {
  await settle(page);
  await screenshot(page, `a11y-${name}`);
  // Axe's run in the page itself (legacy mode) rather than in each frame with the results joined in a second,
  // blank page the library opens, fills with axe and closes on every audit: the same rules, and the pages have no
  // frames of another origin (the only kind legacy mode leaves out). Only violations are read, so only theirs are
  // gathered in full (resultTypes; the passes and incomplete ones are still evaluated, one node each reported).
  // Axe is put into the page once and stays there while the walk moves within the app: AxeBuilder would send its
  // half-megabyte source twice on every audit (to the page and again to each frame), and the page would compile it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await new AxeBuilder({ page, axeSource: AXE_ALREADY_IN_PAGE })
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const failing: Finding[] = [];
  for (const v of result.violations) {
    const finding = {
      page: name,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')} — ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? ''}`),
    };
    const wcag = v.tags.some((t) => WCAG.includes(t));
    if (wcag && (v.impact === 'serious' || v.impact === 'critical')) failing.push(finding);
    else minor.push(finding);
  }
  return failing;
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.page}: [${f.impact}] ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`).join('\n');

async function expectAccessible(page: Page, name: string) {
  const findings = await audit(page, name);
  expect(findings, `serious/critical accessibility violations:\n${report(findings)}`).toEqual([]);
}

/**
 * Every page here runs under the Content-Security-Policy the site sends (the local gateway sends CloudFront's
 * policy): Chromium reports each blocked script, style, font, image or request on the console.
 */
const cspViolations: string[] = [];
async function watchCsp(ctx: BrowserContext): Promise<void> {
  // Chromium's own console text for a violation varies by version; the page's event does not.
  await ctx.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  ctx.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${m.page()?.url() ?? ''}: ${m.text()}`);
  });
}

async function visitorPage(o: { lang?: 'hi' | 'en'; phone?: boolean } = {}): Promise<Page> {
  const ctx = await e2e.browser.newContext({
    viewport: o.phone ? PHONE : DESKTOP,
    timezoneId: 'Asia/Kolkata',
    ...(o.phone ? { isMobile: true, hasTouch: true } : {}),
  });
  ctx.setDefaultTimeout(15_000);
  await watchCsp(ctx);
  if (o.lang) await ctx.addInitScript((lng) => window.localStorage.setItem('lang', lng), o.lang);
  return ctx.newPage();
}

beforeAll(async () => {
  // Data on every screen: catalogue, a registration, a bill, a content block, an announcement, a seller.
  const asAdmin: AdminPost = (path, body) => e2e.asAdmin('POST', path, body);
  const { cropID, lot } = await createProducerCropLot(asAdmin, {
    producer: SAMPLE_PRODUCER,
    crop: SAMPLE_WHEAT,
    lot: { quantityAvailable: 500, pricePerUnit: 32.5, isSubsidized: true },
  });
  data.lotCode = lot.lotCode;
  const regs = [];
  for (let i = 0; i < 2; i++) {
    const r = await registerFarmer({ url: e2e.baseUrl }, validFields({ cropName: 'Wheat', cropId: cropID, bagsRequested: 2 }));
    expect(r.status, r.text).toBe(201);
    regs.push(r.json.data);
  }
  // The farmer records the registrations link to follow from the table's stream.
  await e2e.stack.drainStreams();
  data.letterCode = regs[0].uniqeCode;
  const sale = await postCreated(asAdmin, '/api/sales/make', {
    lotID: lot.lotID,
    registrationID: regs[0].id,
    year: regs[0].year,
    bags: 2,
    paymentMode: 'Cash',
  });
  data.invoiceNumber = sale.invoiceNumber;
  data.billToken = (await e2e.asAdmin('GET', `/api/invoices/by-number/${data.invoiceNumber}`)).json.verifyToken;
  for (const block of [
    {
      slug: 'about',
      title: 'About the institute',
      body: 'Foundation and certified seed of wheat, chickpea and mustard for farmers of Uttar Pradesh.',
      sortOrder: 1,
    },
    {
      slug: 'seed-sale',
      title: 'Seed sale 2025',
      body: 'Registration opens in October. Bring the original Aadhaar card.',
      sortOrder: 2,
    },
  ]) {
    await postCreated(asAdmin, '/api/cms/blocks', { ...block, isActive: true });
  }
  await postCreated(asAdmin, '/api/cms/announcements', {
    title: 'Counter timings',
    message: 'The seed counter is open from 9:30 to 5:00 on working days.',
    severity: 'warn',
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
    isActive: true,
  });
  await postCreated(asAdmin, '/api/admin/users', {
    fullName: 'Counter Seller',
    email: 'a11y-seller@seed.local',
    password: 'a11y-seller-1',
    isActive: true,
    roleIds: [3],
  });

  staff = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  staff.setDefaultTimeout(15_000);
  await watchCsp(staff);
  // Signed in; the staff screens are audited in this one tab ('staff pages').
  staffTab = await e2e.signedInPage(staff);
}, 180_000);

afterAll(async () => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', 'a11y-minor.json'), JSON.stringify(minor, null, 2));
});

/** Whether the focused element shows a focus ring (an outline or a box shadow, on it or its input root). */
async function focusVisible(page: Page): Promise<{ tag: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', visible: false };
    const shows = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    // MUI draws a text field's focus on its outlined root (the fieldset border turns thick and coloured).
    const root = el.closest('.MuiInputBase-root');
    const fieldset = root?.querySelector('fieldset') ?? null;
    const thick = fieldset ? parseFloat(getComputedStyle(fieldset).borderTopWidth) >= 2 : false;
    return {
      tag: `${el.tagName.toLowerCase()}#${el.id}`,
      visible: shows(el) || shows(root) || thick || el.classList.contains('Mui-focusVisible'),
    };
  });
}

/** Moves the app to `path` inside the tab (no page load), then waits for the new screen's `ready` element. */
async function openScreen(page: Page, path: string, ready: (p: Page) => ReturnType<Page['locator']>): Promise<void> {
  await goInApp(page, path);
  await ready(page).first().waitFor();
}

const ready = {
  home: (p: Page) => p.getByTestId('hero'),
  about: (p: Page) => p.getByTestId('about-page'),
  registration: (p: Page) => p.getByTestId('registration-submit'),
  lot: (p: Page) => p.getByTestId('public-lot'),
  appointment: (p: Page) => p.getByTestId('appointment-letter'),
  bill: (p: Page) => p.getByTestId('bill-summary'),
  /** The bill's copy (a visitor with the QR's token, or staff), not its summary. */
  billCopy: (p: Page) => p.getByTestId('copy-label'),
  login: (p: Page) => p.locator('input[name="password"]'),
};

/**
 * Farmers' screens are audited in Hindi on a 360 px phone, as most farmers read them, in one tab of the app: the
 * registration page is loaded once (its keyboard start is checked there first, see 'keyboard only'), every other
 * screen is reached inside the app. The layouts that change with the width and language (home, the form) are audited
 * again in English at 1280 px in the desktop tab, after the keyboard walk.
 */
let farmerTab: Page | undefined;
const farmerPage = async () => {
  if (!farmerTab) {
    farmerTab = await visitorPage({ lang: 'hi', phone: true });
    await farmerTab.goto(url('/registration'));
    // The registration form's page first shows its own form, which the app then takes over (decision 0042).
    await ready.registration(farmerTab).waitFor();
  }
  return farmerTab;
};
let desktopTab: Page | undefined;
afterAll(async () => {
  await farmerTab?.context().close();
  await desktopTab?.context().close();
});

describe('keyboard only', () => {
  it('offers "skip to content" as the first Tab stop, and shows a clear ring on the focused top-bar control', async () => {
    const page = await farmerPage();
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, className: el.className, top: el.getBoundingClientRect().top };
    });
    expect(skip).toMatchObject({ text: 'मुख्य सामग्री पर जाएँ', className: expect.stringContaining('skip-link') });
    expect(skip.top, 'the skip link shows when focused').toBeGreaterThanOrEqual(0);
    await screenshot(page, 'a11y-skip-link-phone', { fullPage: false });

    // The next stop is the top bar's first link, with a solid ring around it.
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as HTMLElement);
      return { tag: document.activeElement?.tagName, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    expect(ring).toEqual({ tag: 'A', outline: 'solid 3px' });

    // Enter on the skip link puts the focus on the page's content: the next Tab is the form's first field.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).resolves.toBe(true);
  });

  it('a farmer completes the registration form with the keyboard and reaches the success card', async () => {
    // The desktop tab opens here, in Hindi; the English audits at 1280 px follow in it ('public pages').
    const page = (desktopTab = await visitorPage({ lang: 'hi' }));
    // Counts what the file button does with the hidden file input (a click opens the chooser).
    await page.addInitScript(() => {
      const w = window as unknown as { fileInputClicks: number };
      w.fileInputClicks = 0;
      const click = HTMLInputElement.prototype.click;
      HTMLInputElement.prototype.click = function (this: HTMLInputElement) {
        if (this.type === 'file') w.fileInputClicks++;
        return click.call(this);
      };
    });
    await page.goto(url('/registration'));
    await page.getByTestId('registration-submit').waitFor();
    await settle(page);
    const kb = page.keyboard;
    /** The focused element's id, or its test id, or 'file-button' for the control that opens the file chooser. */
    const focusedId = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        // The body (focus lost) also contains the file input: only the button itself counts.
        if (!el || el === document.body) return '';
        if (el.dataset.testid === 'registration-file-button') return 'file-button';
        return el.id || el.dataset.testid || '';
      });
    /** Tabs forward until the element with this id has the focus (bounded). */
    const tabTo = async (id: string) => {
      for (let i = 0; i < 40 && (await focusedId()) !== id; i++) await kb.press('Tab');
      expect(await focusedId()).toBe(id);
    };
    // The form opens empty: each field is typed into as it is.
    const type = async (id: string, text: string) => {
      await tabTo(id);
      expect(await page.locator(`#${id}`).inputValue(), `${id} starts empty`).toBe('');
      await kb.type(text);
    };
    const checks: { tag: string; visible: boolean }[] = [];

    await type('reg-Name', 'कमला देवी');
    checks.push(await focusVisible(page));
    await type('reg-fatherName', 'रामलाल');
    await type('reg-adharNumber', '567812349018');
    await type('reg-mobile', '9812345670');
    await tabTo('reg-category');
    checks.push(await focusVisible(page));
    await kb.press('ArrowDown'); // first category after the "choose" entry
    await tabTo('reg-gender');
    await kb.press('ArrowDown');
    await kb.press('ArrowDown'); // the second gender
    await type('reg-village', 'बिठूर');
    await type('reg-block', 'कल्याणपुर');
    await type('reg-subDistrict', 'कानपुर सदर');
    await tabTo('reg-district');
    await kb.type('Lucknow'); // the district by its name, then Enter takes the first match
    await page.getByRole('option', { name: 'लखनऊ (Lucknow)' }).waitFor();
    await kb.press('Enter');
    await expect(page.locator('#reg-district').inputValue()).resolves.toBe('लखनऊ (Lucknow)');
    await tabTo('reg-cropId');
    await kb.press('End'); // the only crop
    const bags = page.locator('#reg-bagsRequested');
    await bags.waitFor();
    await tabTo('reg-bagsRequested');
    await kb.press('ArrowDown');

    // The file: the next stop after the form fields is the file button; Enter clicks the hidden file input,
    // which opens the phone's or the desktop's chooser. The file is then given to that input: Chromium reports
    // the chooser only for the page in front, which a busy machine with other pages open does not guarantee.
    await tabTo('file-button');
    checks.push(await focusVisible(page));
    await kb.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fileInputClicks: number }).fileInputClicks), {
        message: 'Enter on the file button clicks the file input',
      })
      .toBe(1);
    await page.getByTestId('registration-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.pdf'));
    await page.getByText('aadhaar-sample.pdf').waitFor();
    // The consent box under the notice, ticked with the space bar.
    await tabTo('reg-consent');
    await kb.press('Space');
    expect(await page.locator('#reg-consent').isChecked()).toBe(true);

    await tabTo('registration-submit');
    checks.push(await focusVisible(page));
    await screenshot(page, 'a11y-keyboard-before-submit');
    await kb.press('Enter');
    // The letter (it opens once registered), or the server's refusal in the alert (reported, so a failure says why).
    const alert = page.getByTestId('registration-alert');
    await page.getByTestId('appointment-letter').or(alert).first().waitFor({ timeout: 30_000 });
    expect((await alert.count()) ? await alert.textContent() : '', 'the form was refused').toBe('');
    await screenshot(page, 'a11y-keyboard-success');

    for (const c of checks) expect(c, `focus ring on ${c.tag}`).toMatchObject({ visible: true });
  }, 60_000);
});

describe('public pages (signed out)', () => {
  it('registration-hi has no serious or critical violations', async () => {
    await expectAccessible(await farmerPage(), 'registration-hi');
  });

  it('the registration form shows its errors accessibly', async () => {
    const page = await farmerPage();
    await page.locator('#reg-Name').fill('');
    await page.locator('#reg-mobile').fill('12');
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-alert').waitFor();
    await expectAccessible(page, 'registration-errors');
  });

  const farmerScreens: [string, () => string, (p: Page) => ReturnType<Page['locator']>][] = [
    ['home', () => '/', ready.home],
    ['about', () => '/about', ready.about],
    ['lot', () => `/lot/${data.lotCode}`, ready.lot],
    ['appointment', () => `/svs/appointment/${data.letterCode}`, ready.appointment],
    ['bill-visitor', () => `/bill/${data.invoiceNumber}`, ready.bill],
    ['bill-visitor-qr', () => `/bill/${data.invoiceNumber}?t=${data.billToken}`, ready.billCopy],
  ];
  for (const [name, path, isReady] of farmerScreens) {
    it(`${name} (Hindi, phone) has no serious or critical violations`, async () => {
      const page = await farmerPage();
      await openScreen(page, path(), isReady);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expectAccessible(page, name);
    });
  }

  // The desktop tab, in English after the keyboard walk: the wide layouts of home and the form, and the sign-in page.
  const desktopScreens: [string, string, (p: Page) => ReturnType<Page['locator']>][] = [
    ['home-en-desktop', '/', ready.home],
    ['registration-en', '/registration', ready.registration],
    ['login', '/login', ready.login],
  ];
  for (const [name, path, isReady] of desktopScreens) {
    it(`${name} has no serious or critical violations`, async () => {
      const page = desktopTab ?? (desktopTab = await visitorPage({ lang: 'en' }));
      if (page.url() === 'about:blank') await page.goto(url(path));
      else {
        if ((await page.evaluate(() => document.documentElement.lang)) !== 'en')
          await page.getByTestId('language-switch').click();
        await openScreen(page, path, isReady);
      }
      await isReady(page).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expectAccessible(page, name);
    });
  }
});

describe('staff pages (signed in as super admin)', () => {
  /**
   * The admin and user screens are audited in one tab of the app, moved from screen to screen by its own menu as
   * staff move (the app is loaded once, not once per screen): each screen is audited once its menu entry is the
   * current one, which the router marks in the same render that puts the screen on the page. The dialogs are opened
   * on their screens as the walk passes them.
   */
  const admin: [string, string][] = [
    ['admin-dashboard', '/admin'],
    ['admin-producers', '/admin/producers'],
    ['admin-crops', '/admin/crops'],
    ['admin-lots', '/admin/lots'],
    ['admin-farmers', '/admin/farmers'],
    ['admin-svs-registrations', '/admin/svs-registrations'],
    ['admin-registrations', '/admin/registrations'],
    ['admin-invoices', '/admin/invoices'],
    ['admin-cms-blocks', '/admin/cms/blocks'],
    ['admin-cms-announcements', '/admin/cms/announcements'],
    ['admin-settings', '/admin/settings'],
    ['admin-users', '/admin/users'],
    ['admin-roles', '/admin/roles'],
    ['admin-configs', '/admin/configs'],
    ['admin-audit', '/admin/audit'],
    ['admin-reports', '/admin/reports'],
    ['admin-day-close', '/admin/day-close'],
  ];
  const closeDialog = async () => {
    await staffTab.keyboard.press('Escape');
    await staffTab.getByRole('dialog').waitFor({ state: 'hidden' });
  };
  /** What each screen's dialog is audited as, opened as staff open it. */
  const dialogs: Record<string, [string, () => Promise<void>]> = {
    '/admin/lots': [
      'admin-lots-qr-dialog',
      async () => {
        await staffTab.locator(`tr[data-lot-code="${data.lotCode}"]`).getByRole('button', { name: 'QR' }).click();
        await staffTab.getByRole('dialog').waitFor();
        await staffTab.getByRole('dialog').locator('img').first().waitFor();
      },
    ],
    '/admin/farmers': [
      'admin-farmer-regs-dialog',
      async () => {
        await staffTab.getByRole('button', { name: 'Regs' }).first().click();
        await staffTab.getByRole('dialog').waitFor();
      },
    ],
    '/admin/registrations': [
      'admin-issue-seeds-dialog',
      async () => {
        const row = staffTab.locator('tr[data-billed="no"]').first();
        await row.waitFor();
        await row.getByRole('button', { name: 'Issue seeds' }).click();
        await staffTab.getByRole('dialog').waitFor();
      },
    ],
  };
  for (const [name, path] of admin) {
    it(`${name} has no serious or critical violations`, async () => {
      if (staffTab.url() === 'about:blank') await staffTab.goto(url(path));
      else await staffTab.locator(`nav a[href="${path}"]:visible`).click();
      await staffTab.locator(`nav a[href="${path}"][aria-current="page"]:visible`).waitFor();
      await expectAccessible(staffTab, name);
      const dialog = dialogs[path];
      if (dialog) {
        await dialog[1]();
        await expectAccessible(staffTab, dialog[0]);
        await closeDialog();
      }
    });
  }

  it('bill-staff has no serious or critical violations', async () => {
    await openScreen(staffTab, `/bill/${data.invoiceNumber}`, (p) => p.getByTestId('bill-staff'));
    await expectAccessible(staffTab, 'bill-staff');
  });

  const user: [string, string][] = [
    ['user-dashboard', '/user'],
    ['user-profile', '/user/profile'],
    ['user-orders', '/user/orders'],
  ];
  for (const [name, path] of user) {
    it(`${name} has no serious or critical violations`, async () => {
      // The user area is another layout: reached once by its address inside the app, then by its tabs.
      if (path === '/user') await openScreen(staffTab, path, (p) => p.getByRole('tab', { selected: true }));
      else
        await staffTab
          .getByRole('tab')
          .and(staffTab.locator(`[href="${path}"]`))
          .click();
      await staffTab
        .getByRole('tab', { selected: true })
        .and(staffTab.locator(`[href="${path}"]`))
        .waitFor();
      await expectAccessible(staffTab, name);
    });
  }
});

describe('Content-Security-Policy', () => {
  it('serves the pages with the policy CloudFront sends, and no page above broke it', async () => {
    const res = await fetch(url('/about'));
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain(`connect-src 'self' ${new URL(inject('s3Endpoint')).origin}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(cspViolations).toEqual([]);
  });
});
