import * as z from 'zod';
import { ZServiceabilityResult } from '@konek/contract/serviceability-check';

// The last not-serviceable answer travels to the notify-me screen in the router's state and is kept in
// sessionStorage too, so a refresh of that screen still knows why and where.

export const SERVICEABILITY_STORAGE_KEY = 'konek.serviceability';

export const ZCheckedOutcome = z.object({
  latitude: z.number(),
  longitude: z.number(),
  result: ZServiceabilityResult,
});
export type TCheckedOutcome = z.infer<typeof ZCheckedOutcome>;

/** The router state the loading screen passes along. */
export const ZOutcomeState = z.object({ serviceability: ZCheckedOutcome });

export function saveCheckedOutcome(
  outcome: TCheckedOutcome,
  storage: Storage = window.sessionStorage,
): void {
  try {
    storage.setItem(SERVICEABILITY_STORAGE_KEY, JSON.stringify(outcome));
  } catch {
    // Without sessionStorage only a refresh of the notify-me screen loses the answer.
  }
}

/** From the router state when present, else from sessionStorage; null when neither holds one. */
export function readCheckedOutcome(
  routerState: unknown,
  storage: Storage = window.sessionStorage,
): TCheckedOutcome | null {
  const fromState = ZOutcomeState.safeParse(routerState);
  if (fromState.success) return fromState.data.serviceability;
  try {
    const raw = storage.getItem(SERVICEABILITY_STORAGE_KEY);
    const parsed = ZCheckedOutcome.safeParse(raw ? JSON.parse(raw) : undefined);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
