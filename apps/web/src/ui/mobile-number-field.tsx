import { cx } from './class-names';
import { TextField, type TextFieldProps } from './text-field';
import fieldStyles from './field.module.css';
import styles from './mobile-number-field.module.css';

/**
 * A Philippine mobile number typed without its leading 0, which the field shows in front of it
 * (product §2.4: mobile numbers are shown with a leading 0; product §9: they are sent with the 63 prefix).
 * The label always floats so the fixed 0 never sits under it.
 */
export function MobileNumberField({ className, ...props }: TextFieldProps) {
  return (
    <div className={cx(styles.wrapper, className)}>
      <TextField
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...props}
        className={cx(fieldStyles.floating, styles.field)}
      />
      <span className={styles.prefix} aria-hidden="true">
        0
      </span>
    </div>
  );
}
