// The server side of the booking benchmark (bench/appointments.ts), run as its own process: Konek with
// customers whose network is reserved at a listed building in Las Piñas (work zone MM-SOUTH), the zone's
// slots given room for everyone but one hot slot of 50 places. It sends the plan to its parent and serves
// until told to stop.
import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { getAddressesPath, type TBarangayDetail } from '@konek/contract/get-addresses';
import { GET_AVAILABLE_TIME_SLOTS_PATH } from '@konek/contract/appointments';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { startBookingServer, type BenchCustomer } from './lib/booking-server';
import type { BookingPlan } from './lib/booking-plan';

const CUSTOMERS = 1000;
const HOT_SLOT_PLACES = 50;
const LAS_PINAS = '1380200000';

const server = await startBookingServer();

async function call(path: string, body: object, token?: string) {
  const reply = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await reply.json()) as Record<string, unknown>;
  if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${json['message']}`);
  return json;
}

// Yakal Heights, Almanza Uno: in-building fibre, so every customer gets a port (docs/coverage-seed.md).
const addresses = getAddressesPath('konek');
const barangays = (await call(addresses, { address_type: 'barangay', address_code: LAS_PINAS }))[
  'result'
] as { address_name: string; address_code: string }[];
const almanzaUno = barangays.find((entry) => entry.address_name === 'Almanza Uno')!;
const detail = (
  await call(addresses, {
    address_type: 'barangay',
    address_code: almanzaUno.address_code,
  })
)['result'] as TBarangayDetail;
const buildings = (
  await call(GET_BUILDING_LIST_PATH, {
    operator_name: DEFAULT_OPERATOR_NAME,
    barangay: detail.address_code,
    city: LAS_PINAS,
    province: '1300000000',
  })
)['buildingList'] as {
  buildingName: string;
  streetName: string;
  latitude: number;
  longitude: number;
}[];
const building = buildings.find((entry) => entry.buildingName === 'Yakal Heights')!;
const parts = {
  province: 'Metro Manila',
  city: 'Las Piñas City',
  barangay: detail.address_name,
  barangay_code: detail.address_code,
  zip_code: detail.zip_code,
  latitude: building.latitude,
  longitude: building.longitude,
  region_description: detail.region_description,
  building_name: building.buildingName,
  floor: '5',
  unit_no: '5-B',
  street: building.streetName,
  landmark: 'none',
};

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

async function stop(): Promise<void> {
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
