import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { scheduleNoticeState } from '../../lib/schedule-notice';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { ScreenLoading } from '../../ui/screen-loading';
import { ScreenPage } from '../../ui/screen-page';
import { payPath, screenFor } from './pay-outcome';
import { PayForm } from './pay-form';
import { RebookCard } from './rebook-card';
import { usePayData, type PayData } from './use-pay-data';
import styles from './pay-screen.module.css';
import { BACK_TO_PAY_STATE } from '../../lib/offer-return';
import { i18n } from '../../i18n/i18n';

/**
 * product §2.2 /serviceability/pay (journey step 4, "Confirm and Pay"): the plan and its price with any
 * voucher, the installation address and time and who will be present, the e-wallet, and Confirm and Pay,
 * which makes the order and opens the wallet's page. Needs a signed-in customer whose address fibre
 * reaches (app/sign-in-gate, app/coverage-gate).
 */
export function PayScreen() {
  const session = useSession();
  const data = usePayData();
  const state = data.data;
  if (state?.kind === 'ordered') {
    const screen = screenFor(null, state.order);
    return (
      <Navigate
        to={payPath(screen, {
          paymentSessionId: state.order.payment?.payment_session_id ?? null,
          orderId: state.order.order_id,
        })}
        replace
        state={screen === 'schedule' ? scheduleNoticeState('paid-needs-new-time') : undefined}
      />
    );
  }
  return (
    <ScreenPage className={styles.screen} aria-labelledby="pay-title">
      <div className={`container ${styles.layout}`}>
        <header>
          <h1 id="pay-title" className={styles.title}>
            {i18n._('Confirm and pay')}
          </h1>
          <p className={styles.lead}>
            {i18n._(
              'Check your order, choose your e-wallet, and pay to confirm your installation.',
            )}
          </p>
        </header>
        {state?.kind === 'ready' && session && !data.isFetching ? (
          <PayForm data={state} userId={session.userId} />
        ) : state?.kind === 'rebook' && session && !data.isFetching ? (
          <RebookCard data={state} userId={session.userId} />
        ) : state && state.kind !== 'ready' && state.kind !== 'rebook' ? (
          <MissingStep kind={state.kind} onRetry={() => void data.refetch()} />
        ) : (
          <div className={styles.card}>
            <ScreenLoading label={i18n._('Preparing your order…')} />
          </div>
        )}
      </div>
    </ScreenPage>
  );
}

type Missing = Exclude<PayData['kind'], 'ready' | 'ordered' | 'rebook'>;

/** A step the order still needs, said plainly with the way to it. */
function MissingStep({ kind, onRetry }: { kind: Missing; onRetry: () => void }) {
  const card = (title: string, text: string, action: ReactNode) => (
    <div className={styles.card}>
      <FormAlert tone="warning" title={title} action={action}>
        {text}
      </FormAlert>
    </div>
  );
  switch (kind) {
    case 'no-offer':
      return card(
        i18n._('Choose your plan first'),
        i18n._(
          'We don’t know which plan you want to order. Choose one, and we’ll bring you back here.',
        ),
        <ButtonLink to={PATHS.prepaid} state={BACK_TO_PAY_STATE}>
          {i18n._('Choose a plan')}
        </ButtonLink>,
      );
    case 'no-network':
      return card(
        i18n._('Your fibre connection is not reserved'),
        i18n._(
          'Submit your details to reserve a connection for your home, then choose your installation time.',
        ),
        <ButtonLink to={PATHS.filloutdetail}>{i18n._('Fill out my details')}</ButtonLink>,
      );
    case 'no-appointment':
      return card(
        i18n._('Choose your installation time first'),
        i18n._('Your installation time is not booked yet. Choose a day and time, then pay here.'),
        <ButtonLink to={PATHS.schedule}>{i18n._('Schedule installation')}</ButtonLink>,
      );
    case 'failed':
      return card(
        i18n._('We couldn’t load your order'),
        i18n._(
          'Something went wrong while we prepared your order. Nothing was charged. Please try again.',
        ),
        <Button variant="secondary" onClick={onRetry}>
          {i18n._('Try again')}
        </Button>,
      );
  }
}
