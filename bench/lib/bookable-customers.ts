import { ADD_ADDRESS_PATH } from '@konek/contract/address-book';
import { GET_AVAILABLE_TIME_SLOTS_PATH } from '@konek/contract/appointments';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import type { BenchCustomer, BookingServer } from './booking-server';
import { callerFor, yakalHeightsParts } from './yakal-heights';

export type BenchSlot = { id: string; start_time: string; end_time: string };

/**
 * `count` signed-in customers ready to book: each has the Yakal Heights address and its network
 * reserved there (through the API, 25 at a time). Answers them with the slots the zone lists.
 */
export async function bookableCustomers(
  server: BookingServer,
  count: number,
): Promise<{ customers: BenchCustomer[]; slots: BenchSlot[] }> {
  const call = callerFor(server.baseUrl);
  const parts = await yakalHeightsParts(call);
  const customers = await server.customers(count);
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
  return {
    customers,
    slots: Object.entries(listed).map(([id, times]) => ({ id, ...times })),
  };
}

/** Gives these slots room for everyone: throughput, not refusals, is measured on them. */
export async function makeRoomIn(server: BookingServer, slots: BenchSlot[]): Promise<void> {
  await server.database.pool.query(
    'update installation_slots set capacity = 1000000, taken = 0 where id = any($1::uuid[])',
    [slots.map((slot) => slot.id)],
  );
}
