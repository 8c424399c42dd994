import { useFormContext, useFormState } from 'react-hook-form';
import { MobileNumberField } from '../../ui/mobile-number-field';
import { NameFields } from '../../ui/name-fields';
import type { DetailsValues } from './details-schema';
import styles from './details-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';

const MOBILE_HINT = msg(/*i18n*/ 'For example 0917 123 4567. We text them on the day.');

/** product §2.4: after "No", the authorized representative's first name, last name and mobile number. */
export function RepresentativeFields() {
  const { register } = useFormContext<DetailsValues>();
  const { errors } = useFormState<DetailsValues>({ name: 'representative' });
  const fieldErrors = errors.representative;
  return (
    <fieldset className={styles.representative}>
      <legend className={styles.sectionTitle}>
        {i18n._('Nominate an Authorized Representative')}
      </legend>
      <p className={styles.sectionText}>
        {i18n._(
          'Someone aged 18 or over who will be at home to let our technician in and sign for the installation.',
        )}
      </p>
      <NameFields
        firstName={register('representative.firstName')}
        lastName={register('representative.lastName')}
        errors={{
          firstName: fieldErrors?.firstName?.message,
          lastName: fieldErrors?.lastName?.message,
        }}
      />
      <MobileNumberField
        label={i18n._('Mobile number')}
        required
        // The customer's own number is not the representative's: no autofill from the browser.
        autoComplete="off"
        hint={fieldErrors?.mobileNumber ? undefined : MOBILE_HINT}
        error={fieldErrors?.mobileNumber?.message}
        {...register('representative.mobileNumber')}
      />
    </fieldset>
  );
}
