import { env } from './env';
import { AwsServiceError, bodyOf, jsonServiceError, serviceEndpoint, signedFetch } from './signed-fetch';

/**
 * Secrets come from the environment locally and from AWS Secrets Manager in the cloud (the stack passes
 * the ARN).
 *
 * The Aadhaar key is fetched once per cold start (it is never rotated in place). The keys that are rotated (the
 * JWT signing key, the origin-verification value) are read in both stages, AWSCURRENT and AWSPREVIOUS, and read
 * again after ROTATION_PICKUP_MS, so a `put-secret-value` reaches every running instance within that time and
 * the value it replaced is still accepted meanwhile (docs/deployment.md, "Rotating the secrets").
 *
 * GetSecretValue is the one Secrets Manager call: a signed JSON request (functions/lib/signed-fetch.ts), not the
 * SDK client, which added its models and endpoint rules to every bundle (docs/decisions/0033).
 */
export const ROTATION_PICKUP_MS = 5 * 60_000;

type Stage = 'AWSCURRENT' | 'AWSPREVIOUS';
/** Reads one stage of a secret; undefined when the secret has no such stage (never rotated). */
export type SecretSource = (arn: string, stage: Stage) => Promise<string | undefined>;

/** One GetSecretValue call; the endpoint honours AWS_ENDPOINT_URL_SECRETS_MANAGER as the SDK does. */
async function getSecretValue(arn: string, stage: Stage): Promise<{ SecretString?: string }> {
  const region = env().AWS_REGION;
  const res = await signedFetch(
    { service: 'secretsmanager', region },
    {
      method: 'POST',
      url: new URL(`${serviceEndpoint('SECRETS_MANAGER', `secretsmanager.${region}.amazonaws.com`)}/`),
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body: JSON.stringify({ SecretId: arn, VersionStage: stage }),
    },
  );
  if (!res.ok) throw await jsonServiceError(res);
  return JSON.parse(await bodyOf(res, 'text')) as { SecretString?: string };
}

const fromSecretsManager: SecretSource = async (arn, stage) => {
  try {
    const out = await getSecretValue(arn, stage);
    if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
    return out.SecretString;
  } catch (e) {
    if (stage === 'AWSPREVIOUS' && e instanceof AwsServiceError && e.code === 'ResourceNotFoundException') return undefined;
    throw e;
  }
};

let source: SecretSource = fromSecretsManager;

/** The value to use now and, during a rotation, the one it replaced. */
export interface SecretVersions {
  current: string;
  previous?: string;
}

const cache = new Map<string, { at: number; value: Promise<SecretVersions> }>();

function resolve(name: string, direct: string | undefined, arn: string | undefined, ttlMs: number): Promise<SecretVersions> {
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value;
  let p: Promise<SecretVersions>;
  if (direct) p = Promise.resolve({ current: direct });
  else if (arn) {
    p = Promise.all([source(arn, 'AWSCURRENT'), ttlMs === Infinity ? undefined : source(arn, 'AWSPREVIOUS')]).then(
      ([current, previous]) => {
        if (current === undefined) throw new Error(`Secret ${arn} has no current value`);
        return previous === undefined || previous === current ? { current } : { current, previous };
      },
    );
  } else p = Promise.reject(new Error(`${name} is not configured`));
  p.catch(() => cache.delete(name));
  cache.set(name, { at: Date.now(), value: p });
  return p;
}

export const jwtKeys = () => resolve('JWT_SECRET', env().JWT_SECRET, env().JWT_SECRET_ARN, ROTATION_PICKUP_MS);
export const jwtSecret = async () => (await jwtKeys()).current;
export const farmerCodeKey = async () =>
  (await resolve('FARMER_CODE_KEY', env().FARMER_CODE_KEY, env().FARMER_CODE_KEY_ARN, Infinity)).current;
export const aadhaarKey = async () => (await resolve('AADHAAR_KEY', env().AADHAAR_KEY, env().AADHAAR_KEY_ARN, Infinity)).current;

/** The origin-verification values CloudFront may send: from the variable (tests) or from the secret (the cloud). */
export const originVerifyValues = (direct: string | undefined, arn: string | undefined): Promise<SecretVersions> =>
  direct ? Promise.resolve({ current: direct }) : resolve('ORIGIN_VERIFY', undefined, arn, ROTATION_PICKUP_MS);

/** Tests switch keys between cases. */
export function forgetSecrets(): void {
  cache.clear();
}

/** Tests stand in for Secrets Manager (a rotation without an AWS account). */
export function setSecretSourceForTests(s: SecretSource | undefined): void {
  source = s ?? fromSecretsManager;
  cache.clear();
}
