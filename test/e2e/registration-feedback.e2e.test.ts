import { enterCode } from '../support/farmer-codes';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_AADHAAR_INVALID } from '@shared/aadhaar';
import { inLanguage } from '@shared/bilingual';
import { MSG_AADHAAR, MSG_FILE, MSG_FORM_INVALID, MSG_MOBILE, MSG_REQUIRED } from '@shared/schemas/registration';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { FIXTURES, newAadhaar, newMobile, registerFarmer, validFields } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * What the farmer reads when something is wrong, in Hindi and in English: field messages that never overlap
 * the label below (360 px phone and desktop), the Hindi messages (docs/product-rules.md#registration-form-checks-and-messages)
 * with their English in English mode, Reset that asks first, the file rule at once when a file is chosen, no
 * stale upload progress after the server refuses the scan, the closed notice when the form closed meanwhile.
 * One page per screen size walks them (the letter's error state in Hindi: registration.e2e.test.ts; the letter's,
 * lot's and bill's refusals in both languages and the letter's quantity row are checked on the server's pages in
 * test/integration/qr-pages-html.test.ts). Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-regfb-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-regfb-admin-pass-1';

const contexts: BrowserContext[] = [];
const cropIds: Record<string, number> = {};

const e2e = useE2EStack({ name: 'regfb', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;

/**
 * One page per screen size (a 360 px phone, a desktop), kept for the file: each walk opens the form anew in that
 * page (its own context costs a browser start of the app each time). The site's language is the visitor's choice,
 * kept in the browser as the site keeps it; it applies from the next page opened.
 */
const pages: Partial<Record<'phone' | 'desktop', Page>> = {};
async function visitor(lang: 'hi' | 'en', phone: boolean): Promise<Page> {
  const key = phone ? 'phone' : 'desktop';
  let p = pages[key];
  if (!p) {
    // Hindi as the browser's language for both (the site's own choice is what changes below).
    const ctx = await e2e.context({ viewport: phone ? PHONE : DESKTOP, lang: 'hi', startIn: lang, phone, timeout: 15_000 });
    contexts.push(ctx);
    p = await e2e.newPage(ctx);
    pages[key] = p;
  } else {
    await p.evaluate((lng) => window.localStorage.setItem('lang', lng), lang);
  }
  return p;
}

/** A farmer for wheat, 2 bags, with a PNG scan: a new Aadhaar and mobile number each time. */
const wheatFarmer = () => ({
  name: 'रामेश्वर प्रसाद',
  fatherName: 'शिव प्रसाद',
  aadhaar: newAadhaar(9),
  mobile: newMobile(),
  village: 'सरैया',
  block: 'चिनहट',
  subDistrict: 'लखनऊ सदर',
  district: 'Lucknow',
  crop: 'Wheat',
  bags: '2',
  file: join(FIXTURES, 'aadhaar-sample.png'),
});

async function openForm(p: Page) {
  await p.goto(url('/registration'));
  await p.locator('#reg-Name').waitFor();
  await p.waitForFunction(() => ((document.querySelector('#reg-cropId') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
}

interface Pair {
  helper: string;
  helperBottom: number;
  label: string;
  labelTop: number;
}

/**
 * Each field's helper text against the label of the field right below it (same column), by bounding box:
 * the outlined field's shrunk label sits above its field's box, over the gap between the two fields.
 */
function helperLabelPairs(p: Page): Promise<Pair[]> {
  return p.evaluate(() => {
    const form = document.querySelector('form[aria-busy]')!;
    const fields = [...form.querySelectorAll<HTMLElement>('.MuiFormControl-root')].map((el) => ({
      box: el.getBoundingClientRect(),
      label: el.querySelector<HTMLElement>('.MuiInputLabel-root'),
      helper: el.querySelector<HTMLElement>('.MuiFormHelperText-root'),
    }));
    const fileLabel = document.querySelector<HTMLElement>('#reg-file-label')!;
    const below = [...fields, { box: fileLabel.getBoundingClientRect(), label: fileLabel, helper: null }];
    const out: Pair[] = [];
    for (const f of fields) {
      const text = f.helper?.textContent?.replace(/\u200b/g, '').trim();
      if (!f.helper || !text) continue;
      const next = below
        .filter((o) => o.box.top > f.box.top + 1 && o.box.left < f.box.right && f.box.left < o.box.right)
        .sort((a, b) => a.box.top - b.box.top)[0];
      if (!next?.label) continue;
      out.push({
        helper: text,
        helperBottom: f.helper.getBoundingClientRect().bottom,
        label: next.label.textContent ?? '',
        labelTop: next.label.getBoundingClientRect().top,
      });
    }
    return out;
  });
}

/** Submits with every field wrong; `shrunk` fills them (spaces, short numbers) so that every label is raised. */
async function submitAllWrong(p: Page, shrunk: boolean, lang: 'hi' | 'en') {
  const resetLabel = lang === 'hi' ? 'रीसेट' : 'Reset';
  p.once('dialog', (d) => void d.accept()); // Reset asks before it clears what was typed
  await p.getByRole('button', { name: resetLabel }).click();
  if (shrunk) {
    for (const id of ['Name', 'fatherName', 'village', 'block', 'subDistrict']) await p.locator(`#reg-${id}`).fill(' ');
    await p.locator('#reg-adharNumber').fill('123');
    await p.locator('#reg-mobile').fill('98');
    await p.locator('#reg-cropId').selectOption({ label: 'Wheat' }); // the quantity select appears too
  }
  await p.getByTestId('registration-submit').click();
  // The server's two-language message, in the page's language (shared/bilingual.ts).
  await expect(p.getByTestId('registration-alert').textContent()).resolves.toBe(inLanguage(MSG_FORM_INVALID, lang));
}

beforeAll(async () => {
  for (const cropName of ['Wheat', 'Chickpea']) {
    const r = await e2e.asAdmin('POST', '/api/crops', { cropName, description: `${cropName} seed` });
    expect([200, 201]).toContain(r.status);
    cropIds[cropName] = r.json.cropID;
    await stockCrop(adminPostOf(e2e), r.json.cropID);
  }
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

describe('what the farmer reads when something is wrong', () => {
  // One test per language and screen, so that each stays well inside its time on a busy machine.
  const layouts = [true, false].flatMap((phone) =>
    (['hi', 'en'] as const).map((lang) => ({ lang, phone, device: phone ? '360 px phone' : 'desktop' })),
  );
  it.each(layouts)(
    'field messages never overlap the label below ($lang, $device); on the phone, the Hindi messages (with their English in English)',
    async ({ lang, phone }) => {
      const p = await visitor(lang, phone);
      await openForm(p);
      if (lang === 'hi' && !phone) {
        expect(await p.evaluate(() => document.documentElement.lang)).toBe('hi');
        // Reset asks first: declined, nothing is lost; confirmed, the form is empty again.
        await p.locator('#reg-Name').fill('सुरेश');
        await p.locator('#reg-gender').selectOption('पुरुष');
        p.once('dialog', (d) => void d.dismiss());
        await p.getByRole('button', { name: 'रीसेट' }).click();
        await expect(p.locator('#reg-Name').inputValue()).resolves.toBe('सुरेश');
        p.once('dialog', (d) => {
          expect(d.message()).toBe('फ़ॉर्म में लिखा सब कुछ और चुनी गई फ़ाइल हटा दें?');
          void d.accept();
        });
        await p.getByRole('button', { name: 'रीसेट' }).click();
        await expect(p.locator('#reg-Name').inputValue()).resolves.toBe('');
        await expect(p.locator('#reg-gender').inputValue()).resolves.toBe('');
      }
      for (const shrunk of [false, true]) {
        await submitAllWrong(p, shrunk, lang);
        const pairs = await helperLabelPairs(p);
        // Every wrong field but the last of each column has a label below it.
        expect(pairs.length, `${lang} ${phone ? 'phone' : 'desktop'}`).toBeGreaterThanOrEqual(shrunk ? 9 : 10);
        for (const pair of pairs) {
          expect(
            pair.labelTop,
            `${lang} ${phone ? 'phone' : 'desktop'}: "${pair.helper}" ends at ${pair.helperBottom}, "${pair.label}" starts at ${pair.labelTop}`,
          ).toBeGreaterThanOrEqual(pair.helperBottom);
        }
        if (!shrunk) {
          // Each wrong field is marked for assistive technology; the file's rule is said under the chooser.
          await expect(p.locator('#reg-adharNumber').getAttribute('aria-invalid')).resolves.toBe('true');
          await p.getByText(MSG_FILE).first().waitFor();
        }
        await screenshot(p, `registration-errors-${lang}-${phone ? 'phone' : 'desktop'}${shrunk ? '-filled' : ''}`);
      }
      if (!phone) return;
      // The same refusal (every field filled wrong): the Hindi field messages, and in English each with its English.
      const byField = async (id: string) => (await p.locator(`#reg-${id}-helper-text`).textContent())?.trim();
      const fileError = (await p.locator('form[aria-busy] [role="alert"]').textContent())?.trim();
      const seen = {
        Name: await byField('Name'),
        adharNumber: await byField('adharNumber'),
        mobile: await byField('mobile'),
        file: fileError,
      };
      const spec = { Name: MSG_REQUIRED, adharNumber: MSG_AADHAAR, mobile: MSG_MOBILE, file: MSG_FILE };
      for (const [field, message] of Object.entries(spec)) {
        const shown = seen[field as keyof typeof seen] ?? '';
        if (lang === 'hi') expect(shown, field).toBe(message);
        else {
          expect(shown.startsWith(`${message} / `), `${field}: ${shown}`).toBe(true);
          expect(shown.slice(message.length + 3), field).toMatch(/^[A-Z][A-Za-z0-9 ,:.-]+$/);
        }
      }
    },
    90_000,
  );

  it('on a phone in Hindi: the crop list that cannot be loaded, Devanagari digits, a wrong file at once and refused by the server, closed meanwhile', async () => {
    const p = await visitor('hi', true);

    // The crop list cannot be loaded: said so, and loaded on Try again.
    let refused = 0;
    await p.route('**/api/crops/dropdown*', (route) => {
      if (refused++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    // Reached inside the app: the form's own page brings its crops in its HTML (decision 0042).
    await p.goto(url('/'));
    await p.getByTestId('home-register').click();
    const retry = p.getByTestId('crops-retry');
    await retry.waitFor();
    await expect(p.locator('#reg-cropId-helper-text').textContent()).resolves.toContain('फसलें लोड नहीं हो सकीं');
    await expect(retry.textContent()).resolves.toBe('फिर से प्रयास करें');
    await screenshot(p, 'registration-crops-failed-phone');
    await retry.click();
    await p.waitForFunction(() => ((document.querySelector('#reg-cropId') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
    await expect(retry.count()).resolves.toBe(0);
    await expect(p.locator('#reg-cropId-helper-text').textContent()).resolves.not.toContain('फसलें लोड नहीं');
    expect(refused).toBe(2);
    await p.unroute('**/api/crops/dropdown*');

    // Devanagari digits typed on a Hindi keyboard are read as the number.
    await p.locator('#reg-mobile').fill('+९१ ९८७६५ ४३२१०');
    await expect(p.locator('#reg-mobile').inputValue()).resolves.toBe('9876543210');
    await p.locator('#reg-adharNumber').fill('३४५६ ७८९० १२३४');
    await expect(p.locator('#reg-adharNumber').inputValue()).resolves.toBe('345678901234');

    // A chosen file too large or of the wrong kind is refused at once; a good file clears the message.
    const fileError = p.locator('form[aria-busy] [role="alert"]');
    const input = p.getByTestId('registration-file');
    // Named and typed as a photo, but no image: it cannot be made smaller, so it is refused as too large.
    await input.setInputFiles({ name: 'aadhaar.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(600 * 1024, 0xff) });
    await expect(fileError.textContent()).resolves.toBe('फ़ाइल बहुत बड़ी है: 600 KB; अधिकतम 500 KB');
    expect(await p.getByTestId('registration-alert').count()).toBe(0); // nothing was submitted
    await screenshot(p, 'registration-file-too-large-phone');
    await input.setInputFiles({
      name: 'aadhaar.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK\u0003\u0004 not a scan'),
    });
    await expect(fileError.textContent()).resolves.toBe(`${MSG_FILE}इस प्रकार की फ़ाइल नहीं चलेगी: GIF, JPEG, PNG या PDF चुनें।`);
    await input.setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
    await p.waitForFunction(() => !document.querySelector('form[aria-busy] [role="alert"]'));

    // The server refuses the uploaded file: no upload progress is left on the form.
    await fillRegistrationForm(p, wheatFarmer());
    // Named and typed as a PNG, so the browser sends it; the server reads its bytes and refuses it.
    await p
      .getByTestId('registration-file')
      .setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: Buffer.from('not an image '.repeat(40)) });
    await p.getByTestId('registration-submit').click();
    await p.getByTestId('registration-alert').waitFor();
    await p.getByTestId('registration-submit').and(p.locator(':enabled')).waitFor();
    await expect(p.getByTestId('registration-alert').textContent()).resolves.toContain('GIF, JPEG, PNG');
    await expect(p.locator('form[aria-busy] [role="alert"]').textContent()).resolves.toBe(MSG_FILE);
    expect(await p.locator('form[aria-busy] [role="progressbar"]').count()).toBe(0);
    expect(await p.getByText('फ़ाइल अपलोड हो रही है').count()).toBe(0);
    await screenshot(p, 'registration-file-refused-phone');

    // Registration closed while the farmer filled the form: the closed notice with when it opens next, not an
    // upload error.
    await fillRegistrationForm(p, wheatFarmer());
    const setConfig = async (key: string, value: string) =>
      expect((await e2e.asAdmin('POST', '/api/config', { key, value })).status).toBe(200);
    await setConfig('Is_SVS_Form_On', 'false');
    await setConfig('RegistrationOpensNext', '2027-03-15');
    try {
      await p.getByTestId('registration-submit').click();
      await p.getByText('पंजीकरण बंद है', { exact: true }).waitFor();
      await expect(p.getByTestId('registration-opens-next').textContent()).resolves.toBe(
        'अगला पंजीकरण शुरू होगा: सोमवार, 15 मार्च 2027',
      );
      expect(await p.getByText('अपना इंटरनेट देखें').count()).toBe(0);
      expect(await p.locator('header').getByText('नया', { exact: true }).isVisible()).toBe(false);
      await screenshot(p, 'registration-closed-meanwhile-phone');
    } finally {
      await setConfig('Is_SVS_Form_On', 'true');
      await setConfig('RegistrationOpensNext', '');
    }
  }, 120_000);

  // The letter's error state in Hindi on a phone is in registration.e2e.test.ts (the closed notice's phone); the
  // letter, lot and bill refusals, in Hindi and in English, and the letter's quantity row are the server's pages:
  // checked in test/integration/qr-pages-html.test.ts ('the pages’ refusals and the letter’s quantity').

  it('on a phone in English: a 12-digit number that is not an Aadhaar number is refused before anything is sent; Find my letter offers both crops’ letters', async () => {
    const aadhaar = newAadhaar(8);
    const mobile = newMobile();
    const codes: Record<string, string> = {};
    for (const crop of ['Wheat', 'Chickpea']) {
      const r = await registerFarmer(
        { url: e2e.baseUrl },
        validFields({ cropName: crop, cropId: cropIds[crop], bagsRequested: 2, adharNumber: aadhaar, mobile }),
      );
      expect(r.status).toBe(201);
      codes[crop] = r.json.data.uniqeCode;
    }
    const p = await visitor('en', true);
    await openForm(p);

    // The check digit, in the browser, before anything is sent.
    const good = newAadhaar(9);
    const typo = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    let submitted = false;
    p.on('request', (r) => {
      if (r.method() === 'POST' && /\/svsregistration(\/upload-url)?$/.test(new URL(r.url()).pathname)) submitted = true;
    });
    await p.locator('#reg-adharNumber').fill(typo);
    await p.locator('#reg-mobile').fill(newMobile());
    await p.getByTestId('registration-file').setInputFiles(join(FIXTURES, 'aadhaar-sample.png'));
    await p.getByTestId('registration-submit').click();
    await expect(p.getByTestId('registration-alert').textContent()).resolves.toBe(inLanguage(MSG_FORM_INVALID, 'en'));
    await expect(p.locator('#reg-adharNumber-helper-text').textContent()).resolves.toBe(inLanguage(MSG_AADHAAR_INVALID, 'en'));
    expect(submitted).toBe(false);
    await screenshot(p, 'registration-aadhaar-check-digit-phone');

    // A farmer registered for two crops chooses the letter to open from "Find my letter" (the same page):
    // the mobile and the code sent to it (decision 0043), two letters of that mobile to choose from.
    await enterCode(p.locator('#find'), 'find', mobile);
    const choices = p.getByTestId('letter-choices').getByRole('link');
    await choices.first().waitFor();
    expect(await choices.count()).toBe(2);
    await screenshot(p, 'registration-find-two-letters-phone');
    await choices.filter({ hasText: 'Wheat' }).click();
    await p.waitForURL((u) => u.pathname.endsWith(codes.Wheat));
    await p.getByTestId('appointment-letter').filter({ hasText: 'Wheat' }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
