import { useSyncExternalStore } from 'react';

// The resend countdown: seconds until an epoch-ms moment, re-rendering while a component
// watches. The clock is an external store read in quarter seconds, so no effect copies time into state
// and a fresh countdown reads its full length ("1:00", not "1:01" or "0:59").

const TICK_MS = 250;

function subscribeToTicks(onTick: () => void): () => void {
  const timer = setInterval(onTick, TICK_MS);
  return () => clearInterval(timer);
}

const currentTick = () => Math.floor(Date.now() / TICK_MS);

/** Whole seconds left until `until` (epoch ms); 0 once it has passed or when there is nothing to wait for. */
export function useSecondsLeft(until: number | null): number {
  const tick = useSyncExternalStore(subscribeToTicks, currentTick, currentTick);
  if (until === null) return 0;
  return Math.max(0, Math.round((until - tick * TICK_MS) / 1000));
}

/** 75 → "1:15". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
