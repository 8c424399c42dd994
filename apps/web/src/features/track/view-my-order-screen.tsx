import type { ReactNode } from 'react';
import { paymentMethodByNumber } from '@konek/contract/payment-methods';
import { PATHS } from '@konek/contract/routes';
import { INSTALLATION_STATUS_CANCELLED } from '@konek/contract/work-order-status';
import { useQuery } from '@tanstack/react-query';
import { addressLines } from '../../lib/address-lines';
import { fetchProfile } from '../../lib/profile';
import { getSession } from '../../lib/session';
import { journeyAddress, loadJourney } from '../../lib/session-journey';
import { ButtonLink } from '../../ui/button-link';
import { TrackPage, type ReadyTrackData } from './track-page';
import { bookedTime } from './track-model';
import { momentText, slotText } from '../../lib/formats';
import { pesoText } from '../../lib/number-formats';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';

// /trackmyorder/viewmyorder (ADR 050): the order as bought — plan, price paid, address, schedule,
// representative, payment method, order number.

export function ViewMyOrderScreen() {
  return (
    <TrackPage title={i18n._('View my order')}>{(data) => <OrderDetails data={data} />}</TrackPage>
  );
}

function Detail({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.detailName}>{name}</dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

/** The installation address (the stored context's) and the details step's profile (the representative). */
async function loadPeople(signal: AbortSignal) {
  const session = getSession();
  const [journey, profile] = await Promise.all([
    loadJourney(),
    session ? fetchProfile(session.userId, signal) : null,
  ]);
  const address = journey ? journeyAddress(journey) : null;
  return { lines: address ? addressLines(address) : null, profile };
}

function OrderDetails({ data }: { data: ReadyTrackData }) {
  const { order, workOrder } = data;
  const people = useQuery({
    queryKey: ['track-order-people'],
    queryFn: ({ signal }) => loadPeople(signal),
  });
  const plans = Object.values(order.entities.product).map((product) => product.name);
  const slot = bookedTime(order, workOrder);
  const lines = people.data?.lines ?? null;
  const profile = people.data?.profile ?? null;
  const representative = profile?.alternate_contact ?? null;
  const loadingText = i18n._('Loading…');
  return (
    <section className={styles.card} aria-labelledby="order-details-title">
      <h2 id="order-details-title" className={styles.cardTitle}>
        {i18n._('Your order')}
      </h2>
      <dl className={styles.details}>
        <Detail name={i18n._('Order number')}>{order.order_number}</Detail>
        <Detail name={i18n._('Plan')}>{plans.join(', ') || i18n._('Prepaid fibre')}</Detail>
        <Detail name={i18n._('Price paid')}>{pesoText(order.amount)}</Detail>
        <Detail name={i18n._('Paid on')}>
          {order.paid_at ? momentText(order.paid_at) : i18n._('Not paid')}
        </Detail>
        <Detail name={i18n._('Payment method')}>
          {paymentMethodByNumber(order.payment_method)?.label ?? i18n._('E-wallet')}
        </Detail>
        <Detail name={i18n._('Installation address')}>
          {lines ? (
            <>
              {lines.home}
              <br />
              {lines.area}
            </>
          ) : people.isPending ? (
            loadingText
          ) : (
            i18n._('Not available')
          )}
        </Detail>
        <Detail name={i18n._('Installation time')}>
          {slot ? slotText(slot) : i18n._('To be scheduled')}
        </Detail>
        <Detail name={i18n._('Authorized representative')}>
          {representative
            ? `${representative.first_name} ${representative.last_name}`
            : people.isPending
              ? loadingText
              : i18n._('None — you will be at home')}
        </Detail>
        <Detail name={i18n._('Installation status')}>
          {workOrder
            ? workOrder.installation_status
            : order.state_name === 'refunded'
              ? INSTALLATION_STATUS_CANCELLED
              : i18n._('Waiting for a new installation time')}
        </Detail>
      </dl>
      <div>
        <ButtonLink to={PATHS.trackmyorderOrderstatus} variant="secondary" data-tag="track_back">
          {i18n._('Back to order status')}
        </ButtonLink>
      </div>
    </section>
  );
}
