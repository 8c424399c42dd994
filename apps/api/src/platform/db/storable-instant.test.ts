import { describe, expect, it } from 'vitest';
import { storableInstant } from './storable-instant';

describe('storableInstant', () => {
  it('keeps the instants of years 0001-9999 (UTC)', () => {
    for (const time of [
      '0001-01-01T00:00:00Z',
      '2026-11-29T09:00:00+08:00',
      '9999-12-31T23:59:59Z',
    ]) {
      expect(storableInstant(Date.parse(time))?.getTime(), time).toBe(Date.parse(time));
    }
  });

  it('gives null for year 0000, years past 9999 and NaN', () => {
    for (const ms of [
      Date.parse('0000-12-31T23:59:59Z'),
      Date.parse('0001-01-01T07:59:59+08:00'),
      Date.parse('+010000-01-01T00:00:00Z'),
      Date.parse('not a time'),
    ]) {
      expect(storableInstant(ms), String(ms)).toBeNull();
    }
  });
});
