import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { aadhaarKey } from './secrets';

/**
 * Aadhaar numbers are never stored in clear. Each is kept as:
 *  - aadhaarEnc:   AES-256-GCM ciphertext (v1.<iv>.<ciphertext>.<tag>, base64url), for staff who need the number;
 *  - aadhaarHash:  HMAC-SHA256 under a separate key, for exact lookup and duplicate checks;
 *  - aadhaarLast4: the last four digits, for display (XXXX-XXXX-1234).
 * Both keys are derived (HKDF) from one secret: AADHAAR_KEY locally, Secrets Manager in the cloud.
 */
export interface SealedAadhaar {
  aadhaarEnc: string;
  aadhaarHash: string;
  aadhaarLast4: string;
}

let keys: Promise<{ enc: Buffer; mac: Buffer }> | undefined;

function derivedKeys() {
  keys ??= aadhaarKey().then((secret) => {
    const ikm = Buffer.from(secret, 'utf8');
    const salt = Buffer.from('seed-portal/aadhaar');
    return {
      enc: Buffer.from(hkdfSync('sha256', ikm, salt, 'aadhaar-encryption-v1', 32)),
      mac: Buffer.from(hkdfSync('sha256', ikm, salt, 'aadhaar-lookup-v1', 32)),
    };
  });
  keys.catch(() => (keys = undefined));
  return keys;
}

export function normalizeAadhaar(input: string): string {
  return input.replace(/\D/g, '');
}

export async function aadhaarHash(aadhaar: string): Promise<string> {
  const { mac } = await derivedKeys();
  return createHmac('sha256', mac).update(normalizeAadhaar(aadhaar)).digest('base64url');
}

export async function sealAadhaar(aadhaar: string): Promise<SealedAadhaar> {
  const digits = normalizeAadhaar(aadhaar);
  if (!/^\d{12}$/.test(digits)) throw new Error('sealAadhaar expects 12 digits');
  const { enc } = await derivedKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  const ct = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return {
    aadhaarEnc: ['v1', iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join('.'),
    aadhaarHash: await aadhaarHash(digits),
    aadhaarLast4: digits.slice(-4),
  };
}

export async function openAadhaar(sealed: string): Promise<string> {
  const [v, iv, ct, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !ct || !tag) throw new Error('Unknown Aadhaar ciphertext format');
  const { enc } = await derivedKeys();
  const decipher = createDecipheriv('aes-256-gcm', enc, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Tests switch keys between files. */
export function forgetAadhaarKeys(): void {
  keys = undefined;
}
