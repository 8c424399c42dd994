import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TSubmittedSupportRequest } from '@konek/contract/submit-support-request';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_TOPICS,
  type TSupportTopic,
} from '@konek/contract/support';
import { NAME_MAX_LENGTH } from '@konek/contract/constants';
import { toDisplayMobile, toInternationalMsisdn } from '@konek/contract/validation';
import { mobileText } from '../../lib/number-formats';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { FloatingSelect } from '../../ui/floating-select';
import { FormAlert } from '../../ui/form-alert';
import { CheckCircleIcon } from '../../ui/icons';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { MobileNumberField } from '../../ui/mobile-number-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { submitSupportRequest } from './api/submit-support-request';
import { ZContactForm, type ContactValues } from './contact-schema';
import styles from './help-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';

const TOPIC_LABELS: Record<TSupportTopic, string> = {
  coverage: msg(/*i18n*/ 'Checking my address'),
  order_and_payment: msg(/*i18n*/ 'My order or payment'),
  refund: msg(/*i18n*/ 'Cancelling or a refund'),
  installation: msg(/*i18n*/ 'My installation'),
  account_and_pin: msg(/*i18n*/ 'My account or PIN'),
  privacy: msg(/*i18n*/ 'My personal data'),
  other: msg(/*i18n*/ 'Something else'),
};

/** What a signed-in customer's form starts with: their name and number, ready to change. */
function useInitialValues(): ContactValues {
  const session = useSession();
  const name = session?.user?.properties;
  return {
    name: name ? `${name.first_name} ${name.last_name}`.trim() : '',
    mobileNumber: session?.mobileId ? toDisplayMobile(session.mobileId) : '',
    topic: '',
    message: '',
  };
}

/** The answer once the request is recorded: its reference, and where the reply will come. */
function Sent({
  request,
  mobileNumber,
  onAnother,
}: {
  request: TSubmittedSupportRequest;
  mobileNumber: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the customer was in is gone: the keyboard and a screen reader start on what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.sent} role="status">
      <CheckCircleIcon className={styles.sentIcon} />
      <h3 ref={heading} tabIndex={-1} className={styles.sentTitle}>
        {i18n._('Message sent')}
      </h3>
      <p>
        {i18n._('Your reference is {reference}. We will answer by SMS to {mobile}.', {
          reference: request.reference,
          mobile: mobileText(mobileNumber),
        })}
      </p>
      {request.order_number ? (
        <p>{i18n._('We attached your order {order}.', { order: request.order_number })}</p>
      ) : null}
      <Button variant="secondary" onClick={onAnother} data-tag="help_send_another">
        {i18n._('Send another message')}
      </Button>
    </div>
  );
}

/**
 * ADR 079: Konek's own contact form. Validated on blur with the contract's rules (product §5); what was
 * typed stays in the form whatever the server answers, until it is sent.
 */
export function ContactForm({ orderNumber }: { orderNumber?: string }) {
  const session = useSession();
  const initialValues = useInitialValues();
  const [sent, setSent] = useState<{ request: TSubmittedSupportRequest; mobile: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    mode: 'onBlur',
    defaultValues: initialValues,
    resolver: zodResolver(ZContactForm, undefined, { raw: true }),
  });
  const messageLength = [...(useWatch({ control, name: 'message' }) ?? '')].length;
  // A returning customer's name and number arrive with their session, maybe after the first render:
  // they fill the fields still empty, never what was typed.
  useEffect(() => {
    if (initialValues.name && !getValues('name')) setValue('name', initialValues.name);
    if (initialValues.mobileNumber && !getValues('mobileNumber')) {
      setValue('mobileNumber', initialValues.mobileNumber);
    }
  }, [initialValues.name, initialValues.mobileNumber, getValues, setValue]);

  const onSubmit = async (values: ContactValues) => {
    setFailure(null);
    const outcome = await submitSupportRequest(values, orderNumber);
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    const digits = ZContactForm.shape.mobileNumber.parse(values.mobileNumber);
    setSent({ request: outcome.reply, mobile: toInternationalMsisdn(digits) ?? digits });
    reset(initialValues);
  };

  if (sent) {
    return (
      <Sent request={sent.request} mobileNumber={sent.mobile} onAnother={() => setSent(null)} />
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
      <MandatoryTip />
      {session?.accountId ? (
        <FormAlert tone="info">
          {orderNumber
            ? i18n._('You are signed in: we will attach your account and your order {order}.', {
                order: orderNumber,
              })
            : i18n._('You are signed in: we will attach your account and your latest order.')}
        </FormAlert>
      ) : null}
      <TextField
        label={i18n._('Your name')}
        required
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        error={errors.name?.message}
        {...register('name')}
      />
      <MobileNumberField
        label={i18n._('Mobile number')}
        required
        hint={
          errors.mobileNumber
            ? undefined
            : msg(/*i18n*/ 'We answer by SMS to this number. For example 0917 123 4567')
        }
        error={errors.mobileNumber?.message}
        {...register('mobileNumber')}
      />
      <Controller
        control={control}
        name="topic"
        render={({ field, fieldState }) => (
          <FloatingSelect
            label={i18n._('Topic')}
            required
            options={SUPPORT_TOPICS.map((topic) => ({
              value: topic,
              label: i18n._(TOPIC_LABELS[topic]),
            }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            name={field.name}
          />
        )}
      />
      <TextAreaField
        label={i18n._('Your message')}
        required
        rows={6}
        // No maxLength: a pasted message is never cut short without a word; the rule says what is over.
        error={errors.message?.message}
        hint={i18n._('{count} of {max} characters', {
          count: messageLength,
          max: SUPPORT_MESSAGE_MAX_LENGTH,
        })}
        {...register('message')}
      />
      {failure ? (
        <FormAlert title={i18n._('Your message was not sent')}>
          {i18n._(failure)} {i18n._('What you wrote is still in the form.')}
        </FormAlert>
      ) : null}
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting} data-tag="help_send">
        {i18n._('Send message')}
      </Button>
    </form>
  );
}
