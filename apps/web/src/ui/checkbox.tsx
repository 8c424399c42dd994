import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './class-names';
import { FieldMessage, RequiredMark } from './field-message';
import { CheckIcon, ChevronDownIcon } from './icons';
import styles from './checkbox.module.css';
import { i18n } from '../i18n/i18n';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  /** The visible label, which is also the accessible name. */
  label: ReactNode;
  /** Longer text behind a "Details" toggle (product §2.4: the collapsible consent checkboxes). */
  description?: ReactNode;
  defaultExpanded?: boolean;
  error?: string;
};

export function Checkbox({
  label,
  description,
  defaultExpanded = false,
  error,
  id,
  required,
  className,
  ...inputProps
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const messageId = `${inputId}-message`;
  const [isExpanded, setIsExpanded] = useState(defaultExpanded);
  return (
    <div className={cx(styles.checkbox, error && styles.invalid, className)}>
      <div className={styles.row}>
        <input
          type="checkbox"
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          aria-required={required || undefined}
          {...inputProps}
        />
        <label htmlFor={inputId} className={styles.label}>
          <span className={styles.box} aria-hidden="true">
            <CheckIcon />
          </span>
          <span>
            {label}
            {required ? <RequiredMark /> : null}
          </span>
        </label>
        {description ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={isExpanded}
            aria-controls={descriptionId}
            onClick={() => setIsExpanded((expanded) => !expanded)}
          >
            {i18n._('Details')}
            <ChevronDownIcon />
          </button>
        ) : null}
      </div>
      {description ? (
        <div id={descriptionId} className={styles.description} hidden={!isExpanded}>
          {description}
        </div>
      ) : null}
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}
