import * as z from 'zod';

// product §4.3 step 7 / §8: a refused network reservation goes to locationerror, which the address check
// also uses for a refused position. The details submit says which it was in the navigation's state (kept
// across a refresh), so the screen can say what happened and offer the right next step.

export const RESERVE_REFUSALS = ['no-free-port', 'not-serviceable', 'other'] as const;
export type TReserveRefusal = (typeof RESERVE_REFUSALS)[number];

const ZLocationErrorState = z.object({ reserveRefusal: z.enum(RESERVE_REFUSALS) });

export function locationErrorState(reserveRefusal: TReserveRefusal) {
  return { reserveRefusal };
}

/** Why the reservation was refused, or null when the screen was reached some other way. */
export function readReserveRefusal(state: unknown): TReserveRefusal | null {
  const parsed = ZLocationErrorState.safeParse(state);
  return parsed.success ? parsed.data.reserveRefusal : null;
}
