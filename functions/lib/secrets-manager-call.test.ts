import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { aadhaarKey, forgetSecrets, jwtKeys } from './secrets';

/**
 * GetSecretValue as the functions send it (a signed fetch, functions/lib/signed-fetch.ts), against a local
 * stand-in that checks each request's Signature Version 4 with the SDK's own signer.
 */
const JWT_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:JwtSigningKey-abc';
const KEY_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:AadhaarKey-def';
const credentials = {
  accessKeyId: 'ASIATESTTESTTEST0000',
  secretAccessKey: 'test-secret-key',
  sessionToken: 'test-session-token',
};
const verifier = new SignatureV4({
  service: 'secretsmanager',
  region: 'ap-south-1',
  credentials,
  sha256: Sha256,
  applyChecksum: false,
});

interface Seen {
  target?: string;
  body: { SecretId?: string; VersionStage?: string };
  signatureOk: boolean;
  securityToken?: string;
}
const seen: Seen[] = [];
let values: Record<string, string | undefined> = {};
let failWith: { status: number; type: string } | undefined;

async function signatureMatches(req: IncomingMessage, body: string): Promise<boolean> {
  const auth = String(req.headers.authorization ?? '');
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1].split(';') ?? [];
  const headers: Record<string, string> = {};
  for (const h of signedHeaders) headers[h] = String(req.headers[h] ?? '');
  const date = String(req.headers['x-amz-date']);
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const again = await verifier.sign(
    { method: req.method!, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, headers, body },
    {
      signingDate: new Date(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 11)}:${date.slice(11, 13)}:${date.slice(13)}`,
      ),
    },
  );
  return String(again.headers.authorization) === auth;
}

const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    void signatureMatches(req, text).then((signatureOk) => {
      const body = JSON.parse(text) as Seen['body'];
      seen.push({
        target: req.headers['x-amz-target'] as string,
        body,
        signatureOk,
        securityToken: req.headers['x-amz-security-token'] as string,
      });
      const value = values[`${body.SecretId} ${body.VersionStage}`];
      if (failWith) {
        res.writeHead(failWith.status, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(JSON.stringify({ __type: failWith.type, message: 'refused' }));
      }
      if (value === undefined) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(
          JSON.stringify({
            __type: 'ResourceNotFoundException',
            message: "Secrets Manager can't find the specified secret value",
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN: body.SecretId, SecretString: value, VersionStages: [body.VersionStage] }));
    });
  });
});

const saved = { ...process.env };
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    TABLE_NAME: 'secrets-test',
    LOG_LEVEL: 'silent',
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_SESSION_TOKEN: credentials.sessionToken,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    JWT_SECRET_ARN: JWT_ARN,
    AADHAAR_KEY_ARN: KEY_ARN,
  });
  delete process.env.JWT_SECRET;
  delete process.env.AADHAAR_KEY;
  resetEnvCache();
});
beforeEach(() => {
  seen.length = 0;
  values = {};
  failWith = undefined;
  forgetSecrets();
});
afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  forgetSecrets();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('GetSecretValue through a signed fetch', () => {
  it('reads both stages of a rotated key, signed with the role credentials and their session token', async () => {
    values = { [`${JWT_ARN} AWSCURRENT`]: 'new-key', [`${JWT_ARN} AWSPREVIOUS`]: 'old-key' };
    expect(await jwtKeys()).toEqual({ current: 'new-key', previous: 'old-key' });
    expect(seen.map((s) => s.body.VersionStage).sort()).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
    for (const s of seen) {
      expect(s).toMatchObject({
        target: 'secretsmanager.GetSecretValue',
        signatureOk: true,
        securityToken: credentials.sessionToken,
      });
      expect(s.body.SecretId).toBe(JWT_ARN);
    }
  });

  it('takes a secret never rotated (no AWSPREVIOUS stage) as the current value alone', async () => {
    values = { [`${JWT_ARN} AWSCURRENT`]: 'only-key' };
    expect(await jwtKeys()).toEqual({ current: 'only-key' });
  });

  it('reads the Aadhaar key once, in its current stage only', async () => {
    values = { [`${KEY_ARN} AWSCURRENT`]: 'aadhaar-key' };
    expect(await aadhaarKey()).toBe('aadhaar-key');
    expect(await aadhaarKey()).toBe('aadhaar-key');
    expect(seen.map((s) => s.body.VersionStage)).toEqual(['AWSCURRENT']);
  });

  it('fails with the service error when the current stage is missing or access is denied', async () => {
    await expect(jwtKeys()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    forgetSecrets();
    failWith = { status: 400, type: 'com.amazonaws.secretsmanager#AccessDeniedException' };
    await expect(jwtKeys()).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
  });
});
