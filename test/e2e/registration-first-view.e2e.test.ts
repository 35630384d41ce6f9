import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hi } from '@web/lib/i18n/hi';
import { expectInView, networkQuiet, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { FIXTURES, newAadhaar, newMobile, useCrops } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';
import { setKnownCode } from '../support/farmer-codes';

/**
 * The first view of /registration is the working form, drawn by the registrations function, which the app takes
 * over (docs/decisions/0042-registration-form-in-its-html.md), at 360 px in Hindi:
 *  - without JavaScript the form registers, with the scan, and lands on the letter; its Find my letter too;
 *  - on a slow connection (the app's code held back until the test lets it through) what was typed and chosen
 *    before the app started is in the app's fields after, the focused field keeps the focus, its caret and its
 *    place on the screen; after Submit the focus is on the letter's result;
 *  - the notice and its consent box come with the form, never after Submit is drawn; the chosen photo shows as
 *    a small picture, and the progress of making it smaller comes into view;
 *  - the district is found by typing its name in Latin or Hindi letters.
 * Needs `npm run build:web` first.
 */
const e2e = useE2EStack({ name: 'reg-first-view', adminEmail: 'e2e-first-form@seed.local', adminPassword: 'e2e-first-form-1' });
const { url, newPage, pageErrors } = e2e;
const shot = shotsOf('registration-first-view');

let wheat = 0;
beforeAll(async () => {
  const crop = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'Wheat seed' });
  expect(crop.status, crop.text).toBe(201);
  wheat = crop.json.cropID;
  useCrops({ Wheat: wheat });
  await stockCrop(adminPostOf(e2e), wheat);
});

/** A 360 px phone in Hindi, with or without JavaScript. */
async function phone(javaScript = true): Promise<BrowserContext> {
  if (javaScript) return e2e.context({ viewport: PHONE, lang: 'hi' });
  const ctx = await e2e.browser.newContext({ viewport: PHONE, locale: 'hi-IN', isMobile: true, javaScriptEnabled: false });
  ctx.setDefaultTimeout(20_000);
  return ctx;
}

/** The app has taken the page over: its Submit button (the page's own has no test id). */
const appReady = (p: Page) => p.getByTestId('registration-submit').waitFor();

/** Fills the page's own form (ids form-…), as a farmer without the app would. */
async function fillPageForm(p: Page, f: { aadhaar: string; mobile: string }) {
  await p.locator('#form-Name').fill('रामेश्वर प्रसाद');
  await p.locator('#form-fatherName').fill('शिव प्रसाद');
  await p.locator('#form-adharNumber').fill(f.aadhaar);
  await p.locator('#form-mobile').fill(f.mobile);
  await p.locator('#form-category').selectOption('OBC');
  await p.locator('#form-gender').selectOption('पुरुष');
  await p.locator('#form-village').fill('सरैया');
  await p.locator('#form-block').fill('चिनहट');
  await p.locator('#form-subDistrict').fill('लखनऊ सदर');
  await p.locator('#form-district').selectOption('Lucknow');
  await p.locator('#form-cropId').selectOption(String(wheat));
  await p.locator('#form-bagsRequested').selectOption('2');
  await p.locator('#form-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
  await p.locator('#form-consent').check();
}

describe('without JavaScript', () => {
  it('the page is the form, in Hindi, with the crops: it registers with the scan and lands on the letter; Find my letter too', async () => {
    const ctx = await phone(false);
    try {
      const p = await newPage(ctx);
      await p.goto(url('/registration'));
      const form = p.locator('form#registration-form');
      expect(await form.getAttribute('method')).toBe('post');
      expect(await form.getAttribute('enctype')).toBe('multipart/form-data');
      expect(await form.getAttribute('action')).toBe('/svsregistration');
      expect(await p.locator('html').getAttribute('lang')).toBe('hi');
      expect(await p.locator('h1').textContent()).toBe(hi.registration.title);
      expect(await p.locator('label[for="form-Name"]').textContent()).toBe(hi.registration.name);
      expect(await p.locator('#form-cropId option').allTextContents()).toEqual([hi.registration.choose, 'गेहूँ']);
      // The notice and its box are in the page, before Submit.
      await expect(p.locator('#notice-title').isVisible()).resolves.toBe(true);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(p, 'no-js-form-360-hi');

      const aadhaar = newAadhaar();
      const mobile = newMobile();
      // First with a short mobile number and no consent: the form again, in Hindi, what was typed kept.
      await fillPageForm(p, { aadhaar, mobile: mobile.slice(0, 7) });
      await p.locator('#form-consent').uncheck();
      await p.locator('#registration-form button[type="submit"]').click();
      await p.locator('#form-alert').waitFor();
      expect(await p.locator('#form-mobile-error').textContent()).toBe('10 अंकों का नंबर दर्ज करें');
      expect(await p.locator('#form-consent-error').textContent()).toBe('कृपया सूचना पढ़कर सहमति के बॉक्स पर निशान लगाएँ');
      expect(await p.locator('#form-Name').inputValue()).toBe('रामेश्वर प्रसाद');
      expect(await p.locator('#form-district').inputValue()).toBe('Lucknow');
      await shot(p, 'no-js-refused-360-hi');
      // Put right, with the scan chosen again (a page cannot keep a chosen file): the letter.
      await p.locator('#form-mobile').fill(mobile);
      await p.locator('#form-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
      await p.locator('#form-consent').check();
      await p.locator('#registration-form button[type="submit"]').click();
      await p.waitForURL(/\/svs\/appointment\/[A-Za-z0-9_-]{16,64}$/);
      await expect.poll(() => p.locator('main').textContent()).toContain('रामेश्वर प्रसाद');
      await shot(p, 'no-js-letter-360-hi');
      const list = await e2e.asAdmin('GET', `/api/registrations?aadhaar=${aadhaar}`);
      expect(list.json.total).toBe(1);
      const letterCode = new URL(p.url()).pathname.split('/').pop();

      // Find my letter, from the same page: the mobile, then the code sent to it.
      await p.goto(url('/registration#find'));
      await p.locator('#find-mobile').fill(mobile);
      await p.locator('#find button[type="submit"]').click();
      await p.locator('input[name="otp"]').waitFor();
      await p.locator('input[name="otp"]').fill(await setKnownCode(mobile));
      await p.locator('form[action="/svsregistration/find-letter"] button[type="submit"]').click();
      await p.waitForURL(`**/svs/appointment/${letterCode}`);
    } finally {
      await ctx.close();
    }
  });
});

/** Holds back the app's shell (the page's script asks for /index.html to find the app) until `release` is called. */
async function holdTheApp(p: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const held: Promise<void>[] = [];
  await p.route('**/index.html', (route: Route) => {
    held.push(released.then(() => route.continue()));
  });
  return release;
}

describe('on a slow connection, the app takes the form over', () => {
  it('keeps what was typed and chosen, the focus, the caret and the place on the screen; after Submit the focus is on the result', async () => {
    const ctx = await phone();
    try {
      const p = await newPage(ctx);
      const release = await holdTheApp(p);
      await p.goto(url('/registration'));
      // The page's own form, as drawn: no serious or critical finding of axe (WCAG 2.0/2.1 A and AA).
      const axe = await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      const aadhaar = newAadhaar();
      const mobile = newMobile();
      // Find my letter first (the farmer changes their mind), then the form.
      await p.locator('#find-mobile').fill('98765');
      await fillPageForm(p, { aadhaar: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`, mobile });
      // The farmer is in the village field, the caret after its second letter (सरै|या).
      await p.locator('#form-village').focus();
      await p.locator('#form-village').evaluate((el: HTMLInputElement) => el.setSelectionRange(3, 3));
      const before = await p.locator('#form-village').evaluate((el) => el.getBoundingClientRect().top);
      expect(await p.getByTestId('registration-submit').count()).toBe(0); // the app is not there yet
      await shot(p, 'before-the-app-360-hi', false);

      release();
      await appReady(p);
      await expect(p.locator('#reg-Name').inputValue()).resolves.toBe('रामेश्वर प्रसाद');
      await expect(p.locator('#reg-fatherName').inputValue()).resolves.toBe('शिव प्रसाद');
      await expect(p.locator('#reg-adharNumber').inputValue()).resolves.toBe(aadhaar);
      await expect(p.locator('#reg-mobile').inputValue()).resolves.toBe(mobile);
      await expect(p.locator('#reg-category').inputValue()).resolves.toBe('OBC');
      await expect(p.locator('#reg-gender').inputValue()).resolves.toBe('पुरुष');
      await expect(p.locator('#reg-village').inputValue()).resolves.toBe('सरैया');
      await expect(p.locator('#reg-subDistrict').inputValue()).resolves.toBe('लखनऊ सदर');
      await expect.poll(() => p.locator('#reg-district').inputValue()).toBe('लखनऊ (Lucknow)');
      await expect(p.locator('#reg-cropId').inputValue()).resolves.toBe(String(wheat));
      await expect(p.locator('#reg-bagsRequested').inputValue()).resolves.toBe('2');
      await expect(p.locator('#reg-consent').isChecked()).resolves.toBe(true);
      await expect(p.locator('#find-mobile').inputValue()).resolves.toBe('98765');
      await p.getByText(/^aadhaar-sample\.png \(\d+ KB\)$/).waitFor();
      await expect(p.getByTestId('registration-file-thumb').isVisible()).resolves.toBe(true);
      const focus = await p.evaluate(() => {
        const el = document.activeElement as HTMLInputElement;
        return { id: el.id, caret: [el.selectionStart, el.selectionEnd], top: el.getBoundingClientRect().top };
      });
      expect(focus.id).toBe('reg-village');
      expect(focus.caret).toEqual([3, 3]);
      expect(Math.abs(focus.top - before), `the field stays where it was (${before} px from the top)`).toBeLessThanOrEqual(2);
      // Typing goes on where the caret was.
      await p.keyboard.type('X');
      await expect(p.locator('#reg-village').inputValue()).resolves.toBe('सरैXया');
      await p.locator('#reg-village').fill('सरैया');
      await shot(p, 'taken-over-360-hi', false);

      await p.getByTestId('registration-submit').click();
      await p.getByTestId('letter-registered').waitFor();
      await expect
        .poll(() => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid))
        .toBe('letter-registered');
      const list = await e2e.asAdmin('GET', `/api/registrations?aadhaar=${aadhaar}`);
      expect(list.json.total).toBe(1);
      expect(list.json.items[0].bagsRequested).toBe(2);
    } finally {
      await ctx.close();
    }
  });
});

describe('the notice, the photo and the district', () => {
  // One phone for the three: the form reached from the home page, as a farmer comes to it, serves the last two.
  it('the notice and its box are drawn with Submit, which then does not move: from a link and from the home page; the district is found by typing its name in Latin or Hindi letters; a chosen photo shows as a small picture, and the progress of making a big one smaller comes into view', async () => {
    const ctx = await phone();
    try {
      const p = await newPage(ctx);
      // When the app's Submit first shows: is the notice there, and where is Submit.
      await p.addInitScript(() => {
        const w = window as unknown as { firstSubmit?: { notice: boolean; top: number } };
        new MutationObserver((_, watch) => {
          const submit = document.querySelector('[data-testid="registration-submit"]');
          if (!submit) return;
          w.firstSubmit = {
            notice: !!document.querySelector('[data-testid="notice"]'),
            top: submit.getBoundingClientRect().top + window.scrollY,
          };
          watch.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      /** Where Submit is on the page (not on the screen: the page may scroll). */
      const submitTop = () =>
        p.getByTestId('registration-submit').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const first = () => p.evaluate(() => (window as unknown as { firstSubmit?: { notice: boolean; top: number } }).firstSubmit);

      // What the page carries, the app does not ask for again: the switch, the crops, the notice.
      const asked: string[] = [];
      p.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/')) asked.push(path);
      });
      await p.goto(url('/registration'));
      await appReady(p);
      await p.getByTestId('notice').waitFor();
      expect((await first())?.notice).toBe(true);
      expect(await submitTop()).toBe((await first())?.top);
      await networkQuiet(p);
      expect(asked.filter((a) => /config\/Is_SVS_Form_On|crops\/dropdown|pages\/privacy-notice/.test(a))).toEqual([]);

      // Reached inside the app, from the home page.
      await p.goto(url('/'));
      await p.getByTestId('home-register').click();
      await appReady(p);
      await p.getByTestId('notice').waitFor();
      expect((await first())?.notice).toBe(true);
      expect(await submitTop()).toBe((await first())?.top);

      // The district, typed in Latin or Hindi letters (the form reached from the home page, above).
      const field = p.locator('#reg-district');
      const options = p.locator('#reg-district-list [role="option"]');
      await field.click();
      await field.fill('kanpur');
      await expect.poll(() => options.allTextContents()).toEqual(['कानपुर देहात (Kanpur Dehat)', 'कानपुर नगर (Kanpur Nagar)']);
      await shot(p, 'district-list-360-hi', false);
      // Two presses for Kanpur Nagar, and Enter does not send the form.
      await p.keyboard.press('ArrowDown');
      await p.keyboard.press('Enter');
      await expect(field.inputValue()).resolves.toBe('कानपुर नगर (Kanpur Nagar)');
      expect(await p.getByTestId('registration-alert').count()).toBe(0);

      // In Hindi letters, with the spelling people use.
      await field.fill('लखन');
      await expect.poll(() => options.allTextContents()).toEqual(['लखनऊ (Lucknow)']);
      await options.first().click();
      await expect(field.inputValue()).resolves.toBe('लखनऊ (Lucknow)');
      // A former name, typed whole and left: taken.
      await field.fill('Allahabad');
      await expect.poll(() => options.allTextContents()).toEqual(['प्रयागराज (Prayagraj)']);
      await p.locator('#reg-cropId').focus();
      await expect(field.inputValue()).resolves.toBe('प्रयागराज (Prayagraj)');
      // Spelt another way: 'gazipur' finds Ghazipur.
      await field.fill('gazipur');
      await expect.poll(() => options.allTextContents()).toEqual(['गाजीपुर (Ghazipur)']);
      // Nothing of the kind.
      await field.fill('xyzzy');
      await expect.poll(() => p.locator('#reg-district-list').textContent()).toBe(hi.registration.districtSearch.none);
      await p.keyboard.press('Escape');
      await expect(field.inputValue()).resolves.toBe('प्रयागराज (Prayagraj)');

      // A chosen photo, on the same form.
      // A 1600 × 1200 camera-like JPEG of about 1.6 MB (a shaded card with grain), made with a canvas.
      const photo = await p.evaluate(async () => {
        const canvas = document.createElement('canvas');
        const [w, h] = [1600, 1200];
        [canvas.width, canvas.height] = [w, h];
        const g = canvas.getContext('2d')!;
        const img = g.createImageData(w, h);
        let seed = 11;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            seed = (seed * 1103515245 + 12345) >>> 0;
            const grain = ((seed >>> 24) / 255 - 0.5) * 40;
            const shade = 120 + 80 * Math.sin(x / 300) * Math.cos(y / 200);
            const i = (y * w + x) * 4;
            img.data[i] = shade + grain;
            img.data[i + 1] = shade * 0.9 + grain;
            img.data[i + 2] = shade * 0.7 + grain;
            img.data[i + 3] = 255;
          }
        }
        g.putImageData(img, 0, 0);
        const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 1));
        const data = await new Promise<string>((r) => {
          const reader = new FileReader();
          reader.onload = () => r(String(reader.result));
          reader.readAsDataURL(blob);
        });
        return data.slice(data.indexOf(',') + 1); // base64: a few MB cross to the test as text, not as numbers
      });
      const jpeg = Buffer.from(photo, 'base64');
      expect(jpeg.length).toBeGreaterThan(600 * 1024);
      // The chooser at the bottom of the screen, as after the phone's file chooser closes.
      await p.getByTestId('registration-file-button').evaluate((el) => {
        const r = el.getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.innerHeight + 4);
      });
      await p.getByTestId('registration-file').setInputFiles({
        name: 'IMG_0001.jpg',
        mimeType: 'image/jpeg',
        buffer: jpeg,
      });
      await p.getByText(/^फ़ोटो छोटी की गई: /).waitFor();
      await expectInView(p, '[data-testid="scan-status"]', PHONE.height, 'the photo’s progress and note are in view');
      const thumb = p.getByTestId('registration-file-thumb');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectInView(p, '[data-testid="registration-file-thumb"]', PHONE.height, 'the picture is in view');
      await shot(p, 'photo-360-hi', false);
    } finally {
      await ctx.close();
    }
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
