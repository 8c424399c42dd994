import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { createSessionTokens } from '../platform/auth/session-tokens';
import { systemClock, type Clock } from '../platform/clock';
import { randomMsisdn, type Customer } from './accounts';
import type { TestApp } from './test-app';

// Many signed-in customers at once, for the race tests (hundreds of callers): users and accounts are
// written straight into the database and tokens signed with the app's own keys, because signing up
// through the API costs an SMS code and a scrypt PIN hash each. signUp (accounts.ts) stays the way
// for tests about one customer.

/** `count` customers with accounts and tokens valid on `clock` (the app's clock). */
export async function quickCustomers(
  testApp: TestApp,
  count: number,
  clock: Clock = systemClock,
): Promise<Customer[]> {
  const msisdns = new Set<string>();
  while (msisdns.size < count) msisdns.add(randomMsisdn());
  const now = clock.now();
  const { rows: users } = await testApp.database.pool.query<{ id: string; msisdn: string }>(
    `insert into users (msisdn, first_name, last_name, application_id, pin_hash, pin_changed_at, created_at)
     select msisdn, 'Maria', 'Santos', $2, 'quick-test-customer-has-no-pin', $3, $3
       from unnest($1::text[]) as msisdn
     returning id, msisdn`,
    [[...msisdns], DEFAULT_APPLICATION_ID, now],
  );
  const { rows: accounts } = await testApp.database.pool.query<{ id: string; user_id: string }>(
    `insert into accounts (user_id, provider_id, created_at)
     select user_id, $2, $3 from unnest($1::uuid[]) as user_id
     returning id, user_id`,
    [users.map((user) => user.id), DEFAULT_OPERATOR_NAME, now],
  );
  const accountOf = new Map(accounts.map((account) => [account.user_id, account.id]));
  return Promise.all(
    users.map(async (user) => {
      const accountId = accountOf.get(user.id)!;
      const customer = { msisdn: user.msisdn, userId: user.id, accountId };
      return {
        ...customer,
        pin: '',
        referenceId: '',
        token: await tokenFor(testApp, customer, clock),
      };
    }),
  );
}

/** A fresh token for the customer, valid on `clock` (after a test moved time past the last one). */
export async function tokenFor(
  testApp: TestApp,
  customer: Pick<Customer, 'userId' | 'accountId' | 'msisdn'>,
  clock: Clock = systemClock,
): Promise<string> {
  const tokens = createSessionTokens(testApp.keys, clock, {
    issuer: testApp.config.tokenIssuer,
    audience: testApp.config.tokenAudience,
    lifetimeSeconds: testApp.config.tokenLifetimeSeconds,
  });
  const issued = await tokens.issue(
    { userId: customer.userId, accountId: customer.accountId, msisdn: customer.msisdn },
    null,
  );
  return issued.token;
}
