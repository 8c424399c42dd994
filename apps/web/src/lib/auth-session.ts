import { addAccountCall } from '@konek/contract/add-account';
import { getAccountCall } from '@konek/contract/get-account';
import { getUserCall } from '@konek/contract/get-user';
import type { TSessionResponse } from '@konek/contract/login';
import { logoutCall } from '@konek/contract/logout';
import { refreshTokenCall } from '@konek/contract/refresh-token';
import { call, isError, type CallFailure } from './call';
import { getCookie, removeCookie, setCookie, type CookieKind } from './cookies';
import {
  clearSession,
  getSession,
  readSessionCookies,
  setSession,
  subscribeSession,
  updateSession,
} from './session';
import { refreshDueAt } from './session-token';
import { JOURNEY_STORAGE_KEYS } from './storage-keys';

// product §4.1 session: register and login store the user and the cookies (product §9 lifetimes: token 30
// minutes, user, account and mobile 7 days); on start, a token cookie restores the session and loads
// the user and the account; refresh_token replaces the token before it runs out. Sign-out revokes
// every token of the user (ADR 008) and forgets the cookies.

/** After a failed refresh (no network), try again this much later while the token still lives. */
const REFRESH_RETRY_MS = 30 * 1000;
/**
 * ADR 097: a refresh refused because the token was already refreshed (another tab won): by then that
 * tab has written the new token into the cookie, or does so this much later; this tab takes it.
 */
const ADOPT_AFTER_LOST_REFRESH_MS = 2 * 1000;

const SESSION_COOKIES: readonly CookieKind[] = ['token', 'user', 'account', 'mobile'];

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** ADR 097: one refresh at a time in this tab — a token refreshes only once. */
let refreshing: Promise<boolean> | undefined;

// Tabs share the cookies but not their memory: when one tab refreshes the token (or signs out), the
// others take the cookie's token at once, or their next call would fail the auth-expired rule.
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('konek-session');
channel?.addEventListener('message', () => adoptCookieSession());

// Whoever ends the session (the auth-expired rule, another tab), its refresh ends with it.
subscribeSession(() => {
  if (getSession() === null) clearTimeout(refreshTimer);
});

function tellOtherTabs(): void {
  channel?.postMessage('changed');
}

function isUnauthenticated(result: { ok: true } | ({ ok: false } & CallFailure)): boolean {
  return (
    !result.ok &&
    (isError(result, 'common', 'UNAUTHENTICATED') ||
      isError(result, 'auth', 'SESSION_ENDED_TOKEN_REUSED'))
  );
}

/** product §4.1 "Register and login store the user and cookies". */
export function establishSession(reply: TSessionResponse): void {
  const mobileId = reply.msisdns[0];
  setCookie('token', reply.api_token);
  setCookie('user', reply.user_id);
  if (reply.account_id) setCookie('account', reply.account_id);
  if (mobileId) setCookie('mobile', mobileId);
  setSession({
    token: reply.api_token,
    userId: reply.user_id,
    tokenStart: reply.token_start,
    ...(reply.account_id ? { accountId: reply.account_id } : {}),
    ...(mobileId ? { mobileId } : {}),
  });
  scheduleTokenRefresh();
  tellOtherTabs();
}

/** Drops the session and its cookies (the device id stays: it is the anonymous visitor's). */
export function forgetSession(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  for (const kind of SESSION_COOKIES) removeCookie(kind);
  clearSession();
  tellOtherTabs();
}

/** product §4.1 "On start … if a token exists, the account and user details are loaded." */
export function resumeRestoredSession(): void {
  scheduleTokenRefresh();
  void loadSessionDetails();
}

/**
 * product §7.1 get user (target_type 3) and get account (target_type 2) into the session. A token the
 * server no longer accepts (signed out elsewhere, PIN changed) ends the session here too.
 */
export async function loadSessionDetails(): Promise<void> {
  const session = getSession();
  if (!session) return;
  const [user, account] = await Promise.all([
    call(getUserCall, { target_id: session.userId }),
    session.accountId ? call(getAccountCall, { target_id: session.accountId }) : null,
  ]);
  if (getSession()?.token !== session.token) return;
  if (isUnauthenticated(user)) {
    forgetSession();
    return;
  }
  updateSession({
    ...(user.ok ? { user: user.reply.user_info } : {}),
    ...(account?.ok ? { account: account.reply.account_info } : {}),
  });
}

/**
 * product §4.3 / §7.1 add account: a signed-in user without an account gets one with the operator as
 * provider (idempotent per user and operator, ADR 007). Answers the account id, or null.
 */
export async function ensureAccount(operatorName: string): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.accountId) return session.accountId;
  const result = await call(addAccountCall, {
    account_properties: { provider_id: operatorName },
    target_id: session.userId,
  });
  if (!result.ok || !result.reply.account_id) return null;
  setCookie('account', result.reply.account_id);
  updateSession({ accountId: result.reply.account_id });
  return result.reply.account_id;
}

/** Another tab changed the cookies: take its token for the same user, or end a session it ended. */
function adoptCookieSession(): void {
  const session = getSession();
  if (!session) return;
  const fromCookies = readSessionCookies();
  if (!fromCookies || fromCookies.userId !== session.userId) {
    clearTimeout(refreshTimer);
    clearSession();
    return;
  }
  if (fromCookies.token === session.token) return;
  updateSession({ token: fromCookies.token, tokenStart: undefined });
  scheduleTokenRefresh();
}

/** Plans the next refresh of the current token (ADR 008: tokens live 30 minutes). */
export function scheduleTokenRefresh(now: number = Date.now()): void {
  clearTimeout(refreshTimer);
  const session = getSession();
  if (!session) return;
  const delay = Math.max(0, refreshDueAt(session.token, session.tokenStart) - now);
  refreshTimer = setTimeout(() => void refreshSessionToken(), delay);
}

/**
 * product §4.1 / §7.1 refresh token: a new token (and its start) replaces the current one. A refresh
 * already on its way in this tab is waited for, never sent twice (ADR 097: the server spends a token on
 * its first refresh).
 */
export function refreshSessionToken(): Promise<boolean> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function refreshOnce(): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  const cookieToken = getCookie('token');
  // The cookie outlived by the page (a sleeping laptop): the session is over; the next signed-in call
  // applies the auth-expired rule.
  if (!cookieToken) {
    forgetSession();
    return false;
  }
  if (cookieToken !== session.token) {
    adoptCookieSession();
    return getSession() !== null;
  }
  let result: Awaited<ReturnType<typeof refreshToken>>;
  try {
    result = await refreshToken();
  } catch {
    return false;
  }
  if (getSession()?.token !== session.token) return getSession() !== null;
  if (result.ok) {
    setCookie('token', result.reply.api_token);
    updateSession({ token: result.reply.api_token, tokenStart: result.reply.token_start });
    scheduleTokenRefresh();
    tellOtherTabs();
    return true;
  }
  if (isUnauthenticated(result)) {
    forgetSession();
    return false;
  }
  if (isError(result, 'auth', 'TOKEN_ALREADY_REFRESHED')) {
    // Another tab refreshed this token first: take its token from the cookie. The spent token is never
    // sent to refresh again (later, that would end the session); it serves until it expires.
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      if (getCookie('token') !== session.token) adoptCookieSession();
    }, ADOPT_AFTER_LOST_REFRESH_MS);
    return false;
  }
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshSessionToken(), REFRESH_RETRY_MS);
  return false;
}

function refreshToken() {
  return call(refreshTokenCall, {});
}

/**
 * The journey's records in this browser (the address, its answer, the offer, the slot, the payment): a
 * customer who signs out on a shared phone leaves no home address on screen for the next person. They
 * stay in the customer's stored context, which the next sign-in brings back (resume-plan.ts).
 */
function forgetJourneyHere(): void {
  try {
    for (const key of JOURNEY_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept here either.
  }
}

/**
 * Signs out everywhere (logout revokes the user's tokens, ADR 008) and forgets the session and the
 * journey here. The journey goes first: forgetting the session tells the journey store to read again.
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  // Only with the cookie's own token: a stale one would trip the auth-expired rule on the way out.
  if (session && getCookie('token') === session.token) {
    try {
      await call(logoutCall, {});
    } catch {
      // Signed out here regardless.
    }
  }
  forgetJourneyHere();
  forgetSession();
}
