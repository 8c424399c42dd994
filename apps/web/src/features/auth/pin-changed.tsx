import { useState } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../ui/button-link';
import { CheckCircleIcon, InfoIcon } from '../../ui/icons';
import { readAuthFlow } from './auth-flow-store';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import { AuthScreen } from './auth-screen';
import { mobileText } from '../../lib/number-formats';
import { ResetSteps } from './reset-steps';
import { useRouteTitle } from './use-route-title';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/** The router state nominateyourpin leaves when a reset went through; a refresh keeps it. */
export const PIN_CHANGED_STATE = { pinChanged: true } as const;

function isPinChanged(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'pinChanged' in state
    ? state.pinChanged === true
    : false;
}

/**
 * pinchanged: the reset worked. The new PIN signed the number out on every device (ADR 008), so the
 * customer signs in again, on the sign-in screen they came from, with the number filled in.
 */
export function PinChanged({ entry }: { entry: AuthEntry }) {
  const [flow] = useState(readAuthFlow);
  const { state } = useLocation();
  const title = useRouteTitle();
  const routes = AUTH_ROUTE_SETS[flow?.entry ?? entry];
  if (!isPinChanged(state)) return <NoPinChange routes={routes} />;
  const signInPath = routes.signIn;
  return (
    <AuthScreen
      icon={<CheckCircleIcon />}
      tone="success"
      title={title}
      lead={i18n._('Your new PIN is saved and your account is unlocked.')}
      aside={<ResetSteps current={3} />}
    >
      <div className={styles.state} role="status">
        <h2 className={styles.stateTitle}>{i18n._("You're all set")}</h2>
        {flow ? (
          <p className={styles.stateText}>
            <Tagged
              message={i18n._(
                'Sign in to <0>{number}</0> with your new PIN to continue your order.',
                {
                  number: mobileText(flow.msisdn),
                },
              )}
              wrap={(part) => <span className={styles.number}>{part}</span>}
            />
          </p>
        ) : (
          <p className={styles.stateText}>
            {i18n._('Sign in with your new PIN to continue your order.')}
          </p>
        )}
        <p className={styles.muted}>
          {i18n._('For your security, we signed you out on all your devices.')}
        </p>
        <div className={styles.stateActions}>
          <ButtonLink to={signInPath} size="large" fullWidth data-tag="pinchanged_sign_in">
            {i18n._('Sign in')}
          </ButtonLink>
        </div>
      </div>
    </AuthScreen>
  );
}

/** Opened without a reset behind it (a bookmark, a shared link): nothing was changed, and says so. */
function NoPinChange({ routes }: { routes: (typeof AUTH_ROUTE_SETS)[AuthEntry] }) {
  return (
    <AuthScreen
      icon={<InfoIcon />}
      title={i18n._('There is no PIN change to confirm')}
      lead={i18n._('This page confirms a new PIN right after a reset, and no reset was made here.')}
    >
      <div className={styles.state} role="status">
        <h2 className={styles.stateTitle}>{i18n._('Forgot your PIN?')}</h2>
        <p className={styles.stateText}>
          {i18n._(
            'Reset it with a code sent to your mobile number, or sign in with the PIN you have.',
          )}
        </p>
        <div className={styles.stateActions}>
          <ButtonLink to={routes.forgotPin} size="large" fullWidth>
            {i18n._('Reset my PIN')}
          </ButtonLink>
          <ButtonLink to={routes.signIn} size="large" variant="secondary" fullWidth>
            {i18n._('Sign in')}
          </ButtonLink>
        </div>
      </div>
    </AuthScreen>
  );
}
