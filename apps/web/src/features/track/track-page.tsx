import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { pesoText } from '../../lib/number-formats';
import type { TOrder } from '@konek/contract/orders';
import { PATHS } from '@konek/contract/routes';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { ScreenLoading } from '../../ui/screen-loading';
import { ScreenPage } from '../../ui/screen-page';
import { useIdleCheck } from './idle-check';
import { useTrackOrder, type TrackData } from './use-track-order';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';

export type ReadyTrackData = Extract<TrackData, { kind: 'ready' }>;

type TrackPageProps = {
  title: string;
  lead?: string;
  children: (data: ReadyTrackData) => ReactNode;
};

/**
 * The frame of the signed-in track-my-order pages (ADR 050): signed out, the customer signs in at
 * /trackmyorder first; then the order loads (loading, error with a retry, no order yet) and stays live,
 * and the idle check runs.
 */
export function TrackPage(props: TrackPageProps) {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.trackmyorder} replace />;
  return <TrackPageContent {...props} />;
}

function TrackPageContent({ title, lead, children }: TrackPageProps) {
  const query = useTrackOrder();
  useIdleCheck();
  let body: ReactNode;
  if (query.data?.kind === 'ready') body = children(query.data);
  else if (query.data?.kind === 'no-order') body = <NoOrder />;
  else if (query.data?.kind === 'unpaid') body = <NotPaidYet order={query.data.order} />;
  else if (query.isError) {
    body = (
      <FormAlert
        tone="error"
        title={i18n._("We couldn't load your order")}
        action={
          <Button
            variant="secondary"
            isLoading={query.isFetching}
            onClick={() => void query.refetch()}
            data-tag="track_retry"
          >
            {i18n._('Try again')}
          </Button>
        }
      >
        {i18n._('Please check your connection and try again.')}
      </FormAlert>
    );
  } else {
    body = (
      <div className={styles.card}>
        <ScreenLoading label={i18n._('Loading your order…')} />
      </div>
    );
  }
  return (
    <ScreenPage className={styles.screen} aria-labelledby="track-title">
      <div className={`container ${styles.layout}`}>
        <header>
          <h1 id="track-title" className={styles.title}>
            {title}
          </h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </header>
        {body}
      </div>
    </ScreenPage>
  );
}

/**
 * ADR 077: an order made and not paid yet (the payment was declined, left at the wallet, or is still to
 * be made): the way to finish it, with what it costs — the pay page keeps its vouchers.
 */
function NotPaidYet({ order }: { order: TOrder }) {
  return (
    <section className={styles.card} aria-labelledby="unpaid-title">
      <p className={styles.eyebrow}>{i18n._('Order {number}', { number: order.order_number })}</p>
      <h2 id="unpaid-title" className={styles.cardTitle}>
        {i18n._('Your order is not paid yet')}
      </h2>
      <p className={styles.text}>
        {order.payment?.failure
          ? order.payment.failure.message
          : i18n._('Your installation is confirmed once you pay.')}{' '}
        {i18n._('Total to pay: {amount}.', { amount: pesoText(order.amount) })}
      </p>
      <div>
        <ButtonLink to={PATHS.pay} size="large" data-tag="track_finish_paying">
          {i18n._('Finish paying')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Signed in without a paid order: nothing to follow yet. */
function NoOrder() {
  return (
    <section className={styles.card} aria-labelledby="no-order-title">
      <h2 id="no-order-title" className={styles.cardTitle}>
        {i18n._("You don't have an order yet")}
      </h2>
      <p className={styles.text}>
        {i18n._(
          'Once you order prepaid fibre and pay, you can follow it here: its status, your installation time and your technician on the day.',
        )}
      </p>
      <div>
        <ButtonLink to={PATHS.checkAddress} size="large" data-tag="track_no_order_check_address">
          {i18n._('Check your address')}
        </ButtonLink>
      </div>
    </section>
  );
}
