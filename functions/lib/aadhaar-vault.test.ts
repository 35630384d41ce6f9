import { beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { forgetSecrets } from './secrets';
import { aadhaarHash, forgetAadhaarKeys, openAadhaar, sealAadhaar } from './aadhaar-vault';

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit', JWT_SECRET: 'x'.repeat(40), AADHAAR_KEY: 'unit-test-aadhaar-key' });
  resetEnvCache();
  forgetSecrets();
  forgetAadhaarKeys();
});

describe('Aadhaar vault', () => {
  it('keeps no digits in clear and opens what it sealed', async () => {
    const sealed = await sealAadhaar('2345 6789 0123');
    expect(sealed.aadhaarLast4).toBe('0123');
    expect(sealed.aadhaarEnc).not.toMatch(/234567890123/);
    expect(sealed.aadhaarHash).not.toMatch(/234567890123/);
    expect(await openAadhaar(sealed.aadhaarEnc)).toBe('234567890123');
  });

  it('encrypts the same number differently each time but hashes it the same', async () => {
    const a = await sealAadhaar('234567890123');
    const b = await sealAadhaar('234567890123');
    expect(a.aadhaarEnc).not.toBe(b.aadhaarEnc);
    expect(a.aadhaarHash).toBe(b.aadhaarHash);
    expect(await aadhaarHash('2345-6789-0123')).toBe(a.aadhaarHash);
  });

  it('hashes differently under another key', async () => {
    const a = await sealAadhaar('234567890123');
    process.env.AADHAAR_KEY = 'another-key';
    resetEnvCache();
    forgetSecrets();
    forgetAadhaarKeys();
    expect(await aadhaarHash('234567890123')).not.toBe(a.aadhaarHash);
    await expect(openAadhaar(a.aadhaarEnc)).rejects.toThrow();
  });

  it('refuses tampered ciphertext', async () => {
    const a = await sealAadhaar('234567890123');
    const parts = a.aadhaarEnc.split('.');
    parts[2] = Buffer.from('999999999999').toString('base64url');
    await expect(openAadhaar(parts.join('.'))).rejects.toThrow();
  });

  it('refuses input that is not 12 digits', async () => {
    await expect(sealAadhaar('12345')).rejects.toThrow();
  });
});
