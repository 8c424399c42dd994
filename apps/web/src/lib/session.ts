import { useSyncExternalStore } from 'react';
import type { TAccountInfo } from '@konek/contract/get-account';
import type { TUserInfo } from '@konek/contract/get-user';
import type { TStoredJourney } from '@konek/contract/journey-context';
import { getCookie } from './cookies';

// product §4.1: a token present means signed in. This holds the current session in memory (product §3
// "Session state"); lib/auth-session.ts fills it and the cookies, and the api client and analytics
// read it.

export type Session = {
  token: string;
  userId: string;
  /** product §3 accountid: the customer's account with the operator. */
  accountId?: string;
  /** product §3 mobileid: the first of the user's msisdns (63 + 10 digits). */
  mobileId?: string;
  /** product §3 tokenStart: when the token was issued, epoch ms. */
  tokenStart?: number;
  /** product §3 user / userDetail: get_user's user_info (first name, email identifiers, …). */
  user?: TUserInfo;
  /** get_account's account_info (product §3 "Account response": addresses by id). */
  account?: TAccountInfo;
  /** product §3 "Stored per-user context", as last loaded or saved. */
  journey?: TStoredJourney;
};

type Listener = () => void;

/**
 * product §4.1 "On start, the cookies are read": a token cookie and a user id cookie make a session (the
 * account and mobile ids come along when present). Without a token the visitor is anonymous.
 */
export function readSessionCookies(): Session | null {
  const token = getCookie('token');
  const userId = getCookie('user');
  if (!token || !userId) return null;
  const accountId = getCookie('account');
  const mobileId = getCookie('mobile');
  return {
    token,
    userId,
    ...(accountId ? { accountId } : {}),
    ...(mobileId ? { mobileId } : {}),
  };
}

let current: Session | null = readSessionCookies();
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = session;
  notify();
}

/** Merges `changes` into the current session; does nothing when signed out. */
export function updateSession(changes: Partial<Session>): void {
  if (current === null) return;
  setSession({ ...current, ...changes });
}

export function clearSession(): void {
  if (current === null) return;
  current = null;
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current session, re-rendering when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
