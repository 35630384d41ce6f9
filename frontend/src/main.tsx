// Before anything that may build a zod schema: no eval under the site's CSP.
import './lib/zod-no-eval';
// Self-hosted fonts: Latin and Devanagari, regular and semibold only, woff2 with unicode-range subsets.
import './styles/fonts.css';
import './styles/global.css';
import { i18nReady, startLanguage } from './lib/i18n';
import { startPublicPage } from './startup';

/**
 * A small entry: it starts, side by side, the messages of the visitor's language, the code and first API
 * calls of the public page being opened (startup.ts), and the app itself (render.tsx, which index.html
 * already preloads), then renders when all are in. docs/decisions/0011-public-bundle.md.
 */
// The first view in the HTML of / and /registration (first-views.ts) is in the language the site read from the
// cookie; if the visitor's choice says otherwise, the app's own first render comes instead.
const view = document.querySelector<HTMLElement>('#root > .first-view');
if (view && view.lang != startLanguage) view.remove();

const { pathname } = window.location;
const page = startPublicPage(pathname);
void Promise.all([import('./render'), i18nReady.catch((e: unknown) => console.error('messages could not be loaded', e)), page])
  .then(([app]) => app.renderApp(pathname))
  .catch((e: unknown) => console.error('the app could not start', e));
