import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { REFRESH_TOKEN_PATH } from '@konek/contract/refresh-token';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';

// ADR 097: a probe refreshed one token 20 times at once and got 20 new tokens, and the original still
// refreshed. A refresh now spends its token in PostgreSQL: one of 20 wins, and a spent token used again
// later ends every session of the customer, the new tokens included.

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const refresh = (token: string, app = testApp.app) =>
  post(app, REFRESH_TOKEN_PATH, undefined, token);
const getUser = (customer: Customer, token: string) =>
  post(testApp.app, GET_USER_PATH, { target_id: customer.userId, target_type: 3 }, token);

describe('refresh_token rotates', () => {
  it('lets one of 20 parallel refreshes of a token through, on two replicas', async () => {
    const customer = await signUp(testApp.app);
    const second = await testApp.startAnotherApp();
    let replies;
    try {
      replies = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          refresh(customer.token, index % 2 === 0 ? testApp.app : second.app),
        ),
      );
    } finally {
      await second.close();
    }
    const won = replies.filter((reply) => reply.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = replies.filter((reply) => reply.statusCode !== 200);
    expect(lost).toHaveLength(19);
    for (const reply of lost) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({
        code: 7,
        module: 'auth',
        message: 'This session token was already refreshed. Use the newest token.',
      });
    }
    // The original refreshes no more; the new token works, carries the sign-in's family, and refreshes.
    expect((await refresh(customer.token)).statusCode).toBe(401);
    const newToken: string = won[0]!.json().api_token;
    expect(decodeJwt(newToken)['fam']).toBe(decodeJwt(customer.token).jti);
    expect((await getUser(customer, newToken)).statusCode).toBe(200);
    const next = await refresh(newToken);
    expect(next.statusCode).toBe(200);
    expect(decodeJwt(next.json().api_token)['fam']).toBe(decodeJwt(customer.token).jti);
  });

  it('ends the session, the new tokens too, when a spent token is used again later', async () => {
    const customer = await signUp(testApp.app);
    const first = await refresh(customer.token);
    expect(first.statusCode).toBe(200);
    const newToken: string = first.json().api_token;
    clock.advance(61 * 1000);

    const reused = await refresh(customer.token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 8, module: 'auth' });
    expect(reused.json().message).toMatch(/sign in again/);
    // The token descended from the reused one is refused everywhere: the customer signs in again.
    expect((await getUser(customer, newToken)).statusCode).toBe(401);
    expect((await refresh(newToken)).statusCode).toBe(401);
    expect((await getUser(customer, customer.token)).statusCode).toBe(401);
  });

  it('keeps one refresh per token across a chain of refreshes', async () => {
    const customer = await signUp(testApp.app);
    let token = customer.token;
    for (let step = 0; step < 5; step += 1) {
      const reply = await refresh(token);
      expect(reply.statusCode, reply.body).toBe(200);
      token = reply.json().api_token;
    }
    expect((await getUser(customer, token)).statusCode).toBe(200);
    const rows = await testApp.database.pool.query(
      'select count(distinct family) as families, count(*) as spent from refreshed_tokens where user_id = $1',
      [customer.userId],
    );
    expect(rows.rows[0]).toEqual({ families: '1', spent: '5' });
  });
});
