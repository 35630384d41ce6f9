/**
 * The Chromium the end-to-end tests and bench/lighthouse.ts start: Debian's /usr/bin/chromium (Playwright's own
 * browser download does not work here; CHROMIUM_PATH to change), headless, without the background traffic of a
 * desktop browser (updates, sync, first-run pages) that would add requests to what is measured or checked.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  ...(process.env.EXTRA_CHROMIUM_FLAGS?.split(' ').filter(Boolean) ?? []),
];
