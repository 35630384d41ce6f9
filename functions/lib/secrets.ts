import { env } from './env';

/**
 * Secrets come from the environment locally and from AWS Secrets Manager in the cloud (the stack passes
 * the ARN). Fetched once per cold start.
 */
const cache = new Map<string, Promise<string>>();

async function fromSecretsManager(arn: string): Promise<string> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region: env().AWS_REGION });
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
