import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, dayKeyOfCalendarDate, longDayText, timeRangeText } from './manila-dates';

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

// The calendar works in the browser's local dates (ADR 075); a customer may open it anywhere.
describe.each(['Asia/Manila', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'America/Santiago'])(
  'in a browser set to %s',
  (zone) => {
    let previousZone: string | undefined;
    beforeAll(() => {
      previousZone = process.env['TZ'];
      process.env['TZ'] = zone;
    });
    afterAll(() => {
      process.env['TZ'] = previousZone;
    });

    // Year ends, a leap day, and days whose local midnight does not exist where clocks go forward at
    // midnight (Santiago, 2026-09-06) or that a DST change shortens (Honolulu has none; Santiago does).
    it.each(['2026-12-31', '2027-01-01', '2028-02-29', '2026-09-06', '2027-04-04'])(
      'the Manila day %s goes to the calendar and back as itself',
      (key) => {
        const date = calendarDate(key);
        expect(dayKeyOfCalendarDate(date)).toBe(key);
        expect(date.getHours()).toBe(12);
      },
    );

    it('names a Manila day by its date', () => {
      expect(longDayText('2026-12-01')).toBe('Tuesday, December 1, 2026');
      expect(longDayText('2027-01-01')).toBe('Friday, January 1, 2027');
    });

    it('writes a slot in Manila time', () => {
      expect(
        timeRangeText('2026-12-01T01:00:00Z', '2026-12-01T04:00:00Z').replaceAll('\u00a0', ' '),
      ).toBe('9:00 AM – 12:00 PM');
    });
  },
);
