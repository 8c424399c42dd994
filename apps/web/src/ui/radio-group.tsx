import { useId, type ReactNode } from 'react';
import { cx } from './class-names';
import { FieldMessage, RequiredMark } from './field-message';
import styles from './radio-group.module.css';

export type RadioOption<TValue extends string> = {
  value: TValue;
  label: string;
  /** A small picture beside the label (decorative). */
  icon?: ReactNode;
};

export type RadioGroupProps<TValue extends string> = {
  /** The question, shown as the group's legend and used as its accessible name. */
  legend: string;
  options: readonly RadioOption<TValue>[];
  value: TValue | null;
  onChange: (value: TValue) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  className?: string;
  /** Tiles side by side (default), or one per row for longer labels (the e-wallets). */
  layout?: 'tiles' | 'list';
};

/**
 * Native radio inputs drawn as tiles, side by side: arrow keys move between them and the browser keeps
 * one checked, as a radio group should.
 */
export function RadioGroup<TValue extends string>({
  legend,
  options,
  value,
  onChange,
  name,
  required = false,
  disabled = false,
  error,
  className,
  layout = 'tiles',
}: RadioGroupProps<TValue>) {
  const generatedId = useId();
  const groupName = name ?? generatedId;
  const messageId = `${generatedId}-message`;
  return (
    <fieldset
      className={cx(styles.group, error && styles.invalid, className)}
      disabled={disabled}
      aria-describedby={error ? messageId : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={cx(styles.options, layout === 'list' && styles.list)}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={groupName}
              value={option.value}
              checked={value === option.value}
              // The form validates itself (product §5); noValidate keeps the browser's bubble away.
              required={required}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.tile}>
              {option.icon ? (
                <span className={styles.icon} aria-hidden="true">
                  {option.icon}
                </span>
              ) : null}
              <span className={styles.label}>{option.label}</span>
              <span className={styles.dot} aria-hidden="true" />
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}
