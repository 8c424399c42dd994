import type { loadConfig } from '../../apps/api/src/platform/config';
import type { Database } from '../../apps/api/src/platform/db/database';
import type { SigningKeys } from '../../apps/api/src/platform/auth/signing-keys';
import { createSessionTokens } from '../../apps/api/src/platform/auth/session-tokens';
import { systemClock } from '../../apps/api/src/platform/clock';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';

// Signed-in customers for the benchmarks, made straight in the database with a session token (30
// minutes) from the server's own signing keys: signing up through the API would cost an SMS code and a
// PIN hash each, and production settings (which the benchmarks measure) send no SMS.

/** A customer with an account and a session token, as the API's callers and the web app's cookies hold it. */
export type BenchCustomer = { accountId: string; token: string; userId: string };

function randomMsisdns(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    numbers.add(`639${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
  }
  return [...numbers];
}

/** `count` customers (Maria Santos, each with a number of her own), with accounts and tokens. */
export async function makeCustomers(
  database: Database,
  keys: SigningKeys,
  config: ReturnType<typeof loadConfig>,
  count: number,
): Promise<BenchCustomer[]> {
  const now = new Date();
  const { rows } = await database.pool.query<{
    user_id: string;
    account_id: string;
    msisdn: string;
  }>(
    `with made as (
       insert into users (msisdn, first_name, last_name, application_id, pin_hash, pin_changed_at, created_at)
       select msisdn, 'Maria', 'Santos', $2, 'bench-customer-has-no-pin', $3, $3
         from unnest($1::text[]) as msisdn
       returning id, msisdn)
     insert into accounts (user_id, provider_id, created_at)
     select id, $4, $3 from made
     returning user_id, id as account_id,
               (select msisdn from users where users.id = accounts.user_id) as msisdn`,
    [randomMsisdns(count), DEFAULT_APPLICATION_ID, now, DEFAULT_OPERATOR_NAME],
  );
  const tokens = createSessionTokens(keys, systemClock, {
    issuer: config.tokenIssuer,
    audience: config.tokenAudience,
    lifetimeSeconds: config.tokenLifetimeSeconds,
  });
  return Promise.all(
    rows.map(async (row) => ({
      accountId: row.account_id,
      userId: row.user_id,
      token: (
        await tokens.issue(
          { userId: row.user_id, accountId: row.account_id, msisdn: row.msisdn },
          null,
        )
      ).token,
    })),
  );
}
