import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { analytics } from '../../lib/analytics';
import { signOut } from '../../lib/auth-session';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { InfoIcon } from '../../ui/icons';
import { idleSettings, readStillThereState } from './idle-check';
import { i18n } from '../../i18n/i18n';

// ADR 050, /trackmyorder/stillthere: asked after the idle time on a tracking page. "Yes, I'm
// here" goes back to that page; no answer within the answer time signs the customer out. Either choice is
// recorded as an analytics click (product §1: tagged clicks are sent), the timeout as its own tag.

export const STILL_THERE_TIMEOUT_TAG = 'track_still_there_timeout';

export function StillThereScreen() {
  const session = useSession();
  if (!session) return <SignedOutForIdle />;
  return <StillThereQuestion />;
}

function StillThereQuestion() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = readStillThereState(location.state)?.from ?? PATHS.trackmyorderOrderstatus;
  const [answerSeconds] = useState(() => idleSettings().answerSeconds);
  const [secondsLeft, setSecondsLeft] = useState(answerSeconds);

  // A countdown timer: an outside clock, what an effect is for.
  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, answerSeconds - Math.floor((Date.now() - startedAt) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
        analytics.trackClick(STILL_THERE_TIMEOUT_TAG, window.location.href);
        void signOut();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [answerSeconds]);

  return (
    <StatusCard icon={<InfoIcon />} title={i18n._('Are you still there?')}>
      <StatusText>
        {i18n._(
          "You haven't used this page for a while. To keep your account safe, we'll sign you out unless you tell us you're here.",
        )}
      </StatusText>
      <StatusText role="timer" aria-live="polite">
        {i18n._('Signing you out in {seconds} s', { seconds: secondsLeft })}
      </StatusText>
      <StatusActions>
        <Button
          size="large"
          autoFocus
          onClick={() => void navigate(back, { replace: true })}
          data-tag="track_still_there_yes"
        >
          {i18n._("Yes, I'm here")}
        </Button>
        <Button
          size="large"
          variant="secondary"
          onClick={() => void signOut()}
          data-tag="track_still_there_sign_out"
        >
          {i18n._('Sign out')}
        </Button>
      </StatusActions>
    </StatusCard>
  );
}

function SignedOutForIdle() {
  return (
    <StatusCard icon={<InfoIcon />} title={i18n._("You've been signed out")}>
      <StatusText>
        {i18n._('To keep your account safe, we signed you out. Sign in again to see your order.')}
      </StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.trackmyorder} size="large" data-tag="track_sign_in_again">
          {i18n._('Sign in again')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
