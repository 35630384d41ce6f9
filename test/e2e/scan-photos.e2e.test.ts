import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/schemas/registration';
import { DESKTOP, PHONE, shotsOf } from '../support/browser';
import { useE2EStack } from '../support/e2e';
import { fillRegistrationForm } from '../support/registration-form';
import { readObject } from '../support/uploads-bucket';
import { newAadhaar, newMobile } from '../fixtures/registration-helpers';
import { adminPostOf, stockCrop } from '../fixtures/catalogue';

/**
 * Phone photos of the Aadhaar card fit the scan limit (docs/product-rules.md#aadhaar-scan-photos): a 12 MB
 * camera JPEG is made smaller in the browser, with progress and a note, and the stored scan is a JPEG under
 * 500 KB with the photo's aspect ratio (its EXIF orientation applied) and a long side of at least 1,600 px;
 * a PDF over the limit is refused as too large, in the page's language, and nothing is uploaded. At 360 px in
 * Hindi and 1280 px in English. Needs `npm run build:web` first. With SHOTS_DIR set, screenshots land there too.
 */
const ADMIN_EMAIL = 'e2e-scan-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-scan-admin-pass-1';

const e2e = useE2EStack({ name: 'scan', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, pageErrors } = e2e;

/** A 4000 × 3000 camera-like JPEG at quality 1 (about 12 MB): a shaded card with grain and a number on it. */
let photo12mb: Buffer;

async function visitor(lang: 'hi' | 'en', phone: boolean): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await e2e.browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    locale: 'hi-IN',
    timezoneId: 'Asia/Kolkata',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  ctx.setDefaultTimeout(30_000);
  await ctx.addInitScript((lng) => window.localStorage.setItem('lang', lng), lang);
  return { ctx, page: await e2e.newPage(ctx) };
}

const shot = shotsOf('scan');

/** The photo, made in Chromium with a canvas (so no 12 MB file is kept in the repository). */
async function makePhoto(p: Page): Promise<Buffer> {
  const base64 = await p.evaluate(async () => {
    const [w, h] = [4000, 3000];
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    const img = ctx.createImageData(w, h);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const shade = 120 + 80 * Math.sin(x / 300) * Math.cos(y / 200);
        const grain = (random() - 0.5) * 90;
        img.data[i] = shade + grain;
        img.data[i + 1] = shade * 0.9 + grain;
        img.data[i + 2] = shade * 0.7 + grain;
        img.data[i + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    ctx.fillStyle = '#000';
    ctx.font = 'bold 160px sans-serif';
    ctx.fillText('1234 5678 9012', 600, 1600);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** The JPEG with an EXIF block saying "rotate 90° clockwise to view" (orientation 6), as phones store portraits. */
function withOrientation6(jpeg: Buffer): Buffer {
  const tiff = Buffer.from([
    // big-endian TIFF header, first IFD at 8
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
    // one entry
    0x00, 0x01,
    // Orientation, SHORT, 1 value: 6
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,
    // no next IFD
    0x00, 0x00, 0x00, 0x00,
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, payload.length + 2]), payload]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** A JPEG's pixel size, from its start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < jpeg.length) {
    const marker = jpeg[at + 1];
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

/** The requests that would store a scan: the upload URL and the PUT to the bucket. */
function watchUploads(p: Page): Request[] {
  const seen: Request[] = [];
  p.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('/svsregistration/upload-url') || r.method() === 'PUT') seen.push(r);
  });
  return seen;
}

async function openForm(p: Page) {
  await p.goto(url('/registration'));
  await p.locator('#reg-Name').waitFor();
  await p.waitForFunction(() => ((document.querySelector('#reg-cropId') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
}

async function fillFarmer(p: Page, file: string) {
  await fillRegistrationForm(p, {
    name: 'सीता देवी',
    fatherName: 'राम प्रसाद',
    aadhaar: newAadhaar(5),
    mobile: newMobile(),
    village: 'बख्शी का तालाब',
    block: 'बख्शी का तालाब',
    subDistrict: 'लखनऊ',
    district: 'Lucknow',
    crop: 'Wheat',
    bags: '2',
    file,
  });
}

/** Submits and returns the stored scan of the new registration. */
async function submitAndReadScan(p: Page): Promise<Buffer> {
  const reply = p.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/svsregistration');
  await p.getByTestId('registration-submit').click();
  const created = await reply;
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  await p.getByTestId('appointment-letter').waitFor(); // the letter opens once registered
  const row = await e2e.asAdmin('GET', `/api/registrations/${id}`);
  expect(row.status).toBe(200);
  expect(row.json.adharFilePath).toMatch(/\.jpg$/);
  return readObject(row.json.adharFilePath);
}

beforeAll(async () => {
  const r = await e2e.asAdmin('POST', '/api/crops', { cropName: 'Wheat', description: 'Wheat seed' });
  expect([200, 201]).toContain(r.status);
  await stockCrop(adminPostOf(e2e), r.json.cropID);
  const { ctx, page } = await visitor('en', false);
  photo12mb = await makePhoto(page);
  await ctx.close();
  expect(photo12mb.length).toBeGreaterThan(11 * 1024 * 1024);
  writeFileSync(join(e2e.dataDir, 'IMG_20261125_101500.jpg'), photo12mb);
  writeFileSync(join(e2e.dataDir, 'IMG_portrait.jpg'), withOrientation6(photo12mb));
  // A PDF over the limit: a real header, then filler.
  writeFileSync(join(e2e.dataDir, 'aadhaar-scan.pdf'), Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1258291, 0x20)]));
}, 180_000);

describe('phone photos fit the scan limit', () => {
  it('makes a 12 MB photo smaller with progress on a 360 px phone in Hindi, and stores a JPEG under 500 KB of the same aspect', async () => {
    const { ctx, page } = await visitor('hi', true);
    await openForm(page);
    // The redrawing code is held back until the progress has been seen (and photographed).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let shrinkerRequested = false;
    await page.route(/\/assets\/shrink-photo-[^/]*\.js$/, async (route) => {
      shrinkerRequested = true;
      await held;
      await route.continue();
    });
    const uploads = watchUploads(page);
    await fillFarmer(page, join(e2e.dataDir, 'IMG_20261125_101500.jpg'));
    const progress = page.getByText(/^फ़ोटो छोटी हो रही है… \d+%$/);
    await progress.waitFor();
    expect(shrinkerRequested).toBe(true);
    await shot(page, 'progress-360-hi');
    release();
    const note = page.getByRole('status').filter({ hasText: 'फ़ोटो छोटी की गई' });
    await note.waitFor();
    expect((await note.textContent())?.trim()).toMatch(/^फ़ोटो छोटी की गई: 12 MB → \d{2,3} KB$/);
    await progress.waitFor({ state: 'detached' });
    expect(await page.locator('form[aria-busy] [role="alert"]').count()).toBe(0);
    await page.getByText(/^IMG_20261125_101500\.jpg \(\d{2,3} KB\)$/).waitFor();
    await shot(page, 'made-smaller-360-hi');
    expect(uploads).toEqual([]); // nothing leaves the phone before Submit

    const scan = await submitAndReadScan(page);
    expect(scan.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect([...scan.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { width, height } = jpegSize(scan);
    expect(Math.max(width, height)).toBeGreaterThanOrEqual(1600);
    expect(width / height).toBeCloseTo(4000 / 3000, 2);
    const put = uploads.find((r) => r.method() === 'PUT');
    expect(put?.headers()['content-type']).toBe('image/jpeg');
    await ctx.close();
  }, 120_000);

  it('keeps a portrait photo upright (EXIF orientation) at 1280 px in English', async () => {
    const { ctx, page } = await visitor('en', false);
    await openForm(page);
    await fillFarmer(page, join(e2e.dataDir, 'IMG_portrait.jpg'));
    const note = page.getByRole('status').filter({ hasText: 'Photo made smaller' });
    await note.waitFor();
    expect((await note.textContent())?.trim()).toMatch(/^Photo made smaller: 12 MB → \d{2,3} KB$/);
    const scan = await submitAndReadScan(page);
    expect(scan.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    const { width, height } = jpegSize(scan);
    expect(height).toBeGreaterThan(width);
    expect(Math.max(width, height)).toBeGreaterThanOrEqual(1600);
    expect(height / width).toBeCloseTo(4000 / 3000, 2);
    await ctx.close();
  }, 120_000);

  it.each([
    { lang: 'en' as const, phone: false, message: 'File too large: 1.2 MB; at most 500 KB' },
    { lang: 'hi' as const, phone: true, message: 'फ़ाइल बहुत बड़ी है: 1.2 MB; अधिकतम 500 KB' },
  ])(
    'refuses a PDF over 500 KB as too large, in the page’s language, and uploads nothing ($lang)',
    async ({ lang, phone, message }) => {
      const { ctx, page } = await visitor(lang, phone);
      await openForm(page);
      const uploads = watchUploads(page);
      let shrinkerRequested = false;
      page.on('request', (r) => {
        if (/\/assets\/shrink-photo-/.test(r.url())) shrinkerRequested = true;
      });
      await fillFarmer(page, join(e2e.dataDir, 'aadhaar-scan.pdf'));
      const fileError = page.locator('form[aria-busy] [role="alert"]');
      await expect(fileError.textContent()).resolves.toBe(message);
      await page.getByTestId('registration-submit').click();
      await page.getByTestId('registration-alert').waitFor();
      await expect(fileError.textContent()).resolves.toBe(message);
      if (lang === 'en') await shot(page, 'pdf-refused-1280-en');
      else await shot(page, 'pdf-refused-360-hi');
      expect(uploads).toEqual([]);
      expect(shrinkerRequested).toBe(false); // a PDF never fetches the photo code
      await ctx.close();
      expect(pageErrors).toEqual([]);
    },
    60_000,
  );

  it('refuses a small photo the browser cannot decode (HEIC outside Safari) as a kind not accepted, not as too large', async () => {
    const { ctx, page } = await visitor('en', false);
    await openForm(page);
    const uploads = watchUploads(page);
    await page
      .getByTestId('registration-file')
      .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.alloc(200 * 1024, 0x11) });
    const fileError = page.locator('form[aria-busy] [role="alert"]');
    await expect(fileError.textContent()).resolves.toContain('This kind of file is not accepted');
    expect(await fileError.textContent()).not.toContain('too large');
    expect(uploads).toEqual([]);
    await ctx.close();
  }, 60_000);
});
