import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toInternationalMsisdn } from '@konek/contract/validation';
import { getCookie } from '../../lib/cookies';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { isError, type CallFailure } from '../../lib/call';
import { sendCode } from './api/send-code';
import { AccountMobileField } from './account-mobile-field';
import { flowForNumber, readAuthFlow, recentCode, saveAuthFlow } from './auth-flow-store';
import { KeyIcon } from './auth-icons';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import type { MobileForm } from './auth-schemas';
import { useMobileForm } from './use-mobile-form';
import { AuthScreen } from './auth-screen';
import { failureText } from './failure-text';
import { FormAlert } from '../../ui/form-alert';
import { mobileFieldValue } from './mobile-display';
import { ResetSteps } from './reset-steps';
import { useRouteTitle } from './use-route-title';
import { useWebSettings } from './use-web-settings';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';

type Problem = { failure: CallFailure; isNotFound: boolean };

/**
 * forgotPin: the customer confirms their number and gets a reset code by SMS (create_challenge), then
 * types it (checkotp), chooses a new PIN (nominateyourpin) and sees pinchanged. A reset also unlocks an
 * account locked by wrong PINs (ADR 006).
 */
export function ForgotPin({ entry }: { entry: AuthEntry }) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const getSettings = useWebSettings();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [kept] = useState(readAuthFlow);
  // "Back to sign in" returns to the sign-in screen the customer came from (partner or not).
  const signInPath = AUTH_ROUTE_SETS[kept?.entry ?? entry].signIn;
  const [initialNumber] = useState(() => mobileFieldValue(kept?.msisdn ?? getCookie('mobile')));
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
    const flow = flowForNumber(msisdn, kept?.entry ?? entry);
    if (recentCode(flow, 'reset')) {
      saveAuthFlow({ ...flow, resetCode: undefined });
      navigate(routes.checkOtp);
      return;
    }
    const settings = await getSettings();
    const sent = await sendCode('reset', msisdn, settings);
    if (!sent.ok) {
      setProblem({
        failure: sent,
        isNotFound: isError(sent, 'auth', 'LOGIN_NOT_FOUND'),
      });
      return;
    }
    saveAuthFlow({ entry: flow.entry, msisdn, code: sent.reply });
    navigate(routes.checkOtp);
  };

  return (
    <AuthScreen
      icon={<KeyIcon />}
      title={useRouteTitle()}
      lead={i18n._(
        "No problem. Confirm the mobile number of your account and we'll text you a code to choose a new PIN.",
      )}
      aside={<ResetSteps current={0} />}
    >
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('Reset your PIN')}
        onSubmit={handleSubmit(onSubmit)}
      >
        <AccountMobileField
          autoFocus={initialNumber === ''}
          error={errors.mobileNumber?.message}
          onPasteNumber={(digits) => setValue('mobileNumber', digits, { shouldValidate: true })}
          {...register('mobileNumber')}
        />
        {problem ? (
          <FormAlert
            action={
              problem.isNotFound ? (
                <ButtonLink
                  to={AUTH_ROUTE_SETS[kept?.entry ?? entry].signUp}
                  variant="link"
                  data-tag="forgotpin_create_account"
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
          data-tag="forgotpin_send_code"
        >
          {i18n._('Send me a code')}
        </Button>
        <p className={`${styles.links} ${styles.centredLinks}`}>
          <span className={styles.muted}>{i18n._('Remembered it?')}</span>
          <ButtonLink to={signInPath} variant="link" data-tag="forgotpin_back_to_sign_in">
            {i18n._('Back to sign in')}
          </ButtonLink>
        </p>
      </form>
    </AuthScreen>
  );
}
