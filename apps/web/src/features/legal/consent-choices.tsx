import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsent, TConsentsReply } from '@konek/contract/consents';
import { PATHS } from '@konek/contract/routes';
import { currentConsents, fetchConsents, recordConsents } from '../../lib/consents';
import { dateOfMomentText } from '../../lib/formats';
import { useSession } from '../../lib/session';
import { signInReturnState } from '../../lib/sign-in-return';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { ScreenLoading } from '../../ui/screen-loading';
import styles from './legal-page.module.css';
import { i18n } from '../../i18n/i18n';

// RA 10173 / NPC Circular 2023-04: consent can be withdrawn as easily as it was given. A signed-in customer
// sees what they agreed to (and when, and which version) and gives or withdraws "Information We Share",
// the optional consent of the details page (product §2.4).

/** The consent choices of the signed-in customer, or how to see them. */
export function ConsentChoices() {
  const session = useSession();
  if (!session) {
    return (
      <p>
        <Link to={PATHS.signin} state={signInReturnState(PATHS.privacy)}>
          {i18n._('Sign in')}
        </Link>{' '}
        {i18n._(
          'to see the consents you have given, and to give or withdraw your consent to Information We Share.',
        )}
      </p>
    );
  }
  return <SignedInChoices userId={session.userId} />;
}

function SignedInChoices({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['consents', userId];
  const consents = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await fetchConsents(userId, signal);
      if (!result.ok) throw new Error(result.message);
      return result.reply;
    },
  });
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<boolean | null>(null);

  if (consents.isPending) return <ScreenLoading label={i18n._('Loading your consents…')} />;
  if (consents.isError) {
    return (
      <FormAlert
        action={
          <Button variant="secondary" onClick={() => void consents.refetch()}>
            {i18n._('Try again')}
          </Button>
        }
      >
        {i18n._("We couldn't load your consents just now.")}
      </FormAlert>
    );
  }
  const { terms, sharing } = currentConsents(consents.data.consents);
  const isSharing = sharing?.granted === true;

  const change = async () => {
    setIsSaving(true);
    setProblem(null);
    const result = await recordConsents(userId, { informationSharing: !isSharing });
    setIsSaving(false);
    if (!result.ok) {
      setProblem(i18n._("We couldn't save your choice just now. Please try again."));
      return;
    }
    queryClient.setQueryData<TConsentsReply>(queryKey, result.reply);
    setSaved(!isSharing);
  };

  return (
    <div className={styles.choices}>
      <div className={styles.choice}>
        <p className={styles.choiceName}>{i18n._('Prepaid Terms & Conditions')}</p>
        <p>{termsText(terms)}</p>
      </div>
      <div className={styles.choice}>
        <p className={styles.choiceName}>{i18n._('Information We Share')}</p>
        <p>{sharingText(sharing)}</p>
        <p className={styles.choiceNote}>
          {i18n._(
            'Sharing your personal data with group companies and partners for credit scoring, analytics, product development and advertising. Your order does not depend on it.',
          )}
        </p>
        <Button
          variant="secondary"
          isLoading={isSaving}
          onClick={() => void change()}
          data-tag={isSharing ? 'privacy_withdraw_sharing' : 'privacy_give_sharing'}
        >
          {isSharing ? i18n._('Withdraw my consent') : i18n._('Give my consent')}
        </Button>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {saved !== null && !problem ? (
        <FormAlert tone="info">
          {saved
            ? i18n._('Saved: you have given your consent to Information We Share.')
            : i18n._('Saved: you have withdrawn your consent to Information We Share.')}
        </FormAlert>
      ) : null}
    </div>
  );
}

function termsText(terms: TConsent | undefined): string {
  if (!terms?.granted) return i18n._('Not agreed yet: you agree to them when you place an order.');
  return i18n._('Agreed on {date} (version of {version}).', {
    date: dateOfMomentText(terms.recorded_at),
    version: terms.terms_version,
  });
}

function sharingText(sharing: TConsent | undefined): string {
  if (!sharing) return i18n._('Not given.');
  return sharing.granted
    ? i18n._('Given on {date}.', { date: dateOfMomentText(sharing.recorded_at) })
    : i18n._('Withdrawn on {date}.', { date: dateOfMomentText(sharing.recorded_at) });
}
