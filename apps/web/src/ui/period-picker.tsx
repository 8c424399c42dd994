import type { TSlotPeriod } from '@konek/contract/slot-period';
import { cx } from './class-names';
import { CheckIcon } from './icons';
import { timeRangeText } from '../lib/formats';
import type { DaySlots } from '../lib/schedule-model';
import styles from './period-picker.module.css';
import { i18n, msg } from '../i18n/i18n';

const PERIODS: readonly { period: TSlotPeriod; name: string }[] = [
  { period: 'am', name: msg(/*i18n*/ 'Morning') },
  { period: 'pm', name: msg(/*i18n*/ 'Afternoon') },
];

type PeriodPickerProps = {
  day: DaySlots;
  chosen: TSlotPeriod | null;
  onChoose: (period: TSlotPeriod) => void;
};

/**
 * product §2.5: Morning and Afternoon for the chosen day, each disabled when that day has no slot of its
 * period. Real buttons (aria-pressed), so Tab reaches them and Enter or Space chooses; a disabled one is
 * skipped and cannot be chosen.
 */
export function PeriodPicker({ day, chosen, onChoose }: PeriodPickerProps) {
  return (
    <div className={styles.periods} role="group" aria-label={i18n._('Time of installation')}>
      {PERIODS.map(({ period, name }) => {
        const slot = day[period];
        const isChosen = chosen === period;
        return (
          <button
            key={period}
            type="button"
            className={cx(styles.period, isChosen && styles.periodChosen)}
            disabled={!slot}
            aria-pressed={isChosen}
            onClick={() => onChoose(period)}
            data-tag={`schedule_${period}`}
          >
            <span className={styles.periodName}>
              {i18n._(name)}
              {isChosen ? <CheckIcon className={styles.periodCheck} /> : null}
            </span>{' '}
            <span className={styles.periodTime}>
              {slot ? timeRangeText(slot.start_time, slot.end_time) : i18n._('Fully booked')}
            </span>
          </button>
        );
      })}
    </div>
  );
}
