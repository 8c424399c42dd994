import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, dayKeyOfCalendarDate } from './manila-dates';

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
  },
);
