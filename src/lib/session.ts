import { useSyncExternalStore } from 'react';
import type { LoginResult } from '@/shared/contracts/auth';
import { HOMEPAGES, LANGUAGES, type Homepage, type Language } from '@/shared/domain/enums';
import { rightsFromRoles, type Right } from '@/shared/domain/rights';

/**
 * Browser storage of spec shell §3 (name, e-mail, supervision, homepage, token, expiry, lang), plus the
 * single-use refresh token `gjrt` without which a reloaded page could not refresh. `expiry` holds epoch
 * milliseconds. Roles are not stored: on start they are read back from the access token's `rights` claim
 * (docs/navigation.md, "Session").
 */
export const STORAGE_KEYS = {
  name: 'name',
  email: 'email',
  supervision: 'supervision',
  homepage: 'homepage',
  token: 'token',
  expiry: 'expiry',
  lang: 'lang',
  gjrt: 'gjrt',
} as const;

/** Keys cleared at logout; `lang` stays so the signed-out screens keep the user's language. */
const SESSION_KEYS = [
  STORAGE_KEYS.name,
  STORAGE_KEYS.email,
  STORAGE_KEYS.supervision,
  STORAGE_KEYS.homepage,
  STORAGE_KEYS.token,
  STORAGE_KEYS.expiry,
  STORAGE_KEYS.gjrt,
];

export interface Session {
  token: string;
  gjrt: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  name: string;
  email: string;
  /** The related pilot id of a supervised pilot account. */
  supervision: string | null;
  homepage: Homepage;
  lang: Language;
  rights: ReadonlySet<Right>;
  /** The account id (`sub` claim of the access token). */
  userId: string | null;
}

export type SessionEndReason = 'logout' | 'expired' | 'refreshFailed' | 'unauthenticated';

type Listener = (session: Session | null, reason?: SessionEndReason) => void;

// setTimeout overflows past 2^31-1 ms (about 24.8 days): longer sessions re-arm the timer.
const MAX_TIMER_MS = 2_147_483_647;

let current: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notify(reason?: SessionEndReason) {
  for (const listener of listeners) listener(current, reason);
}

function armExpiryTimer(expiresAt: number) {
  clearTimeout(expiryTimer);
  const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
  expiryTimer = setTimeout(() => {
    if (Date.now() >= expiresAt) endSession('expired');
    else armExpiryTimer(expiresAt);
  }, delay);
}

function isHomepage(value: string | null): value is Homepage {
  return (HOMEPAGES as readonly (string | null)[]).includes(value);
}

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/** Reads a JWT payload without verifying it: the server verifies, the SPA only needs the claims. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function claimsOf(token: string): { rights: ReadonlySet<Right>; userId: string | null } | null {
  const payload = decodeTokenPayload(token);
  if (!payload || !Array.isArray(payload.rights)) return null;
  const roles = payload.rights.filter((value): value is string => typeof value === 'string');
  return { rights: rightsFromRoles(roles), userId: typeof payload.sub === 'string' ? payload.sub : null };
}

function writeSession(session: Session) {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.token, session.token);
  store.setItem(STORAGE_KEYS.expiry, String(session.expiresAt));
  store.setItem(STORAGE_KEYS.name, session.name);
  store.setItem(STORAGE_KEYS.email, session.email);
  store.setItem(STORAGE_KEYS.homepage, session.homepage);
  store.setItem(STORAGE_KEYS.lang, session.lang);
  if (session.supervision) store.setItem(STORAGE_KEYS.supervision, session.supervision);
  else store.removeItem(STORAGE_KEYS.supervision);
  if (session.gjrt) store.setItem(STORAGE_KEYS.gjrt, session.gjrt);
  else store.removeItem(STORAGE_KEYS.gjrt);
}

function clearStoredSession() {
  const store = storage();
  for (const key of SESSION_KEYS) store?.removeItem(key);
}

/** Login (and every refresh): stores the answer and arms the automatic logout at expiry (spec §4). */
export function startSession(response: LoginResult): Session {
  const claims = claimsOf(response.token);
  current = {
    token: response.token,
    gjrt: response.gjrt || null,
    expiresAt: response.expiredAt * 1000,
    name: response.name,
    email: response.email,
    supervision: response.supervision,
    homepage: response.homepage,
    lang: response.lang,
    // The login answer's roles are authoritative; the token claim is what a reload can read back.
    rights: rightsFromRoles(response.roles),
    userId: claims?.userId ?? null,
  };
  writeSession(current);
  armExpiryTimer(current.expiresAt);
  notify();
  return current;
}

/**
 * Application start (spec §4): an unexpired stored token whose roles can be read signs the user in again;
 * anything else clears the stored session.
 */
export function restoreSession(): Session | null {
  const store = storage();
  const token = store?.getItem(STORAGE_KEYS.token) ?? null;
  const expiresAt = Number(store?.getItem(STORAGE_KEYS.expiry));
  const claims = token ? claimsOf(token) : null;
  if (!store || !token || !Number.isFinite(expiresAt) || expiresAt <= Date.now() || !claims) {
    clearStoredSession();
    if (current) endSession('expired');
    return null;
  }
  const homepage = store.getItem(STORAGE_KEYS.homepage);
  const lang = store.getItem(STORAGE_KEYS.lang);
  current = {
    token,
    gjrt: store.getItem(STORAGE_KEYS.gjrt),
    expiresAt,
    name: store.getItem(STORAGE_KEYS.name) ?? '',
    email: store.getItem(STORAGE_KEYS.email) ?? '',
    supervision: store.getItem(STORAGE_KEYS.supervision),
    homepage: isHomepage(homepage) ? homepage : 'dashboard',
    lang: isLanguage(lang) ? lang : 'en',
    rights: claims.rights,
    userId: claims.userId,
  };
  armExpiryTimer(expiresAt);
  notify();
  return current;
}

/** Clears the stored and in-memory session; listeners navigate to the login screen. */
export function endSession(reason: SessionEndReason = 'logout') {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  const hadSession = current !== null;
  current = null;
  clearStoredSession();
  if (hadSession) notify(reason);
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? storage()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Updates stored profile values the session shows (homepage, lang) after an account change. */
export function updateSessionProfile(changes: Partial<Pick<Session, 'homepage' | 'lang' | 'name'>>) {
  if (!current) return;
  current = { ...current, ...changes };
  writeSession(current);
  notify();
}

export function readStoredLanguage(): Language | null {
  const lang = storage()?.getItem(STORAGE_KEYS.lang) ?? null;
  return isLanguage(lang) ? lang : null;
}

export function storeLanguage(lang: Language) {
  storage()?.setItem(STORAGE_KEYS.lang, lang);
  if (current && current.lang !== lang) {
    current = { ...current, lang };
    notify();
  }
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
