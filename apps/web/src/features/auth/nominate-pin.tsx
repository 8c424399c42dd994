import { useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetSession } from '../../lib/auth-session';
import { getSession, useSession } from '../../lib/session';
import { isError, type CallFailure } from '../../lib/call';
import { register } from './api/login';
import { sendCode } from './api/send-code';
import { resetPin } from './api/verify-challenge';
import { AuthAside } from './auth-aside';
import { clearAuthFlow, readAuthFlow, saveAuthFlow, type AuthFlow } from './auth-flow-store';
import { KeyIcon } from './auth-icons';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import type { NewPinValues, SignUpValues } from './auth-schemas';
import { AuthScreen } from './auth-screen';
import { codeFailureState } from './code-failure-state';
import { completeSignIn } from './complete-sign-in';
import { mobileText } from '../../lib/number-formats';
import { PIN_CHANGED_STATE } from './pin-changed';
import { ResetPinForm, SignUpPinForm, type PinFormProblem } from './nominate-pin-form';
import { ResetSteps } from './reset-steps';
import { SignedInState } from './signed-in-state';
import { StartAgain } from './start-again';
import { useRouteTitle } from './use-route-title';
import { useWebSettings } from './use-web-settings';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/**
 * nominateyourpin: after a verified sign-up code, the customer's name and PIN register the number and
 * sign them in; after a reset code (checkotp), the new PIN and that code reset the PIN (pinchanged).
 */
export function NominatePin({ entry }: { entry: AuthEntry }) {
  const routes = AUTH_ROUTE_SETS[entry];
  const session = useSession();
  const [flow] = useState(readAuthFlow);
  if (flow?.code?.purpose === 'signup' && flow.verifiedReferenceId) {
    return <SignUpPin entry={entry} flow={flow} referenceId={flow.verifiedReferenceId} />;
  }
  if (flow?.code?.purpose === 'reset' && flow.resetCode) {
    return <ResetPin entry={entry} flow={flow} challengeId={flow.code.id} code={flow.resetCode} />;
  }
  // Back from the details form after signing up: the account exists, so the way on is forward.
  if (session) return <SignedInState session={session} destination={routes.afterSignIn} />;
  return (
    <StartAgain
      text={i18n._(
        'Confirm your mobile number with the code we text you first, then choose your PIN here.',
      )}
      to={routes.enterMobile}
      action={i18n._('Enter my mobile number')}
    />
  );
}

function SignUpPin({
  entry,
  flow,
  referenceId,
}: {
  entry: AuthEntry;
  flow: AuthFlow;
  referenceId: string;
}) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const getSettings = useWebSettings();

  // product §7.1 register, then product §4.1: signed in, the context saved, on to the next step.
  const onSubmit = async (values: SignUpValues): Promise<PinFormProblem | null> => {
    const settings = await getSettings();
    const result = await register(settings.applicationId, flow.msisdn, values.pin, {
      first_name: values.firstName,
      last_name: values.lastName,
    });
    if (!result.ok) return signUpProblem(result);
    clearAuthFlow();
    const next = await completeSignIn(result.reply, settings.operatorName, { referenceId });
    navigate(routes.afterSignIn ?? next, { replace: true });
    return null;
  };

  // The 10 minutes a verified code allows for choosing the PIN ran out: a new code starts it again.
  const onNewCode = async () => {
    const settings = await getSettings();
    const sent = await sendCode('signup', flow.msisdn, settings);
    saveAuthFlow(sent.ok ? { entry: flow.entry, msisdn: flow.msisdn, code: sent.reply } : flow);
    navigate(routes.enterOtp);
  };

  function signUpProblem(failure: CallFailure): PinFormProblem {
    if (isError(failure, 'auth', 'PIN_TOO_COMMON'))
      return { field: 'pin', message: failure.message };
    if (isError(failure, 'auth', 'LOGIN_EXISTS')) {
      return {
        failure,
        action: { label: i18n._('Sign in'), onClick: () => navigate(routes.signIn) },
      };
    }
    if (isError(failure, 'auth', 'SIGNUP_NOT_VERIFIED')) {
      return {
        failure,
        action: { label: i18n._('Send a new code'), onClick: () => void onNewCode() },
      };
    }
    return { failure };
  }

  return (
    <AuthScreen
      icon={<KeyIcon />}
      title={useRouteTitle()}
      lead={
        <Tagged
          message={i18n._(
            "Your number <0>{number}</0> is confirmed. Tell us your name and choose the 6-digit PIN you'll sign in with.",
            { number: mobileText(flow.msisdn) },
          )}
          wrap={(part) => <strong>{part}</strong>}
        />
      }
      aside={<AuthAside />}
    >
      <SignUpPinForm msisdn={flow.msisdn} onSubmit={onSubmit} />
    </AuthScreen>
  );
}

function ResetPin({
  entry,
  flow,
  challengeId,
  code,
}: {
  entry: AuthEntry;
  flow: AuthFlow;
  challengeId: string;
  code: string;
}) {
  const routes = AUTH_ROUTE_SETS[entry];
  const navigate = useNavigate();
  const getSettings = useWebSettings();

  const onSubmit = async (values: NewPinValues): Promise<PinFormProblem | null> => {
    const settings = await getSettings();
    const result = await resetPin({
      msisdn: flow.msisdn,
      challengeId,
      code,
      newPin: values.pin,
      operatorName: settings.operatorName,
      applicationId: settings.applicationId,
    });
    if (result.ok) {
      // ADR 008: a new PIN signs the number out everywhere, this browser included.
      if (getSession()?.mobileId === flow.msisdn) forgetSession();
      saveAuthFlow({ entry: flow.entry, msisdn: flow.msisdn });
      navigate(routes.pinChanged, { replace: true, state: PIN_CHANGED_STATE });
      return null;
    }
    const failure: CallFailure = result;
    if (isError(failure, 'auth', 'PIN_TOO_COMMON'))
      return { field: 'pin', message: failure.message };
    if (failure.module === 'otp') {
      // The code was refused: back to it, with the reason, to type it again or ask for a new one.
      saveAuthFlow({ ...flow, resetCode: undefined });
      navigate(routes.checkOtp, { replace: true, state: codeFailureState(failure) });
      return null;
    }
    return { failure };
  };

  return (
    <AuthScreen
      icon={<KeyIcon />}
      title={useRouteTitle()}
      lead={
        <Tagged
          message={i18n._(
            'Choose a new 6-digit PIN for <0>{number}</0>. It replaces your old PIN and unlocks your account.',
            { number: mobileText(flow.msisdn) },
          )}
          wrap={(part) => <strong>{part}</strong>}
        />
      }
      aside={<ResetSteps current={2} />}
    >
      <ResetPinForm msisdn={flow.msisdn} onSubmit={onSubmit} />
    </AuthScreen>
  );
}
