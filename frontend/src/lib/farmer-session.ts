/**
 * A farmer's session (docs/decisions/0043-farmer-one-time-codes.md): the token a one-time code to the registered
 * mobile gave, scoped to that mobile for 30 minutes. Kept in sessionStorage, so it lives in this tab only and goes
 * with it (a shared phone keeps nothing once the tab is closed), and in memory where storage is refused. Never
 * mixed with a staff session (lib/session.ts): the calls that need it pass it themselves (`farmerHeaders`).
 */
export interface FarmerSession {
  token: string;
  expiresAt: string;
  /** The mobile the code went to (10 digits), to ask the code again for the same number. */
  mobile: string;
}

const KEY = 'farmerSession';
let inMemory: FarmerSession | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const live = (s: FarmerSession | null, now = Date.now()): FarmerSession | null => (s && Date.parse(s.expiresAt) > now ? s : null);

/** The session while it lasts, else null (an ended one is forgotten). */
export function getFarmerSession(): FarmerSession | null {
  let held = inMemory;
  try {
    const text = storage()?.getItem(KEY);
    if (text) {
      const v = JSON.parse(text) as Partial<FarmerSession> | null;
      if (v && typeof v.token === 'string' && typeof v.expiresAt === 'string' && typeof v.mobile === 'string')
        held = { token: v.token, expiresAt: v.expiresAt, mobile: v.mobile };
    }
  } catch {
    // unreadable: the one in memory, if any
  }
  const s = live(held);
  if (!s && held) clearFarmerSession();
  return s;
}

export function saveFarmerSession(s: FarmerSession): void {
  inMemory = s;
  try {
    storage()?.setItem(KEY, JSON.stringify(s));
  } catch {
    // storage refused (private mode): memory only, for this page's life
  }
}

export function clearFarmerSession(): void {
  inMemory = null;
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing held
  }
}

/** The request headers of a call made in the session. */
export const farmerHeaders = (s: FarmerSession): Record<string, string> => ({ authorization: `Bearer ${s.token}` });
