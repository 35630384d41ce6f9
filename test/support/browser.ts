import { expect, inject } from 'vitest';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page, type Request } from 'playwright-core';
import { recordLeaks } from './aadhaar-sweep';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/**
 * The run's headless Chromium (started by test/setup/global-setup.ts), driven by playwright-core. Closing what
 * this returns closes the contexts the file opened and disconnects; the browser goes on for the other files.
 */
export async function connectBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint) throw new Error(`the run's Chromium (${CHROMIUM_PATH}) could not be started: ${inject('browserError')}`);
  const browser = await chromium.connect(endpoint);
  watchRequestedUrls(browser);
  return browser;
}

/**
 * A Chromium of the file's own, for switches the run's browser does not have: `extraArgs`, e.g. a fake camera fed
 * from a file (the letter scan at the counter).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] });
  watchRequestedUrls(browser);
  return browser;
}

/**
 * A presigned URL's signature is random hex, which now and then starts with twelve decimal digits: not a
 * number anyone wrote, so it is left out of the sweep (the rest of the URL is still checked).
 */
const withoutSignature = (url: string) => url.replace(/([?&]X-Amz-Signature=)[0-9a-f]+/gi, '$1[signature]');

/**
 * Every URL any page of this browser requests goes through the run's privacy sweep (no Aadhaar in a URL).
 * browser.newPage() makes its context through browser.newContext(), so watching contexts covers both.
 */
function watchRequestedUrls(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const ctx: BrowserContext = await newContext(...args);
    ctx.on('request', (r) => {
      recordLeaks('browser request', withoutSignature(r.url()));
      const page = pageOf(r);
      if (page) pending.set(page, (pending.get(page) ?? 0) + 1);
    });
    const settled = (r: Request) => {
      const page = pageOf(r);
      if (page) pending.set(page, Math.max(0, (pending.get(page) ?? 1) - 1));
    };
    ctx.on('requestfinished', settled);
    ctx.on('requestfailed', settled);
    return ctx;
  };
}

/** The page a request was sent from (none for a service worker's own requests). */
function pageOf(r: Request): Page | undefined {
  try {
    return r.frame().page();
  } catch {
    return undefined;
  }
}

/** Requests each page of the run's contexts has sent and not yet had an answer to. */
const pending = new WeakMap<Page, number>();

/**
 * Waits until the page has had an answer to every request it sent, and has sent none for `quietMs`: what
 * Playwright's 'networkidle' waits for, without its fixed half second.
 */
export async function networkQuiet(page: Page, quietMs = 150): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if ((pending.get(page) ?? 0) > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { interval: 50, message: `${page.url()} still waits for an answer` },
    )
    .toBe(true);
}

/** Screenshots land in test-results/screenshots/ (git-ignored). */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return path;
}

export type Shot = (page: Page, name: string, fullPage?: boolean) => Promise<void>;

/**
 * A file's screenshots: `const shot = shotsOf('counter-day')`, then `shot(page, 'issue-dialog')` writes
 * test-results/screenshots/counter-day-issue-dialog.png once any open dialog has faded in, and copies it to
 * `$SHOTS_DIR/issue-dialog.png` when SHOTS_DIR is set (the screens gathered for a review).
 */
export function shotsOf(prefix: string, defaults: { fullPage?: boolean } = {}): Shot {
  return async (page, name, fullPage = defaults.fullPage ?? true) => {
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
        ),
      )
      .toBe(true);
    const path = await screenshot(page, `${prefix}-${name}`, { fullPage });
    const review = process.env.SHOTS_DIR;
    if (review) {
      mkdirSync(review, { recursive: true });
      copyFileSync(path, join(review, `${name}.png`));
    }
  };
}

/** Viewports the tests look at: a common laptop and a small phone. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/**
 * Collects the browser's dialogs (confirm, alert, prompt) and answers them: `answers` are taken in order
 * for prompts; confirms are accepted unless `confirm` is false.
 */
export function handleDialogs(page: Page) {
  const seen: { type: string; message: string }[] = [];
  const state = { prompts: [] as string[], confirm: true };
  page.on('dialog', (d) => {
    seen.push({ type: d.type(), message: d.message() });
    if (d.type() === 'prompt') void d.accept(state.prompts.shift() ?? '');
    else if (d.type() === 'confirm') void (state.confirm ? d.accept() : d.dismiss());
    else void d.accept();
  });
  return {
    seen,
    /** Answers for the next prompts. */
    willAnswer(...answers: string[]) {
      state.prompts.push(...answers);
    },
    setConfirm(accept: boolean) {
      state.confirm = accept;
    },
    last() {
      return seen[seen.length - 1];
    },
    clear() {
      seen.length = 0;
    },
  };
}

/**
 * Waits until `selector`'s box is within the viewport's height: parts that load above an element move it for a
 * moment before the page scrolls it back, so the check is made once the page has settled.
 */
export async function expectInView(page: Page, selector: string, viewportHeight: number, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const box = await page.locator(selector).boundingBox();
        return !!box && box.y >= 0 && box.y < viewportHeight;
      },
      { message },
    )
    .toBe(true);
}

/** A download's bytes (the run's browser is another process: its files are read through Playwright's stream). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Goes to `path` inside the app already running on `page`, as one of its own links does (the router follows the
 * history): the screen changes without a new load of the app, so a walk through several screens costs one load.
 * A screen that reads its address only when it opens (e.g. Bills' `?number=`) must be reached from another screen;
 * the caller waits for an element of the new screen (the old one can stay until the new screen's code has arrived).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
