import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_FETCH_DELAY_MS } from '@konek/contract/constants';
import { withMinimumDelay } from './min-delay';

describe('withMinimumDelay (product §9: 200 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits at least the minimum before resolving a fast result', async () => {
    const onDone = vi.fn();
    void withMinimumDelay(Promise.resolve('ok')).then(onDone);
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onDone).toHaveBeenCalledWith('ok');
  });

  it('rejects with the original error, also after the minimum', async () => {
    const failure = withMinimumDelay(Promise.reject(new Error('boom')));
    const settled = expect(failure).rejects.toThrow('boom');
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS);
    await settled;
  });
});
