import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EMAIL_MAX_LENGTH } from '@konek/contract/constants';
import { MESSAGE_EMAIL, SUFFIX_OPTIONS, email } from '@konek/contract/validation';
import { PRESENCE_ANSWERS, saveDetailsDraft, type TPresenceAnswer } from '../../lib/details-draft';
import { planPageOf, useJourney, type TCheckedAddress } from '../../lib/journey-store';
import { useWebConfig } from '../../lib/web-config';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FloatingSelect } from '../../ui/floating-select';
import { FormAlert } from '../../ui/form-alert';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { NameFields } from '../../ui/name-fields';
import { RadioGroup } from '../../ui/radio-group';
import { TextField } from '../../ui/text-field';
import { ConsentFields } from './consent-fields';
import {
  detailsResolver,
  invalidPaths,
  isDetailsComplete,
  missingForSubmit,
  type DetailsValues,
} from './details-schema';
import { RepresentativeFields } from './representative-fields';
import { submitDetails, type SubmitStep } from './submit-details';
import { useEmailCheck } from './use-email-check';
import { mobileFieldText } from '../../lib/number-formats';
import styles from './details-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';

const PRESENCE_LABELS: Record<TPresenceAnswer, string> = {
  Yes: msg(/*i18n*/ 'Yes'),
  No: msg(/*i18n*/ 'No'),
};

const STEP_TEXTS: Record<SubmitStep, string> = {
  account: msg(/*i18n*/ 'Setting up your account…'),
  address: msg(/*i18n*/ 'Saving your installation address…'),
  details: msg(/*i18n*/ 'Saving your details…'),
  network: msg(/*i18n*/ 'Reserving a fibre connection for your home…'),
  slots: msg(/*i18n*/ 'Finding installation dates…'),
};

export type DetailsFormProps = {
  userId: string;
  /** The account's number, 63 + 10 digits. */
  msisdn: string | null;
  address: TCheckedAddress;
  isUpdate: boolean;
  initialValues: DetailsValues;
};

/**
 * product §2.4 the details form, validated on blur with product §5's rules and messages (selects and
 * radios on change). What is typed is kept as a draft (lib/details-draft.ts). Submit runs product §4.3.
 */
export function DetailsForm({
  userId,
  msisdn,
  address,
  isUpdate,
  initialValues,
}: DetailsFormProps) {
  const navigate = useNavigate();
  const config = useWebConfig();
  const emailCheck = useEmailCheck();
  // Back returns to the page the plan was chosen on: the special offer, or all the plans.
  const { offer } = useJourney();
  const [step, setStep] = useState<SubmitStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DetailsValues>({
    mode: 'onBlur',
    defaultValues: initialValues,
    resolver: detailsResolver,
  });
  const { register, control, handleSubmit, setFocus, formState } = form;
  const isPresent = useWatch({ control, name: 'isPresent' });
  const typedEmail = useWatch({ control, name: 'email' });
  const isComplete = useWatch({ control, compute: isDetailsComplete });

  // Nothing typed is lost on a refresh or after a failed step (product §2.4).
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => saveDetailsDraft(userId, values),
      }),
    [form, userId],
  );

  // The fields are disabled while the submit runs, so a field it sends the customer back to is focused
  // once the submit has ended (focused earlier, a disabled input would refuse it).
  const [emailFocusRequest, setEmailFocusRequest] = useState(0);
  const handledEmailFocusRequest = useRef(0);
  const isSubmitting = formState.isSubmitting;
  useEffect(() => {
    if (isSubmitting || emailFocusRequest === handledEmailFocusRequest.current) return;
    handledEmailFocusRequest.current = emailFocusRequest;
    setFocus('email');
  }, [isSubmitting, emailFocusRequest, setFocus]);

  const emailVerdict = emailCheck.checkOf(typedEmail);
  const invalid = useWatch({ control, compute: invalidPaths });
  const reason = missingForSubmit(invalid, emailVerdict === 'rejected' ? ['email'] : []);
  const emailError =
    formState.errors.email?.message ?? (emailVerdict === 'rejected' ? MESSAGE_EMAIL : undefined);
  const emailField = register('email');
  const onEmailBlur = async (event: FocusEvent<HTMLInputElement>) => {
    await emailField.onBlur(event);
    const value = event.target.value;
    // product §5: the server's check follows the rules, never replaces them.
    if (email.safeParse(value).success) void emailCheck.check(value);
  };

  const onSubmit = async (values: DetailsValues) => {
    setProblem(null);
    if ((await emailCheck.check(values.email)) === 'rejected') {
      setEmailFocusRequest((request) => request + 1);
      return;
    }
    const settings = config.data ?? (await config.refetch()).data;
    const outcome = await submitDetails(
      { values, address, isUpdate, operatorName: settings?.operatorName ?? '' },
      setStep,
    );
    setStep(null);
    if (outcome.kind === 'go') {
      // A refused coverage is forgotten by the result page once it is on screen (problem-screens.tsx):
      // forgotten here, this page's coverage gate could see it first and check again behind the customer.
      await navigate(outcome.to, { state: outcome.state });
      return;
    }
    setProblem(i18n._(outcome.message));
  };

  const isBusy = isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('Fill out your details')}
        onSubmit={handleSubmit(onSubmit)}
      >
        <fieldset className={styles.fields} disabled={isBusy}>
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>{i18n._('Personal information')}</legend>
            <MandatoryTip className={styles.tip} />
            <NameFields
              firstName={register('firstName')}
              lastName={register('lastName')}
              errors={{
                firstName: formState.errors.firstName?.message,
                lastName: formState.errors.lastName?.message,
              }}
            />
            <div className={styles.pair}>
              <Controller
                control={control}
                name="suffix"
                render={({ field, fieldState }) => (
                  <FloatingSelect
                    label={i18n._('Suffix')}
                    options={SUFFIX_OPTIONS.map((option) => ({
                      value: option,
                      label: option === 'None' ? i18n._('None') : option,
                    }))}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    name={field.name}
                  />
                )}
              />
              <TextField
                label={i18n._('Mobile number')}
                value={msisdn ? mobileFieldText(msisdn) : ''}
                readOnly
                inputMode="tel"
                hint={msg(/*i18n*/ 'The number of your account.')}
              />
            </div>
            <TextField
              label={i18n._('Email address')}
              // type="email" would strip a leading space silently; product §5 names it instead.
              type="text"
              inputMode="email"
              required
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              error={emailError}
              hint={
                emailVerdict === 'checking'
                  ? msg(/*i18n*/ 'Checking your email address…')
                  : msg(/*i18n*/ 'We send your order confirmation and receipts here.')
              }
              {...emailField}
              onBlur={onEmailBlur}
            />
          </fieldset>
          <Controller
            control={control}
            name="isPresent"
            render={({ field, fieldState }) => (
              <RadioGroup
                className={styles.section}
                legend={i18n._('Will you personally be present during the installation?')}
                options={PRESENCE_ANSWERS.map((answer) => ({
                  value: answer,
                  label: i18n._(PRESENCE_LABELS[answer]),
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                name={field.name}
                required
                error={fieldState.error?.message}
              />
            )}
          />
          {isPresent === 'No' ? <RepresentativeFields /> : null}
          <ConsentFields />
        </fieldset>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        {step ? (
          <p className={styles.progress} role="status">
            {i18n._(STEP_TEXTS[step])}
          </p>
        ) : null}
        {reason && !isBusy ? (
          <p id="details-submit-reason" className={styles.reason}>
            {reason}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            size="large"
            className={styles.submit}
            disabled={!isComplete || emailVerdict === 'rejected'}
            aria-describedby={reason && !isBusy ? 'details-submit-reason' : undefined}
            isLoading={isBusy}
            data-tag="details_submit"
          >
            {i18n._('Submit')}
          </Button>
          <ButtonLink to={planPageOf(offer)} variant="link" data-tag="details_back">
            {i18n._('Back')}
          </ButtonLink>
        </div>
      </form>
    </FormProvider>
  );
}
