import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProvider } from './lambda-credentials';

/** The stand-in for the SDK's default credential chain in the Lambda bundles (see the module's comment). */

const VARS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_CREDENTIAL_EXPIRATION',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE',
] as const;
let saved: Record<string, string | undefined>;

beforeEach(() => {
  saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
  for (const k of VARS) delete process.env[k];
});
afterEach(() => {
  for (const k of VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('Lambda credentials', () => {
  it('takes the execution role credentials from the environment and keeps them', async () => {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'ASIAUNITTESTKEY00001',
      AWS_SECRET_ACCESS_KEY: 'unit-secret',
      AWS_SESSION_TOKEN: 'unit-session-token',
    });
    const provider = defaultProvider({});
    const first = await provider();
    expect(first).toMatchObject({
      accessKeyId: 'ASIAUNITTESTKEY00001',
      secretAccessKey: 'unit-secret',
      sessionToken: 'unit-session-token',
    });
    process.env.AWS_ACCESS_KEY_ID = 'ASIACHANGEDKEY000001';
    expect((await provider()).accessKeyId).toBe('ASIAUNITTESTKEY00001');
  });

  it('falls back to the container credentials endpoint, sending its authorization token', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const expiration = new Date(Date.now() + 3_600_000).toISOString();
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ AccessKeyId: 'ASIACONTAINERKEY0001', SecretAccessKey: 's', Token: 't', Expiration: expiration }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = `http://127.0.0.1:${port}/2021-04-23/credentials`;
      process.env.AWS_CONTAINER_AUTHORIZATION_TOKEN = 'unit-container-token';
      const provider = defaultProvider({});
      const creds = await provider();
      expect(creds).toMatchObject({ accessKeyId: 'ASIACONTAINERKEY0001', secretAccessKey: 's', sessionToken: 't' });
      expect(creds.expiration?.toISOString()).toBe(expiration);
      expect(seen[0].authorization).toBe('unit-container-token');
      await provider();
      expect(seen).toHaveLength(1); // an hour away from expiry: kept, not fetched again
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('says so when there are no credentials to be had', async () => {
    await expect(defaultProvider({})()).rejects.toThrow(/No AWS credentials.*built for AWS Lambda/);
  });
});
