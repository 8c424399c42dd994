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
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

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
                  number: formatMobile(flow.msisdn),
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
