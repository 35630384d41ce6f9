import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, handleDialogs, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The catalogue walked as an admin would: a producer, a crop and a lot made through the screens, the lot's
 * QR dialog with both downloads, the public lot page opened from it (also on a phone), and the Registered
 * Farmers list. Needs `npm run build:web` first.
 */
const ADMIN_EMAIL = 'catalogue-admin@seed.local';
const ADMIN_PASSWORD = 'catalogue-admin-pass-1';
const YEAR = new Date().getFullYear();
const YY = String(YEAR % 100).padStart(2, '0');
const AADHAAR = '498765432102';
const PRODUCER = 'Shri Ganesh Beej Utpadak';
const CROP = 'Wheat';

let context: BrowserContext;
let page: Page;
let dialogs: ReturnType<typeof handleDialogs>;
let lotCode = '';

const e2e = useE2EStack({ name: 'catalogue', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { pageErrors } = e2e;

beforeAll(async () => {
  context = await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
});

/** Waits until MUI's transitions (dialogs fading in, buttons settling) have finished, for steady screenshots. */
async function settled(p: Page) {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

function decodePng(buf: Buffer): string | undefined {
  const png = PNG.sync.read(buf);
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data;
}

describe('catalogue screens', () => {
  it('adds a producer (first error only, then saved, masked Aadhaar in the list)', async () => {
    // Signed in as the login page leaves the browser (the login page itself is walked in admin-shell.e2e.test.ts).
    page = await e2e.adminPage(context, '/admin/producers');
    dialogs = handleDialogs(page);
    await page.getByRole('heading', { name: 'Producers' }).waitFor();

    // Empty form: only the first problem is shown.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Name is required').waitFor();
    await expect(page.getByText('Aadhaar is required').count()).resolves.toBe(0);

    await page.locator('input[name="name"]').fill(PRODUCER);
    await page.locator('input[name="aadhaarNumber"]').fill('12345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Aadhaar must be 12 digits').waitFor();
    await page.locator('input[name="aadhaarNumber"]').fill(AADHAAR);
    await page.locator('input[name="contactNumber"]').fill('+91 94150 00111');
    await page.locator('input[name="address"]').fill('Gram Sarsaul, Kanpur Nagar');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.locator('tr', { hasText: PRODUCER });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`XXXX-XXXX-${AADHAAR.slice(-4)}`);
    await expect(row.textContent()).resolves.not.toContain(AADHAAR);

    // Search on Enter.
    const search = page.getByLabel('Search name, contact, address, Aadhaar or registration no.');
    await search.fill('no-such-producer');
    await search.press('Enter');
    await page.getByText('No records').waitFor();
    await search.fill('ganesh');
    await search.press('Enter');
    await row.waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':enabled')).waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-producers');
  });

  it('inactivates a producer after confirmation and restores it', async () => {
    const row = page.locator('tr', { hasText: PRODUCER });
    dialogs.clear();
    await row.getByRole('button', { name: 'Inactivate' }).click();
    await row.waitFor({ state: 'detached' });
    expect(dialogs.last()).toMatchObject({ type: 'confirm', message: `Inactivate producer ${PRODUCER}?` });
    await page.getByLabel('Include inactive').check();
    const inactiveRow = page.locator('tr', { hasText: PRODUCER });
    await inactiveRow.getByRole('button', { name: 'Restore' }).click();
    await inactiveRow.getByRole('button', { name: 'Inactivate' }).waitFor();
    await expect(inactiveRow.textContent()).resolves.toContain('Active');
  });

  it('adds a crop', async () => {
    await page.getByRole('link', { name: 'Crops' }).click();
    await page.getByRole('heading', { name: 'Crops' }).waitFor();
    await page.locator('input[name="cropName"]').fill(CROP);
    await page.locator('input[name="description"]').fill('HD-2967, timely sown, irrigated');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.locator('tr', { hasText: CROP });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Active');
    // Wheat gets its registration choice by default (docs/product-rules.md#quantities-per-crop): 1 to 3 bags of 40 kg.
    await expect(row.textContent()).resolves.toContain('1–3 bags of 40 kg (default 1)');
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':enabled')).waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-crops');
  });

  it('adds a subsidised lot, with the code previewed before saving, in kg and quintal', async () => {
    await page.getByRole('link', { name: 'Lots' }).click();
    await page.getByRole('heading', { name: 'Lots' }).waitFor();
    await page.getByText('All quantities are in kg; 1 quintal = 100 kg.').waitFor();
    await expect(page.getByRole('button', { name: /delete/i }).count()).resolves.toBe(0);

    const form = page.getByRole('form', { name: 'Add lot' });
    await form.getByLabel('Producer').click();
    await page.getByRole('option', { name: new RegExp(PRODUCER) }).click();
    await form.getByLabel('Crop').click();
    await page.getByRole('option', { name: CROP }).click();
    await page.locator('input[name="isSubsidized"]').check();
    await page.locator('input[name="quantityAvailable"]').fill('1234.5');
    await page.locator('input[name="pricePerUnit"]').fill('32.755');
    const preview = page.getByTestId('lot-code-preview');
    await expect.poll(() => preview.inputValue()).toMatch(new RegExp(`^S${YY}P\\d+-001$`));
    lotCode = await preview.inputValue();
    await expect(preview.getAttribute('readonly')).resolves.not.toBeNull();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Price: at most 2 decimals (step 0.01)').waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-lot-form');
    await page.locator('input[name="pricePerUnit"]').fill('32.75');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.locator(`tr[data-lot-code="${lotCode}"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 10)).toEqual([
      lotCode,
      PRODUCER,
      CROP,
      String(YEAR),
      '1,234.5',
      '0',
      '1,234.5',
      '12.345',
      '0',
      '12.345',
    ]);
    // At 1280 px the whole table fits the content area, its Actions header and buttons included.
    await expect(
      page.locator('main .MuiTableContainer-root').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).resolves.toBeLessThanOrEqual(0);
    for (const el of [page.locator('thead th').last(), row.getByRole('button', { name: 'QR' })]) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    }
    await expect(page.locator('thead th').last().textContent()).resolves.toBe('Actions');
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':enabled')).waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-lots');
  });

  it('edits a lot without letting its producer change', async () => {
    const row = page.locator(`tr[data-lot-code="${lotCode}"]`);
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByText(`Edit lot ${lotCode}`).waitFor();
    await expect(page.locator('input[name="year"]').isDisabled()).resolves.toBe(true);
    await page.getByText('The producer of a lot cannot be changed').waitFor();
    await page.locator('input[name="quantityAvailable"]').fill('1500');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(async () => (await row.locator('td').allTextContents())[4]).toBe('1,500');
  });

  it('shows the QR dialog and downloads the PNG and the SVG', async () => {
    const row = page.locator(`tr[data-lot-code="${lotCode}"]`);
    await row.getByRole('button', { name: 'QR' }).click();
    const dialog = page.getByRole('dialog', { name: `QR code of lot ${lotCode}` });
    await dialog.waitFor();
    const img = dialog.getByRole('img', { name: `QR code for lot ${lotCode}` });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, 'catalogue-lot-qr-dialog', { fullPage: false });

    /** Presses a download button of the dialog; the file must be offered under `name`. Where it was saved. */
    const download = async (button: string, name: string, savedAs: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
      expect(file.suggestedFilename()).toBe(name);
      const path = join(e2e.dataDir, savedAs);
      await file.saveAs(path);
      return path;
    };
    const pngPath = await download('Download PNG', `lot-${lotCode}.png`, 'qr.png');
    expect(decodePng(readFileSync(pngPath))).toBe(`${e2e.baseUrl}/lot/${lotCode}`);

    const svgText = readFileSync(await download('Download SVG', `lot-${lotCode}.svg`, 'qr.svg'), 'utf8');
    expect(svgText).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/);
    // Drawn by the browser, photographed and decoded like the PNG.
    const viewer = await context.newPage();
    await viewer.setContent(
      `<img id="qr" width="400" height="400" src="data:image/svg+xml;base64,${Buffer.from(svgText).toString('base64')}">`,
    );
    await expect.poll(() => viewer.locator('#qr').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(decodePng(await viewer.locator('#qr').screenshot())).toBe(`${e2e.baseUrl}/lot/${lotCode}`);
    await viewer.close();
  });

  it('opens the public lot page from the dialog and shows the lot', async () => {
    const dialog = page.getByRole('dialog', { name: `QR code of lot ${lotCode}` });
    const [pub] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('link', { name: 'Open public page' }).click(),
    ]);
    await pub.waitForLoadState();
    expect(new URL(pub.url()).pathname).toBe(`/lot/${lotCode}`);
    const section = pub.getByTestId('public-lot');
    await section.waitFor();
    const text = (await section.textContent()) ?? '';
    for (const expected of [
      lotCode,
      'अनुदानित', // Subsidised, in the public page's Hindi
      String(YEAR),
      CROP,
      'HD-2967, timely sown, irrigated',
      PRODUCER,
      `XXXX-XXXX-${AADHAAR.slice(-4)}`,
      'XXXXXX0111', // the producer's contact (typed '+91 94150 00111', stored as its 10 digits) masked to its last 4 digits (anyone can count lot codes)
      'Gram Sarsaul, Kanpur Nagar',
      '1,500',
      '0',
      'बनाया गया', // created (the public page opens in Hindi)
      new Date().toLocaleString('hi-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(AADHAAR);
    expect(text).not.toContain('9415000111');
    const qr = section.getByRole('img');
    await expect.poll(() => qr.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(pub, 'catalogue-public-lot-desktop');
    await pub.setViewportSize(PHONE);
    await screenshot(pub, 'catalogue-public-lot-phone');

    // An unknown code's page, in Hindi and in English: test/integration/qr-pages-html.test.ts.
    await pub.close();
    await page.keyboard.press('Escape');
  });

  it('lists registered farmers: search on Enter, Regs dialog, inactivate and restore', async () => {
    // The add/edit form is hidden on this screen; farmers come from the API (registrations, later).
    for (const farmer of [
      {
        name: 'Ramesh Kumar',
        fatherName: 'Suresh Kumar',
        aadhaarNumber: '376543210981',
        contactNumber: '9415123456',
        village: 'Bhitargaon',
        category: 'OBC',
      },
      {
        name: 'Sita Devi',
        fatherName: 'Ram Prasad',
        aadhaarNumber: '376543210127',
        contactNumber: '9415654321',
        village: 'Bithoor',
        category: 'GEN',
      },
    ]) {
      expect((await e2e.asAdmin('POST', '/api/farmers', farmer)).status).toBe(201);
    }

    await page.getByRole('link', { name: 'Farmers' }).click();
    await page.getByRole('heading', { name: 'Registered Farmers' }).waitFor();
    await expect(page.locator('form input[name="name"]').count()).resolves.toBe(0);
    const search = page.getByLabel('Search name, Aadhaar, contact or village');
    const row = page.locator('tr', { hasText: 'Ramesh Kumar' });
    const names = () => page.locator('tbody tr td:nth-child(2)').allTextContents();
    // Name, village, contact and Aadhaar each find Ramesh and only him; the Aadhaar stays out of the URL.
    for (const term of ['ramesh', 'bhitargaon', '9415123456', '376543210981']) {
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/farmers');
      await search.fill(term);
      await search.press('Enter');
      expect((await sent).url(), term).not.toContain('376543210981');
      await expect.poll(names, { message: term }).toEqual(['Ramesh Kumar']);
    }
    await expect(row.textContent()).resolves.toContain('XXXX-XXXX-0981');
    await search.fill('sita');
    await search.press('Enter');
    await expect.poll(names).toEqual(['Sita Devi']);
    await search.fill('ramesh');
    await search.press('Enter');
    await row.waitFor();

    await row.getByRole('button', { name: 'Regs' }).click();
    const regs = page.getByRole('dialog', { name: 'Registrations of Ramesh Kumar' });
    await regs.getByText('No registrations').waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-farmers-regs', { fullPage: false });
    await regs.getByRole('button', { name: 'Close' }).click();
    await regs.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Inactivate' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Include inactive').check();
    await page.locator('tr', { hasText: 'Ramesh Kumar' }).getByRole('button', { name: 'Restore' }).click();
    await page.locator('tr', { hasText: 'Ramesh Kumar' }).getByRole('button', { name: 'Inactivate' }).waitFor();
    await settled(page);
    await screenshot(page, 'catalogue-farmers');
    expect(pageErrors).toEqual([]);
  });
});
