import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runSmokeChecks } from '@infra/smoke/checks';
import { useTestApi } from '../support/integration';

/** The deployment's smoke test, run against the local stand-in of the stack. */
const { api } = useTestApi();

/** An address where nothing answers: taken and released, so the connection is refused. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('smoke test of a deployment', () => {
  it('passes on a working site whose execute-api address is closed, with a sign-in', async () => {
    const checks = await runSmokeChecks({
      site: api.url,
      executeApiUrl: await closedAddress(),
      email: api.adminEmail,
      password: api.adminPassword,
    });
    expect(checks.map((c) => [c.name, c.ok, c.detail]).filter(([, ok]) => !ok)).toEqual([]);
    expect(checks).toHaveLength(6);
  });

  it('fails when the execute-api address answers, and when the password is wrong', async () => {
    const checks = await runSmokeChecks({
      site: api.url,
      executeApiUrl: api.url,
      email: api.adminEmail,
      password: 'not-the-password',
    });
    const failed = checks.filter((c) => !c.ok).map((c) => c.detail);
    expect(failed).toEqual([expect.stringContaining('sign-in answered 401'), expect.stringContaining('the endpoint is open')]);
  });

  it('fails every check when the site is not there', async () => {
    const checks = await runSmokeChecks({ site: await closedAddress(), timeoutMs: 5_000 });
    expect(checks.length).toBeGreaterThan(3);
    expect(checks.every((c) => !c.ok)).toBe(true);
  });
});
