import { useSyncExternalStore } from 'react';
import { hasAnyRole, parseRoleString } from '@shared/roles';
import type { LoginResponse } from '@shared/schemas/auth';

/**
 * The signed-in session: the bearer token and the user (name, email, roles), kept in localStorage so a
 * reload or a new tab stays signed in. Components read it with useSession(); everything else with getSession().
 */
export interface SessionUser {
  name: string;
  email: string;
  roles: string[];
}

export interface Session {
  token: string;
  user: SessionUser;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

const listeners = new Set<() => void>();
let endedForReauth = false;

/** True after Logout or a 401 until the next sign-in. */
export function sessionEndedForReauth(): boolean {
  return endedForReauth;
}
let cached: { raw: string; session: Session | null } | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readSession(): Session | null {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY) ?? '';
  const userText = s?.getItem(USER_KEY) ?? '';
  const raw = `${token}\n${userText}`;
  if (cached && cached.raw === raw) return cached.session;
  let session: Session | null = null;
  if (token) {
    let user: SessionUser = { name: '', email: '', roles: [] };
    try {
      const parsed = JSON.parse(userText) as Partial<SessionUser> | null;
      if (parsed && typeof parsed === 'object') {
        user = {
          name: typeof parsed.name === 'string' ? parsed.name : '',
          email: typeof parsed.email === 'string' ? parsed.email : '',
          roles: Array.isArray(parsed.roles) ? parsed.roles.filter((r): r is string => typeof r === 'string') : [],
        };
      }
    } catch {
      // unreadable user: keep the token, no roles
    }
    session = { token, user };
  }
  cached = { raw, session };
  return session;
}

function notify() {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return readSession();
}

export function getToken(): string | null {
  return readSession()?.token ?? null;
}

export function sessionFromLogin(reply: LoginResponse): Session {
  return { token: reply.token, user: { name: reply.name, email: reply.email, roles: parseRoleString(reply.role) } };
}

export function setSession(session: Session): void {
  endedForReauth = false;
  const s = storage();
  s?.setItem(TOKEN_KEY, session.token);
  s?.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

/**
 * Forgets the session. `reauth`: ended by Logout or a 401, so whoever redirects next (the handler, or a
 * route guard re-rendering first) sends the user to /login?reauth=1.
 */
export function clearSession(reason?: 'reauth'): void {
  if (reason === 'reauth') endedForReauth = true;
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab changes this one too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

export function sessionHasRole(session: Session | null, roles: readonly string[]): boolean {
  return !!session && hasAnyRole(session.user.roles, roles);
}

/** The role shown on the badge: the strongest one held. */
export function primaryRole(roles: readonly string[]): string {
  for (const r of ['super_admin', 'admin', 'seller', 'user']) if (roles.includes(r)) return r;
  return roles[0] ?? '';
}
