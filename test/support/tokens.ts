import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@functions/lib/tokens';

/** A token for user 1 claiming super_admin, signed as the app signs, with the key, expiry and audience given. */
export const signAsSuperAdmin = (key: string, exp: number | string, aud = TOKEN_AUDIENCE) =>
  new SignJWT({ roles: ['super_admin'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(key));
