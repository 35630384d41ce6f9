import { QueryClient } from '@tanstack/react-query';

/**
 * The server state of the staff screens. A screen asks the server exactly as often as it always did: once
 * when it opens or its filters change, again on Refresh or after its own saves; no retries, no refetch on
 * focus or reconnect, nothing kept once a screen is left (opening it again shows "Loading…" and asks anew).
 */
export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        gcTime: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
