import { describe, expect, it } from 'vitest';
import { LOGIN_TYPE, TARGET_TYPE_ACCOUNT } from '@konek/contract/constants';
import { createOtpCall } from '@konek/contract/create-otp';
import { getOffersCall } from '@konek/contract/get-offers';
import { healthCall } from '@konek/contract/health';
import { loginCall } from '@konek/contract/login';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { call, isError, failureDetails, UNREADABLE_MESSAGE } from './call';
import { setCookie } from './cookies';
import { json, ok, stubApi } from './fake-api-for-tests';
import { setSession } from './session';

const LOGIN = {
  application_id: 'konek-web',
  login_id: '639171234567',
  login_type: LOGIN_TYPE,
  login_secret: 'a'.repeat(64),
} as const;

const SESSION_REPLY = {
  api_token: 't',
  user_id: 'u',
  account_id: 'a',
  msisdns: ['639171234567'],
  token_start: 1,
};

describe('call (one way to call the API)', () => {
  it('answers the reply parsed with the description’s 200 schema', async () => {
    stubApi({ [loginCall.path]: () => ok({ ...SESSION_REPLY, extra: 'dropped' }) });
    const result = await call(loginCall, LOGIN);
    expect(result).toEqual({
      ok: true,
      reply: { code: 0, module: 'test', message: 'OK', ...SESSION_REPLY },
    });
  });

  it('turns a 200 that is not the promised reply into the one "could not be read" failure', async () => {
    const api = stubApi({ [loginCall.path]: () => ok({ api_token: 7 }) });
    const result = await call(loginCall, LOGIN);
    expect(result).toMatchObject({ ok: false, code: 502, message: UNREADABLE_MESSAGE });
    expect(api.calls.some((sent) => sent.path === REPORT_CLIENT_ERROR_PATH)).toBe(true);
  });

  it('keeps the server’s error envelope, its status and what it carries', async () => {
    stubApi({
      [loginCall.path]: () =>
        json({ code: 2, module: 'auth', message: 'Wrong PIN', attempts_left: 2 }, 401),
    });
    const result = await call(loginCall, LOGIN);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result).toMatchObject({ status: 401, module: 'auth', code: 2, message: 'Wrong PIN' });
    expect(isError(result, 'auth', 'INVALID_PIN')).toBe(true);
    expect(failureDetails(result)).toEqual({ attemptsLeft: 2 });
  });

  it('reports a refusal, unless the caller names it as an ordinary answer', async () => {
    const reported = (api: ReturnType<typeof stubApi>) =>
      api.calls.filter((sent) => sent.path === REPORT_CLIENT_ERROR_PATH).length;
    const refusal = () => json({ code: 2, module: 'auth', message: 'Wrong PIN' }, 401);
    let api = stubApi({ [loginCall.path]: refusal });
    await call(loginCall, LOGIN);
    expect(reported(api)).toBe(1);
    api = stubApi({ [loginCall.path]: refusal });
    const result = await call(loginCall, LOGIN, { expectedErrors: [['auth', 'INVALID_PIN']] });
    expect(result).toMatchObject({ ok: false, status: 401, module: 'auth', code: 2 });
    expect(reported(api)).toBe(0);
    // Only the errors named: another refusal of the same call is still reported.
    api = stubApi({
      [loginCall.path]: () => json({ code: 3, module: 'auth', message: 'Locked' }, 423),
    });
    await call(loginCall, LOGIN, { expectedErrors: [['auth', 'INVALID_PIN']] });
    expect(reported(api)).toBe(1);
  });

  it('builds an {oss} path from the segment', async () => {
    const api = stubApi({});
    await call(createOtpCall, { msisdn: '639171234567' }, { ossSegment: 'globe' });
    expect(api.calls[0]?.path).toBe('/api/v3/globe/otp/create_otp');
  });

  it('names the description’s target type whenever the body names a target, and only then', async () => {
    setSession({ token: 'token-1', userId: 'user-1' });
    setCookie('token', 'token-1');
    const api = stubApi({});
    await call(getOffersCall, { target_id: 'account-1' }, { signedIn: true });
    await call(getOffersCall, { ids: ['o-1'], operator_name: 'konek' });
    const sent = api.calls.filter((one) => one.path === getOffersCall.path);
    expect(sent.map((one) => one.body)).toEqual([
      { target_id: 'account-1', target_type: TARGET_TYPE_ACCOUNT },
      { ids: ['o-1'], operator_name: 'konek' },
    ]);
  });

  it('GETs a call without a body', async () => {
    const api = stubApi({});
    await call(healthCall, undefined);
    expect(api.calls[0]).toEqual({ path: '/api/health', body: undefined });
  });

  it('sends the token for an optional-auth call only when asked to', async () => {
    setSession({ token: 'token-1', userId: 'user-1' });
    setCookie('token', 'token-1');
    const headers: (string | null)[] = [];
    stubApi({});
    const fetchMock = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input) === getOffersCall.path) {
        headers.push(new Headers(init?.headers).get('Authorization'));
      }
      return fetchMock(input, init);
    };
    const byIds = { ids: ['o-1'], operator_name: 'konek' };
    await call(getOffersCall, byIds);
    await call(getOffersCall, byIds, { signedIn: true });
    expect(headers).toEqual([null, 'Bearer token-1']);
  });
});
