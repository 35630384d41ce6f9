import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { boundedRunner, RunnerFullError } from './bounded-concurrency';
import { AppError } from './errors';

/**
 * Passwords are hashed with scrypt (memory-hard, built into Node). Stored as
 * scrypt$N$r$p$salt$hash so parameters can be raised later without breaking old hashes.
 */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * How many hashes may run at once in one process, and how many may wait. scrypt runs on Node's libuv thread
 * pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), the same pool that serves DNS lookups, file reads
 * and the AWS SDK's crypto. Unbounded, a burst of sign-ins fills all four threads for seconds and every other
 * request (DynamoDB calls, S3 presigning) waits behind it. Two running leave two threads free; a short queue
 * absorbs a normal morning's sign-ins; anything beyond is refused at once with 429 before any hashing.
 */
export const PASSWORD_HASHING = { running: 2, waiting: 6, retryAfterSeconds: 2 } as const;

const hashing = boundedRunner(PASSWORD_HASHING);

/** 429 for a password check refused because too many are running; nothing was checked. */
export class PasswordHashingBusy extends AppError {
  constructor() {
    super('TOO_MANY_REQUESTS', 'The server is busy checking passwords. Please try again in a few seconds.', {
      retryAfterSeconds: PASSWORD_HASHING.retryAfterSeconds,
    });
  }
}

function scryptUnbounded(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEYLEN, { N: n, r, p, maxmem: 128 * n * r * 2 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

async function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  try {
    return await hashing.run(() => scryptUnbounded(password, salt, n, r, p));
  } catch (e) {
    if (e instanceof RunnerFullError) throw new PasswordHashingBusy();
    throw e;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown emails are not told apart by timing.
    await scrypt(password, Buffer.alloc(16), N, R, P);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
