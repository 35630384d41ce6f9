import { useEffect, useState } from 'react';

/** Whether the browser has a network now, as it says (Playwright's setOffline and a cut cable both show here). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Registers the staff service worker and has it keep the app shell and every file this page runs on. */
export async function keepForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/staff-sw.js');
  const reg = await navigator.serviceWorker.ready;
  const files = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.startsWith('/assets/'));
  const scripts = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')]
    .map((el) => new URL((el as HTMLScriptElement).src || (el as HTMLLinkElement).href, location.href))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
    .map((u) => u.pathname);
  const worker = reg.active ?? reg.waiting ?? reg.installing;
  await new Promise<void>((resolve) => {
    const done = (e: MessageEvent) => {
      if (e.data?.type === 'kept' || e.data?.type === 'keep-failed') {
        navigator.serviceWorker.removeEventListener('message', done);
        resolve();
      }
    };
    navigator.serviceWorker.addEventListener('message', done);
    worker?.postMessage({ type: 'keep', urls: [...new Set([...files, ...scripts])] });
    if (!worker) resolve();
  });
}
