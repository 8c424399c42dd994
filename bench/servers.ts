// The server side of `npm run bench`, run as its own process: Konek (embedded PostgreSQL, 100,000 NAPs)
// and, in this same process, a bare node:http baseline per scenario that answers with Konek's own bytes.
// It sends the scenarios to its parent and serves until it is told to stop.
import { getAddressesPath } from '@konek/contract/get-addresses';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { startBareServer, startKonek } from './lib/konek-server';
import { fillNaps } from './lib/extra-naps';
import type { Scenario } from './lib/scenarios';

const NAP_COUNT = 100_000;
const json = { 'content-type': 'application/json' };

const konek = await startKonek((database) => fillNaps(database, NAP_COUNT).then(() => undefined));
const closers = [konek.close];

async function baselineFor(
  name: string,
  path: string,
  body?: string,
  goals: Partial<Scenario> = {},
): Promise<Scenario> {
  const konekUrl = `${konek.baseUrl}${path}`;
  const reply = body
    ? await fetch(konekUrl, { method: 'POST', headers: json, body })
    : await fetch(konekUrl);
  const bytes = Buffer.from(await reply.arrayBuffer());
  const bare = await startBareServer(
    bytes,
    reply.headers.get('content-type') ?? 'application/octet-stream',
  );
  closers.push(bare.close);
  return {
    name,
    method: body ? 'POST' : 'GET',
    ...(body ? { body } : {}),
    konekUrl,
    baselineUrl: `${bare.baseUrl}/`,
    ...goals,
  };
}

const scenarios: Scenario[] = [
  await baselineFor('app shell (index.html for a route)', '/serviceability'),
  await baselineFor(
    'address list (barangays of Quezon City)',
    getAddressesPath('konek'),
    JSON.stringify({ address_type: 'barangay', address_code: '1381300000' }),
    { goalRatio: 0.6 },
  ),
  await baselineFor(
    `serviceability check (${NAP_COUNT} NAPs)`,
    SERVICEABILITY_CHECK_PATH,
    JSON.stringify({ latitude: 14.45056, longitude: 120.98278 }),
    { goalRatio: 0.4, goalP99Ms: 20 },
  ),
];
process.send?.(scenarios);
// The parent asks for this process's CPU time around each turn of its load (CPU per request).
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpuMicros: user + system });
});

async function stop(): Promise<void> {
  for (const close of closers.reverse()) await close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
