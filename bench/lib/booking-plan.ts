import type { BenchCustomer } from './booking-server';

/** What the booking benchmark's server prepared, sent to the driving process. */
export type BookingPlan = {
  baseUrl: string;
  /** The address-list lookup the reserve throughput is compared with. */
  addressListBody: string;
  customers: BenchCustomer[];
  /** Slots with room for everyone: reserve_appointment on a random one of them. */
  slots: { id: string; start_time: string; end_time: string }[];
  /** One slot with `hotSlotPlaces` places that every customer races for at once. */
  hotSlot: { id: string; start_time: string; end_time: string };
  hotSlotPlaces: number;
};
