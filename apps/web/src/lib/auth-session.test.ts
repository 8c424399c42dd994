import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { ADD_ACCOUNT_PATH } from '@konek/contract/add-account';
import { ERRORS } from '@konek/contract/errors';
import { GET_ACCOUNT_PATH } from '@konek/contract/get-account';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { REFRESH_TOKEN_PATH } from '@konek/contract/refresh-token';
import {
  ensureAccount,
  establishSession,
  loadSessionDetails,
  refreshSessionToken,
  signOut,
} from './auth-session';
import { getCookie, setCookie } from './cookies';
import { json, ok, stubApi } from './fake-api-for-tests';
import { getSession, readSessionCookies, setSession } from './session';
import { TOKEN_REFRESH_MARGIN_MS } from './session-token';
import { JOURNEY_STORAGE_KEYS } from './storage-keys';
import { fakeToken } from './session-fixtures-for-tests';

const MSISDN = '639171234567';
const DAY_MS = 24 * 60 * 60 * 1000;

const USER_INFO = {
  user_id: 'user-1',
  msisdns: [MSISDN],
  properties: { first_name: 'Maria', last_name: 'Santos' },
  notification_identifiers: [],
  account_ids: ['account-1'],
  created_at: '2026-01-01T00:00:00.000Z',
};

const ACCOUNT_INFO = {
  account_id: 'account-1',
  user_id: 'user-1',
  provider_id: 'konek',
  msisdn: MSISDN,
  addresses: {},
  created_at: '2026-01-01T00:00:00.000Z',
};

function sessionReply(token: string, accountId = 'account-1') {
  return {
    code: 0,
    module: 'user',
    message: 'OK',
    api_token: token,
    user_id: 'user-1',
    account_id: accountId,
    msisdns: [MSISDN],
    token_start: Date.now(),
  };
}

const unauthenticated = () =>
  json(
    {
      code: ERRORS.common.UNAUTHENTICATED.code,
      module: 'common',
      message: ERRORS.common.UNAUTHENTICATED.message,
    },
    401,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('establishing a session (product §4.1, §9)', () => {
  it('stores the user in memory and in cookies with the spec lifetimes', () => {
    const setCookieSpy = vi.spyOn(Cookies, 'set');
    establishSession(sessionReply('token-1'));
    expect(getSession()).toMatchObject({
      token: 'token-1',
      userId: 'user-1',
      accountId: 'account-1',
      mobileId: MSISDN,
    });
    const lifetimes = Object.fromEntries(
      setCookieSpy.mock.calls.map(([name, , attributes]) => [
        name,
        attributes?.expires instanceof Date
          ? Math.round((attributes.expires.getTime() - Date.now()) / 60_000)
          : null,
      ]),
    );
    expect(lifetimes).toEqual({
      token: 30,
      userid: (7 * DAY_MS) / 60_000,
      accountid: (7 * DAY_MS) / 60_000,
      mobileid: (7 * DAY_MS) / 60_000,
    });
  });

  it('is read back from the cookies on start', () => {
    establishSession(sessionReply('token-1'));
    expect(readSessionCookies()).toEqual({
      token: 'token-1',
      userId: 'user-1',
      accountId: 'account-1',
      mobileId: MSISDN,
    });
  });

  it('is nobody without a token cookie', () => {
    setCookie('user', 'user-1');
    expect(readSessionCookies()).toBeNull();
  });
});

describe('loading the user and account (product §4.1 on start)', () => {
  it('puts get_user and get_account into the session', async () => {
    const { calls } = stubApi({
      [GET_USER_PATH]: () => ok({ user_info: USER_INFO }),
      [GET_ACCOUNT_PATH]: () => ok({ account_info: ACCOUNT_INFO }),
    });
    establishSession(sessionReply('token-1'));
    await loadSessionDetails();
    expect(getSession()?.user?.properties.first_name).toBe('Maria');
    expect(getSession()?.account?.account_id).toBe('account-1');
    expect(calls.find((call) => call.path === GET_USER_PATH)?.body).toEqual({
      target_id: 'user-1',
      target_type: 3,
    });
    expect(calls.find((call) => call.path === GET_ACCOUNT_PATH)?.body).toEqual({
      target_id: 'account-1',
      target_type: 2,
    });
  });

  it('ends a session the server no longer accepts (signed out elsewhere)', async () => {
    stubApi({ [GET_USER_PATH]: unauthenticated, [GET_ACCOUNT_PATH]: unauthenticated });
    establishSession(sessionReply('token-1'));
    await loadSessionDetails();
    expect(getSession()).toBeNull();
    expect(getCookie('token')).toBeUndefined();
  });
});

describe('add account (product §7.1)', () => {
  it('adds one with the operator as provider when the user has none', async () => {
    const { calls } = stubApi({ [ADD_ACCOUNT_PATH]: () => ok({ account_id: 'account-9' }) });
    establishSession(sessionReply('token-1', ''));
    expect(await ensureAccount('konek-operator')).toBe('account-9');
    expect(calls.find((call) => call.path === ADD_ACCOUNT_PATH)?.body).toEqual({
      account_properties: { provider_id: 'konek-operator' },
      target_id: 'user-1',
      target_type: 3,
    });
    expect(getCookie('account')).toBe('account-9');
  });

  it('keeps the account the session has', async () => {
    const { calls } = stubApi({});
    establishSession(sessionReply('token-1'));
    expect(await ensureAccount('konek-operator')).toBe('account-1');
    expect(calls.some((call) => call.path === ADD_ACCOUNT_PATH)).toBe(false);
  });
});

describe('token refresh (product §4.1 "Token refresh replaces the token")', () => {
  it('replaces the token in memory and in the cookie shortly before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const expiresAt = Date.now() + 30 * 60_000;
    const first = fakeToken({ exp: Math.floor(expiresAt / 1000) });
    const second = fakeToken({ exp: Math.floor(expiresAt / 1000) + 1800 });
    const { calls } = stubApi({
      [REFRESH_TOKEN_PATH]: () => ok({ api_token: second, token_start: Date.now() }),
    });
    establishSession(sessionReply(first));
    await vi.advanceTimersByTimeAsync(30 * 60_000 - TOKEN_REFRESH_MARGIN_MS - 5_000);
    expect(calls.some((call) => call.path === REFRESH_TOKEN_PATH)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((call) => call.path === REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect(getSession()?.token).toBe(second);
    expect(getCookie('token')).toBe(second);
  });

  it('ends the session when the server refuses the token', async () => {
    stubApi({ [REFRESH_TOKEN_PATH]: unauthenticated });
    establishSession(sessionReply('token-1'));
    expect(await refreshSessionToken()).toBe(false);
    expect(getSession()).toBeNull();
  });

  it('sends one refresh at a time from a tab (ADR 097: a token refreshes once)', async () => {
    const { calls } = stubApi({
      [REFRESH_TOKEN_PATH]: () => ok({ api_token: 'token-2', token_start: Date.now() }),
    });
    establishSession(sessionReply('token-1'));
    const results = await Promise.all([refreshSessionToken(), refreshSessionToken()]);
    expect(results).toEqual([true, true]);
    expect(calls.filter((call) => call.path === REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect(getSession()?.token).toBe('token-2');
  });

  it('stays signed in when another tab refreshed the token first, and takes its token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alreadyRefreshed = ERRORS.auth.TOKEN_ALREADY_REFRESHED;
    const { calls } = stubApi({
      [REFRESH_TOKEN_PATH]: () =>
        json(
          { code: alreadyRefreshed.code, module: 'auth', message: alreadyRefreshed.message },
          401,
        ),
    });
    const exp = Math.floor(Date.now() / 1000) + 1800;
    const [mine, theirs] = [fakeToken({ exp }), fakeToken({ exp: exp + 1 })];
    establishSession(sessionReply(mine));
    expect(await refreshSessionToken()).toBe(false);
    expect(getSession()?.token).toBe(mine);
    // The other tab's reply lands and it writes the cookie.
    setCookie('token', theirs);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(getSession()?.token).toBe(theirs);
    expect(calls.filter((call) => call.path === REFRESH_TOKEN_PATH)).toHaveLength(1);
  });

  it('ends the session when the server ended it for a reused token', async () => {
    const ended = ERRORS.auth.SESSION_ENDED_TOKEN_REUSED;
    stubApi({
      [REFRESH_TOKEN_PATH]: () =>
        json({ code: ended.code, module: 'auth', message: ended.message }, 401),
    });
    establishSession(sessionReply('token-1'));
    expect(await refreshSessionToken()).toBe(false);
    expect(getSession()).toBeNull();
  });

  it("takes another tab's newer token instead of asking for one", async () => {
    const { calls } = stubApi({});
    establishSession(sessionReply('token-1'));
    setCookie('token', 'token-from-another-tab');
    expect(await refreshSessionToken()).toBe(true);
    expect(getSession()?.token).toBe('token-from-another-tab');
    expect(calls.some((call) => call.path === REFRESH_TOKEN_PATH)).toBe(false);
  });
});

describe('sign out', () => {
  it('revokes the tokens on the server and forgets the session here', async () => {
    const { calls } = stubApi({ [LOGOUT_PATH]: () => ok({}) });
    establishSession(sessionReply('token-1'));
    setCookie('deviceId', 'device-1');
    await signOut();
    expect(calls.some((call) => call.path === LOGOUT_PATH)).toBe(true);
    expect(getSession()).toBeNull();
    expect(['token', 'user', 'account', 'mobile'].map((kind) => Cookies.get(kind))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(getCookie('deviceId')).toBe('device-1');
  });

  it('forgets the journey in this browser too: no home address left on a shared phone', async () => {
    stubApi({ [LOGOUT_PATH]: () => ok({}) });
    establishSession(sessionReply('token-1'));
    for (const key of JOURNEY_STORAGE_KEYS) window.localStorage.setItem(key, '{"kept":true}');
    window.localStorage.setItem('konek.unrelated', 'stays');
    await signOut();
    expect(JOURNEY_STORAGE_KEYS.map((key) => window.localStorage.getItem(key))).toEqual(
      JOURNEY_STORAGE_KEYS.map(() => null),
    );
    expect(window.localStorage.getItem('konek.unrelated')).toBe('stays');
    expect(JOURNEY_STORAGE_KEYS).toContain('konek.address');
  });

  it('does not call the server with a token that is no longer the cookie', async () => {
    const { calls } = stubApi({});
    setSession({ token: 'stale', userId: 'user-1' });
    await signOut();
    expect(calls.some((call) => call.path === LOGOUT_PATH)).toBe(false);
    expect(getSession()).toBeNull();
  });
});
