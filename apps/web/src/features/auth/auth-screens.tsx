import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useSession } from '../../lib/session';
import { readAuthFlow } from './auth-flow-store';
import { EnterCode } from './enter-code';
import { EnterMobile } from './enter-mobile';
import { ForgotPin } from './forgot-pin';
import { NominatePin } from './nominate-pin';
import { PinChanged } from './pin-changed';
import { SignIn } from './sign-in';

// product §2.2: the account routes' screens, each one component given its route set (auth-routes.ts).
// route-screens.ts points one line at each.

export function EnterMobileScreen() {
  return <EnterMobile entry="serviceability" intent="continue" />;
}

export function SignUpScreen() {
  return <EnterMobile entry="serviceability" intent="signup" />;
}

export function EnterOtpScreen() {
  return <EnterCode entry="serviceability" purpose="signup" />;
}

/** The reset code of forgot PIN (product §2.2 checkotp); sign-up codes are typed on enterotp. */
export function CheckOtpScreen() {
  return <EnterCode entry="serviceability" purpose="reset" />;
}

export function NominatePinScreen() {
  return <NominatePin entry="serviceability" />;
}

export function SignInScreen() {
  return <SignIn entry="serviceability" />;
}

export function ForgotPinScreen() {
  return <ForgotPin entry="serviceability" />;
}

export function PinChangedScreen() {
  return <PinChanged entry="serviceability" />;
}

export function PartnerEnterMobileScreen() {
  return <EnterMobile entry="partner" intent="continue" />;
}

export function PartnerEnterOtpScreen() {
  return <EnterCode entry="partner" purpose="signup" />;
}

export function PartnerNominatePinScreen() {
  return <NominatePin entry="partner" />;
}

export function PartnerSignInScreen() {
  return <SignIn entry="partner" />;
}

/**
 * /trackmyorder signed out (ADR 050): the mobile number first; a registered number then gives its PIN on
 * the same path (the flow kept for this entry says the number was typed), a new one gets a sign-up code.
 * A signed-in customer goes straight to the order.
 */
export function TrackEntryScreen() {
  const session = useSession();
  // Read on every navigation: entermobile moves to the PIN step on this same path.
  useLocation();
  if (session) return <Navigate to={PATHS.trackmyorderOrderstatus} replace />;
  const flow = readAuthFlow();
  if (flow?.entry === 'track' && !flow.code) return <SignIn entry="track" />;
  return <EnterMobile entry="track" intent="continue" />;
}

/** /trackmyorder/enterotp takes the code the customer was last sent: a sign-up code or a reset code. */
export function TrackEnterOtpScreen() {
  const [purpose] = useState(() => readAuthFlow()?.code?.purpose ?? 'signup');
  return <EnterCode entry="track" purpose={purpose} />;
}

export function TrackForgotPinScreen() {
  return <ForgotPin entry="track" />;
}

export function TrackNominatePinScreen() {
  return <NominatePin entry="track" />;
}

export function TrackPinChangedScreen() {
  return <PinChanged entry="track" />;
}
