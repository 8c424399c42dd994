import { describe, expect, it } from 'vitest';
import {
  ZTimeSlot,
  appointmentTimeText,
  slotOfAppointmentTime,
  calendarBounds,
  periodsOn,
  slotDate,
  slotPeriod,
  sortSlotsByEnd,
} from './slot-period';

/** A slot on 2026-11-25 between two Manila wall-clock times. */
const manila = (start: string, end: string) => ({
  start_time: `2026-11-25T${start}+08:00`,
  end_time: `2026-11-25T${end}+08:00`,
});

describe('slotPeriod (product §4.4, Manila time)', () => {
  it.each([
    ['09:00:00', '12:00:00', 'am'],
    ['09:00:00', '11:00:00', 'am'],
    ['10:00:00', '12:00:00', 'am'],
    ['08:59:00', '12:00:00', null],
    ['08:59:59', '11:00:00', null],
    ['09:00:00', '12:01:00', null],
    ['09:00:00', '12:00:01', null],
    ['14:00:00', '17:00:00', 'pm'],
    ['15:00:00', '16:00:00', 'pm'],
    ['13:59:00', '17:00:00', null],
    ['14:00:00', '17:01:00', null],
    ['12:00:00', '14:00:00', null],
    ['09:00:00', '17:00:00', null],
    ['18:00:00', '20:00:00', null],
    ['11:00:00', '10:00:00', null],
    ['10:00:00', '10:00:00', null],
  ])('%s–%s → %s', (start, end, expected) => {
    expect(slotPeriod(manila(start, end))).toBe(expected);
  });

  it.each([
    ['2026-11-25T01:00:00Z', '2026-11-25T04:00:00Z', 'am'],
    ['2026-11-25T06:00:00.000Z', '2026-11-25T09:00:00.000Z', 'pm'],
    ['2026-11-24T20:00:00-05:00', '2026-11-24T23:00:00-05:00', 'am'],
    ['2026-11-25T00:59:00Z', '2026-11-25T04:00:00Z', null],
  ])('reads %s–%s in Manila time → %s', (start_time, end_time, expected) => {
    expect(slotPeriod({ start_time, end_time })).toBe(expected);
  });

  it('gives no period to a slot that crosses Manila midnight', () => {
    expect(
      slotPeriod({
        start_time: '2026-11-25T09:00:00+08:00',
        end_time: '2026-11-26T11:00:00+08:00',
      }),
    ).toBeNull();
  });

  it.each([
    ['2026-11-25T09:00:00', '2026-11-25T12:00:00'],
    ['not a time', '2026-11-25T12:00:00+08:00'],
    ['2026-11-25T09:00:00+08:00', ''],
    ['2026-02-31T09:00:00+08:00', '2026-02-31T12:00:00+08:00'],
  ])('gives no period to unreadable times %j–%j', (start_time, end_time) => {
    expect(slotPeriod({ start_time, end_time })).toBeNull();
  });
});

describe('ZTimeSlot', () => {
  it('accepts timestamps with an offset or Z', () => {
    expect(ZTimeSlot.safeParse(manila('09:00:00', '12:00:00')).success).toBe(true);
    expect(
      ZTimeSlot.safeParse({ start_time: '2026-11-25T01:00:00Z', end_time: '2026-11-25T04:00:00Z' })
        .success,
    ).toBe(true);
  });

  it('rejects a timestamp without an offset', () => {
    expect(
      ZTimeSlot.safeParse({ start_time: '2026-11-25T09:00:00', end_time: '2026-11-25T12:00:00' })
        .success,
    ).toBe(false);
  });
});

describe('slotDate (product §3: MM-DD-YYYY, Manila date)', () => {
  it.each([
    ['2026-11-25T09:00:00+08:00', '11-25-2026'],
    ['2026-01-05T14:00:00+08:00', '01-05-2026'],
    ['2026-11-24T16:00:00Z', '11-25-2026'],
    ['2026-11-24T15:59:59Z', '11-24-2026'],
    ['2026-12-31T17:00:00Z', '01-01-2027'],
  ])('%s → %s', (start_time, expected) => {
    expect(slotDate({ start_time, end_time: start_time })).toBe(expected);
  });

  it('throws on an unreadable start time', () => {
    expect(() => slotDate({ start_time: 'soon', end_time: 'later' })).toThrow(RangeError);
  });
});

describe('sortSlotsByEnd (product §4.4)', () => {
  it('orders by end instant, whatever the offset', () => {
    const late = { id: 'late', ...manila('14:00:00', '17:00:00') };
    const early = { id: 'early', ...manila('09:00:00', '12:00:00') };
    const utc = { id: 'utc', start_time: '2026-11-25T02:00:00Z', end_time: '2026-11-25T05:00:00Z' };
    expect(sortSlotsByEnd([late, utc, early]).map((slot) => slot.id)).toEqual([
      'early',
      'utc',
      'late',
    ]);
  });

  it('keeps equal ends in their order and puts unreadable ends last', () => {
    const a = { id: 'a', ...manila('09:00:00', '12:00:00') };
    const b = { id: 'b', ...manila('10:00:00', '12:00:00') };
    const bad = { id: 'bad', start_time: 'x', end_time: 'y' };
    const worse = { id: 'worse', start_time: 'x', end_time: 'z' };
    expect(sortSlotsByEnd([bad, b, worse, a]).map((slot) => slot.id)).toEqual([
      'b',
      'a',
      'bad',
      'worse',
    ]);
  });

  it('does not change the list it is given', () => {
    const slots = [manila('14:00:00', '17:00:00'), manila('09:00:00', '12:00:00')];
    const copy = [...slots];
    sortSlotsByEnd(slots);
    expect(slots).toEqual(copy);
  });
});

describe('appointmentTimeText (product §3: "Month DD, YYYY - Morning/Afternoon - start - end")', () => {
  it.each([
    [manila('09:00:00', '12:00:00'), 'November 25, 2026 - Morning - 9:00 AM - 12:00 PM'],
    [manila('10:30:00', '11:45:00'), 'November 25, 2026 - Morning - 10:30 AM - 11:45 AM'],
    [manila('14:00:00', '17:00:00'), 'November 25, 2026 - Afternoon - 2:00 PM - 5:00 PM'],
    [
      { start_time: '2026-01-05T14:00:00+08:00', end_time: '2026-01-05T16:00:00+08:00' },
      'January 05, 2026 - Afternoon - 2:00 PM - 4:00 PM',
    ],
    [
      { start_time: '2026-11-25T01:00:00Z', end_time: '2026-11-25T04:00:00Z' },
      'November 25, 2026 - Morning - 9:00 AM - 12:00 PM',
    ],
  ])('%j → %s', (slot, expected) => {
    expect(appointmentTimeText(slot)).toBe(expected);
  });

  it('throws for a slot that is neither morning nor afternoon', () => {
    expect(() => appointmentTimeText(manila('12:00:00', '14:00:00'))).toThrow(RangeError);
  });
});

describe('slotOfAppointmentTime (the stored appointmentTime read back)', () => {
  it.each([
    manila('09:00:00', '12:00:00'),
    manila('14:00:00', '17:00:00'),
    manila('10:30:00', '11:45:00'),
    { start_time: '2026-12-09T01:00:00Z', end_time: '2026-12-09T04:00:00Z' },
  ])('reads %j back as the same instants', (slot) => {
    const read = slotOfAppointmentTime(appointmentTimeText(slot));
    expect(read && Date.parse(read.start_time)).toBe(Date.parse(slot.start_time));
    expect(read && Date.parse(read.end_time)).toBe(Date.parse(slot.end_time));
  });

  it.each([
    'Booked',
    'November 25, 2026 - Evening - 9:00 AM - 12:00 PM',
    'November 25, 2026 - Afternoon - 9:00 AM - 12:00 PM',
    'February 30, 2026 - Morning - 9:00 AM - 12:00 PM',
    'Novembre 25, 2026 - Morning - 9:00 AM - 12:00 PM',
    'November 25, 2026 - Morning - 13:00 AM - 12:00 PM',
  ])('reads %s as no slot', (text) => {
    expect(slotOfAppointmentTime(text)).toBeNull();
  });
});

describe('calendarBounds (product §4.4: earliest and latest slot end, Manila days)', () => {
  it('spans the days of the earliest and the latest end, whatever the order given', () => {
    const slots = [
      { start_time: '2026-12-04T06:00:00Z', end_time: '2026-12-04T09:00:00Z' },
      { start_time: '2026-11-27T01:00:00Z', end_time: '2026-11-27T04:00:00Z' },
      { start_time: '2026-12-01T01:00:00Z', end_time: '2026-12-01T04:00:00Z' },
    ];
    expect(calendarBounds(slots)).toEqual({ first: '2026-11-27', last: '2026-12-04' });
  });

  it('reads the end in Manila: 17:00 UTC is the next day there', () => {
    const lateUtc = { start_time: '2026-11-30T16:30:00Z', end_time: '2026-11-30T17:00:00Z' };
    expect(calendarBounds([lateUtc])).toEqual({ first: '2026-12-01', last: '2026-12-01' });
  });

  it('is null without a readable slot', () => {
    expect(calendarBounds([])).toBeNull();
    expect(calendarBounds([{ start_time: 'x', end_time: 'y' }])).toBeNull();
  });
});

describe('periodsOn (product §4.4: the period buttons of a day)', () => {
  const am = { id: 'am', start_time: '2026-11-27T01:00:00Z', end_time: '2026-11-27T04:00:00Z' };
  const pm = { id: 'pm', start_time: '2026-11-27T06:00:00Z', end_time: '2026-11-27T09:00:00Z' };
  const nextDay = {
    id: 'next',
    start_time: '2026-11-28T01:00:00Z',
    end_time: '2026-11-28T04:00:00Z',
  };
  const odd = { id: 'odd', start_time: '2026-11-27T04:00:00Z', end_time: '2026-11-27T06:00:00Z' };

  it('finds the morning and afternoon slots of the day only', () => {
    expect(periodsOn([nextDay, pm, odd, am], '2026-11-27')).toEqual({ am, pm });
    expect(periodsOn([nextDay, pm, am], '2026-11-28')).toEqual({ am: nextDay });
    expect(periodsOn([am], '2026-11-29')).toEqual({});
  });
});
