import { useEffect, useRef, useState } from 'react';
import type { PageRefusal } from '@shared/public-pages/words';
import { ApiError, errorMessage } from './api';

/** What a public page's screen has of its reply: nothing yet, the reply, or the refusal as the page words it. */
export interface PageReply<T> {
  reply?: T;
  error?: PageRefusal;
}

/**
 * The reply a public page's screen shows (the bill, the credit note, the lot), asked again whenever `key` changes
 * (the number, the token, signing in or out); a request made stale by a newer one is dropped. A refusal keeps the
 * server's message and whether it was a 404, which the page's words need (shared/public-pages/words.ts).
 */
export function usePageReply<T>(key: string, load: (signal: AbortSignal) => Promise<T>): PageReply<T> {
  const latest = useRef(load);
  latest.current = load;
  const [state, setState] = useState<PageReply<T> & { key?: string }>({});
  useEffect(() => {
    const ctl = new AbortController();
    setState({ key });
    latest.current(ctl.signal).then(
      (reply) => !ctl.signal.aborted && setState({ key, reply }),
      (e: unknown) =>
        !ctl.signal.aborted &&
        setState({ key, error: { message: errorMessage(e, ''), notFound: e instanceof ApiError && e.status === 404 } }),
    );
    return () => ctl.abort();
  }, [key]);
  return state.key === key ? state : {};
}
