import type { ComponentType } from 'react';
import { prefetch } from './lib/api';
import { registerPageLoader } from './lib/page-preload';
import { paths } from './paths';

/**
 * The public pages as people open them from a link or a QR code: which code each needs and the GETs it makes
 * first. main.tsx starts both for the page being opened as soon as this small entry has run, side by side
 * with the app's own code (React, MUI, the router: render.tsx) and the messages, instead of after them. The
 * router (router.tsx) loads the same modules, so a page's code is fetched once.
 */
type PageModule = { default: ComponentType };

export interface PublicPage {
  load: () => Promise<PageModule>;
  /** Starts the API GETs the page makes on arrival (lib/api.ts prefetch; the page's own call takes the reply). */
  data: (params: Record<string, string>) => void;
}

export const publicPages = {
  home: { load: () => import('./features/home/HomePage'), data: () => prefetch('GET /api/home/summary') },
  about: { load: () => import('./features/home/AboutPage'), data: () => prefetch('GET /api/home/summary') },
  registration: {
    // The notice above the consent box and the form's own texts come with the form, never after it
    // (features/registration/notice.ts, lib/i18n/parts.ts FORM_KEYS).
    load: () => import('./features/registration/RegistrationPage').then((m) => m.formReady().then(() => m)),
    // Its switch, crops and notice come in the form's own page, drawn by the server (features/registration/takeover.ts).
    data: () => undefined,
  },
  lot: {
    load: () => import('./features/public-lot/PublicLotPage'),
    data: (p) => prefetch('GET /api/lots/by-code/{code}', { params: { code: p.code ?? '' } }),
  },
  appointment: {
    load: () => import('./features/appointment/AppointmentLetterPage'),
    data: (p) => prefetch('GET /svsregistration/AppointmentList/{code}', { params: { code: p.uniqueCode ?? '' } }),
  },
  bill: {
    load: () => import('./features/bill-view/BillViewPage'),
    // The bill's token from the QR code's address goes with it (the page asks the same way: ?t=).
    data: (p) =>
      prefetch('GET /api/invoices/by-number/{number}', {
        params: { number: p.number ?? '' },
        query: { t: new URLSearchParams(window.location.search).get('t') ?? undefined },
      }),
  },
  creditNote: {
    load: () => import('./features/credit-note/CreditNotePage'),
    // The page asks for the note itself: a prefetch here would weigh on every public page's budget.
    data: () => undefined,
  },
} satisfies Record<string, PublicPage>;

for (const [name, page] of Object.entries(publicPages)) registerPageLoader(name, page.load);

const PATTERNS: [string, keyof typeof publicPages][] = [
  [paths.home, 'home'],
  [paths.about, 'about'],
  [paths.registration, 'registration'],
  [paths.lot, 'lot'],
  [paths.appointment, 'appointment'],
  [paths.misspeltAppointment, 'appointment'],
  [paths.bill, 'bill'],
  [paths.creditNote, 'creditNote'],
];

/** The parameters of `pathname` under a route pattern ('/lot/:code'), or null. */
function match(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  if (!m) return null;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  } catch {
    return null; // a malformed address: the router decides
  }
}

/** For a public page being opened: starts its GETs and fetches its code; resolves (never rejects) once the code is in. */
export function startPublicPage(pathname: string): Promise<unknown> {
  for (const [pattern, id] of PATTERNS) {
    const params = match(pattern, pathname);
    if (!params) continue;
    const page: PublicPage = publicPages[id];
    page.data(params);
    return page.load().catch(() => undefined);
  }
  return Promise.resolve();
}
