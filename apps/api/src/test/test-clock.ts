import type { Clock } from '../platform/clock';

export type TestClock = Clock & {
  /** Moves time forward by `milliseconds`. */
  advance: (milliseconds: number) => void;
};

/** A clock that stands still until a test moves it. */
export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
