import { PIN_LENGTH } from '@konek/contract/constants';
import { TextField, type TextFieldProps } from '../../ui/text-field';
import styles from './auth-form.module.css';

export type PinFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Show the digits instead of dots (the customer asked to see them). */
  isVisible?: boolean;
};

/** product §5 / §9: a 6-digit PIN, typed on the number pad and masked unless the customer shows it. */
export function PinField({ isVisible = false, className, ...props }: PinFieldProps) {
  return (
    <TextField
      type={isVisible ? 'text' : 'password'}
      inputMode="numeric"
      maxLength={PIN_LENGTH}
      required
      className={`${styles.pinField}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
