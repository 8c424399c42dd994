import { useState } from 'react';
import { ButtonLink } from '../../ui/button-link';
import { CheckCircleIcon } from '../../ui/icons';
import { readAuthFlow } from './auth-flow-store';
import { AUTH_ROUTE_SETS, type AuthEntry } from './auth-routes';
import { AuthScreen } from './auth-screen';
import { formatMobile } from './mobile-display';
import { ResetSteps } from './reset-steps';
import { useRouteTitle } from './use-route-title';
import styles from './auth-form.module.css';

/**
 * pinchanged: the reset worked. The new PIN signed the number out on every device (ADR 008), so the
 * customer signs in again, on the sign-in screen they came from, with the number filled in.
 */
export function PinChanged({ entry }: { entry: AuthEntry }) {
  const [flow] = useState(readAuthFlow);
  const signInPath = AUTH_ROUTE_SETS[flow?.entry ?? entry].signIn;
  return (
    <AuthScreen
      icon={<CheckCircleIcon />}
      tone="success"
      title={useRouteTitle()}
      lead="Your new PIN is saved and your account is unlocked."
      aside={<ResetSteps current={3} />}
    >
      <div className={styles.state} role="status">
        <h2 className={styles.stateTitle}>You're all set</h2>
        {flow ? (
          <p className={styles.stateText}>
            Sign in to <span className={styles.number}>{formatMobile(flow.msisdn)}</span> with your
            new PIN to continue your order.
          </p>
        ) : (
          <p className={styles.stateText}>Sign in with your new PIN to continue your order.</p>
        )}
        <p className={styles.muted}>For your security, we signed you out on all your devices.</p>
        <div className={styles.stateActions}>
          <ButtonLink to={signInPath} size="large" fullWidth data-tag="pinchanged_sign_in">
            Sign in
          </ButtonLink>
        </div>
      </div>
    </AuthScreen>
  );
}
