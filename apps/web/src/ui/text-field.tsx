import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from './class-names';
import { FieldMessage, RequiredMark } from './field-message';
import styles from './field.module.css';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'placeholder' | 'children'> & {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** A validation message (product §5); marks the field invalid. */
  error?: string;
  hint?: string;
};

/**
 * A text input whose label sits inside the field and floats above the value (product §2.1). Works
 * uncontrolled (react-hook-form's register) or controlled.
 */
export function TextField({
  label,
  error,
  hint,
  id,
  required,
  className,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div className={cx(styles.field, error && styles.invalid, className)}>
      <div className={styles.box}>
        <input
          id={inputId}
          className={styles.control}
          // A blank placeholder lets CSS (:placeholder-shown) know when the field is empty.
          placeholder=" "
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          // Forms validate on blur with product §5's messages, so the browser's own bubble is not used.
          aria-required={required || undefined}
          {...inputProps}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
