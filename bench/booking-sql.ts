import fs from 'node:fs';
import { startBookingServer } from './lib/booking-server';
import { bookableCustomers, makeRoomIn } from './lib/bookable-customers';
import { median } from './lib/median';

// `node --import tsx bench/booking-sql.ts [variant.sql …]`: the time of reserve_appointment's batch
// statement alone (konek_reserve_appointments, ADR 060/063), called straight on one connection with
// batches of BOOKING_SQL_BATCH (default 5) random customers on random slots — no HTTP, no other work on
// the connection. Each variant file holds a `CREATE OR REPLACE FUNCTION "konek_reserve_appointments"(…)`
// as a migration would; it is installed under another name beside the current function, and the
// versions are called in turn, batch by batch, so a machine that speeds up or slows down moves them
// alike. It prints each one's median time per call, and the variants' as a share of the current one's.
// The HTTP benchmark (`npm run bench:booking`) varies by a fifth from run to run on a busy 2-core
// machine; this tells a 4% change in the statement apart.

const CUSTOMERS = 1000;
const BATCH = Number(process.env['BOOKING_SQL_BATCH'] ?? 5);
const ROUNDS = Number(process.env['BOOKING_SQL_ROUNDS'] ?? 2000);
const WARM_UP_ROUNDS = 200;
const FUNCTION = 'konek_reserve_appointments';
const HOLD_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

process.env['BOOKING_SQL_LOG_LEVEL'] ??= 'warn';
const server = await startBookingServer();
const { customers, slots } = await bookableCustomers(server, CUSTOMERS);
await makeRoomIn(server, slots);

// The statement's own arguments: the user and token start the service reads from the verified token.
const bookers = customers.map((customer) => {
  const claims = JSON.parse(
    Buffer.from(customer.token.split('.')[1]!, 'base64url').toString('utf8'),
  ) as { sub: string; token_start: number };
  return { accountId: customer.accountId, userId: claims.sub, tokenStart: claims.token_start };
});

type Version = { name: string; fn: string; callMicros: number[] };
const versions: Version[] = [{ name: `${FUNCTION} (current)`, fn: FUNCTION, callMicros: [] }];
for (const [index, file] of process.argv.slice(2).entries()) {
  const fn = `${FUNCTION}_variant_${index + 1}`;
  const sql = fs.readFileSync(file, 'utf8').replace(`"${FUNCTION}"(`, `"${fn}"(`);
  if (!sql.includes(`"${fn}"(`)) throw new Error(`${file} does not create "${FUNCTION}"(…)`);
  await server.database.pool.query(sql);
  versions.push({ name: file, fn, callMicros: [] });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const client = await server.database.pool.connect();
let refusals = 0;

/** One batch of different customers on random slots through `version`; answers its time in µs. */
async function callOnce(version: Version): Promise<number> {
  const batch = new Set<(typeof bookers)[number]>();
  while (batch.size < BATCH) batch.add(pick(bookers));
  const now = new Date();
  const rows = [...batch].map((booker) => {
    const slot = pick(slots);
    return [
      booker.userId,
      String(booker.tokenStart),
      booker.accountId,
      slot.id,
      slot.start_time,
      slot.end_time,
      true,
      now.toISOString(),
      new Date(now.getTime() - DAY_MS).toISOString(),
      new Date(now.getTime() + HOLD_MS).toISOString(),
      'Installation',
    ];
  });
  const columns = rows[0]!.map((_, column) => rows.map((row) => row[column]));
  const startedAt = process.hrtime.bigint();
  const result = await client.query<{ r: { outcome: string }[] }>({
    name: `booking_sql_${version.fn}`,
    text: `select ${version.fn}($1::uuid[], $2::bigint[], $3::uuid[], $4::uuid[],
      $5::timestamptz[], $6::timestamptz[], $7::boolean[], $8::timestamptz[], $9::timestamptz[],
      $10::timestamptz[], $11::text[]) as r`,
    values: columns,
  });
  const micros = Number(process.hrtime.bigint() - startedAt) / 1000;
  refusals += result.rows[0]!.r.filter((answer) => answer.outcome !== 'OK').length;
  return micros;
}

try {
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1)
    for (const version of versions) await callOnce(version);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each version goes first in every other round.
    const order = round % 2 === 0 ? versions : [...versions].reverse();
    for (const version of order) version.callMicros.push(await callOnce(version));
  }
} finally {
  client.release();
}

const current = median(versions[0]!.callMicros);
console.log(
  `${FUNCTION}, batches of ${BATCH} random bookings, ${ROUNDS} calls of each version in turn on one connection:`,
);
for (const version of versions) {
  const time = median(version.callMicros);
  console.log(
    `  ${version.name}: median ${Math.round(time)} µs a call, ${Math.round(time / BATCH)} µs a booking (${((time / current) * 100).toFixed(1)}% of the current)`,
  );
}
console.log(`  refusals ${refusals} (every booking has room: expected 0)`);
await server.close();
process.exit(refusals === 0 ? 0 : 1);
