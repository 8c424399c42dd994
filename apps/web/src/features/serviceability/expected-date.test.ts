import { describe, expect, it } from 'vitest';
import { formatExpectedDate } from './expected-date';

describe('formatExpectedDate', () => {
  it('writes the day as every date reads (ADR 083)', () => {
    expect(formatExpectedDate('2027-03-31')).toBe('March 31, 2027');
    expect(formatExpectedDate('2027-06-01')).toBe('June 1, 2027');
  });

  it('gives null for a date it cannot read', () => {
    expect(formatExpectedDate('soon')).toBeNull();
  });
});
