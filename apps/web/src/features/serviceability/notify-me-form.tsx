import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX_LENGTH } from '@konek/contract/constants';
import { Button } from '../../ui/button';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { MobileNumberField } from '../../ui/mobile-number-field';
import { NameFields } from '../../ui/name-fields';
import { TextField } from '../../ui/text-field';
import type { NotifyMeContact } from './notify-event';
import { ZNotifyMeForm } from './notify-me-schema';
import styles from './notify-me-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';
import { FormAlert } from '../../ui/form-alert';

const EMPTY_CONTACT: NotifyMeContact = { firstName: '', lastName: '', email: '', mobileNumber: '' };

export type NotifyMeFormProps = {
  onSubmit: (contact: NotifyMeContact) => Promise<void>;
  error?: string;
};

/** The notify-me contact form, validated on blur with the messages of product §5. */
export function NotifyMeForm({ onSubmit, error }: NotifyMeFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NotifyMeContact>({
    mode: 'onBlur',
    defaultValues: EMPTY_CONTACT,
    resolver: zodResolver(ZNotifyMeForm, undefined, { raw: true }),
  });
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
      <MandatoryTip />
      <NameFields
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
      />
      <TextField
        label={i18n._('Email address')}
        // type="email" would have the browser strip a leading space silently; product §5 names it instead.
        type="text"
        inputMode="email"
        required
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        error={errors.email?.message}
        {...register('email')}
      />
      <MobileNumberField
        label={i18n._('Mobile number (optional)')}
        hint={
          errors.mobileNumber
            ? undefined
            : msg(/*i18n*/ 'We may also text you. For example 0917 123 4567')
        }
        error={errors.mobileNumber?.message}
        {...register('mobileNumber')}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting} data-tag="notify_me">
        {i18n._('Notify me')}
      </Button>
    </form>
  );
}
