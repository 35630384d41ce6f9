import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@shared/roles';
import { startTestApi, type TestApi } from './api';

type StartOptions = NonNullable<Parameters<typeof startTestApi>[0]>;

/**
 * startTestApi() for one test file: started in beforeAll (a fresh table, the gateway on a free port), closed in
 * afterAll, with a bearer token for each role named, made once it has started.
 *
 *   const { api, tokens } = useTestApi('admin', 'seller');
 *   it('…', async () => { await api.call('GET', '/api/crops', { token: tokens.seller }) });
 *
 * Options of startTestApi (e.g. `{ staticDir }`) go first: `useTestApi({ staticDir }, 'admin')`.
 */
export function useTestApi<R extends Role>(...roles: R[]): { api: TestApi; tokens: Record<R, string> };
export function useTestApi<R extends Role>(options: StartOptions, ...roles: R[]): { api: TestApi; tokens: Record<R, string> };
export function useTestApi<R extends Role>(...args: [StartOptions, ...R[]] | R[]): { api: TestApi; tokens: Record<R, string> } {
  const [options, roles] = typeof args[0] === 'object' ? [args[0], args.slice(1) as R[]] : [{}, args as R[]];
  let running: TestApi | undefined;
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    running = await startTestApi(options);
    for (const role of roles) tokens[role] = await running.tokenFor(role);
  });
  afterAll(() => running?.close());
  const api = new Proxy({} as TestApi, {
    get(_, prop) {
      if (!running) throw new Error('the test API is used before beforeAll started it');
      return Reflect.get(running, prop);
    },
  });
  return { api, tokens };
}
