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
