import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, handleDialogs, screenshot } from '../support/browser';
import { useE2EStack } from '../support/e2e';

/**
 * The front-end shell walked as a person would: sign in, the super_admin screens (configs, roles, users),
 * sign out, a seller's narrower admin area, an expired session, the catch-all route, the language switch,
 * and screenshots on a laptop and a 360 px phone. Needs `npm run build:web` first (served from frontend/dist).
 */
const ADMIN_EMAIL = 'e2e-admin@seed.local';
const ADMIN_PASSWORD = 'e2e-admin-pass-1';
const SELLER_EMAIL = `seller-${randomUUID().slice(0, 8)}@seed.local`;
const USER_EMAIL = `user-${randomUUID().slice(0, 8)}@seed.local`;

const e2e = useE2EStack({ name: 'admin', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
const { url, newPage, pageErrors } = e2e;

let context: BrowserContext;
let page: Page;
let dialogs: ReturnType<typeof handleDialogs>;

const pathOf = (p: Page) => {
  const u = new URL(p.url());
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  context = await e2e.browser.newContext({ viewport: DESKTOP });
  // Fail on a missing element well inside the test timeout, with the locator in the message.
  context.setDefaultTimeout(10_000);
  page = await newPage(context);
  dialogs = handleDialogs(page);
});

describe('admin shell', () => {
  it('sends a visitor to the login page and back to the page first asked for', async () => {
    await page.goto(url('/admin/configs'));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?next=%2Fadmin%2Fconfigs');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'shell-login-desktop');

    // Required fields, then a wrong password: the server's message in an alert.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await e2e.submitSignIn(page, ADMIN_EMAIL, 'wrong-password');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');

    // While the server answers: 'Signing in...' on a disabled button; the configurations are loading. Each
    // reply is held until the screen has been seen waiting for it (no fixed delay).
    const held = (pattern: string) => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      return page
        .route(pattern, async (route) => {
          await gate;
          await route.continue();
        })
        .then(() => release);
    };
    const releaseLogin = await held('**/auth/login');
    const releaseConfig = await held('**/api/config');
    await e2e.submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    releaseLogin();
    await page.waitForURL((u) => u.pathname === '/admin/configs');
    // Both tables of the page (the product's settings, the other keys) load from the one list.
    await page.getByRole('cell', { name: 'Loading…' }).first().waitFor();
    releaseConfig();
    await expect.poll(() => page.getByRole('cell', { name: 'Loading…' }).count()).toBe(0);
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('heading', { name: 'Common Configurations' }).waitFor();
    await expect(page.getByTestId('admin-welcome').textContent()).resolves.toBe('Welcome, Super Admin');
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Super admin');
    const session = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user!)).toMatchObject({ email: ADMIN_EMAIL, roles: ['super_admin'] });
    // The site header is hidden inside the admin area for signed-in users.
    await expect(page.getByRole('link', { name: 'Seeds Registration' }).count()).resolves.toBe(0);
  });

  it('adds, renames (Enter), cancels (Escape) and deletes a configuration key', async () => {
    const save = page.locator('form').getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await page.locator('input[name="key"]').fill('E2E_Key');
    await page.locator('input[name="value"]').fill('first value');
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    const row = page.locator('tr[data-config-key="E2E_Key"]');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('first value');
    await page.getByText('Saved E2E_Key.').waitFor();
    await screenshot(page, 'shell-admin-configs-desktop');

    // A key refused next: its message alone, not beside the earlier 'Saved'.
    await page.locator('input[name="key"]').fill('bad key!');
    await save.click();
    await page.getByText('Key: letters, digits, _ . and - only').waitFor();
    await expect(page.getByText('Saved E2E_Key.').count()).resolves.toBe(0);
    await page.locator('input[name="key"]').fill('');

    // Escape leaves the row as it was.
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByRole('textbox', { name: 'Value' }).fill('not kept');
    await row.getByRole('textbox', { name: 'Value' }).press('Escape');
    await row.getByRole('button', { name: 'Edit' }).waitFor();
    await expect(row.textContent()).resolves.toContain('first value');

    // Enter saves; a new key is saved and the old one removed.
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByRole('textbox', { name: 'Key' }).fill('E2E_Key_Renamed');
    await row.getByRole('textbox', { name: 'Value' }).fill('second value');
    await row.getByRole('textbox', { name: 'Key' }).press('Enter');
    const renamed = page.locator('tr[data-config-key="E2E_Key_Renamed"]');
    await renamed.getByRole('button', { name: 'Edit' }).waitFor();
    await expect(renamed.textContent()).resolves.toContain('second value');
    await expect(page.locator('tr[data-config-key="E2E_Key"]').count()).resolves.toBe(0);

    dialogs.clear();
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await renamed.waitFor({ state: 'detached' });
    expect(dialogs.seen).toEqual([{ type: 'confirm', message: 'Delete configuration E2E_Key_Renamed?' }]);
  });

  it('creates roles on the Roles screen', async () => {
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/roles');
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Role name is required').waitFor();
    for (const name of ['e2e_temp', 'e2e_used']) {
      await page.locator('input[name="name"]').fill(name);
      await page.locator('input[name="description"]').fill(`Made by the e2e test (${name})`);
      await page.getByRole('button', { name: 'Add' }).click();
      await page.locator(`tr[data-role-name="${name}"]`).waitFor();
    }
  });

  it('creates a seller on the Users screen, edits the row and resets the password', async () => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await page.locator('tr[data-user-email]').first().waitFor();
    const form = page.locator('form');
    await form.locator('input[name="fullName"]').fill('Counter Seller');
    await form.locator('input[name="email"]').fill(SELLER_EMAIL);
    await form.locator('input[name="password"]').fill('seller-pass-1');
    await form.locator('input[name="role-seller"]').check();
    await form.locator('input[name="role-e2e_used"]').check();
    await form.getByRole('button', { name: 'Create' }).click();
    const row = page.locator(`tr[data-user-email="${SELLER_EMAIL}"]`);
    await row.waitFor();
    await expect(row.locator('input[name="role-seller"]').isChecked()).resolves.toBe(true);
    await expect(row.locator('input[name="role-admin"]').isChecked()).resolves.toBe(false);

    // A plain user (role user) for the user area.
    await form.locator('input[name="fullName"]').fill('Plain User');
    await form.locator('input[name="email"]').fill(USER_EMAIL);
    await form.locator('input[name="password"]').fill('plain-user-pass-1');
    await form.locator('input[name="role-user"]').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.locator(`tr[data-user-email="${USER_EMAIL}"]`).waitFor();

    // The same email again: the server's message in an alert.
    await form.locator('input[name="fullName"]').fill('Counter Seller Again');
    await form.locator('input[name="email"]').fill(SELLER_EMAIL);
    await form.locator('input[name="password"]').fill('seller-pass-1');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('users-error').textContent()).resolves.toContain('already exists');

    // Inline edit of the name.
    await row.getByRole('textbox').fill('Counter Seller One');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Saved ${SELLER_EMAIL}.`).waitFor();

    // Reset PW: an empty answer does nothing, a real one updates.
    dialogs.clear();
    dialogs.willAnswer('');
    await row.getByRole('button', { name: 'Reset PW' }).click();
    await expect.poll(() => dialogs.seen.length).toBe(1);
    dialogs.willAnswer('seller-pass-2');
    await row.getByRole('button', { name: 'Reset PW' }).click();
    await expect.poll(() => dialogs.seen.length).toBe(3);
    expect(dialogs.seen.map((d) => d.type)).toEqual(['prompt', 'prompt', 'alert']);
    expect(dialogs.seen[2].message).toBe('Password updated.');
    await screenshot(page, 'shell-admin-users-desktop');
  });

  it('refuses to delete a role in use and deletes an unused one', async () => {
    await page.getByRole('link', { name: 'Roles' }).click();
    const used = page.locator('tr[data-role-name="e2e_used"]');
    await used.waitFor();
    // A name taken already: the server's message...
    await page.locator('input[name="name"]').fill('e2e_used');
    await page.getByRole('button', { name: 'Add' }).click();
    const alerts = page.locator('main .MuiAlert-message');
    await expect.poll(() => alerts.allTextContents()).toEqual(['A role named e2e_used already exists']);
    dialogs.clear();
    await used.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs.seen.length).toBe(2);
    expect(dialogs.seen).toEqual([
      { type: 'confirm', message: 'Delete role? If assigned to users, it will fail.' },
      { type: 'alert', message: 'Role is in use.' },
    ]);
    await expect(used.count()).resolves.toBe(1);
    // ...gone once a later action has been answered.
    await expect.poll(() => alerts.count()).toBe(0);

    const temp = page.locator('tr[data-role-name="e2e_temp"]');
    await temp.getByRole('button', { name: 'Delete' }).click();
    await temp.waitFor({ state: 'detached' });
    await expect.poll(() => alerts.allTextContents()).toEqual(['Deleted role e2e_temp.']);
    await screenshot(page, 'shell-admin-roles-desktop');
  });

  it('opens the settings form', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.locator('input[name="PerDayLimit"]').fill('-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be 0 or more').waitFor();
    await page.locator('input[name="PerDayLimit"]').fill('40');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').waitFor();
    await screenshot(page, 'shell-admin-settings-desktop');
  });

  it('fits a 360 px phone: the sidebar becomes a drawer behind a menu button', async () => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.locator('tr[data-user-email]').first().waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'shell-admin-users-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawerLink = page.locator('.MuiDrawer-modal').getByRole('link', { name: 'Configs' });
    await drawerLink.waitFor();
    // The drawer has finished sliding in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expect
      .poll(() => page.locator('.MuiDrawer-modal .MuiDrawer-paper').evaluate((el) => el.getBoundingClientRect().left))
      .toBe(0);
    await screenshot(page, 'shell-admin-menu-phone', { fullPage: false });
    await drawerLink.click();
    await page.waitForURL((u) => u.pathname === '/admin/configs');
    await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
    await screenshot(page, 'shell-admin-configs-phone', { fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
  });

  it('signs out to the login page', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?reauth=1');
    await page.getByText('Unauthorized').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    // /start sends a visitor to the login page.
    await page.goto(url('/start'));
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('gives a seller only the counter sections', async () => {
    await e2e.submitSignIn(page, SELLER_EMAIL, 'seller-pass-2');
    // A seller signs in to the counter screen (docs/product-rules.md#after-sign-in-staff-land-on-their-work).
    await page.waitForURL((u) => u.pathname === '/admin/today');
    await page.getByRole('heading', { name: 'Today at the counter' }).waitFor();
    // Public pages open in Hindi until the visitor picks a language; the admin area in English.
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'प्रशासन' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const labels = (await nav.getByRole('link').allTextContents()).filter((l) => l !== 'Seed Portal');
    expect(labels).toEqual([
      'Dashboard',
      'Lots',
      'Farmers',
      'Internal Registration',
      'Registrations',
      'Allocation',
      'Bills',
      'Day close',
      'Today',
      'Second factor',
    ]);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Seller');
    // A section the role does not open sends the user home.
    await page.goto(url('/admin/users'));
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'लॉगआउट' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('gives a plain user the user menu and the user area, not the admin area', async () => {
    await e2e.submitSignIn(page, USER_EMAIL, 'plain-user-pass-1');
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.getByRole('link', { name: 'प्रशासन' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'मेरा खाता' }).click();
    await page.getByRole('menuitem', { name: 'प्रोफ़ाइल' }).click();
    await page.waitForURL((u) => u.pathname === '/user/profile');
    await page.getByText(USER_EMAIL).waitFor();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByText('You have no orders yet.').waitFor();
    await page.getByRole('tab', { name: 'My dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await screenshot(page, 'shell-user-dashboard-desktop');
    await page.goto(url('/admin'));
    await page.waitForURL((u) => u.pathname === '/');
    // /start sends a signed-in user to their own area.
    await page.goto(url('/start'));
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('sends a 401 reply to /login?reauth=1 and back after signing in again', async () => {
    await page.evaluate(() => {
      localStorage.setItem('token', 'expired-or-forged-token');
      localStorage.setItem('user', JSON.stringify({ name: 'Ghost', email: 'ghost@seed.local', roles: ['super_admin'] }));
    });
    await page.goto(url('/admin/configs'));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?reauth=1');
    await page.getByText('Unauthorized').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await e2e.submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/admin/configs');
    await screenshot(page, 'shell-admin-configs-desktop-2');
    // /start sends a signed-in admin to the admin area.
    await page.goto(url('/start'));
    await page.waitForURL((u) => u.pathname === '/admin');
  });

  it("says 'No configurations' for an empty list, and 'Unexpected Application Error!' when a screen cannot load", async () => {
    await page.route('**/api/config', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto(url('/admin/configs'));
    await page.getByRole('cell', { name: 'No configurations' }).waitFor();
    await page.unroute('**/api/config');
    // The Roles screen's code fails to arrive (a network drop, or an old page after a deployment).
    const errorsBefore = pageErrors.length;
    await page.route('**/assets/RolesPage-*.js', (route) => route.abort());
    await page.goto(url('/admin/roles'));
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await screenshot(page, 'shell-router-fallback');
    await page.unroute('**/assets/RolesPage-*.js');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    pageErrors.splice(errorsBefore); // only what the aborted chunk caused, on purpose
  });

  it('sends unknown paths to /', async () => {
    // The misspelt letter link of older messages is walked in letter.e2e.test.ts and allocation.e2e.test.ts; an
    // unknown letter code's page in each language in test/integration/qr-pages-html.test.ts.
    await page.goto(url('/no/such/page'));
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows the public top bar in Hindi by default and switches to English', async () => {
    const phone = await e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await newPage(phone);
    await p.goto(url('/'));
    await p.getByRole('link', { name: /बीज पंजीकरण/ }).waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('hi');
    await expect(p.getByText('नया').count()).resolves.toBe(1);
    await screenshot(p, 'shell-home-phone-hi', { fullPage: false });
    await p.getByTestId('language-switch').click();
    await p.getByRole('link', { name: /Seeds Registration/ }).waitFor();
    await expect(p.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    // The choice is kept for the next page opened (pages opened with a stored language: crop-names.e2e.test.ts).
    await expect(p.evaluate(() => localStorage.getItem('lang'))).resolves.toBe('en');
    await expect(p.getByText('New', { exact: true }).count()).resolves.toBe(1);
    for (const name of ['Home', 'About', 'Login']) await p.getByRole('link', { name, exact: true }).waitFor();
    await p.getByRole('link', { name: 'Login', exact: true }).click();
    await p.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(p, 'shell-login-phone', { fullPage: false });
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('threw no errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
