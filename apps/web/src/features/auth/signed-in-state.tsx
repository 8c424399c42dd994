import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/auth-session';
import type { Session } from '../../lib/session';
import { Button } from '../../ui/button';
import { AuthAside } from './auth-aside';
import { ShieldCheckIcon } from './auth-icons';
import { AuthScreen } from './auth-screen';
import { resumeJourney } from './complete-sign-in';
import { mobileText } from '../../lib/number-formats';
import { useRouteTitle } from './use-route-title';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/**
 * An account screen opened while signed in (product §4.1: a token means signed in): no second sign-in,
 * the customer continues their journey or signs out to use another number.
 */
export function SignedInState({
  session,
  destination = null,
}: {
  session: Session;
  /** Where "Continue" goes; null: the stored journey decides. */
  destination?: string | null;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'continue' | 'sign-out' | null>(null);
  const firstName = session.user?.properties.first_name;
  const number = session.mobileId ? mobileText(session.mobileId) : null;

  const onContinue = async () => {
    setBusy('continue');
    navigate(destination ?? (await resumeJourney()), { replace: true });
  };
  const onSignOut = async () => {
    setBusy('sign-out');
    await signOut();
  };

  return (
    <AuthScreen
      icon={<ShieldCheckIcon />}
      title={useRouteTitle()}
      lead={i18n._("You're already signed in, so there's nothing to fill in here.")}
      aside={<AuthAside />}
    >
      <div className={styles.state}>
        <h2 className={styles.stateTitle}>
          {firstName ? i18n._('Hi, {firstName}!', { firstName }) : i18n._('Welcome back!')}
        </h2>
        {number ? (
          <p className={styles.stateText}>
            <Tagged
              message={i18n._('Signed in as <0>{number}</0>', { number })}
              wrap={(part) => <span className={styles.number}>{part}</span>}
            />
          </p>
        ) : null}
        <div className={styles.stateActions}>
          <Button
            size="large"
            fullWidth
            isLoading={busy === 'continue'}
            disabled={busy !== null}
            onClick={() => void onContinue()}
            data-tag="auth_signed_in_continue"
          >
            {i18n._('Continue my order')}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            isLoading={busy === 'sign-out'}
            disabled={busy !== null}
            onClick={() => void onSignOut()}
            data-tag="auth_sign_out"
          >
            {i18n._('Sign out and use another number')}
          </Button>
        </div>
      </div>
    </AuthScreen>
  );
}
