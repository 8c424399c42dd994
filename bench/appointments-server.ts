// The server side of the booking benchmark (bench/appointments.ts), run as its own process: Konek with
// customers whose network is reserved at a listed building in Las Piñas (work zone MM-SOUTH), the zone's
// slots given room for everyone but one hot slot of 50 places. It sends the plan to its parent and serves
// until told to stop.
import { bookableCustomers, makeRoomIn } from './lib/bookable-customers';
import { startBookingServer } from './lib/booking-server';
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

const { customers, slots } = await bookableCustomers(server, CUSTOMERS);
const [hot, ...rest] = slots;
// Room for everyone in the random slots; 50 in the hot one.
await makeRoomIn(server, rest);
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
