import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * The AWS credentials of a function running in AWS Lambda, in place of the SDK's default provider chain.
 *
 * Used only in the Lambda bundles: `AREA_BUNDLING` (infra/bundling.ts) aliases `@aws-sdk/credential-provider-node`
 * to this file, which functions/lib/signed-fetch.ts imports. Tests and the local stand-in run the handlers
 * through tsx and keep the SDK's own chain.
 *
 * Why: the real chain tries the environment, SSO, the shared ini files (with STS assume-role and sign-in),
 * credential processes, web identity tokens and the container or instance metadata endpoints, and brings the
 * STS, SSO and sign-in clients with it: about 100 KB of a bundle. In Lambda the runtime sets the execution
 * role's credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so only
 * the first link is ever used there. No SDK package is used here either (the SDK's `fromEnv` and `fromHttp`
 * drew in its HTTP handler and configuration code, about 20 KB; docs/decisions/0046-signing-without-the-sdk.md).
 *
 * What this provides:
 * 1. the environment, which is how Lambda hands over the role's credentials (with AWS_CREDENTIAL_EXPIRATION
 *    when set);
 * 2. otherwise the container credentials endpoint (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI on 169.254.170.2, or
 *    _FULL_URI, which must be HTTPS, loopback or a container host; the token from
 *    AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE or _TOKEN), the other way Lambda delivers them (SnapStart), tried
 *    three times with a one-second limit each, as the SDK's `fromHttp`;
 * 3. otherwise an error that says the bundle expects to run in Lambda.
 * Credentials are kept until less than five minutes before their expiration, as the SDK keeps them.
 *
 * An SDK client bundled with this alias would import `defaultProvider` from it: a missing export fails the build.
 */

export interface LambdaCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** What the SDK passes to a default provider (the client's configuration); nothing of it is needed. */
export type DefaultProviderInit = Record<string, unknown>;

const REFRESH_BEFORE_MS = 5 * 60_000;
const CONTAINER_HOSTS = new Set(['169.254.170.2', '169.254.170.23', '[fd00:ec2::23]', 'localhost', '[::1]']);

function fromEnvironment(): LambdaCredentials {
  const e = process.env;
  return {
    accessKeyId: e.AWS_ACCESS_KEY_ID!,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY!,
    ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
    ...(e.AWS_CREDENTIAL_EXPIRATION ? { expiration: new Date(e.AWS_CREDENTIAL_EXPIRATION) } : {}),
  };
}

function containerUrl(): URL {
  const e = process.env;
  const url = new URL(
    e.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI
      ? `http://169.254.170.2${e.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI}`
      : e.AWS_CONTAINER_CREDENTIALS_FULL_URI!,
  );
  const loopback = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !loopback && !CONTAINER_HOSTS.has(url.hostname))
    throw new Error('Container credentials URL not accepted: it must be HTTPS, loopback or a container host.');
  return url;
}

function getJson(url: URL, headers: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { headers, timeout: 1000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`container credentials endpoint answered ${res.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>);
        } catch (e) {
          reject(e as Error);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('container credentials endpoint timed out')));
    req.on('error', reject);
    req.end();
  });
}

async function fromContainer(): Promise<LambdaCredentials> {
  const e = process.env;
  const url = containerUrl();
  const token = e.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE
    ? (await readFile(e.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE, 'utf8')).toString()
    : e.AWS_CONTAINER_AUTHORIZATION_TOKEN;
  if (token?.includes('\r\n')) throw new Error('Container authorization token contains a line break.');
  for (let attempt = 1; ; attempt++) {
    try {
      const c = await getJson(url, token ? { Authorization: token } : {});
      if (!c.AccessKeyId || !c.SecretAccessKey) throw new Error('container credentials endpoint gave no key');
      return {
        accessKeyId: c.AccessKeyId,
        secretAccessKey: c.SecretAccessKey,
        ...(c.Token ? { sessionToken: c.Token } : {}),
        ...(c.Expiration ? { expiration: new Date(c.Expiration) } : {}),
      };
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

export function defaultProvider(_init: DefaultProviderInit = {}): () => Promise<LambdaCredentials> {
  let kept: Promise<LambdaCredentials> | undefined;
  const fresh = (c: LambdaCredentials) => !c.expiration || c.expiration.getTime() - Date.now() > REFRESH_BEFORE_MS;
  const resolve = async (): Promise<LambdaCredentials> => {
    const e = process.env;
    if (e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY) return fromEnvironment();
    if (e.AWS_CONTAINER_CREDENTIALS_FULL_URI || e.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI) return fromContainer();
    throw new Error(
      'No AWS credentials: neither AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY nor a container credentials endpoint is set. ' +
        'This bundle is built for AWS Lambda (functions/lib/lambda-credentials.ts).',
    );
  };
  return async () => {
    const seen = kept;
    if (seen) {
      const c = await seen.catch(() => undefined);
      if (c && fresh(c)) return c;
    }
    // One refresh for callers that found the same credentials stale or failed.
    if (kept === seen) kept = resolve();
    return kept!;
  };
}
