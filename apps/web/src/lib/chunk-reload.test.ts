import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  importWithReload,
  type ChunkReloadEnvironment,
} from './chunk-reload';

function environmentAt(clock: { now: number }) {
  const reload = vi.fn();
  const environment: ChunkReloadEnvironment = {
    now: () => clock.now,
    storage: () => window.sessionStorage,
    reload,
  };
  return { environment, reload };
}

const failingImport = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('importWithReload (product §8: reload at most once per minute)', () => {
  it('passes a successful import through', async () => {
    const { environment, reload } = environmentAt({ now: 1_000_000 });
    await expect(importWithReload(() => Promise.resolve('module'), environment)).resolves.toBe(
      'module',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on the first failure, and shows the error on a second one within a minute', async () => {
    const clock = { now: 1_000_000 };
    const { environment, reload } = environmentAt(clock);
    void importWithReload(failingImport, environment);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    clock.now += CHUNK_RELOAD_INTERVAL_MS - 1;
    await expect(importWithReload(failingImport, environment)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).toHaveBeenCalledTimes(1);

    clock.now += 1;
    void importWithReload(failingImport, environment);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
