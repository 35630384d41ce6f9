import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectInView, goInApp, PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * Home page and content, walked as people would: an admin writes the 'about' block, highlight blocks and a
 * 'danger' announcement through the admin screens; a visitor reads them on / on a 360 px phone and on a
 * laptop, in Hindi and in English. Markup typed by staff stays text. Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'e2e-home-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-home-admin-pass-1';

const XSS_SCRIPT = '<script>window.__xss=1</script>';
const XSS_IMG = '<img src=x onerror="window.__xss=1">';

const ABOUT_BODY =
  'The institute breeds, multiplies and sells quality seed of improved varieties.\nसंस्थान उन्नत किस्मों का गुणवत्तापूर्ण बीज तैयार कर किसानों को देता है।';
const LONG_BODY =
  'Certified wheat seed of the latest high-yielding, rust-resistant varieties is sold at the institute counter ' +
  'in 40 kg bags. Register online first, then come on the date and shift printed on your appointment letter ' +
  'with your Aadhaar card. Payment can be made in cash or online at the counter; the bill carries a QR code.';
const HIGHLIGHT_MAX = 240;

const e2e = useE2EStack({ name: 'home', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;

/** A small green picture served for the blocks' image addresses (no network, no files). */
function greenPng(): Buffer {
  const png = new PNG({ width: 320, height: 180 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      png.data[i] = 46 + Math.round((x / png.width) * 60);
      png.data[i + 1] = 107 + Math.round((y / png.height) * 80);
      png.data[i + 2] = 48;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
const IMAGE = greenPng();

async function newContext(viewport: { width: number; height: number }, phone = false): Promise<BrowserContext> {
  const ctx = await e2e.browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await ctx.route('**/e2e-img/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: IMAGE }));
  return ctx;
}

/** Highlight cards in page order: title and (cut) body. */
async function highlightCards(p: Page) {
  return p.getByTestId('highlight').evaluateAll((cards) =>
    cards.map((c) => ({
      title: c.querySelector('h3')?.textContent ?? '',
      body: c.querySelector('[data-testid="highlight-body"]')?.textContent ?? '',
      img: c.querySelector('img')
        ? {
            alt: c.querySelector('img')!.getAttribute('alt'),
            width: c.querySelector('img')!.getAttribute('width'),
            height: c.querySelector('img')!.getAttribute('height'),
          }
        : null,
    })),
  );
}

describe('home page before any content', () => {
  it('shows banner and hero with no content, no empty highlights block, and survives a failing summary', async () => {
    const ctx = await newContext(DESKTOP);
    const p = await newPage(ctx);
    await p.addInitScript(() => localStorage.setItem('lang', 'en'));
    await p.goto(url('/'));
    // The summary is in once Register shows (it is held unseen until then).
    await expect.poll(() => p.getByTestId('home-register').isVisible()).toBe(true);
    await expect(p.getByTestId('highlights').count()).resolves.toBe(0);
    await expect(p.getByTestId('top-banner').isVisible()).resolves.toBe(true);
    await expect(p.getByTestId('hero').locator('h1').textContent()).resolves.toBe('National Seed Research Institute');
    await expect(p.getByTestId('footer').textContent()).resolves.toContain(String(new Date().getFullYear()));
    await expect(p.getByTestId('announcement').count()).resolves.toBe(0);

    // The summary failing is ignored: no error shown, the rest of the page is there.
    const failing = await newPage(ctx);
    await failing.addInitScript(() => localStorage.setItem('lang', 'en'));
    await failing.route('**/api/home/summary', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await failing.goto(url('/'));
    await expect.poll(() => failing.getByTestId('home-register').isVisible()).toBe(true);
    await expect(failing.getByTestId('highlights').count()).resolves.toBe(0);
    await expect(failing.getByRole('alert').count()).resolves.toBe(0);
    await expect(failing.getByTestId('hero').isVisible()).resolves.toBe(true);
    await ctx.close();
  });

  it('links "Find my letter" from the hero: a 360 px phone lands on that box, its Aadhaar field ready', async () => {
    const ctx = await newContext(PHONE, true);
    const p = await newPage(ctx);
    await p.goto(url('/'));
    const link = p.getByTestId('home-find-letter');
    await expect(link.textContent()).resolves.toBe('पंजीकरण हो चुका है? अपना पत्र पाएँ');
    await link.click();
    await p.waitForURL((u) => u.pathname === '/registration' && u.hash === '#find');
    await expect.poll(() => p.evaluate(() => document.getElementById('find')?.contains(document.activeElement))).toBe(true);
    await expectInView(p, '#find', PHONE.height, 'the box is in view');
    await screenshot(p, 'home-find-letter-phone', { fullPage: false });
    await ctx.close();
  });
});

describe('admin writes content, visitors read it', () => {
  let admin: Page;
  let adminCtx: BrowserContext;

  beforeAll(async () => {
    adminCtx = await newContext(DESKTOP);
    admin = await e2e.adminPage(adminCtx, '/admin/cms/blocks');
  });
  afterAll(() => adminCtx?.close());

  /**
   * The admin tab moves between the content screens inside the app, as its menu does (the app is loaded once, in
   * beforeAll): the screen is there once the router marks its menu entry current; its rows are fetched anew.
   */
  async function adminTo(path: string) {
    await goInApp(admin, path);
    await admin.locator(`nav a[href="${path}"][aria-current="page"]`).first().waitFor({ state: 'attached' });
  }

  async function fillBlock(fields: { slug: string; title: string; body?: string; imageUrl?: string; sortOrder?: number }) {
    const form = admin.locator('form');
    await form.locator('input[name="slug"]').fill(fields.slug);
    await form.locator('input[name="title"]').fill(fields.title);
    await form.locator('textarea[name="body"]').fill(fields.body ?? '');
    await form.locator('input[name="imageUrl"]').fill(fields.imageUrl ?? '');
    await form.locator('input[name="sortOrder"]').fill(String(fields.sortOrder ?? 0));
  }

  async function saveBlock(fields: Parameters<typeof fillBlock>[0]) {
    await fillBlock(fields);
    await admin.locator('form').getByRole('button', { name: 'Save' }).click();
    await admin.locator(`tr[data-block-slug="${fields.slug}"]`).waitFor();
  }

  it('creates the about block and highlight blocks on the Content blocks screen', async () => {
    // The tab opened on this screen (beforeAll).
    await admin.getByRole('heading', { name: 'Content blocks' }).waitFor();
    await admin.getByRole('cell', { name: 'No blocks' }).waitFor();

    // Required fields.
    await admin.locator('form').getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('alert').textContent()).resolves.toBe('Slug and Title are required');

    await saveBlock({
      slug: 'about',
      title: 'About the institute',
      body: ABOUT_BODY,
      imageUrl: '/e2e-img/about.png',
      sortOrder: 0,
    });
    await saveBlock({
      slug: 'wheat-seed',
      title: 'Wheat seed for the rabi season',
      body: LONG_BODY,
      imageUrl: '/e2e-img/wheat.png',
      sortOrder: 10,
    });
    await saveBlock({
      slug: 'mustard',
      title: 'Mustard and chickpea',
      body: 'Seed of mustard and chickpea in 1 to 6 kg packs.',
      sortOrder: 20,
    });
    await saveBlock({
      slug: 'xss-check',
      title: `${XSS_SCRIPT}${XSS_IMG}`,
      body: `Staff typed:\n${XSS_SCRIPT}\n${XSS_IMG}`,
      sortOrder: 30,
    });

    // A second block with a slug in use: the server's clear message.
    await fillBlock({ slug: 'about', title: 'Another about' });
    await admin.locator('form').getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('alert').filter({ hasText: 'already exists' }).waitFor();
    await expect(admin.getByRole('alert').textContent()).resolves.toContain("A block with the slug 'about' already exists");

    // A javascript: address is refused before it is sent.
    await fillBlock({ slug: 'bad-image', title: 'Bad image', imageUrl: 'javascript:window.__xss=1' });
    await admin.locator('form').getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Image URL must start with' }).waitFor();
    await expect(admin.locator('tr[data-block-slug="bad-image"]').count()).resolves.toBe(0);

    await expect(admin.locator('tbody tr').count()).resolves.toBe(4);
    await expect(admin.evaluate(() => (window as { __xss?: unknown }).__xss)).resolves.toBeUndefined();
  });

  it('Edit loads a row into the form, the button reads Update, Cancel leaves it unchanged', async () => {
    const row = admin.locator('tr[data-block-slug="mustard"]');
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = admin.locator('form');
    await expect(form.locator('input[name="title"]').inputValue()).resolves.toBe('Mustard and chickpea');
    await expect(form.locator('input[name="sortOrder"]').inputValue()).resolves.toBe('20');
    await expect(form.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Update' }).waitFor();

    await form.locator('input[name="title"]').fill('Changed, then cancelled');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('button', { name: 'Save' }).waitFor();
    await expect(form.locator('input[name="title"]').inputValue()).resolves.toBe('');
    await expect(row.textContent()).resolves.toContain('Mustard and chickpea');

    await row.getByRole('button', { name: 'Edit' }).click();
    await form.locator('input[name="title"]').fill('Mustard and chickpea seed');
    await screenshot(admin, 'cms-blocks-editing-desktop');
    await form.getByRole('button', { name: 'Update' }).click();
    await form.getByRole('button', { name: 'Save' }).waitFor();
    await row.filter({ hasText: 'Mustard and chickpea seed' }).waitFor();
    await expect(admin.locator('tbody tr').count()).resolves.toBe(4);
    await screenshot(admin, 'cms-blocks-desktop');
  });

  it("creates a 'danger' announcement on the Announcements screen, the empty end time sent as null", async () => {
    await adminTo('/admin/cms/announcements');
    await admin.getByRole('heading', { name: 'Announcements' }).waitFor();
    // Announcements already show on the home page: the screen says so, not that they are a future feature.
    await admin.getByText('Active announcements show on the home page between their start and end time').waitFor();
    await expect(admin.getByText('Future feature').count()).resolves.toBe(0);
    await admin.getByRole('cell', { name: 'No announcements' }).waitFor();

    const form = admin.locator('form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('alert').textContent()).resolves.toBe('Title & Message required');

    await form.locator('input[name="title"]').fill('Counter closed on Friday');
    await form
      .locator('textarea[name="message"]')
      .fill('Seed sale is closed on Friday for stock taking. बीज बिक्री शुक्रवार को बंद रहेगी।');
    await form.locator('select[name="severity"]').selectOption('danger');
    await expect(form.locator('input[name="endAt"]').inputValue()).resolves.toBe('');
    const sent = admin.waitForRequest((r) => r.url().endsWith('/api/cms/announcements') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Save' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(body).toMatchObject({ announcementID: 0, severity: 'danger', endAt: null, isActive: true });
    const row = admin.locator('tbody tr').filter({ hasText: 'Counter closed on Friday' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Danger');

    // An inactive one and one that already ended never reach the home page.
    await form.locator('input[name="title"]').fill('Draft notice');
    await form.locator('textarea[name="message"]').fill('Not yet');
    await form.getByRole('checkbox', { name: 'Active' }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.locator('tbody tr').filter({ hasText: 'Draft notice' }).waitFor();

    await form.locator('input[name="title"]').fill('Old notice');
    await form.locator('textarea[name="message"]').fill('Over');
    await form.locator('input[name="startAt"]').fill('2020-01-01T09:00');
    await form.locator('input[name="endAt"]').fill('2020-01-02T09:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.locator('tbody tr').filter({ hasText: 'Old notice' }).waitFor();
    await expect(admin.locator('tbody tr').count()).resolves.toBe(3);
    await expect(admin.locator('tbody tr').filter({ hasText: 'Old notice' }).textContent()).resolves.toContain('Ended');
    await expect(row.textContent()).resolves.toContain('On the home page now');
    await screenshot(admin, 'cms-announcements-desktop');

    await admin.setViewportSize(PHONE);
    await screenshot(admin, 'cms-announcements-phone');
    await adminTo('/admin/cms/blocks');
    await admin.locator('tr[data-block-slug="about"]').waitFor();
    await screenshot(admin, 'cms-blocks-phone');
    await admin.setViewportSize(DESKTOP);
  });

  async function checkHome(p: Page, lang: 'hi' | 'en') {
    await p.getByTestId('about').waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe(lang);
    const hero = (await p.getByTestId('hero').locator('h1').textContent()) ?? '';
    expect(hero).toBe(lang === 'hi' ? 'राष्ट्रीय बीज अनुसंधान संस्थान' : 'National Seed Research Institute');
    await expect(p.locator('#highlights-title').textContent()).resolves.toBe(lang === 'hi' ? 'मुख्य जानकारी' : 'Highlights');

    // Only the active, current 'danger' announcement, as an error (red) alert.
    const anns = p.getByTestId('announcement');
    await expect(anns.count()).resolves.toBe(1);
    await expect(anns.first().getAttribute('class')).resolves.toMatch(/MuiAlert-colorError/);
    await expect(anns.first().evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe('rgb(211, 47, 47)');
    await expect(anns.first().textContent()).resolves.toContain('Counter closed on Friday');

    // The about block as its own section, line breaks kept.
    await expect(p.locator('#about-title').textContent()).resolves.toBe('About the institute');
    await expect(p.getByTestId('about-body').textContent()).resolves.toBe(ABOUT_BODY);
    await expect(p.getByTestId('about-body').evaluate((e) => getComputedStyle(e).whiteSpace)).resolves.toBe('pre-line');

    // Highlight cards: the other blocks in sortOrder; the long body cut at 240 characters with '…'.
    const cards = await highlightCards(p);
    expect(cards.map((c) => c.title)).toEqual([
      'Wheat seed for the rabi season',
      'Mustard and chickpea seed',
      `${XSS_SCRIPT}${XSS_IMG}`,
    ]);
    expect(LONG_BODY.length).toBeGreaterThan(HIGHLIGHT_MAX);
    expect(cards[0].body.endsWith('…')).toBe(true);
    expect(cards[0].body).toBe(`${LONG_BODY.slice(0, HIGHLIGHT_MAX).trimEnd()}…`);
    expect(cards[1].body).toBe('Seed of mustard and chickpea in 1 to 6 kg packs.');
    expect(cards[0].img).toEqual({ alt: 'Wheat seed for the rabi season', width: '640', height: '360' });
    expect(cards[1].img).toBeNull();
    // The picture loaded (so the box is not an empty frame).
    await expect(
      p
        .getByTestId('highlight')
        .first()
        .locator('img')
        .evaluate(async (img: HTMLImageElement) => {
          if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
          return img.naturalWidth;
        }),
    ).resolves.toBe(320);

    // Markup typed by staff is shown as text and never runs.
    expect(cards[2].body).toBe(`Staff typed:\n${XSS_SCRIPT}\n${XSS_IMG}`);
    await expect(p.evaluate(() => (window as { __xss?: unknown }).__xss)).resolves.toBeUndefined();
    await expect(p.locator('main img[src="x"]').count()).resolves.toBe(0);
    await expect(p.locator('main script').count()).resolves.toBe(0);

    await expect(p.getByTestId('footer').textContent()).resolves.toContain(String(new Date().getFullYear()));
  }

  it('a visitor on a 360 px phone sees it all in Hindi, then in English', async () => {
    const ctx = await newContext(PHONE, true);
    const p = await newPage(ctx);
    await p.goto(url('/'));
    await checkHome(p, 'hi');
    // Nothing sticks out sideways on a narrow phone.
    await expect(p.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await screenshot(p, 'home-phone-hi');

    await p.getByTestId('language-switch').click();
    await p.locator('#highlights-title', { hasText: 'Highlights' }).waitFor();
    await checkHome(p, 'en');
    await screenshot(p, 'home-phone-en');
    await ctx.close();
  });

  it('a visitor on a laptop sees it in English and in Hindi; /about shows the about block alone', async () => {
    const ctx = await newContext(DESKTOP);
    const p = await newPage(ctx);
    await p.addInitScript(() => {
      if (!sessionStorage.getItem('lang-set')) {
        localStorage.setItem('lang', 'en');
        sessionStorage.setItem('lang-set', '1');
      }
    });
    await p.goto(url('/'));
    await checkHome(p, 'en');
    await screenshot(p, 'home-desktop-en');

    await p.getByTestId('language-switch').click();
    await p.locator('#highlights-title', { hasText: 'मुख्य जानकारी' }).waitFor();
    await checkHome(p, 'hi');
    await screenshot(p, 'home-desktop-hi');

    // About is the about block, not a copy of home (docs/product-rules.md#home-and-about-show-only-what-they-have).
    await goInApp(p, '/about');
    const about = p.getByTestId('about-page');
    await about.locator('h1', { hasText: 'About the institute' }).waitFor();
    await expect(about.getByTestId('about-body').textContent()).resolves.toBe(ABOUT_BODY);
    for (const id of ['hero', 'top-banner', 'highlights', 'highlight', 'footer'])
      await expect(p.getByTestId(id).count(), id).resolves.toBe(0);
    await screenshot(p, 'about-desktop-hi', { fullPage: false });
    await ctx.close();
  });

  it('switching an announcement or block off takes it off the home page', async () => {
    await adminTo('/admin/cms/announcements');
    const row = admin.locator('tbody tr').filter({ hasText: 'Counter closed on Friday' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = admin.locator('form');
    await expect(form.locator('select[name="severity"]').inputValue()).resolves.toBe('danger');
    await form.getByRole('checkbox', { name: 'Active' }).uncheck();
    await form.getByRole('button', { name: 'Update' }).click();
    await form.getByRole('button', { name: 'Save' }).waitFor();
    await row.locator('td', { hasText: /^No$/ }).waitFor();

    await adminTo('/admin/cms/blocks');
    const xss = admin.locator('tr[data-block-slug="xss-check"]');
    await xss.getByRole('button', { name: 'Edit' }).click();
    await admin.locator('form').getByRole('checkbox', { name: 'Active' }).uncheck();
    await admin.locator('form').getByRole('button', { name: 'Update' }).click();
    await admin.locator('form').getByRole('button', { name: 'Save' }).waitFor();

    const ctx = await newContext(PHONE, true);
    const p = await newPage(ctx);
    await p.goto(url('/'));
    await p.getByTestId('about').waitFor();
    await expect(p.getByTestId('announcement').count()).resolves.toBe(0);
    expect((await highlightCards(p)).map((c) => c.title)).toEqual([
      'Wheat seed for the rabi season',
      'Mustard and chickpea seed',
    ]);
    await ctx.close();
  });

  it('colours announcements by severity: warn yellow, success green, anything else info', async () => {
    await adminTo('/admin/cms/announcements');
    const form = admin.locator('form');
    for (const severity of ['warn', 'success', 'info'] as const) {
      await form.locator('input[name="title"]').fill(`Notice ${severity}`);
      await form.locator('textarea[name="message"]').fill(`Message ${severity}`);
      await form.locator('select[name="severity"]').selectOption(severity);
      await form.getByRole('button', { name: 'Save' }).click();
      await admin
        .locator('tbody tr')
        .filter({ hasText: `Notice ${severity}` })
        .waitFor();
    }
    const ctx = await newContext(DESKTOP);
    const p = await newPage(ctx);
    await p.goto(url('/'));
    await p.getByTestId('about').waitFor();
    const alert = (severity: string) => p.locator(`[data-testid="announcement"][data-severity="${severity}"]`);
    await expect(alert('warn').evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe('rgb(255, 243, 176)');
    await expect(alert('success').getAttribute('class')).resolves.toMatch(/MuiAlert-colorSuccess/);
    await expect(alert('info').getAttribute('class')).resolves.toMatch(/MuiAlert-colorInfo/);
    await screenshot(p, 'home-announcement-severities', { fullPage: false });
    await ctx.close();
  });

  it('raised no errors in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
