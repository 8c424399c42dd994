import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toInternationalMsisdn } from '@konek/contract/validation';
import { getCookie } from '../../lib/cookies';
import { useSession } from '../../lib/session';
import { readPrefilledMsisdn } from '../../lib/session-prefill';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { isError, type CallFailure } from '../../lib/call';
import { checkLoginExists } from './api/check-login-exists';
import { sendCode } from './api/send-code';
import { AccountMobileField } from './account-mobile-field';
import { AuthAside } from './auth-aside';
import { flowForNumber, openCode, readAuthFlow, recentCode, saveAuthFlow } from './auth-flow-store';
import { PhoneIcon } from './auth-icons';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import type { MobileForm } from './auth-schemas';
import { useMobileForm } from './use-mobile-form';
import { AuthScreen } from './auth-screen';
import { failureText } from './failure-text';
import { FormAlert } from '../../ui/form-alert';
import { mobileFieldValue } from './mobile-display';
import { SignedInState } from './signed-in-state';
import { SIGN_IN_NOTICE_EXISTS } from './sign-in-notice';
import { useRouteTitle } from './use-route-title';
import { useWebSettings } from './use-web-settings';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';

export type EnterMobileProps = {
  entry: AuthEntry;
  /** signup: the customer chose "create an account"; continue: we find out which they need. */
  intent: 'continue' | 'signup';
};

/**
 * entermobile (and signup, pcp/entermobile): the customer's number decides the way on — an account
 * asks for its PIN (signin), a new number gets a sign-up code by SMS (enterotp).
 */
export function EnterMobile({ entry, intent }: EnterMobileProps) {
  const session = useSession();
  if (session) {
    return <SignedInState session={session} destination={AUTH_ROUTE_SETS[entry].afterSignIn} />;
  }
  return <EnterMobileForm entry={entry} intent={intent} />;
}

function EnterMobileForm({ entry, intent }: EnterMobileProps) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const location = useLocation();
  const getSettings = useWebSettings();
  const [problem, setProblem] = useState<CallFailure | null>(null);
  // A partner's link, the number typed a moment ago, or the last one signed in on this device.
  const [initialNumber] = useState(() =>
    mobileFieldValue(
      readPrefilledMsisdn(location.state) ?? readAuthFlow()?.msisdn ?? getCookie('mobile'),
    ),
  );
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useMobileForm(initialNumber);

  const onSubmit = async ({ mobileNumber }: MobileForm) => {
    setProblem(null);
    const msisdn = toInternationalMsisdn(mobileNumber);
    if (msisdn === null) return;
    const settings = await getSettings();
    const exists = await checkLoginExists(settings.applicationId, msisdn);
    if (!exists.ok) {
      setProblem(exists);
      return;
    }
    const flow = flowForNumber(msisdn, entry);
    if (exists.reply) {
      saveAuthFlow(flow);
      navigate(routes.signIn, { state: intent === 'signup' ? SIGN_IN_NOTICE_EXISTS : undefined });
      return;
    }
    if (recentCode(flow, 'signup')) {
      saveAuthFlow(flow);
      navigate(routes.enterOtp);
      return;
    }
    const sent = await sendCode('signup', msisdn, settings);
    if (!sent.ok) {
      if (openCode(flow, 'signup') && isError(sent, 'otp', 'OTP_RESEND_TOO_SOON')) {
        saveAuthFlow(flow);
        navigate(routes.enterOtp);
        return;
      }
      setProblem(sent);
      return;
    }
    saveAuthFlow({ entry, msisdn, code: sent.reply });
    navigate(routes.enterOtp);
  };

  const lead =
    entry === 'track'
      ? i18n._(
          "Enter the mobile number you ordered with. We'll ask for your PIN next, then show you your order.",
        )
      : intent === 'signup'
        ? i18n._(
            "Your mobile number is your Konek account. We'll text you a 6-digit code to confirm it's yours.",
          )
        : i18n._(
            "We'll use it to sign you in, or to create your account if you're new, and to send you updates about your order.",
          );

  return (
    <AuthScreen icon={<PhoneIcon />} title={useRouteTitle()} lead={lead} aside={<AuthAside />}>
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('Your mobile number')}
        onSubmit={handleSubmit(onSubmit)}
      >
        <AccountMobileField
          autoFocus={initialNumber === ''}
          error={errors.mobileNumber?.message}
          onPasteNumber={(digits) => setValue('mobileNumber', digits, { shouldValidate: true })}
          {...register('mobileNumber')}
        />
        {problem ? <FormAlert>{failureText(problem)}</FormAlert> : null}
        <Button
          type="submit"
          size="large"
          fullWidth
          isLoading={isSubmitting}
          data-tag={intent === 'signup' ? 'signup_continue' : 'entermobile_continue'}
        >
          {i18n._('Continue')}
        </Button>
        {intent === 'signup' ? (
          <p className={`${styles.links} ${styles.centredLinks}`}>
            <span className={styles.muted}>{i18n._('Already have an account?')}</span>
            <ButtonLink to={routes.signIn} variant="link" data-tag="signup_sign_in">
              {i18n._('Sign in')}
            </ButtonLink>
          </p>
        ) : entry === 'track' ? null : (
          // Track my order is for account holders only, and its lead already says the PIN comes next.
          <p className={`${styles.muted} ${styles.centredLinks}`}>
            {i18n._("Have an account already? We'll ask for your PIN next.")}
          </p>
        )}
      </form>
    </AuthScreen>
  );
}
