import { useSyncExternalStore } from 'react';

// spec §4.1: a token present means signed in. This holds the current session in memory; the sign-in
// screens fill it (and the cookies) and the api client and analytics read it.

export type Session = {
  token: string;
  userId: string;
};

type Listener = () => void;

let current: Session | null = null;
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
