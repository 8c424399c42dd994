import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { NameFields } from '../../ui/name-fields';
import type { CallFailure } from '../../lib/call';
import {
  newPinFormSchema,
  signUpFormSchema,
  type NewPinValues,
  type SignUpValues,
} from './auth-schemas';
import { failureText } from './failure-text';
import { FormAlert } from '../../ui/form-alert';
import { PinField } from './pin-field';
import styles from './auth-form.module.css';
import { i18n, msg } from '../../i18n/i18n';

/** What a refused submit shows: a message on the PIN field, or one about the whole form. */
export type PinFormProblem =
  | { field: 'pin'; message: string }
  | { failure: CallFailure; action?: { label: string; onClick: () => void } };

type FormProblem = Extract<PinFormProblem, { failure: CallFailure }>;

/** Puts a field problem on the PIN field, and answers a form problem for the alert. */
function formProblem(
  problem: PinFormProblem | null,
  onPinError: (message: string) => void,
): FormProblem | null {
  if (problem === null) return null;
  if ('field' in problem) {
    onPinError(problem.message);
    return null;
  }
  return problem;
}

function ProblemAlert({ problem }: { problem: FormProblem | null }) {
  if (!problem) return null;
  return (
    <FormAlert
      action={
        problem.action ? (
          <Button variant="link" onClick={problem.action.onClick}>
            {problem.action.label}
          </Button>
        ) : undefined
      }
    >
      {failureText(problem.failure)}
    </FormAlert>
  );
}

/** What the PIN forms' own confirmation check needs of react-hook-form's form. */
type PinPairForm = {
  getFieldState: (name: 'confirmPin') => { isTouched: boolean };
  getValues: (name: 'confirmPin') => string;
  trigger: (name: 'confirmPin') => Promise<boolean>;
};

/**
 * On the PIN's blur: its confirmation is checked again once the customer has been there, so that a "do
 * not match" never outlives the PIN it was about. Not before: on the way from the PIN to its
 * confirmation, an empty confirmation is not an error yet (product §5: a field is checked on its blur).
 */
function recheckVisitedConfirmation(form: PinPairForm): void {
  if (form.getFieldState('confirmPin').isTouched || form.getValues('confirmPin') !== '') {
    void form.trigger('confirmPin');
  }
}

/** product §5 PIN twice, masked, with a way to see what was typed. */
function PinPairFields({
  pin,
  confirmPin,
  pinError,
  confirmError,
}: {
  pin: UseFormRegisterReturn;
  confirmPin: UseFormRegisterReturn;
  pinError?: string;
  confirmError?: string;
}) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <>
      <PinField
        label={i18n._('PIN')}
        autoComplete="new-password"
        isVisible={isVisible}
        error={pinError}
        hint={
          pinError
            ? undefined
            : msg(/*i18n*/ '6 digits that are hard to guess, not 123456 or your birthday')
        }
        {...pin}
      />
      <PinField
        label={i18n._('Confirm PIN')}
        autoComplete="new-password"
        isVisible={isVisible}
        error={confirmError}
        {...confirmPin}
      />
      <Checkbox
        label={i18n._('Show PIN')}
        checked={isVisible}
        onChange={(event) => setIsVisible(event.target.checked)}
      />
    </>
  );
}

export type PinFormProps<T> = {
  /** The number the PIN is for: common PINs include its own digits (ADR 006). */
  msisdn: string;
  onSubmit: (values: T) => Promise<PinFormProblem | null>;
};

/** Sign-up: the name for register's user_properties, then the PIN. */
export function SignUpPinForm({ msisdn, onSubmit }: PinFormProps<SignUpValues>) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [schema] = useState(() => signUpFormSchema(msisdn));
  const form = useForm<SignUpValues>({
    mode: 'onBlur',
    defaultValues: { firstName: '', lastName: '', pin: '', confirmPin: '' },
    resolver: zodResolver(schema),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const submit = async (values: SignUpValues) => {
    setProblem(null);
    const onPinError = (message: string) =>
      setError('pin', { type: 'server', message }, { shouldFocus: true });
    setProblem(formProblem(await onSubmit(values), onPinError));
  };
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={i18n._('Your name and PIN')}
      onSubmit={handleSubmit(submit)}
    >
      <MandatoryTip />
      <NameFields
        className={styles.nameRow}
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
      />
      <PinPairFields
        pin={register('pin', { onBlur: () => recheckVisitedConfirmation(form) })}
        confirmPin={register('confirmPin')}
        pinError={errors.pin?.message}
        confirmError={errors.confirmPin?.message}
      />
      <ProblemAlert problem={problem} />
      <Button
        type="submit"
        size="large"
        fullWidth
        isLoading={isSubmitting}
        data-tag="nominatepin_create_account"
      >
        {i18n._('Create my account')}
      </Button>
    </form>
  );
}

/** PIN reset: the new PIN twice. */
export function ResetPinForm({ msisdn, onSubmit }: PinFormProps<NewPinValues>) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [schema] = useState(() => newPinFormSchema(msisdn));
  const form = useForm<NewPinValues>({
    mode: 'onBlur',
    defaultValues: { pin: '', confirmPin: '' },
    resolver: zodResolver(schema),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const submit = async (values: NewPinValues) => {
    setProblem(null);
    const onPinError = (message: string) =>
      setError('pin', { type: 'server', message }, { shouldFocus: true });
    setProblem(formProblem(await onSubmit(values), onPinError));
  };
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={i18n._('Your new PIN')}
      onSubmit={handleSubmit(submit)}
    >
      <PinPairFields
        pin={register('pin', { onBlur: () => recheckVisitedConfirmation(form) })}
        confirmPin={register('confirmPin')}
        pinError={errors.pin?.message}
        confirmError={errors.confirmPin?.message}
      />
      <ProblemAlert problem={problem} />
      <Button
        type="submit"
        size="large"
        fullWidth
        isLoading={isSubmitting}
        data-tag="nominatepin_save_new_pin"
      >
        {i18n._('Save my new PIN')}
      </Button>
    </form>
  );
}
