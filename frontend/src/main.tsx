// Self-hosted fonts: Latin and Devanagari, regular and semibold only, woff2 with unicode-range subsets.
import './styles/fonts.css';
import './styles/global.css';
import { i18nReady } from './lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './router';

// The page's screen and the messages of its language are fetched side by side; the first render waits for
// both, so that it shows the page at once (a screen that failed to load shows the error screen). The first
// render is a transition: React works in short slices, so a slow phone's main thread is never blocked long.
const screen = preloadRoute(window.location.pathname);
void Promise.all([i18nReady.catch((e: unknown) => console.error('messages could not be loaded', e)), screen]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
