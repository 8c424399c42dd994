import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dateOfMomentText,
  dayText,
  momentText,
  monthText,
  slotText,
  storedSlotText,
  timeRangeText,
} from './formats';
import { mobileText, pesoText } from './number-formats';

// ADR 083: what a customer reads on screen, from the contract's formats with the catalogue's words.

const plain = (text: string) => text.replaceAll('\u00a0', ' ');
const morning = { start_time: '2026-12-09T01:00:00Z', end_time: '2026-12-09T04:00:00Z' };

describe('on screen', () => {
  it('writes a booked slot with its weekday, and keeps each time on one line', () => {
    const text = slotText(morning);
    expect(plain(text)).toBe('Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)');
    // A line may break between words, never between a time and its AM or PM.
    expect(text.split(' ')).toContain('(9:00\u00a0AM\u00a0–');
    expect(text.split(' ')).toContain('12:00\u00a0PM)');
  });

  it('writes the stored appointmentTime (product §3) as every other slot', () => {
    expect(plain(storedSlotText('December 09, 2026 - Morning - 9:00 AM - 12:00 PM'))).toBe(
      'Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)',
    );
    expect(storedSlotText('Tomorrow morning')).toBe('Tomorrow morning');
  });

  it('writes a range that breaks only after its dash', () => {
    const text = timeRangeText('2026-12-01T06:00:00Z', '2026-12-01T09:00:00Z');
    expect(text.split(' ').map(plain)).toEqual(['2:00 PM –', '5:00 PM']);
  });

  it('dates a moment by its Manila day, across midnight UTC', () => {
    expect(plain(momentText('2026-12-08T16:30:00Z'))).toBe('December 9, 2026, 12:30 AM');
    expect(dateOfMomentText('2026-12-08T15:30:00Z')).toBe('December 8, 2026');
    expect(dateOfMomentText('2026-12-08T16:30:00Z')).toBe('December 9, 2026');
  });

  it('names a calendar month, an amount and a mobile number', () => {
    expect(monthText(2026, 12)).toBe('December 2026');
    expect(pesoText(1499)).toBe('₱1,499.00');
    expect(mobileText('639175550101')).toBe('0917\u00a0555\u00a00101');
  });
});

// A customer may open the app with the browser set to any zone: the days and times are Manila's.
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

    it('writes the same days and slots', () => {
      expect(dayText('2026-12-01')).toBe('Tuesday, December 1, 2026');
      expect(dayText('2027-01-01')).toBe('Friday, January 1, 2027');
      expect(plain(slotText(morning))).toBe(
        'Wednesday, December 9, 2026, Morning (9:00 AM – 12:00 PM)',
      );
    });
  },
);
