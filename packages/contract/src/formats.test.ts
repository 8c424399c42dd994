import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORMAT_MESSAGES,
  clockText,
  dateText,
  dayText,
  englishWords,
  momentText,
  monthText,
  slotText,
  timeRangeText,
  type Words,
} from './formats';

// ADR 083: the one way a date, a time and a slot read, in Manila time.

const NBSP = '\u00a0';
const plain = (text: string) => text.replaceAll(NBSP, ' ');

describe('dateText and dayText (a date; a day chosen or booked)', () => {
  it.each([
    ['2026-12-09', 'December 9, 2026', 'Wednesday, December 9, 2026'],
    ['2026-12-01', 'December 1, 2026', 'Tuesday, December 1, 2026'],
    ['2027-01-01', 'January 1, 2027', 'Friday, January 1, 2027'],
    ['2028-02-29', 'February 29, 2028', 'Tuesday, February 29, 2028'],
    ['2026-05-10', 'May 10, 2026', 'Sunday, May 10, 2026'],
  ])('%s → %s / %s', (day, date, withWeekday) => {
    expect(dateText(day)).toBe(date);
    expect(dayText(day)).toBe(withWeekday);
  });

  it('refuses what is not a day', () => {
    for (const day of ['2026-02-30', '2026-13-01', '2026-12-9', 'tomorrow', '']) {
      expect(() => dayText(day)).toThrow(RangeError);
    }
  });

  it('writes every day as Intl writes it in English (the weekday too)', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 30 }), (offset) => {
        const noon = Date.UTC(2020, 0, 1, 12) + offset * 86_400_000;
        const day = new Date(noon).toISOString().slice(0, 10);
        return dayText(day) === intl.format(noon);
      }),
      { numRuns: 500 },
    );
  });
});

describe('monthText (a calendar month)', () => {
  it('names the month and year', () => {
    expect(monthText(2026, 12)).toBe('December 2026');
    expect(monthText(2027, 1)).toBe('January 2027');
    expect(() => monthText(2027, 13)).toThrow(RangeError);
  });
});

describe('clockText, timeRangeText, momentText (Manila time, whatever the offset written)', () => {
  it.each([
    ['2026-12-09T01:00:00Z', '9:00 AM'],
    ['2026-12-09T04:00:00Z', '12:00 PM'],
    ['2026-12-09T06:05:00Z', '2:05 PM'],
    ['2026-12-09T09:00:00+08:00', '9:00 AM'],
    // Across midnight UTC: 16:00 UTC is Manila's midnight, 15:59 UTC a minute before it.
    ['2026-12-08T16:00:00Z', '12:00 AM'],
    ['2026-12-08T15:59:00Z', '11:59 PM'],
  ])('%s → %s', (timestamp, expected) => {
    expect(clockText(timestamp)).toBe(expected);
  });

  it('dates a moment by its Manila day, across midnight UTC', () => {
    expect(momentText('2026-12-08T15:59:00Z')).toBe('December 8, 2026, 11:59 PM');
    expect(momentText('2026-12-08T16:30:00Z')).toBe('December 9, 2026, 12:30 AM');
    expect(momentText('2026-12-31T16:05:00Z')).toBe('January 1, 2027, 12:05 AM');
  });

  it('writes a range with both halves of the day named', () => {
    expect(timeRangeText('2026-12-09T01:00:00Z', '2026-12-09T04:00:00Z')).toBe(
      '9:00 AM – 12:00 PM',
    );
    expect(timeRangeText('2026-12-09T06:00:00Z', '2026-12-09T09:00:00Z')).toBe('2:00 PM – 5:00 PM');
  });

  it('on a screen, lets a range break only after its dash', () => {
    const text = timeRangeText('2026-12-09T01:00:00Z', '2026-12-09T04:00:00Z', {
      keepTogether: true,
    });
    expect(text.split(' ').map(plain)).toEqual(['9:00 AM –', '12:00 PM']);
  });

  it('refuses a time without an offset', () => {
    expect(() => clockText('2026-12-09T09:00:00')).toThrow(RangeError);
  });
});

describe('slotText (an installation slot)', () => {
  it.each([
    [
      { start_time: '2026-12-09T01:00:00Z', end_time: '2026-12-09T04:00:00Z' },
      'Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)',
    ],
    [
      { start_time: '2026-12-09T14:00:00+08:00', end_time: '2026-12-09T17:00:00+08:00' },
      'Wednesday, December 9, 2026, Afternoon (2:00 PM – 5:00 PM)',
    ],
    [
      { start_time: '2026-12-09T02:00:00Z', end_time: '2026-12-09T05:00:00Z' },
      'Wednesday, December 9, 2026 (10:00 AM – 1:00 PM)',
    ],
  ])('%j → %s', (slot, expected) => {
    expect(slotText(slot)).toBe(expected);
  });

  it('names the Manila day of a slot whose UTC date is the day before', () => {
    // 2026-12-08T23:00Z is 7:00 AM on December 9 in Manila.
    expect(slotText({ start_time: '2026-12-08T23:00:00Z', end_time: '2026-12-09T04:00:00Z' })).toBe(
      'Wednesday, December 9, 2026 (7:00 AM – 12:00 PM)',
    );
  });
});

describe('the words', () => {
  it('come from the words given: the web passes its message catalogue', () => {
    const seen: string[] = [];
    const shouting: Words = (english, values) => {
      seen.push(english);
      return englishWords(english, values).toUpperCase();
    };
    expect(
      slotText(
        { start_time: '2026-12-09T01:00:00Z', end_time: '2026-12-09T04:00:00Z' },
        { words: shouting },
      ),
    ).toBe('WEDNESDAY, DECEMBER 9, 2026, MORNING (9:00 AM – 12:00 PM)');
    expect(seen.every((english) => FORMAT_MESSAGES.includes(english))).toBe(true);
  });

  it('fills placeholders and leaves an unknown one as written', () => {
    expect(englishWords('{a} and {b}', { a: 'one' })).toBe('one and {b}');
  });
});

// The machine's zone never moves a Manila date: a server or a browser may run anywhere.
describe.each(['UTC', 'Pacific/Kiritimati', 'America/Santiago'])(
  'on a machine set to %s',
  (zone) => {
    let previousZone: string | undefined;
    beforeAll(() => {
      previousZone = process.env['TZ'];
      process.env['TZ'] = zone;
    });
    afterAll(() => {
      process.env['TZ'] = previousZone;
    });

    it('writes the same days and times', () => {
      expect(dayText('2026-09-06')).toBe('Sunday, September 6, 2026');
      expect(momentText('2026-12-08T16:30:00Z')).toBe('December 9, 2026, 12:30 AM');
    });
  },
);
