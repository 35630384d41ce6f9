/*
 * The staff service worker (docs/decisions/0048-offline-counter.md): it keeps the staff app's shell and the files
 * the offline counter loaded, so that the offline counter (/admin/today?mode=offline) opens and works without a network. It answers only
 * staff routes (/admin/...) and the app's hashed files (/assets/...): every public page, the QR pages and every
 * API call go to the network exactly as without it.
 */
const CACHE = 'staff-shell-v1';
const SHELL = '/admin/today';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page names the files it runs on ("Prepare for offline"): they are kept, with the shell. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'keep') return;
  const urls = [SHELL, ...(Array.isArray(data.urls) ? data.urls : [])].filter(
    (u) => typeof u === 'string' && (u === SHELL || u.startsWith('/assets/')),
  );
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...new Set(urls)]))
      .then(() => event.source && event.source.postMessage({ type: 'kept', count: urls.length }))
      .catch((e) => event.source && event.source.postMessage({ type: 'keep-failed', message: String(e) })),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith('/admin/')) {
    // The network first (a new build, a signed-out state); the kept shell when there is none.
    event.respondWith(fetch(req).catch(() => caches.match(SHELL)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names: a kept copy is the very file the network would give. Nothing is kept here on the way
    // (only "Prepare for offline" keeps files), so the public pages load as they do without this worker.
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
  }
});
