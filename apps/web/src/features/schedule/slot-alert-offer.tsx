import { useState } from 'react';
import { useSession } from '../../lib/session';
import { mobileText } from '../../lib/number-formats';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { requestSlotAlert } from './api/slot-alert';
import styles from './slot-alert-offer.module.css';
import { i18n } from '../../i18n/i18n';

// ADR 044: on noavailableslots the customer can ask to be told by SMS when a place
// opens in their area. The confirmation is shown only once the server has stored the request (ADR 030).

type State = 'idle' | 'saving' | 'saved' | 'failed';

export function SlotAlertOffer() {
  const session = useSession();
  const [state, setState] = useState<State>('idle');
  const accountId = session?.accountId;
  if (!accountId) return null;
  const number = session.mobileId ? mobileText(session.mobileId) : null;

  const ask = async () => {
    setState('saving');
    const result = await requestSlotAlert(accountId);
    setState(result.ok ? 'saved' : 'failed');
  };

  if (state === 'saved') {
    return (
      <div className={styles.offer}>
        <FormAlert tone="info" title={i18n._("You're on the list")}>
          {number
            ? i18n._(
                "We'll send an SMS to {number} as soon as an installation slot opens in your area.",
                { number },
              )
            : i18n._("We'll send you an SMS as soon as an installation slot opens in your area.")}
        </FormAlert>
      </div>
    );
  }
  return (
    <div className={styles.offer}>
      {state === 'failed' ? (
        <FormAlert>
          {i18n._("We couldn't save your request just now. Please try again in a moment.")}
        </FormAlert>
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        isLoading={state === 'saving'}
        onClick={() => void ask()}
        data-tag="noavailableslots_notify_me"
      >
        {i18n._('Tell me when a slot opens')}
      </Button>
    </div>
  );
}
