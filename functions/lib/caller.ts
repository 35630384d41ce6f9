import { getUser } from './users-store';
import { roleNames } from './roles-store';
import { verifyToken } from './tokens';

/** Who is calling: read from the bearer token, then checked against the account (active, current roles). */
export interface Caller {
  userID: number;
  name: string;
  email: string;
  roles: string[];
}

const CACHE_MS = 30_000;
const cache = new Map<number, { at: number; caller: Caller | null }>();

async function loadAccount(userID: number): Promise<Caller | null> {
  const hit = cache.get(userID);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.caller;
  const user = await getUser(userID);
  let caller: Caller | null = null;
  if (user && user.isActive) {
    const names = await roleNames(user.roleIds ?? []);
    caller = { userID, name: user.fullName, email: user.email, roles: [...names.values()] };
  }
  cache.set(userID, { at: Date.now(), caller });
  return caller;
}

/** Changes to an account take effect at once in this process (other processes within CACHE_MS). */
export function forgetCaller(userID: number): void {
  cache.delete(userID);
}

export async function callerFromAuthorization(header: string | undefined): Promise<Caller | null> {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return null;
  const claims = await verifyToken(m[1]);
  if (!claims) return null;
  return loadAccount(claims.userID);
}
