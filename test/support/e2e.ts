import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalStack, type RunningLocalStack } from '@infra/local/stack';
import { parseRoleString } from '@shared/roles';
import type { LoginResponse } from '@shared/schemas/auth';
import { connectBrowser } from './browser';
import { checkReply } from './reply-check';
import { openRegistrations } from './setup-done';
import { settleAfterEachTest, type StartedWork } from './started-work';

/**
 * The end-to-end harness: the whole product (gateway, built SPA from frontend/dist, its own table on the run's
 * DynamoDB Local and the run's s3rver), started before the file's tests and stopped after them, and a connection
 * to the run's headless Chromium, closed after them with every context the file opened. Needs
 * `npm run build:web` first.
 *
 *   const e2e = useE2EStack({ name: 'sales', adminEmail, adminPassword });
 *   beforeAll(async () => { await e2e.asAdmin('POST', '/api/crops', { ... }) });   // runs after the harness's
 */
export interface E2EOptions {
  /** Names the file's table and data folder (each file gets its own of both). */
  name: string;
  adminEmail: string;
  adminPassword: string;
  /**
   * The table's stream, read only when the file calls `stack.drainStreams()` (the farmer links and dashboard
   * counters of new registrations); off by default, as few files look at them.
   */
  streams?: boolean;
  /**
   * The product as a fresh install has it: registrations closed until an admin opens them. Otherwise they are
   * open, as after the first-run setup (./setup-done.ts).
   */
  fresh?: boolean;
  /** The SMS stand-in on a free port, its messages sent by the stream's consumer when drained (needs streams). */
  sms?: boolean;
}

export interface ContextOptions {
  viewport: { width: number; height: number };
  lang: 'hi' | 'en';
  /** The site's language until one is chosen on it, when not `lang` (staff sign in on the English page). */
  startIn?: 'hi' | 'en';
  phone?: boolean;
  /** How long an action or a wait may take before it fails (20 s unless given). */
  timeout?: number;
}

export interface JsonReply {
  status: number;
  json: any;
  text: string;
}

export interface E2EStack {
  readonly stack: RunningLocalStack;
  readonly browser: Browser;
  /** The gateway's address, e.g. http://localhost:40123. */
  readonly baseUrl: string;
  /** A folder of the file's own (the stack's secrets, downloads), removed after the file. */
  readonly dataDir: string;
  /** The gateway's address of `path`. */
  url(path: string): string;
  /** A JSON API call as the seeded admin (signed in on first use). */
  asAdmin(method: string, path: string, body?: unknown): Promise<JsonReply>;
  /** A page whose uncaught errors land in `pageErrors`. */
  newPage(ctx: BrowserContext): Promise<Page>;
  readonly pageErrors: string[];
  /** Fills the login page and presses 'Sign in' (the admin's credentials unless others are given). */
  submitSignIn(page: Page, email?: string, password?: string): Promise<void>;
  /**
   * A browser context as a visitor has it: this viewport (a phone's touch when `phone`, or by default below
   * 600 px), the language of the site until one is chosen on it, India's time zone.
   */
  context(o: ContextOptions): Promise<BrowserContext>;
  /**
   * A new page of `ctx` signed in as the admin (or `who`) as the login page leaves a browser: the session the
   * API's sign-in answers is in the tab's storage before the app starts on the page's first address. The login
   * page itself is walked by the tests of signing in (admin-shell); every other test starts on its own screen.
   */
  signedInPage(ctx: BrowserContext, who?: { email: string; password: string }): Promise<Page>;
  /** `signedInPage`, opened at `path`. */
  adminPage(ctx: BrowserContext, path: string, who?: { email: string; password: string }): Promise<Page>;
  /** Requests a test starts outside the browser; each test's end waits for them. */
  readonly work: StartedWork;
}

/** Starts the stack and the browser in beforeAll and stops both in afterAll; call at the top of a test file. */
export function useE2EStack(o: E2EOptions): E2EStack {
  let stack: RunningLocalStack | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let adminToken: Promise<string> | undefined;
  const sessions = new Map<string, Promise<{ token: string; user: string }>>();
  const pageErrors: string[] = [];
  const work = settleAfterEachTest();
  const started = <T>(what: string, value: T | undefined): T => {
    if (value === undefined) throw new Error(`the end-to-end ${what} is used before beforeAll started it`);
    return value;
  };
  const url = (path: string) => `${started('stack', stack).url}${path}`;

  const call = async (method: string, path: string, body: unknown, token?: string): Promise<JsonReply> => {
    const res = await fetch(url(path), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    checkReply(method, path, res.status, res.headers.get('content-type'), json);
    return { status: res.status, json, text };
  };
  const signInAsAdmin = async () => {
    const login = await call('POST', '/auth/login', { email: o.adminEmail, password: o.adminPassword });
    if (login.status !== 200) throw new Error(`the admin could not sign in: ${login.status} ${login.text}`);
    return login.json.token as string;
  };

  /** What the login page stores for `who` (frontend/src/lib/session.ts), from one API sign-in per file and user. */
  const sessionOf = (who: { email: string; password: string }) => {
    let session = sessions.get(who.email);
    if (!session) {
      session = call('POST', '/auth/login', who).then((r) => {
        if (r.status !== 200) throw new Error(`${who.email} could not sign in: ${r.status} ${r.text}`);
        const { token, name, email, role } = r.json as LoginResponse;
        return { token, user: JSON.stringify({ name, email, roles: parseRoleString(role) }) };
      });
      sessions.set(who.email, session);
    }
    return session;
  };

  const newPage = async (ctx: BrowserContext) => {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    return page;
  };
  const signedInPage = async (ctx: BrowserContext, who = { email: o.adminEmail, password: o.adminPassword }) => {
    const session = await sessionOf(who);
    const page = await newPage(ctx);
    // Once per tab (its sessionStorage): a later sign-out or sign-in on the page holds across its reloads.
    await page.addInitScript((s) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', s.user);
    }, session);
    return page;
  };
  const submitSignIn = async (page: Page, email = o.adminEmail, password = o.adminPassword) => {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `seed-e2e-${o.name}-`));
    process.env.LOG_LEVEL ??= 'silent';
    [stack, browser] = await Promise.all([
      startLocalStack({
        port: 0,
        dataDir,
        dynamoPort: 0,
        s3Port: 0,
        dynamoEndpoint: inject('dynamoEndpoint'),
        s3Endpoint: inject('s3Endpoint'),
        uploadsBucket: inject('uploadsBucket'),
        tableName: `e2e-${o.name}-${randomUUID()}`,
        staticDir: 'frontend/dist',
        adminEmail: o.adminEmail,
        adminPassword: o.adminPassword,
        stream: o.streams ? 'drain' : 'off',
        ...(o.sms ? { smsPort: 0, smsJobs: false } : {}),
      }),
      connectBrowser(),
    ]);
    if (!o.fresh) await openRegistrations();
  });

  afterAll(async () => {
    await work.settled();
    await browser?.close();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get stack() {
      return started('stack', stack);
    },
    get browser() {
      return started('browser', browser);
    },
    get dataDir() {
      return started('data folder', dataDir);
    },
    get baseUrl() {
      return started('stack', stack).url;
    },
    url,
    async asAdmin(method, path, body) {
      adminToken ??= signInAsAdmin();
      return call(method, path, body, await adminToken);
    },
    newPage,
    pageErrors,
    submitSignIn,
    async context(c) {
      const phone = c.phone ?? c.viewport.width < 600;
      const ctx = await started('browser', browser).newContext({
        viewport: c.viewport,
        locale: c.lang === 'en' ? 'en-IN' : 'hi-IN',
        timezoneId: 'Asia/Kolkata',
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });
      ctx.setDefaultTimeout(c.timeout ?? 20_000);
      // The first page opens in this language; a choice made on the site holds from then on, as for a visitor.
      await ctx.addInitScript((lang) => {
        if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
      }, c.startIn ?? c.lang);
      return ctx;
    },
    signedInPage,
    async adminPage(ctx, path, who) {
      const page = await signedInPage(ctx, who);
      await page.goto(url(path));
      return page;
    },
    work,
  };
}
