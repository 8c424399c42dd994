import { cx } from './class-names';
import { TextField, type TextFieldProps } from './text-field';
import fieldStyles from './field.module.css';

/**
 * Room for a number as people type it: "+63 917 123 4567" is 16 characters. The contract's rule reads
 * the digits out of whatever was typed (ADR 025), so the field never cuts a number short.
 */
const MOBILE_TYPED_MAX = 20;

/**
 * A Philippine mobile number, typed the usual way — 0917 123 4567, 09171234567, +63 917 123 4567 or
 * 917-123-4567 (product §5, ADR 025); it is sent with the 63 prefix (product §9).
 */
export function MobileNumberField({ className, ...props }: TextFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={MOBILE_TYPED_MAX}
      {...props}
      className={cx(fieldStyles.floating, className)}
    />
  );
}
