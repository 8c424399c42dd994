import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePainted } from './page-painted';

/** A PerformanceObserver whose paint entries the test delivers, as Chromium does at presentation. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint', 'navigation'];
  static current: FakePaintObserver | null = null;
  observed: unknown = null;
  disconnected = false;
  constructor(
    private readonly callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void,
  ) {
    FakePaintObserver.current = this;
  }
  observe(options: unknown): void {
    this.observed = options;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  deliver(names: string[]): void {
    this.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
  }
}

function settledFlag(promise: Promise<void>): { settled: boolean } {
  const flag = { settled: false };
  void promise.then(() => {
    flag.settled = true;
  });
  return flag;
}

describe('pagePainted', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.current = null;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint to be on screen, not for the first paint', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const painted = settledFlag(pagePainted({ maxWaitMs: 300 }));
    const observer = FakePaintObserver.current!;
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });

    observer.deliver(['first-paint']);
    await vi.advanceTimersByTimeAsync(50);
    expect(painted.settled).toBe(false);

    observer.deliver(['first-contentful-paint']);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted.settled).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('gives up after the longest wait when no contentful paint comes', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const painted = settledFlag(pagePainted({ maxWaitMs: 300 }));
    await vi.advanceTimersByTimeAsync(299);
    expect(painted.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(painted.settled).toBe(true);
    expect(FakePaintObserver.current!.disconnected).toBe(true);
  });

  it('waits for a frame and a task where the browser reports no paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const painted = settledFlag(pagePainted({ maxWaitMs: 300 }));
    await vi.advanceTimersByTimeAsync(10);
    expect(painted.settled).toBe(false);
    frames.shift()?.(0);
    expect(painted.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted.settled).toBe(true);
  });

  it('does not wait in a hidden tab, which draws nothing', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const painted = settledFlag(pagePainted({ maxWaitMs: 300 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(painted.settled).toBe(true);
    expect(FakePaintObserver.current).toBeNull();
  });
});
