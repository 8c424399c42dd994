import { describe, expect, it } from 'vitest';
import { timeRangeText } from './manila-dates';

describe('timeRangeText', () => {
  it.each([
    ['2026-12-01T01:00:00Z', '2026-12-01T04:00:00Z', ['9:00 AM –', '12:00 PM']],
    ['2026-12-01T06:00:00Z', '2026-12-01T09:00:00Z', ['2:00 –', '5:00 PM']],
  ])('%s to %s, in Manila, can break only after its dash', (start, end, lines) => {
    const text = timeRangeText(start, end);
    // The one plain space is the only place a line may break; every other space is a no-break space.
    expect(text.split(' ').map((line) => line.replaceAll('\u00a0', ' '))).toEqual(lines);
    expect([...text].filter((char) => /\s/u.test(char) && char !== '\u00a0')).toEqual([' ']);
  });
});
