import { describe, expect, it } from 'vitest';
import { scheduleModel } from './schedule-model';

const slot = (id: string, start: string, end: string) => ({ id, start_time: start, end_time: end });

describe('scheduleModel (product §4.4)', () => {
  it('groups the slots by Manila day and period, bounded by the earliest and latest slot end', () => {
    const model = scheduleModel([
      slot('c', '2026-12-04T06:00:00Z', '2026-12-04T09:00:00Z'),
      slot('a', '2026-12-01T01:00:00Z', '2026-12-01T04:00:00Z'),
      slot('b', '2026-12-01T06:00:00Z', '2026-12-01T09:00:00Z'),
    ]);
    expect(model?.firstDay).toBe('2026-12-01');
    expect(model?.earliest).toBe('2026-12-01');
    expect(model?.latest).toBe('2026-12-04');
    expect(model?.days.get('2026-12-01')).toEqual({
      am: slot('a', '2026-12-01T01:00:00Z', '2026-12-01T04:00:00Z'),
      pm: slot('b', '2026-12-01T06:00:00Z', '2026-12-01T09:00:00Z'),
    });
    expect(model?.days.get('2026-12-04')).toEqual({
      pm: slot('c', '2026-12-04T06:00:00Z', '2026-12-04T09:00:00Z'),
    });
    expect(model?.days.has('2026-12-02')).toBe(false);
  });

  it('reads a time written with any offset as the Manila time it is', () => {
    const model = scheduleModel([
      slot('a', '2026-12-02T09:00:00+08:00', '2026-12-02T12:00:00+08:00'),
    ]);
    expect(model?.firstDay).toBe('2026-12-02');
  });

  it('leaves out slots that are neither morning nor afternoon; none left is null', () => {
    expect(scheduleModel([slot('x', '2026-12-01T10:00:00Z', '2026-12-01T12:00:00Z')])).toBeNull();
    expect(scheduleModel([])).toBeNull();
  });

  it('keeps the earliest-ending slot of a period when a day has two', () => {
    const model = scheduleModel([
      slot('late', '2026-12-01T02:00:00Z', '2026-12-01T04:00:00Z'),
      slot('early', '2026-12-01T01:00:00Z', '2026-12-01T03:00:00Z'),
    ]);
    expect(model?.days.get('2026-12-01')?.am?.id).toBe('early');
  });
});
