import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from './env';

/**
 * Secrets come from the environment locally and from AWS Secrets Manager in the cloud (the stack passes
 * the ARN).
 *
 * The Aadhaar key is fetched once per cold start (it is never rotated in place). The keys that are rotated (the
 * JWT signing key, the origin-verification value) are read in both stages, AWSCURRENT and AWSPREVIOUS, and read
 * again after ROTATION_PICKUP_MS, so a `put-secret-value` reaches every running instance within that time and
 * the value it replaced is still accepted meanwhile (docs/deployment.md, "Rotating the secrets").
 *
 * The client is imported statically: a dynamic import() makes esbuild keep the whole client (every command
 * and schema) and wrap the modules it reaches in lazy initialisers; static, only GetSecretValue is kept.
 */
export const ROTATION_PICKUP_MS = 5 * 60_000;

type Stage = 'AWSCURRENT' | 'AWSPREVIOUS';
/** Reads one stage of a secret; undefined when the secret has no such stage (never rotated). */
export type SecretSource = (arn: string, stage: Stage) => Promise<string | undefined>;

/** One client for all secrets of the process. */
let client: SecretsManagerClient | undefined;

const fromSecretsManager: SecretSource = async (arn, stage) => {
  client ??= new SecretsManagerClient({ region: env().AWS_REGION });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn, VersionStage: stage }));
    if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
    return out.SecretString;
  } catch (e) {
    if (stage === 'AWSPREVIOUS' && e instanceof ResourceNotFoundException) return undefined;
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
