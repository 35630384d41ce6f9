import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { farmerCodeKey } from './secrets';

/**
 * The keys of the farmers' one-time codes (docs/decisions/0043-farmer-one-time-codes.md), derived (HKDF) from one
 * secret of their own (FARMER_CODE_KEY locally, Secrets Manager in the cloud), held by the registrations function
 * and the SMS sender only:
 *  - the code's keyed hash (HMAC-SHA256 of mobile and code): all that is kept to check it;
 *  - the mobile's lookup key (HMAC-SHA256): the code's item and the mobile's registrations are found by it, so
 *    neither key holds the number;
 *  - the seal (AES-256-GCM) that carries the code from the request to the sender, removed once sent.
 */
let keys: Promise<{ code: Buffer; mobile: Buffer; seal: Buffer }> | undefined;

function derivedKeys() {
  keys ??= farmerCodeKey().then((secret) => {
    const ikm = Buffer.from(secret, 'utf8');
    const salt = Buffer.from('seed-portal/farmer-code');
    const key = (info: string) => Buffer.from(hkdfSync('sha256', ikm, salt, info, 32));
    return { code: key('farmer-code-hash-v1'), mobile: key('farmer-mobile-lookup-v1'), seal: key('farmer-code-seal-v1') };
  });
  keys.catch(() => (keys = undefined));
  return keys;
}

export async function codeHash(mobile: string, code: string): Promise<string> {
  const { code: k } = await derivedKeys();
  return createHmac('sha256', k).update(`${mobile}:${code}`).digest('base64url');
}

/** Compares two hashes in constant time (of equal length: both base64url SHA-256). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function mobileKey(mobile: string): Promise<string> {
  const { mobile: k } = await derivedKeys();
  return createHmac('sha256', k).update(mobile).digest('base64url').slice(0, 32);
}

export interface SealedCode {
  mobile: string;
  code: string;
  language: 'hi' | 'en';
}

export async function sealCode(c: SealedCode): Promise<string> {
  const { seal } = await derivedKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', seal, iv);
  const ct = Buffer.concat([cipher.update(JSON.stringify(c), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export async function openCode(sealed: string): Promise<SealedCode> {
  const [v, iv, ct, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !ct || !tag) throw new Error('Unknown sealed code format');
  const { seal } = await derivedKeys();
  const decipher = createDecipheriv('aes-256-gcm', seal, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8'));
}

/** Tests switch keys between files. */
export function forgetFarmerCodeKeys(): void {
  keys = undefined;
}
