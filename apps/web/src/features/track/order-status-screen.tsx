import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PATHS } from '@konek/contract/routes';
import type { TTimeSlot } from '@konek/contract/slot-period';
import {
  INSTALLATION_STATUS_AWAITING,
  INSTALLATION_STATUS_CANCELLED,
  INSTALLATION_STATUS_DELAYED,
  INSTALLATION_STATUS_INSTALLED,
  INSTALLATION_STATUS_ORDER_CONFIRMED,
  INSTALLATION_STATUS_RESCHEDULE,
} from '@konek/contract/work-order-status';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { CancelOrderConfirm } from './cancel-order';
import { GetHelp } from './get-help';
import { ReschedulePanel } from './reschedule-panel';
import { StatusTimeline } from './status-timeline';
import { TrackPage, type ReadyTrackData } from './track-page';
import {
  bookedTime,
  canSelfServe,
  isMissed,
  isOnTheWay,
  missedVisitCreditDays,
} from './track-model';
import { slotText } from './track-texts';
import { TRACK_ORDER_KEY } from './use-track-order';
import styles from './track.module.css';
import { i18n, msg } from '../../i18n/i18n';

// Issue 15 /trackmyorder/orderstatus (ADR 050): the installation status in the spec's words (product §4.5,
// the API's installation_status), what it means, the booked time, the timeline, and what the customer
// can do: change the time, cancel, get help, see the order, track the technician.

/** A sentence under each §4.5 label; a raw or unknown value gets none. */
const STATUS_EXPLANATIONS: Record<string, string> = {
  [INSTALLATION_STATUS_ORDER_CONFIRMED]: msg(
    /*i18n*/ "Your order is paid and your installation is booked. We'll text you when your technician is on the way.",
  ),
  [INSTALLATION_STATUS_AWAITING]: msg(
    /*i18n*/ 'Your technician is on the way or already working on your installation.',
  ),
  [INSTALLATION_STATUS_RESCHEDULE]: msg(
    /*i18n*/ "We couldn't install at the time you booked. Please pick a new time.",
  ),
  [INSTALLATION_STATUS_DELAYED]: msg(
    /*i18n*/ 'Your installation is delayed. We will contact you about what happens next.',
  ),
  [INSTALLATION_STATUS_INSTALLED]: msg(/*i18n*/ 'Your fibre is installed. Enjoy your connection!'),
  [INSTALLATION_STATUS_CANCELLED]: msg(/*i18n*/ 'This order was cancelled.'),
};

type Tone = 'brand' | 'success' | 'warning' | 'muted';

function toneOf(label: string): Tone {
  if (label === INSTALLATION_STATUS_INSTALLED) return 'success';
  if (label === INSTALLATION_STATUS_RESCHEDULE || label === INSTALLATION_STATUS_DELAYED) {
    return 'warning';
  }
  if (label === INSTALLATION_STATUS_CANCELLED) return 'muted';
  return 'brand';
}

export function OrderStatusScreen() {
  return (
    <TrackPage title={i18n._('Order status')}>
      {(data) => <OrderStatus key={data.order.order_id} data={data} />}
    </TrackPage>
  );
}

type Panel = 'reschedule' | 'cancel' | null;

function OrderStatus({ data }: { data: ReadyTrackData }) {
  const queryClient = useQueryClient();
  const { order, workOrder, accountId } = data;
  const [panel, setPanel] = useState<Panel>(null);
  const [changedTo, setChangedTo] = useState<TTimeSlot | null>(null);
  const [wasCancelled, setWasCancelled] = useState(false);
  const label = workOrder.installation_status;
  const explanation = STATUS_EXPLANATIONS[label];
  const slot = bookedTime(order, workOrder);
  const missed = isMissed(workOrder);
  const creditDays = missedVisitCreditDays(workOrder);
  const selfService = canSelfServe(order, workOrder) && !wasCancelled;
  const refresh = () => queryClient.invalidateQueries({ queryKey: TRACK_ORDER_KEY });

  return (
    <div className={styles.columns}>
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="status-title">
          <p className={styles.eyebrow}>
            {i18n._('Order {number}', { number: order.order_number })}
          </p>
          <h2 id="status-title" className={styles.cardTitle}>
            {i18n._('Installation status')}
          </h2>
          <p className={styles.status} role="status">
            <span className={styles.statusDot} data-tone={toneOf(label)} aria-hidden="true" />
            {label}
          </p>
          {explanation ? <p className={styles.text}>{i18n._(explanation)}</p> : null}
          {missed ? (
            <FormAlert tone="warning" title={i18n._('We missed your installation visit')}>
              {creditDays > 0
                ? i18n._(
                    "We're sorry. We've added {days} free days to your plan — you don't need to ask. Please pick a new installation time.",
                    { days: creditDays },
                  )
                : i18n._("We're sorry. Please pick a new installation time.")}
            </FormAlert>
          ) : null}
          {changedTo ? (
            <FormAlert tone="info" title={i18n._('Installation time changed')}>
              {i18n._('Your installation is now booked for {time}.', { time: slotText(changedTo) })}
            </FormAlert>
          ) : null}
          {wasCancelled ? (
            <FormAlert tone="info" title={i18n._('Order cancelled')}>
              {i18n._(
                'Your order is cancelled and your payment is on its way back to your wallet.',
              )}
            </FormAlert>
          ) : null}
          {slot && !missed && label !== INSTALLATION_STATUS_CANCELLED ? (
            <p className={styles.booked}>
              <span className={styles.bookedLabel}>
                {label === INSTALLATION_STATUS_INSTALLED
                  ? i18n._('Installation visit')
                  : i18n._('Booked installation time')}
              </span>
              <span className={styles.bookedTime}>{slotText(slot)}</span>
            </p>
          ) : null}
          <div className={styles.actions}>
            {isOnTheWay(workOrder) ? (
              <ButtonLink
                to={PATHS.trackmyorderTrackmytechnician}
                size="large"
                data-tag="track_my_technician"
              >
                {i18n._('Track my technician')}
              </ButtonLink>
            ) : null}
            {selfService ? (
              <Button
                size="large"
                variant={missed ? 'primary' : 'secondary'}
                aria-expanded={panel === 'reschedule'}
                onClick={() => setPanel(panel === 'reschedule' ? null : 'reschedule')}
                data-tag="track_change_time"
              >
                {missed ? i18n._('Pick a new time') : i18n._('Change installation time')}
              </Button>
            ) : null}
            {selfService ? (
              <Button
                size="large"
                variant="secondary"
                aria-expanded={panel === 'cancel'}
                onClick={() => setPanel(panel === 'cancel' ? null : 'cancel')}
                data-tag="track_cancel_order"
              >
                {i18n._('Cancel order')}
              </Button>
            ) : null}
            {panel === 'cancel' ? (
              <CancelOrderConfirm
                accountId={accountId}
                order={order}
                onClose={() => setPanel(null)}
                onCancelled={() => {
                  setPanel(null);
                  setWasCancelled(true);
                  void refresh();
                }}
              />
            ) : null}
            <ButtonLink
              to={PATHS.trackmyorderViewmyorder}
              variant="link"
              data-tag="track_view_order"
            >
              {i18n._('View my order')}
            </ButtonLink>
          </div>
        </section>
        {panel === 'reschedule' ? (
          <ReschedulePanel
            accountId={accountId}
            appointmentId={order.appointment_id}
            onClose={() => setPanel(null)}
            onDone={(next) => {
              setPanel(null);
              setChangedTo(next);
              void refresh();
            }}
          />
        ) : null}
      </div>
      <div className={styles.stack}>
        <StatusTimeline order={order} workOrder={workOrder} />
        <GetHelp orderNumber={order.order_number} />
      </div>
    </div>
  );
}
