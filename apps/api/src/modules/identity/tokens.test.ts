import crypto from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { GET_ACCOUNT_PATH } from '@konek/contract/get-account';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { LOGIN_PATH } from '@konek/contract/login';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { REFRESH_TOKEN_PATH } from '@konek/contract/refresh-token';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { hashPin } from '@konek/contract/pin-hash';
import {
  GOOD_PIN,
  loginPayload,
  post,
  randomMsisdn,
  registerPayload,
  signUp,
  verifyNumber,
  type Customer,
} from '../../test/accounts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const getUser = (customer: Pick<Customer, 'userId'>, token: string) =>
  post(testApp.app, GET_USER_PATH, { target_id: customer.userId, target_type: 3 }, token);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it('are RS256 JWTs with the user, account and number, valid 30 minutes', async () => {
    const customer = await signUp(testApp.app);
    expect(decodeProtectedHeader(customer.token)).toMatchObject({ alg: 'RS256' });
    const claims = decodeJwt(customer.token);
    expect(claims).toMatchObject({
      iss: 'konek',
      aud: 'konek-api',
      sub: customer.userId,
      account_id: customer.accountId,
      msisdn: customer.msisdn,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token_start: clock.now().getTime(),
    });
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
  });

  it('expire after 30 minutes (controlled clock)', async () => {
    const customer = await signUp(testApp.app);
    clock.advance(29 * 60 * 1000);
    expect((await getUser(customer, customer.token)).statusCode).toBe(200);
    clock.advance(61 * 1000);
    const expired = await getUser(customer, customer.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      code: 2,
      module: 'common',
      message: 'Please sign in to continue.',
    });
  });

  it('refresh: a new token that works, with its token_start', async () => {
    const customer = await signUp(testApp.app);
    clock.advance(10 * 60 * 1000);
    const refreshed = await post(testApp.app, REFRESH_TOKEN_PATH, undefined, customer.token);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      api_token: expect.any(String),
      token_start: clock.now().getTime(),
    });
    const token: string = refreshed.json().api_token;
    expect(token).not.toBe(customer.token);
    clock.advance(25 * 60 * 1000); // the old token has expired now, the new one has not
    expect((await getUser(customer, customer.token)).statusCode).toBe(401);
    expect((await getUser(customer, token)).statusCode).toBe(200);
    expect((await post(testApp.app, REFRESH_TOKEN_PATH, {}, token)).statusCode).toBe(200);
  });

  it('logout revokes every token issued so far; a new sign-in works', async () => {
    const customer = await signUp(testApp.app);
    const second = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, GOOD_PIN),
    );
    const secondToken: string = second.json().api_token;
    const loggedOut = await post(testApp.app, LOGOUT_PATH, undefined, customer.token);
    expect(loggedOut.json()).toEqual({ code: 0, module: 'user', message: 'OK' });
    expect((await getUser(customer, customer.token)).statusCode).toBe(401);
    expect((await getUser(customer, secondToken)).statusCode).toBe(401);
    expect((await post(testApp.app, REFRESH_TOKEN_PATH, undefined, secondToken)).statusCode).toBe(
      401,
    );
    // The clock has not moved: the new token still starts after the cutoff.
    const again = await post(
      testApp.app,
      LOGIN_PATH,
      await loginPayload(customer.msisdn, GOOD_PIN),
    );
    expect((await getUser(customer, again.json().api_token)).statusCode).toBe(200);
  });
});

describe('refused tokens (401)', () => {
  let customer: Customer;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    customer = await signUp(testApp.app);
    claims = decodeJwt(customer.token);
  });

  /** Signed with Konek's own key: only the claims can make it wrong. */
  const signed = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256' }).sign(testApp.keys.privateKey);

  const refusedTokens: [name: string, make: () => Promise<string>][] = [
    ['no token at all', async () => ''],
    ['not a JWT', async () => 'not-a-token'],
    ['alg none', async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`],
    [
      'HS256 signed with the public key (algorithm confusion)',
      async () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(await exportSPKI(testApp.keys.publicKey))),
    ],
    [
      'a signature by another RSA key',
      async () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256' })
          .sign((await generateKeyPair('RS256')).privateKey),
    ],
    [
      'an expired exp',
      async () => {
        const issuedAt = Math.floor(clock.now().getTime() / 1000) - 3600;
        return new SignJWT({ ...claims, iat: issuedAt, exp: issuedAt + 1800 })
          .setProtectedHeader({ alg: 'RS256' })
          .sign(testApp.keys.privateKey);
      },
    ],
    ['a wrong audience', async () => signed({ ...claims, aud: 'another-api' })],
    ['a wrong issuer', async () => signed({ ...claims, iss: 'someone-else' })],
    ['no issuer or audience', async () => signed({ ...claims, iss: undefined, aud: undefined })],
    [
      'a lifetime longer than Konek issues (a day), not yet expired',
      async () => {
        const issuedAt = Math.floor(clock.now().getTime() / 1000);
        return signed({ ...claims, iat: issuedAt, exp: issuedAt + 24 * 3600 });
      },
    ],
    [
      'a tampered payload (another user id, same signature)',
      async () => {
        const [header, , signature] = customer.token.split('.');
        return `${header}.${base64url({ ...claims, sub: crypto.randomUUID() })}.${signature}`;
      },
    ],
    [
      'a user that does not exist (signed with the right key)',
      async () =>
        new SignJWT({ ...claims, sub: crypto.randomUUID() })
          .setProtectedHeader({ alg: 'RS256' })
          .sign(testApp.keys.privateKey),
    ],
    [
      'no token_start (not issued by Konek)',
      async () =>
        new SignJWT({ ...claims, token_start: undefined })
          .setProtectedHeader({ alg: 'RS256' })
          .sign(testApp.keys.privateKey),
    ],
  ];

  it.each(refusedTokens)('refuses %s', async (_name, make) => {
    const token = await make();
    const reply = await testApp.app.inject({
      method: 'POST',
      url: GET_USER_PATH,
      payload: { target_id: customer.userId, target_type: 3 },
      headers: token === '' ? {} : { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ code: 2, module: 'common' });
  });

  it('reads the Bearer scheme in any case, after one or more spaces', async () => {
    const withAuthorization = (authorization: string) =>
      testApp.app.inject({
        method: 'POST',
        url: GET_USER_PATH,
        payload: { target_id: customer.userId, target_type: 3 },
        headers: { authorization },
      });
    for (const scheme of ['Bearer ', 'bearer ', 'BEARER ', 'bEaReR ', 'Bearer   ']) {
      const reply = await withAuthorization(`${scheme}${customer.token}`);
      expect(reply.statusCode, JSON.stringify(scheme)).toBe(200);
    }
    for (const wrong of ['Bearer', 'Basic ', 'Bearer\t', 'Bearer:']) {
      const reply = await withAuthorization(`${wrong}${customer.token}`);
      expect(reply.statusCode, JSON.stringify(wrong)).toBe(401);
    }
  });

  it('refreshes a session for 30 days after its sign-in, keeping when it began, and not after', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const start = claims['token_start'] as number;
    const refresh = async (signedInAt: number) =>
      post(
        testApp.app,
        REFRESH_TOKEN_PATH,
        undefined,
        await signed({ ...claims, jti: crypto.randomUUID(), signed_in_at: signedInAt }),
      );
    expect(decodeJwt(customer.token)['signed_in_at']).toBe(start);
    const young = await refresh(start - 29 * DAY);
    expect(young.statusCode, young.body).toBe(200);
    expect(decodeJwt(young.json().api_token)['signed_in_at']).toBe(start - 29 * DAY);
    expect((await refresh(start - 31 * DAY)).statusCode).toBe(401);
    // A session cannot begin after its token.
    const later = await signed({ ...claims, signed_in_at: start + 1 });
    expect((await getUser(customer, later)).statusCode).toBe(401);
  });

  it('accepts the genuine token (the matrix above is not refusing everything)', async () => {
    expect((await getUser(customer, customer.token)).statusCode).toBe(200);
    expect((await getUser(customer, await signed(claims))).statusCode).toBe(200);
  });
});

describe('replies that carry a token', () => {
  it('are stored by no cache: register, login and refresh', async () => {
    const msisdn = randomMsisdn();
    await verifyNumber(testApp.app, msisdn);
    const registered = await post(
      testApp.app,
      LOGIN_PATH,
      registerPayload(msisdn, await hashPin(msisdn, GOOD_PIN)),
    );
    expect(registered.statusCode).toBe(200);
    expect(registered.headers['cache-control']).toBe('no-store');
    const login = await post(testApp.app, LOGIN_PATH, await loginPayload(msisdn, GOOD_PIN));
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await post(
      testApp.app,
      REFRESH_TOKEN_PATH,
      undefined,
      login.json().api_token,
    );
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('as every reply with the customer’s own data, and every refusal', async () => {
    const customer = await signUp(testApp.app);
    const user = await getUser(customer, customer.token);
    expect(user.statusCode).toBe(200);
    expect(user.body).toContain(customer.msisdn);
    expect(user.headers['cache-control']).toBe('no-store');
    const refused = await getUser(customer, 'not-a-token');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe("another user's target (403)", () => {
  it('refuses user and account targets that are not the caller', async () => {
    const alice = await signUp(testApp.app);
    const bob = await signUp(testApp.app);
    const asAlice = (url: string, payload: object) => post(testApp.app, url, payload, alice.token);

    const cases: [string, object][] = [
      [GET_USER_PATH, { target_id: bob.userId, target_type: 3 }],
      [GET_ACCOUNT_PATH, { target_id: bob.accountId, target_type: 2 }],
      [GET_ACCOUNT_PATH, { target_id: crypto.randomUUID(), target_type: 2 }],
      [GET_ACCOUNT_PATH, { target_id: 'not-an-id', target_type: 2 }],
      [
        CLIENT_STORAGE_GET_PATH,
        { target_id: bob.userId, target_type: 3, context: 'serviceability' },
      ],
    ];
    for (const [url, payload] of cases) {
      const reply = await asAlice(url, payload);
      expect(reply.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(403);
      expect(reply.json()).toMatchObject({ code: 3, module: 'common' });
    }
    expect(
      (await asAlice(GET_USER_PATH, { target_id: alice.userId, target_type: 3 })).statusCode,
    ).toBe(200);
    expect(
      (await asAlice(GET_ACCOUNT_PATH, { target_id: alice.accountId, target_type: 2 })).statusCode,
    ).toBe(200);
  });
});
