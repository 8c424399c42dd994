// The server side of the rush benchmark (bench/rush.ts), run as its own process so the driver and Konek
// do not share one event loop: Konek as `npm start` runs it (SMS outbox, local payment gateway, a request
// line per request to standard output), limits per address set out of reach — every journey comes from
// 127.0.0.1 — and the Las Piñas zone's installation slots given room for every journey. PIN hashing is
// the production scrypt (ADR 006), unchanged.
import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import { GET_AVAILABLE_TIME_SLOTS_PATH } from '@konek/contract/appointments';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { callerFor, yakalHeightsParts } from './lib/yakal-heights';
import { startBookingServer } from './lib/booking-server';
import type { RushPlan } from './lib/rush-plan';

const OUT_OF_REACH = '100000';
const BUDGET_OUT_OF_REACH = '10000000';

const server = await startBookingServer(
  {
    NODE_ENV: 'development',
    SMS_PROVIDER: 'outbox',
    PAYMENT_PROVIDER: 'local',
    RATE_LIMIT_LOGIN_PER_MINUTE: OUT_OF_REACH,
    RATE_LIMIT_LOOKUP_PER_MINUTE: OUT_OF_REACH,
    RATE_LIMIT_SMS_PER_MINUTE: OUT_OF_REACH,
    RATE_LIMIT_EMAIL_VALIDATION_PER_MINUTE: OUT_OF_REACH,
    SMS_PER_ADDRESS_PER_HOUR: BUDGET_OUT_OF_REACH,
    SMS_PER_ADDRESS_PER_DAY: BUDGET_OUT_OF_REACH,
    SMS_GLOBAL_PER_HOUR: BUDGET_OUT_OF_REACH,
  },
  'konek-bench-rush-',
);

const call = callerFor(server.baseUrl);
const parts = await yakalHeightsParts(call);

// One customer made straight in the database opens the zone's calendar; then every slot gets room.
const [first] = await server.customers(1);
const target = { target_id: first!.accountId, target_type: 2 };
await call(ADD_ADDRESS_PATH, { parts, type: 4, ...target }, first!.token);
await call(
  RESERVE_RESOURCE_PATH,
  { address: parts, customer: { first_name: 'Maria', last_name: 'Santos' }, ...target },
  first!.token,
);
const listed = (await call(GET_AVAILABLE_TIME_SLOTS_PATH, target, first!.token))[
  'time_slots'
] as Record<string, unknown>;
await server.database.pool.query(
  'update installation_slots set capacity = 1000000 where id = any($1::uuid[])',
  [Object.keys(listed)],
);

const plan: RushPlan = { baseUrl: server.baseUrl, parts, slotCount: Object.keys(listed).length };
process.send?.(plan);
// The driver asks for this process's CPU time (every thread: the event loop and scrypt's pool) before and
// after the rush.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

let isStopping = false;
// Stopping the embedded PostgreSQL ends connections still open; that is the end, not a failure.
process.on('uncaughtException', (error) => {
  if (isStopping) process.exit(0);
  console.error(error);
  process.exit(1);
});

async function stop(): Promise<void> {
  isStopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
