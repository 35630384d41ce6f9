import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from './env';

/**
 * Secrets come from the environment locally and from AWS Secrets Manager in the cloud (the stack passes
 * the ARN). Fetched once per cold start.
 *
 * The client is imported statically: a dynamic import() makes esbuild keep the whole client (every command
 * and schema) and wrap the modules it reaches in lazy initialisers; static, only GetSecretValue is kept.
 */
const cache = new Map<string, Promise<string>>();
/** One client for all secrets of the process (the JWT key, and the Aadhaar key in some areas). */
let client: SecretsManagerClient | undefined;

async function fromSecretsManager(arn: string): Promise<string> {
  client ??= new SecretsManagerClient({ region: env().AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
  return out.SecretString;
}

function resolve(name: string, direct: string | undefined, arn: string | undefined): Promise<string> {
  const hit = cache.get(name);
  if (hit) return hit;
  let p: Promise<string>;
  if (direct) p = Promise.resolve(direct);
  else if (arn) p = fromSecretsManager(arn);
  else p = Promise.reject(new Error(`${name} is not configured`));
  p.catch(() => cache.delete(name));
  cache.set(name, p);
  return p;
}

export const jwtSecret = () => resolve('JWT_SECRET', env().JWT_SECRET, env().JWT_SECRET_ARN);
export const aadhaarKey = () => resolve('AADHAAR_KEY', env().AADHAAR_KEY, env().AADHAAR_KEY_ARN);

/** Tests switch keys between cases. */
export function forgetSecrets(): void {
  cache.clear();
}
