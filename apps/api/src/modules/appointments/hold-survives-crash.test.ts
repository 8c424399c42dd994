import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { connectDatabase, ensureDatabaseExists, runMigrations } from '../../platform/db/database';
import {
  makeReachableTempDir,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../../platform/db/embedded-postgres';
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { barangayDetail, buildingParts, LAS_PINAS, withReservedNetwork } from '../../test/journey';

// ADR 085: a hold Konek acknowledged (reserve_appointment answered 200) is on disk before the answer —
// holds commit synchronously. PostgreSQL is killed as a crash kills it (SIGKILL to the postmaster named
// in postmaster.pid and to every process of the server at once, no shutdown checkpoint) right after the
// last answer, started again (crash recovery replays the WAL), and every hold is still there. Its own
// PostgreSQL: killing the test run's would take the other test files with it.

const quiet = { info: () => undefined, warn: () => undefined };
const HOLDS = 20;
const TEMPLATE = 'konek_crash_template';

let clusterParent: string;
let server: EmbeddedServer;
let testApp: TestApp;

beforeAll(async () => {
  clusterParent = makeReachableTempDir('konek-crash-test-');
  server = await startEmbeddedPostgres(clusterParent, quiet);
  const template = connectDatabase(await ensureDatabaseExists(server.url, TEMPLATE), 2);
  try {
    await runMigrations(template);
    await seedDatabase(template, quiet);
  } finally {
    await template.close();
  }
  testApp = await createTestApp(
    {},
    { server: { adminUrl: server.url, templateDatabase: TEMPLATE } },
  );
}, 300_000);

afterAll(async () => {
  await testApp.app.close();
  await testApp.database.close();
  fs.rmSync(testApp.config.dataDir, { recursive: true, force: true });
  await server.stop();
  fs.rmSync(clusterParent, { recursive: true, force: true });
});

/** The processes whose parent is `pid` (the server's backends, WAL writer, checkpointer …). */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === pid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** SIGKILL to the postmaster and all its processes at once: nothing is flushed on the way out. */
async function crash(): Promise<void> {
  const lockFile = path.join(clusterParent, 'postgres', 'postmaster.pid');
  const postmaster = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  expect(Number.isInteger(postmaster) && postmaster > 0).toBe(true);
  const children = childrenOf(postmaster);
  process.kill(postmaster, 'SIGKILL');
  for (const child of children) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  // The package's handle on the killed process is let go of (its exit is awaited, nothing is sent to
  // a live server), so the next start finds only the lock file left behind.
  await server.stop();
}

it('keeps every hold reserve_appointment acknowledged when PostgreSQL is killed and started again', async () => {
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
  const customers = await quickCustomers(testApp, HOLDS);
  await withReservedNetwork(testApp.app, customers, unit);
  const listed = await post(
    testApp.app,
    GET_AVAILABLE_TIME_SLOTS_PATH,
    { target_id: customers[0]!.accountId, target_type: 2 },
    customers[0]!.token,
  );
  expect(listed.statusCode, listed.body).toBe(200);
  const slots = Object.entries(
    listed.json().time_slots as Record<string, { start_time: string; end_time: string }>,
  ).map(([id, times]) => ({ id, ...times }));

  // Many holds at once, the way a rush sends them; the server is killed the moment the last is answered.
  const replies = await Promise.all(
    customers.map((customer, index) =>
      post(
        testApp.app,
        RESERVE_APPOINTMENT_PATH,
        {
          target_id: customer.accountId,
          target_type: 2,
          time_slot: slots[index % slots.length],
        },
        customer.token,
      ),
    ),
  );
  await crash();
  for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
  const acknowledged = replies.map((reply) => reply.json().appointment.appointment_id as string);

  server = await startEmbeddedPostgres(clusterParent, quiet);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const { rows: databases } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'konek_test_%'",
  );
  await admin.end();
  expect(databases).toHaveLength(1);
  const url = new URL(server.url);
  url.pathname = `/${databases[0]!.datname}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; status: string }>(
      'select id, status from appointments where id = any($1::uuid[])',
      [acknowledged],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    expect(rows.every((row) => row.status === 'held')).toBe(true);
  } finally {
    await client.end();
  }
}, 120_000);
