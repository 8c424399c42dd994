import type { BenchSlot } from './bookable-customers';
import type { BenchCustomer } from './booking-server';

/** What the booking benchmark's server prepared, sent to the driving process. */
export type BookingPlan = {
  baseUrl: string;
  /** The address-list lookup the reserve throughput is compared with. */
  addressListBody: string;
  customers: BenchCustomer[];
  /** Slots with room for everyone: reserve_appointment on a random one of them. */
  slots: BenchSlot[];
  /** One slot with `hotSlotPlaces` places that every customer races for at once. */
  hotSlot: BenchSlot;
  hotSlotPlaces: number;
};
