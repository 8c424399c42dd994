import type { Clock } from '../platform/clock';

export type TestClock = Clock & {
  /** Moves time forward by `milliseconds`. */
  advance: (milliseconds: number) => void;
};

/** The next moment at a UTC time of day given as "HH:MM" (15:30 UTC is 23:30 in Manila). */
export function nextUtcTime(time: string): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`a UTC time of day is HH:MM, not "${time}"`);
  const start = new Date();
  start.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
  if (start.getTime() < Date.now()) start.setUTCDate(start.getUTCDate() + 1);
  return start;
}

/**
 * Where a test clock starts when its test names no time: now, or as KONEK_TEST_CLOCK_START says: a UTC
 * time of day ("15:30", its next occurrence) or a whole UTC instant ("2026-12-24T15:30:00Z", to try a
 * given day: a Saturday night, the eve of a holiday). CI's second API pass starts every clock at 23:30
 * in Manila, so that a test moving time on crosses midnight there, where the first bookable day changes.
 */
function defaultStart(): Date {
  const setting = process.env.KONEK_TEST_CLOCK_START;
  if (!setting) return new Date();
  if (!setting.includes('T')) return nextUtcTime(setting);
  const start = new Date(setting);
  if (Number.isNaN(start.getTime()))
    throw new Error(`KONEK_TEST_CLOCK_START is not a time: "${setting}"`);
  return start;
}

/** A clock that stands still until a test moves it. */
export function createTestClock(start = defaultStart()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
