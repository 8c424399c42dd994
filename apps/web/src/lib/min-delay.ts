import { MIN_FETCH_DELAY_MS } from '@konek/contract/constants';

// product §9: a minimal fetch delay of 200 ms, so a loading state never flashes for a few frames.
export async function withMinimumDelay<T>(
  promise: Promise<T>,
  minimumMs: number = MIN_FETCH_DELAY_MS,
): Promise<T> {
  const pause = new Promise<void>((resolve) => setTimeout(resolve, minimumMs));
  const [outcome] = await Promise.allSettled([promise, pause]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}
