import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { OTP_LENGTH } from '@konek/contract/identity-limits';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { failureDetails, isError, type CallFailure } from '../../lib/call';
import { sendCode } from './api/send-code';
import { confirmResetCode } from './api/verify-challenge';
import { verifySignUpCode } from './api/verify-otp';
import { AuthAside } from './auth-aside';
import {
  readAuthFlow,
  saveAuthFlow,
  type AuthFlow,
  type CodePurpose,
  type SentCode,
} from './auth-flow-store';
import { MessageCodeIcon } from './auth-icons';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import { ZCodeForm, type CodeForm } from './auth-schemas';
import { AuthScreen } from './auth-screen';
import { readCodeFailure } from './code-failure-state';
import { failureText, wrongCodeText } from './failure-text';
import { FormAlert } from '../../ui/form-alert';
import { mobileText } from '../../lib/number-formats';
import { useSession } from '../../lib/session';
import { ResendCode } from './resend-code';
import { ResetSteps } from './reset-steps';
import { SignedInState } from './signed-in-state';
import { StartAgain } from './start-again';
import { useRouteTitle } from './use-route-title';
import { useWebSettings } from './use-web-settings';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

export type EnterCodeProps = {
  entry: AuthEntry;
  /**
   * signup (enterotp): the code is checked here with verify_otp. reset (checkotp): verify_challenge
   * confirms it here without spending it (ADR 029) and spends it with the new PIN on the next screen; a
   * refusal there (the code expired in between) comes back here.
   */
  purpose: CodePurpose;
};

/** The code can no longer be used; only a new one helps. */
type Blocked = { message: string };

/**
 * The clock time `ms` from now. Kept out of the component: with the resend handler's toast worded through
 * the catalogue, the React compiler's purity check took that handler's `Date.now()` for render work.
 */
function timeIn(ms: number): number {
  return Date.now() + ms;
}

export function EnterCode({ entry, purpose }: EnterCodeProps) {
  const routes = AUTH_ROUTE_SETS[entry];
  const session = useSession();
  const [flow] = useState(readAuthFlow);
  const code = flow?.code?.purpose === purpose ? flow.code : null;
  if (!flow || !code) {
    // Back from the details form after signing up: the account exists, so the way on is forward.
    if (session && purpose === 'signup') {
      return <SignedInState session={session} destination={routes.afterSignIn} />;
    }
    return purpose === 'signup' ? (
      <StartAgain
        text={i18n._("Enter your mobile number first, and we'll text you a code to type here.")}
        to={routes.enterMobile}
        action={i18n._('Enter my mobile number')}
      />
    ) : (
      <StartAgain
        text={i18n._("Ask for a reset code first: we'll text it to the number of your account.")}
        to={routes.forgotPin}
        action={i18n._('Reset my PIN')}
      />
    );
  }
  return <EnterCodeForm entry={entry} purpose={purpose} flow={flow} initialCode={code} />;
}

function EnterCodeForm({
  entry,
  purpose,
  flow,
  initialCode,
}: EnterCodeProps & { flow: AuthFlow; initialCode: SentCode }) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const getSettings = useWebSettings();
  const [sent, setSent] = useState(initialCode);
  // A reset code refused on the PIN screen comes back with its reason (code-failure-state.ts).
  const [returned] = useState(() => readCodeFailure(location.state));
  const [blocked, setBlocked] = useState<Blocked | null>(() =>
    returned && !isError(returned, 'otp', 'OTP_INVALID') ? { message: returned.message } : null,
  );
  const [problem, setProblem] = useState<CallFailure | null>(null);
  // Given once: react-hook-form re-applies its `errors` option whenever the object changes.
  const [returnedErrors] = useState(() =>
    returned && isError(returned, 'otp', 'OTP_INVALID')
      ? { code: { type: 'server', message: wrongCodeText(returned) } }
      : undefined,
  );
  const [isResending, setIsResending] = useState(false);
  // The hourly cap (ADR 009) holds resending back longer than the 60 s between codes.
  const [capUntil, setCapUntil] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({
    mode: 'onBlur',
    defaultValues: { code: '' },
    resolver: zodResolver(ZCodeForm),
    errors: returnedErrors,
  });

  const number = mobileText(flow.msisdn);

  // One check per code entered: a wrong one spends one of the code's five tries and a right one uses the
  // code up (ADR 009). The sixth digit sends the code at once, so a tap on the button (or Enter) right
  // after it must not send it again, nor may a code the server just called wrong be sent a second time.
  // A check that failed for another reason (no answer, a busy server) may be repeated with the same code.
  const isChecking = useRef(false);
  const refused = useRef<{ code: string; message: string } | null>(null);

  const showFailure = (failure: CallFailure, code: string) => {
    if (isError(failure, 'otp', 'OTP_INVALID')) {
      const message = wrongCodeText(failure);
      refused.current = { code, message };
      setError('code', { type: 'server', message }, { shouldFocus: true });
    } else if (
      isError(failure, 'otp', 'OTP_EXPIRED') ||
      isError(failure, 'otp', 'OTP_ALREADY_USED') ||
      isError(failure, 'otp', 'OTP_TOO_MANY_ATTEMPTS')
    ) {
      setBlocked({ message: failure.message });
    } else {
      setProblem(failure);
    }
  };

  const onSubmit = async ({ code }: CodeForm) => {
    if (code === refused.current?.code) {
      // The check before this one cleared the field's error: it is said again, not asked again.
      const { message } = refused.current;
      setError('code', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    setProblem(null);
    const settings = await getSettings();
    if (purpose === 'reset') {
      const confirmed = await confirmResetCode({
        msisdn: flow.msisdn,
        challengeId: sent.id,
        code,
        operatorName: settings.operatorName,
        applicationId: settings.applicationId,
      });
      if (confirmed.ok) {
        saveAuthFlow({ ...flow, code: sent, resetCode: code });
        navigate(routes.nominatePin);
        return;
      }
      showFailure(confirmed, code);
      return;
    }
    const verified = await verifySignUpCode(settings.ossSegment, {
      msisdn: flow.msisdn,
      code,
      reference_id: sent.id,
    });
    if (verified.ok) {
      saveAuthFlow({ ...flow, code: sent, verifiedReferenceId: verified.reply });
      navigate(routes.nominatePin);
      return;
    }
    showFailure(verified, code);
  };

  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (isChecking.current) return;
    isChecking.current = true;
    try {
      await handleSubmit(onSubmit)(event);
    } finally {
      isChecking.current = false;
    }
  };

  const onResend = async () => {
    setProblem(null);
    setIsResending(true);
    const settings = await getSettings();
    const result = await sendCode(purpose, flow.msisdn, settings);
    setIsResending(false);
    if (result.ok) {
      setSent(result.reply);
      saveAuthFlow({
        entry: flow.entry,
        msisdn: flow.msisdn,
        code: result.reply,
      });
      setBlocked(null);
      refused.current = null;
      reset({ code: '' });
      toast.show(i18n._('We sent a new code to {number}.', { number }), 'success');
      return;
    }
    const waitMs = (failureDetails(result).retryAfterSeconds ?? 0) * 1000;
    if (isError(result, 'otp', 'OTP_RESEND_TOO_SOON') && waitMs > 0) {
      const next = { ...sent, resendAt: timeIn(waitMs) };
      setSent(next);
      saveAuthFlow({ ...flow, code: next });
    } else if (waitMs > 0) {
      // The number's hourly or daily cap, or the address or service budget (ADR 022): no new code
      // can come before then, so the resend button waits too.
      setCapUntil(timeIn(waitMs));
    }
    setProblem(result);
  };

  const codeField = register('code');
  const resendAt = Math.max(sent.resendAt, capUntil ?? 0);
  const lead = (
    <Tagged
      message={
        purpose === 'signup'
          ? i18n._('We sent a 6-digit code by SMS to <0>{number}</0>. It works for 5 minutes.', {
              number,
            })
          : i18n._(
              'We sent a 6-digit code to reset your PIN to <0>{number}</0>. It works for 5 minutes.',
              { number },
            )
      }
      wrap={(part) => <strong>{part}</strong>}
    />
  );

  return (
    <AuthScreen
      icon={<MessageCodeIcon />}
      title={useRouteTitle()}
      lead={lead}
      aside={purpose === 'signup' ? <AuthAside /> : <ResetSteps current={1} />}
    >
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('The code we sent you')}
        onSubmit={submit}
      >
        {blocked ? (
          <FormAlert title={i18n._("This code can't be used any more")} tone="warning">
            {blocked.message}
          </FormAlert>
        ) : null}
        <TextField
          label={i18n._('{length}-digit code', { length: OTP_LENGTH })}
          required
          className={styles.codeField}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          autoFocus={!blocked}
          disabled={blocked !== null}
          error={errors.code?.message}
          {...codeField}
          onChange={async (event) => {
            await codeField.onChange(event);
            // A complete code (typed, pasted or filled in from the SMS) is checked at once.
            if (new RegExp(`^\\d{${OTP_LENGTH}}$`).test(event.target.value)) void submit();
          }}
        />
        {problem ? <FormAlert>{failureText(problem)}</FormAlert> : null}
        <Button
          type="submit"
          size="large"
          fullWidth
          isLoading={isSubmitting}
          disabled={blocked !== null}
          data-tag={purpose === 'signup' ? 'enterotp_verify' : 'checkotp_continue'}
        >
          {purpose === 'signup' ? i18n._('Verify') : i18n._('Continue')}
        </Button>
        <ResendCode
          resendAt={resendAt}
          isResending={isResending}
          isProminent={blocked !== null}
          onResend={() => void onResend()}
        />
        <hr className={styles.divider} />
        <p className={`${styles.links} ${styles.centredLinks}`}>
          <span className={styles.muted}>{i18n._('Not your number?')}</span>
          <ButtonLink
            to={purpose === 'signup' ? routes.enterMobile : routes.forgotPin}
            variant="link"
            data-tag="code_change_number"
          >
            {i18n._('Change mobile number')}
          </ButtonLink>
        </p>
      </form>
    </AuthScreen>
  );
}
