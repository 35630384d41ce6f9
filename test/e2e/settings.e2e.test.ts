import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startLocalStack, type RunningLocalStack } from '../../infra/local/stack';
import { DESKTOP, PHONE, launchBrowser, screenshot } from '../support/browser';

/** An admin closes registrations on the Settings page; a farmer's phone then shows the closed notice. */
const ADMIN_EMAIL = 'settings-admin@seed.local';
const ADMIN_PASSWORD = 'settings-pass-1';

let stack: RunningLocalStack;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'seed-e2e-settings-'));
  process.env.LOG_LEVEL ??= 'silent';
  stack = await startLocalStack({
    port: 0,
    dataDir,
    dynamoPort: 0,
    s3Port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    s3Endpoint: inject('s3Endpoint'),
    uploadsBucket: inject('uploadsBucket'),
    tableName: `e2e-${randomUUID()}`,
    staticDir: 'frontend/dist',
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('closing registrations in Settings shows the closed notice on the public form', async () => {
  // A farmer first sees the open form.
  const farmer = await browser.newContext({ viewport: PHONE });
  const before = await farmer.newPage();
  await before.goto(`${stack.url}/registration`);
  await before.locator('form').first().waitFor();
  expect(await before.getByText('Registrations are closed').count()).toBe(0);
  await farmer.close();

  const admin = await browser.newContext({ viewport: DESKTOP });
  admin.setDefaultTimeout(10_000);
  const page = await admin.newPage();
  await page.goto(`${stack.url}/admin/settings`);
  await page.locator('input[name="email"]').fill(ADMIN_EMAIL);
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const open = page.getByRole('switch', { name: 'Registrations open' });
  await open.waitFor();
  expect(await open.isChecked()).toBe(true);
  await open.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved.').waitFor();
  await screenshot(page, 'settings-registrations-closed-desktop');
  await admin.close();

  // A new visitor (no cached answer) now gets the bilingual closed notice and no form.
  const later = await browser.newContext({ viewport: PHONE });
  const after = await later.newPage();
  await after.goto(`${stack.url}/registration`);
  await after.getByText('पंजीकरण बंद है / Registrations are closed').waitFor();
  expect(await after.locator('input[name="adharNumber"], input[name="Name"]').count()).toBe(0);
  await screenshot(after, 'settings-public-form-closed-phone');
  await later.close();

  // The server refuses submissions too.
  const refused = await fetch(`${stack.url}/svsregistration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'x' }),
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).message).toMatch(/Registrations are closed/);
});
