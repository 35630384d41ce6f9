import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { env } from './env';
import { jwtKeys } from './secrets';

export const TOKEN_ISSUER = 'seed-portal';
export const TOKEN_AUDIENCE = 'seed-portal-api';

export interface TokenClaims {
  userID: number;
  name: string;
  email: string;
  roles: string[];
  /** The account's tokenVersion when the token was issued; a token of an older version is no longer honoured. */
  tokenVersion: number;
  /** The session was opened with the second factor as well as the password (claim amr: ['pwd', 'otp']). */
  secondFactor?: boolean;
  /**
   * The token opens only the second factor's enrolment (claim scope): an admin signing in without one while
   * StaffSecondFactor is on (docs/decisions/0044-staff-second-factor.md).
   */
  enrolOnly?: boolean;
}

/** The scope claim of a token that opens only the second factor's enrolment. */
const ENROL_ONLY_SCOPE = 'second-factor-enrol';

const encode = (k: string) => new TextEncoder().encode(k);

/** Signs with the current key; during a rotation a token signed with the previous key is still honoured. */
async function verifyingKeys(): Promise<Uint8Array[]> {
  const { current, previous } = await jwtKeys();
  return previous === undefined ? [encode(current)] : [encode(current), encode(previous)];
}

export async function signToken(c: TokenClaims): Promise<string> {
  return new SignJWT({
    name: c.name,
    email: c.email,
    roles: c.roles,
    tv: c.tokenVersion,
    // RFC 8176 method references: a password, and a one-time password when the second factor was used.
    amr: c.secondFactor ? ['pwd', 'otp'] : ['pwd'],
    ...(c.enrolOnly ? { scope: ENROL_ONLY_SCOPE } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.userID))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${env().TOKEN_TTL_HOURS}h`)
    .sign(encode((await jwtKeys()).current));
}

/** Returns the claims of a valid token, or null for anything else (expired, tampered, wrong key, alg none). */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  for (const key of await verifyingKeys()) {
    const claims = await verifyWith(token, key);
    if (claims) return claims;
  }
  return null;
}

async function verifyWith(token: string, key: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ['HS256'],
    });
    const userID = Number(payload.sub);
    if (!Number.isInteger(userID) || userID <= 0) return null;
    // Tokens issued before versions existed count as version 0, like accounts never bumped.
    const tokenVersion = payload.tv === undefined ? 0 : payload.tv;
    if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion) || tokenVersion < 0) return null;
    return {
      userID,
      name: String(payload.name ?? ''),
      email: String(payload.email ?? ''),
      roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
      tokenVersion,
      secondFactor: Array.isArray(payload.amr) && payload.amr.includes('otp'),
      enrolOnly: payload.scope === ENROL_ONLY_SCOPE,
    };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}
