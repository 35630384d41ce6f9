import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { OtpPurpose } from '@shared/schemas/farmer-otp';
import { jwtKeys } from './secrets';
import { TOKEN_ISSUER } from './tokens';

/**
 * The farmer session (docs/decisions/0043-farmer-one-time-codes.md): a token given for a one-time code, 30 minutes,
 * scoped to the mobile the code went to. Its own audience and scope claim: a staff token is never a farmer
 * session (functions/lib/tokens.ts checks the staff audience), and a farmer token is never a staff one.
 */
export const FARMER_TOKEN_AUDIENCE = 'seed-portal-farmer';
export const FARMER_SCOPE = 'farmer';
export const FARMER_SESSION_SECONDS = 30 * 60;

export interface FarmerSession {
  mobile: string;
  purpose: OtpPurpose;
}

const encode = (k: string) => new TextEncoder().encode(k);

export async function signFarmerToken(s: FarmerSession, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + FARMER_SESSION_SECONDS;
  const token = await new SignJWT({ scope: FARMER_SCOPE, mob: s.mobile, pur: s.purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`farmer:${s.mobile}`)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(FARMER_TOKEN_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encode((await jwtKeys()).current));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The session of a valid farmer token, or null for anything else (a staff token, expired, tampered). */
export async function verifyFarmerToken(token: string): Promise<FarmerSession | null> {
  const { current, previous } = await jwtKeys();
  for (const key of previous === undefined ? [current] : [current, previous]) {
    try {
      const { payload } = await jwtVerify(token, encode(key), {
        issuer: TOKEN_ISSUER,
        audience: FARMER_TOKEN_AUDIENCE,
        algorithms: ['HS256'],
      });
      const mobile = payload.mob;
      if (payload.scope !== FARMER_SCOPE || typeof mobile !== 'string' || !/^\d{10}$/.test(mobile)) return null;
      if (payload.sub !== `farmer:${mobile}`) return null;
      // A code to register proves the mobile for a registration only (signRegisterProof), never a session.
      if (payload.pur === 'register') return null;
      return { mobile, purpose: payload.pur === 'manage' ? 'manage' : 'find' };
    } catch (e) {
      if (!(e instanceof joseErrors.JOSEError)) throw e;
    }
  }
  return null;
}

export async function farmerFromAuthorization(header: string | undefined): Promise<FarmerSession | null> {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return m ? verifyFarmerToken(m[1]) : null;
}

/**
 * The proof that the sender of a registration holds its mobile (VerifyMobileAtRegistration,
 * docs/decisions/0043-farmer-one-time-codes.md): given for a code asked with purpose `register`, 15 minutes, its own
 * audience and scope, subject `register:<mobile>`. It opens nothing: no farmer route takes it (verifyFarmerToken
 * checks the farmer audience), no staff route either; a registration takes it for exactly its mobile.
 */
export const REGISTER_PROOF_AUDIENCE = 'seed-portal-register';
export const REGISTER_PROOF_SCOPE = 'register-mobile';
export const REGISTER_PROOF_SECONDS = 15 * 60;

export async function signRegisterProof(mobile: string, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + REGISTER_PROOF_SECONDS;
  const token = await new SignJWT({ scope: REGISTER_PROOF_SCOPE, mob: mobile })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`register:${mobile}`)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(REGISTER_PROOF_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encode((await jwtKeys()).current));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Whether `token` is a live proof for exactly `mobile` (anything else, a farmer session or a staff token, is not). */
export async function isRegisterProofFor(token: string, mobile: string): Promise<boolean> {
  if (!token || token.length > 2048) return false;
  const { current, previous } = await jwtKeys();
  for (const key of previous === undefined ? [current] : [current, previous]) {
    try {
      const { payload } = await jwtVerify(token, encode(key), {
        issuer: TOKEN_ISSUER,
        audience: REGISTER_PROOF_AUDIENCE,
        algorithms: ['HS256'],
      });
      return payload.scope === REGISTER_PROOF_SCOPE && payload.mob === mobile && payload.sub === `register:${mobile}`;
    } catch (e) {
      if (!(e instanceof joseErrors.JOSEError)) throw e;
    }
  }
  return false;
}
