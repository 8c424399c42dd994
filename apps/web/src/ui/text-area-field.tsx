import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from './class-names';
import { FieldMessage, RequiredMark } from './field-message';
import fieldStyles from './field.module.css';
import styles from './text-area-field.module.css';

export type TextAreaFieldProps = Omit<
  ComponentPropsWithRef<'textarea'>,
  'placeholder' | 'children'
> & {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** A validation message (product §5); marks the field invalid. */
  error?: string;
  hint?: string;
};

/**
 * Several lines of text, drawn as the text field is (product §2.1) with its label kept above the text,
 * so a long message never hides it. Works uncontrolled (react-hook-form's register) or controlled.
 */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  required,
  className,
  ...textAreaProps
}: TextAreaFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const messageId = `${controlId}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div
      className={cx(
        fieldStyles.field,
        fieldStyles.floating,
        error && fieldStyles.invalid,
        className,
      )}
    >
      <div className={fieldStyles.box}>
        <textarea
          id={controlId}
          className={cx(fieldStyles.control, styles.control)}
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          aria-required={required || undefined}
          {...textAreaProps}
        />
        <label htmlFor={controlId} className={fieldStyles.label}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
