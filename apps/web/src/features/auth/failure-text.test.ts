import { describe, expect, it } from 'vitest';
import { formatWait } from './failure-text';

describe('formatWait', () => {
  it('names seconds, minutes, then hours for the long PIN locks', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(900)).toBe('15 minutes');
    expect(formatWait(60 * 60)).toBe('60 minutes');
    expect(formatWait(2 * 60 * 60)).toBe('2 hours');
    expect(formatWait(24 * 60 * 60 - 30)).toBe('24 hours');
  });
});
