import type { ComponentPropsWithRef } from 'react';
import { TEXT_MAX_LENGTH } from '@konek/contract/constants';
import { TextField } from '../../ui/text-field';
import styles from './check-address-form.module.css';
import { i18n, msg } from '../../i18n/i18n';

type LandmarkFieldProps = Omit<ComponentPropsWithRef<'input'>, 'placeholder' | 'children'> & {
  isLocked: boolean;
  error?: string;
};

/**
 * product §3: the house and the building forms each carry an optional landmark, checked as the other
 * address text is (product §5); it goes to the technician with the address (product §4.3 step 7).
 */
export function LandmarkField({ isLocked, error, ...inputProps }: LandmarkFieldProps) {
  return (
    <TextField
      label={i18n._('Landmark')}
      maxLength={TEXT_MAX_LENGTH}
      readOnly={isLocked}
      error={error}
      hint={msg(/*i18n*/ 'Something near your home that helps our technician find it.')}
      className={styles.wide}
      {...inputProps}
    />
  );
}
