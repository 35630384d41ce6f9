import { SignJWT, type JWTPayload } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@functions/lib/tokens';
import { signFarmerToken } from '@functions/lib/farmer-tokens';

/** A token signed as the app signs (HS256, its issuer), with these claims, subject, expiry, audience and header. */
function signToken(
  key: string,
  claims: JWTPayload,
  o: { sub: string; exp: number | string; aud?: string; typ?: 'JWT' },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...(o.typ ? { typ: o.typ } : {}) })
    .setSubject(o.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(o.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(o.exp)
    .sign(new TextEncoder().encode(key));
}

/** A token for user 1 claiming super_admin, signed as the app signs, with the key, expiry and audience given. */
export const signAsSuperAdmin = (key: string, exp: number | string, aud = TOKEN_AUDIENCE) =>
  signToken(key, { roles: ['super_admin'] }, { sub: '1', exp, aud });

/** An admin's token, valid for an hour, for an account that does not exist (user 999999): a function answers 401. */
export const signForMissingAdmin = (key: string, who: { name: string; email: string }) =>
  signToken(key, { ...who, roles: ['admin'] }, { sub: '999999', exp: '1h', typ: 'JWT' });

/**
 * A farmer session of the mobile, signed as POST /svsregistration/otp/verify signs it (functions/lib/farmer-tokens.ts),
 * for tests of what a session opens; the code that gives one is tested through the SMS inbox (farmer-otp.test.ts).
 */
export const farmerToken = async (mobile: string): Promise<string> =>
  (await signFarmerToken({ mobile, purpose: 'manage' })).token;
