import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { toInternationalMsisdn } from '@konek/contract/validation';
import { getCookie } from '../../lib/cookies';
import { useSession } from '../../lib/session';
import { readSignInReturn } from '../../lib/sign-in-return';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { isError, type CallFailure } from '../../lib/call';
import { signInWithPin } from './api/login';
import { AccountMobileField } from './account-mobile-field';
import { AuthAside } from './auth-aside';
import { clearAuthFlow, flowForNumber, readAuthFlow, saveAuthFlow } from './auth-flow-store';
import { LockIcon, ShieldCheckIcon } from './auth-icons';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import { ZSignInForm, type SignInForm } from './auth-schemas';
import { AuthScreen } from './auth-screen';
import { completeSignIn } from './complete-sign-in';
import { failureText } from './failure-text';
import { FormAlert } from '../../ui/form-alert';
import { mobileText } from '../../lib/number-formats';
import { mobileFieldValue } from './mobile-display';
import { PinField } from './pin-field';
import { hasExistsNotice } from './sign-in-notice';
import { SignedInState } from './signed-in-state';
import { useRouteTitle } from './use-route-title';
import { useWebSettings } from './use-web-settings';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';

/** signin (and pcp/signin): a returning customer's number and PIN. */
export function SignIn({ entry }: { entry: AuthEntry }) {
  const session = useSession();
  if (session) {
    return <SignedInState session={session} destination={AUTH_ROUTE_SETS[entry].afterSignIn} />;
  }
  return <SignInForm entry={entry} />;
}

/**
 * ADR 023: ten wrong PINs in a row lock the account for a while (the server says how long) or until
 * the PIN is reset by SMS.
 */
type Locked = { msisdn: string; message: string };

type Problem = { failure: CallFailure; isNotFound: boolean };

function SignInForm({ entry }: { entry: AuthEntry }) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const location = useLocation();
  const getSettings = useWebSettings();
  const title = useRouteTitle();
  const [locked, setLocked] = useState<Locked | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isNoticeShown] = useState(() => hasExistsNotice(location.state));
  const [returnTo] = useState(() => readSignInReturn(location.state));
  const [initialNumber] = useState(() =>
    mobileFieldValue(readAuthFlow()?.msisdn ?? getCookie('mobile')),
  );
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({
    mode: 'onBlur',
    defaultValues: { mobileNumber: initialNumber, pin: '' },
    resolver: zodResolver(ZSignInForm),
  });

  /** Keeps the typed number for the next screen (forgot PIN, sign-up) when it is a valid one. */
  const carryNumber = () => {
    const msisdn = toInternationalMsisdn(getValues('mobileNumber'));
    if (msisdn !== null) saveAuthFlow(flowForNumber(msisdn, entry));
  };

  const onSubmit = async ({ mobileNumber, pin }: SignInForm) => {
    setProblem(null);
    const msisdn = toInternationalMsisdn(mobileNumber);
    if (msisdn === null) return;
    const settings = await getSettings();
    const result = await signInWithPin(settings.applicationId, msisdn, pin);
    if (result.ok) {
      clearAuthFlow();
      const next = await completeSignIn(result.reply, settings.operatorName);
      // A page that needed sign-in (the details or schedule step) is where the customer goes back to;
      // a customer following an order goes to it (auth-routes.ts afterSignIn).
      navigate(returnTo ?? routes.afterSignIn ?? next, { replace: true });
      return;
    }
    const failure: CallFailure = result;
    if (isError(failure, 'auth', 'ACCOUNT_LOCKED')) {
      setLocked({ msisdn, message: failureText(failure) });
      return;
    }
    // A wrong PIN is typed again from scratch; the server's message says how many tries are left.
    if (isError(failure, 'auth', 'INVALID_PIN')) {
      resetField('pin');
      setFocus('pin');
    }
    setProblem({ failure, isNotFound: isError(failure, 'auth', 'LOGIN_NOT_FOUND') });
  };

  if (locked) {
    return (
      <AuthScreen
        icon={<LockIcon />}
        tone="error"
        title={title}
        lead={i18n._("We couldn't sign you in: too many wrong PINs were entered for this number.")}
        aside={<AuthAside />}
      >
        <div className={styles.state} role="alert">
          <h2 className={styles.stateTitle}>{i18n._('Your account is locked')}</h2>
          <p className={styles.stateText}>
            <span className={styles.number}>{mobileText(locked.msisdn)}</span>
          </p>
          <p className={styles.stateText}>{locked.message}</p>
          <div className={styles.stateActions}>
            <Button
              size="large"
              fullWidth
              data-tag="signin_locked_reset_pin"
              onClick={() => {
                saveAuthFlow(flowForNumber(locked.msisdn, entry));
                navigate(routes.forgotPin);
              }}
            >
              {i18n._('Reset your PIN')}
            </Button>
            <Button
              variant="secondary"
              fullWidth
              data-tag="signin_locked_other_number"
              onClick={() => {
                setLocked(null);
                resetField('pin');
              }}
            >
              {i18n._('Use another number')}
            </Button>
          </div>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      icon={<ShieldCheckIcon />}
      title={title}
      lead={i18n._(
        'Welcome back! Sign in with your mobile number and your 6-digit PIN to continue your order.',
      )}
      aside={<AuthAside />}
    >
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('Sign in')}
        onSubmit={handleSubmit(onSubmit)}
      >
        {isNoticeShown ? (
          <FormAlert tone="info">
            {i18n._('This number already has an account. Sign in with your PIN.')}
          </FormAlert>
        ) : null}
        <AccountMobileField
          autoComplete="username"
          error={errors.mobileNumber?.message}
          onPasteNumber={(digits) => setValue('mobileNumber', digits, { shouldValidate: true })}
          {...register('mobileNumber')}
        />
        <PinField
          label={i18n._('PIN')}
          autoComplete="current-password"
          autoFocus={initialNumber !== ''}
          error={errors.pin?.message}
          {...register('pin')}
        />
        {problem ? (
          <FormAlert
            action={
              problem.isNotFound ? (
                <ButtonLink
                  to={routes.signUp}
                  variant="link"
                  onClick={carryNumber}
                  data-tag="signin_create_account"
                >
                  {i18n._('Create an account')}
                </ButtonLink>
              ) : undefined
            }
          >
            {failureText(problem.failure)}
          </FormAlert>
        ) : null}
        <Button
          type="submit"
          size="large"
          fullWidth
          isLoading={isSubmitting}
          data-tag="signin_submit"
        >
          {i18n._('Sign in')}
        </Button>
        <p className={styles.links}>
          <ButtonLink
            to={routes.forgotPin}
            variant="link"
            onClick={carryNumber}
            data-tag="signin_forgot_pin"
          >
            {i18n._('Forgot PIN?')}
          </ButtonLink>
          <ButtonLink
            to={routes.signUp}
            variant="link"
            onClick={carryNumber}
            data-tag="signin_create_account"
          >
            {i18n._('Create an account')}
          </ButtonLink>
        </p>
      </form>
    </AuthScreen>
  );
}
