// The server side of bench/api-ab.ts, one process per checkout: started in the checkout's directory
// (`node <its npm start flags> --import tsx <this file> <checkout>`), it runs that checkout's Konek as
// `bench:check` does (bench/lib/konek-server.ts: production settings, the default log level to standard
// output, embedded PostgreSQL in a temporary directory of its own, 100,000 NAPs, a free port), makes a
// signed-in customer, sends its parent the scenarios and serves until it is told to stop. Everything of
// Konek is imported from the checkout, nothing from the one this file is in.
import path from 'node:path';
// Types only: the values come from the checkout's own files below.
import type * as KonekServer from './lib/konek-server';
import type * as ExtraNaps from './lib/extra-naps';
import type * as GetAddresses from '../packages/contract/src/get-addresses';
import type * as ServiceabilityCheck from '../packages/contract/src/serviceability-check';
import type * as GetAccount from '../packages/contract/src/get-account';

type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers: Record<string, string>;
};

const checkout = path.resolve(process.argv[2] ?? '.');
const fromCheckout = <T>(file: string): Promise<T> =>
  import(path.join(checkout, file)) as Promise<T>;

const NAP_COUNT = 100_000;
const { startKonek } = await fromCheckout<typeof KonekServer>('bench/lib/konek-server.ts');
const { fillNaps } = await fromCheckout<typeof ExtraNaps>('bench/lib/extra-naps.ts');
const { getAddressesPath } = await fromCheckout<typeof GetAddresses>(
  'packages/contract/src/get-addresses.ts',
);
const { SERVICEABILITY_CHECK_PATH } = await fromCheckout<typeof ServiceabilityCheck>(
  'packages/contract/src/serviceability-check.ts',
);
const { GET_ACCOUNT_PATH } = await fromCheckout<typeof GetAccount>(
  'packages/contract/src/get-account.ts',
);

const konek = await startKonek((database) => fillNaps(database, NAP_COUNT).then(() => undefined));
const customer = await konek.newCustomer();

// What a browser sends with every request; the compressed copies count where a browser would get them.
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const json = { ...browser, 'content-type': 'application/json' };
const scenarios: Scenario[] = [
  { name: 'shell', method: 'GET', url: `${konek.baseUrl}/serviceability`, headers: browser },
  {
    name: 'list',
    method: 'POST',
    url: `${konek.baseUrl}${getAddressesPath('konek')}`,
    body: JSON.stringify({ address_type: 'barangay', address_code: '1381300000' }),
    headers: json,
  },
  {
    name: 'check',
    method: 'POST',
    url: `${konek.baseUrl}${SERVICEABILITY_CHECK_PATH}`,
    body: JSON.stringify({ latitude: 14.45056, longitude: 120.98278 }),
    headers: json,
  },
  {
    name: 'account',
    method: 'POST',
    url: `${konek.baseUrl}${GET_ACCOUNT_PATH}`,
    body: JSON.stringify({ target_id: customer.accountId, target_type: 2 }),
    headers: { ...json, authorization: `Bearer ${customer.token}` },
  },
];
// Every scenario answers 200 before any is measured.
for (const scenario of scenarios) {
  const reply = await fetch(scenario.url, {
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  await reply.arrayBuffer();
  if (reply.status !== 200) throw new Error(`${scenario.name}: ${reply.status} from ${checkout}`);
}
process.send?.(scenarios);
// The parent asks for this process's CPU time around each turn (CPU per request).
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpuMicros: user + system });
});

async function stop(): Promise<void> {
  await konek.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
