import { getUser } from './users-store';
import { roleNames } from './roles-store';
import { verifyToken, type TokenClaims } from './tokens';

/** Who is calling: read from the bearer token, then checked against the account (active, token version, current roles). */
export interface Caller {
  userID: number;
  name: string;
  email: string;
  roles: string[];
  /** The token was given after the second factor (absent for the log's own actors). */
  secondFactor?: boolean;
  /** The token opens only the second factor's enrolment (functions/lib/handler.ts refuses everything else). */
  enrolOnly?: boolean;
}

/**
 * Role names by id. A role is never renamed and is deleted only while no account holds it, so an id
 * always names the same role: these may be kept for the life of the process.
 */
const roleNameCache = new Map<number, string>();

async function namesOf(ids: readonly number[]): Promise<string[]> {
  const missing = ids.filter((id) => !roleNameCache.has(id));
  if (missing.length) for (const [id, name] of await roleNames(missing)) roleNameCache.set(id, name);
  return ids.filter((id) => roleNameCache.has(id)).map((id) => roleNameCache.get(id)!);
}

/**
 * The account is read on every request (one strongly consistent GetItem, no per-process cache): a password
 * reset, a deactivation or a role change raises the account's tokenVersion and ends older tokens at once in
 * every function, not only in the one that made the change.
 */
async function loadAccount(claims: TokenClaims): Promise<Caller | null> {
  const { userID, tokenVersion } = claims;
  const user = await getUser(userID, true);
  if (!user || !user.isActive || (user.tokenVersion ?? 0) !== tokenVersion) return null;
  return {
    userID,
    name: user.fullName,
    email: user.email,
    roles: await namesOf(user.roleIds ?? []),
    secondFactor: claims.secondFactor === true,
    enrolOnly: claims.enrolOnly === true,
  };
}

export async function callerFromAuthorization(header: string | undefined): Promise<Caller | null> {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return null;
  const claims = await verifyToken(m[1]);
  if (!claims) return null;
  return loadAccount(claims);
}
