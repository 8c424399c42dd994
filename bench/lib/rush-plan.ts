import type { TCondominiumAddressParts } from '@konek/contract/address-book';

/** What the rush server tells the driver (bench/rush.ts). */
export type RushPlan = {
  baseUrl: string;
  /** The unit every journey's customer lives in (a listed building: a port for everyone). */
  parts: TCondominiumAddressParts;
  /** The installation slots, each with room for every journey. */
  slotCount: number;
};
