// `node --import tsx bench/register-refusals.ts [count]`: how long Konek takes to refuse `count` (200)
// registrations of numbers whose sign-up code was never verified, sent all at once. ADR 023: a refusal
// must not pay for scrypt, so this stays well under a second. Not part of `npm test` or `npm run bench`.
import crypto from 'node:crypto';
import { DEFAULT_APPLICATION_ID } from '@konek/contract/constants';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { startKonek } from './lib/konek-server';

const count = Number(process.argv[2] ?? 200);
// Every request comes from 127.0.0.1: the per-IP limits (20 and 30 a minute) are set out of reach.
const konek = await startKonek(undefined, {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_LOOKUP_PER_MINUTE: '100000',
});
try {
  const bodies = await Promise.all(
    Array.from({ length: count }, async () => {
      const msisdn = `639${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
      return JSON.stringify({
        application_id: DEFAULT_APPLICATION_ID,
        login_id: msisdn,
        login_type: 2,
        login_secret: await hashPin(msisdn, '482916'),
        user_properties: { first_name: 'Maria', last_name: 'Santos' },
      });
    }),
  );
  const timeAll = async (path: string, payloads: string[]) => {
    const send = (body: string) =>
      fetch(`${konek.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    await Promise.all(payloads.slice(0, 5).map(send)); // warm up the route and the connection pool
    const started = performance.now();
    const replies = await Promise.all(payloads.map(send));
    const elapsedMs = performance.now() - started;
    const statuses = new Map<number, number>();
    for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    return `${elapsedMs.toFixed(0)} ms (statuses ${JSON.stringify(Object.fromEntries(statuses))})`;
  };
  // The baseline: the same number of check_login_exists calls, one indexed query each, so a busy
  // machine can be told apart from a slow refusal.
  const lookups = bodies.map((body) => {
    const { application_id, login_id, login_type } = JSON.parse(body);
    return JSON.stringify({ application_id, login_id, login_type });
  });
  console.log(`${count} check_login_exists: ${await timeAll(CHECK_LOGIN_EXISTS_PATH, lookups)}`);
  console.log(`${count} unverified registrations: ${await timeAll(LOGIN_PATH, bodies)}`);
} finally {
  await konek.close();
}
