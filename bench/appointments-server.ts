// The server side of the booking benchmark (bench/appointments.ts), run as its own process: Konek with
// customers whose network is reserved at a listed building in Las Piñas (work zone MM-SOUTH), the zone's
// slots given room for everyone but one hot slot of 50 places. It sends the plan to its parent and serves
// until told to stop.
import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import { GET_AVAILABLE_TIME_SLOTS_PATH } from '@konek/contract/appointments';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { callerFor, yakalHeightsParts } from './lib/yakal-heights';
import { startBookingServer, type BenchCustomer } from './lib/booking-server';
import type { BookingPlan } from './lib/booking-plan';
import {
  readPgStatements,
  resetPgStatements,
  type PgStatementsReply,
  type PgStatementsRequest,
} from './lib/pg-statements';

const CUSTOMERS = 1000;
const HOT_SLOT_PLACES = 50;

const server = await startBookingServer();

const call = callerFor(server.baseUrl);
const parts = await yakalHeightsParts(call);

const customers: BenchCustomer[] = await server.customers(CUSTOMERS);
for (let start = 0; start < customers.length; start += 25) {
  await Promise.all(
    customers.slice(start, start + 25).map(async (customer) => {
      const target = { target_id: customer.accountId, target_type: 2 };
      await call(ADD_ADDRESS_PATH, { parts, type: 4, ...target }, customer.token);
      await call(
        RESERVE_RESOURCE_PATH,
        { address: parts, customer: { first_name: 'Maria', last_name: 'Santos' }, ...target },
        customer.token,
      );
    }),
  );
}

const listed = (
  await call(
    GET_AVAILABLE_TIME_SLOTS_PATH,
    { target_id: customers[0]!.accountId, target_type: 2 },
    customers[0]!.token,
  )
)['time_slots'] as Record<string, { start_time: string; end_time: string }>;
const slots = Object.entries(listed).map(([id, times]) => ({ id, ...times }));
const [hot, ...rest] = slots;
// Room for everyone in the random slots (throughput, not refusals, is measured there); 50 in the hot one.
await server.database.pool.query(
  'update installation_slots set capacity = 1000000, taken = 0 where id = any($1::uuid[])',
  [rest.map((slot) => slot.id)],
);
await server.database.pool.query(
  'update installation_slots set capacity = $2, taken = 0 where id = $1',
  [hot!.id, HOT_SLOT_PLACES],
);

const plan: BookingPlan = {
  baseUrl: server.baseUrl,
  addressListBody: JSON.stringify({ address_type: 'barangay', address_code: '1381300000' }),
  customers,
  slots: rest,
  hotSlot: hot!,
  hotSlotPlaces: HOT_SLOT_PLACES,
};
process.send?.(plan);

// BENCH_PG_STATEMENTS=1: the driver resets and reads PostgreSQL's statement figures around a run.
process.on('message', (request: PgStatementsRequest) => {
  const answer = async (): Promise<PgStatementsReply> => {
    if (request.pgStatements === 'reset') {
      await resetPgStatements(server.database);
      return { pgStatements: 'reset' };
    }
    return { pgStatements: await readPgStatements(server.database) };
  };
  void answer().then((reply) => process.send?.(reply));
});

async function stop(): Promise<void> {
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
