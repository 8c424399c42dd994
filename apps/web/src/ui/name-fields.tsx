import type { UseFormRegisterReturn } from 'react-hook-form';
import { NAME_MAX_LENGTH } from '@konek/contract/constants';
import { cx } from './class-names';
import styles from './name-fields.module.css';
import { TextField } from './text-field';
import { i18n } from '../i18n/i18n';

type NameFieldsProps = {
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  errors: { firstName?: string; lastName?: string };
  className?: string;
};

/** The "First name" / "Last name" pair every form that asks for a name shows (product §5 rules). */
export function NameFields({ firstName, lastName, errors, className }: NameFieldsProps) {
  return (
    <div className={cx(styles.row, className)}>
      <TextField
        label={i18n._('First name')}
        required
        autoComplete="given-name"
        maxLength={NAME_MAX_LENGTH}
        error={errors.firstName}
        {...firstName}
      />
      <TextField
        label={i18n._('Last name')}
        required
        autoComplete="family-name"
        maxLength={NAME_MAX_LENGTH}
        error={errors.lastName}
        {...lastName}
      />
    </div>
  );
}
