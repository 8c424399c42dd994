import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '@konek/contract/orders';
import { WO_CANCELLED } from '@konek/contract/ops';
import { PATHS } from '@konek/contract/routes';
import type { TTimeSlot } from '@konek/contract/slot-period';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import {
  INSTALLATION_STATUS_CANCELLED,
  INSTALLATION_STATUS_INSTALLED,
} from '@konek/contract/work-order-status';
import { scheduleNoticeState } from '../../lib/schedule-notice';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { CancelOrderConfirm } from './cancel-order';
import { GetHelp } from './get-help';
import { ReschedulePanel } from './reschedule-panel';
import {
  guideOf,
  NEEDS_NEW_TIME_EXPLANATION,
  PERIOD_BLOCKED_EXPLANATION,
  SELF_SERVICE_STEPS,
  STATUS_GUIDE,
  type NextStep,
  type StatusTone,
} from './status-guide';
import { StatusTimeline } from './status-timeline';
import { TrackPage, type ReadyTrackData } from './track-page';
import {
  bookedTime,
  canSelfServe,
  isMissed,
  isWaitingForNewTime,
  latestTimeChange,
  missedVisitCreditDays,
  needsNewTime,
} from './track-model';
import { slotText } from '../../lib/formats';
import { TRACK_ORDER_KEY } from './use-track-order';
import styles from './track.module.css';
import { countMessage, i18n, msg } from '../../i18n/i18n';

// /trackmyorder/orderstatus (ADR 050, 080): the installation status in the spec's words (product §4.5,
// the API's installation_status), what is happening and what the customer can do next for that very
// status (status-guide.ts), the booked time, the timeline, and help. A paid order that lost its time
// shows the way to book a new one — and why, when a dispatcher blocked its period (ADR 092).

export function OrderStatusScreen() {
  return (
    <TrackPage title={i18n._('Order status')}>
      {(data) =>
        // ADR 092: a paid order whose period was blocked keeps its work order, but what it needs is a new
        // time: the same way forward as an order that lost its place while paying.
        data.workOrder && !isWaitingForNewTime(data.order) ? (
          <OrderStatus key={data.order.order_id} data={{ ...data, workOrder: data.workOrder }} />
        ) : (
          <WithoutWorkOrder order={data.order} accountId={data.accountId} />
        )
      }
    </TrackPage>
  );
}

type Panel = 'reschedule' | 'cancel' | null;

/** The status card's first lines: the order number, the heading, the status (a live region). */
function StatusHead({
  order,
  label,
  tone,
}: {
  order: TOrder;
  label: string | null;
  tone: StatusTone;
}) {
  return (
    <>
      <p className={styles.eyebrow}>{i18n._('Order {number}', { number: order.order_number })}</p>
      <h2 id="status-title" className={styles.cardTitle}>
        {i18n._('Installation status')}
      </h2>
      {label ? (
        <p className={styles.status} role="status">
          <span className={styles.statusDot} data-tone={tone} aria-hidden="true" />
          {label}
        </p>
      ) : null}
    </>
  );
}

const CREDIT_LINES = {
  one: msg(/*i18n*/ '{days} free day added to your plan for the visit we missed.'),
  other: msg(/*i18n*/ '{days} free days added to your plan for the visit we missed.'),
};

/** The labels of the buttons that open a panel, by step. */
const PANEL_STEPS: Partial<Record<NextStep, { panel: Exclude<Panel, null>; label: string }>> = {
  'pick-new-time': { panel: 'reschedule', label: msg(/*i18n*/ 'Pick a new time') },
  'change-time': { panel: 'reschedule', label: msg(/*i18n*/ 'Change installation time') },
  'keep-and-pick-time': {
    panel: 'reschedule',
    label: msg(/*i18n*/ 'Keep my order and pick a new time'),
  },
  cancel: { panel: 'cancel', label: msg(/*i18n*/ 'Cancel order') },
  'cancel-with-refund': { panel: 'cancel', label: msg(/*i18n*/ 'Cancel and get a refund') },
};

/** The first step of a status is its main action; the others are secondary. */
const PRIMARY_STEPS: readonly NextStep[] = ['pick-new-time', 'keep-and-pick-time'];

function OrderStatus({ data }: { data: ReadyTrackData & { workOrder: TWorkOrder } }) {
  const queryClient = useQueryClient();
  const { order, workOrder, accountId } = data;
  const [panel, setPanel] = useState<Panel>(null);
  // A new time just set here, until the server's reading of it arrives (then the change itself says so).
  const [changedHere, setChangedHere] = useState<{ slot: TTimeSlot; changes: number } | null>(null);
  const [wasCancelled, setWasCancelled] = useState(false);
  const label = workOrder.installation_status;
  const guide = guideOf(workOrder.work_order_status);
  const slot = bookedTime(order, workOrder);
  const missed = isMissed(workOrder);
  const creditDays = missedVisitCreditDays(workOrder);
  const selfService = canSelfServe(order, workOrder) && !wasCancelled;
  const steps = (guide?.steps ?? []).filter(
    (step) => selfService || !SELF_SERVICE_STEPS.includes(step),
  );
  const timeChange =
    latestTimeChange(workOrder) ??
    (changedHere && changedHere.changes === workOrder.changes.length ? changedHere.slot : null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TRACK_ORDER_KEY });
  const help = <GetHelp orderNumber={order.order_number} />;
  const isHelpFirst = steps.includes('help');

  return (
    <div className={styles.columns}>
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="status-title">
          <StatusHead order={order} label={label} tone={guide?.tone ?? 'brand'} />
          {guide ? <p className={styles.text}>{i18n._(guide.explanation)}</p> : null}
          {missed ? (
            <FormAlert tone="warning" title={i18n._('We missed your installation visit')}>
              {creditDays > 0
                ? i18n._(
                    "We're sorry. We've added {days} free days to your plan — you don't need to ask. Please pick a new installation time.",
                    { days: creditDays },
                  )
                : i18n._("We're sorry. Please pick a new installation time.")}
            </FormAlert>
          ) : creditDays > 0 ? (
            <p className={styles.credit}>
              {countMessage(creditDays, CREDIT_LINES, { days: creditDays })}
            </p>
          ) : null}
          {timeChange ? (
            <FormAlert tone="info" title={i18n._('Installation time changed')}>
              {i18n._('Your installation is now booked for {time}.', {
                time: slotText(timeChange),
              })}
            </FormAlert>
          ) : null}
          {wasCancelled ? (
            <FormAlert tone="info" title={i18n._('Order cancelled')}>
              {i18n._(
                'Your order is cancelled and your payment is on its way back to your wallet.',
              )}
            </FormAlert>
          ) : null}
          {slot && !needsNewTime(workOrder) && label !== INSTALLATION_STATUS_CANCELLED ? (
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
            {steps.includes('track-technician') ? (
              <ButtonLink
                to={PATHS.trackmyorderTrackmytechnician}
                size="large"
                data-tag="track_my_technician"
              >
                {i18n._('Track my technician')}
              </ButtonLink>
            ) : null}
            {steps.map((step) => {
              const opens = PANEL_STEPS[step];
              if (!opens) return null;
              return (
                <Button
                  key={step}
                  size="large"
                  variant={PRIMARY_STEPS.includes(step) ? 'primary' : 'secondary'}
                  aria-expanded={panel === opens.panel}
                  onClick={() => setPanel(panel === opens.panel ? null : opens.panel)}
                  data-tag={opens.panel === 'cancel' ? 'track_cancel_order' : 'track_change_time'}
                >
                  {i18n._(opens.label)}
                </Button>
              );
            })}
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
            booked={slot}
            onClose={() => setPanel(null)}
            onDone={(next) => {
              setPanel(null);
              setChangedHere({ slot: next, changes: workOrder.changes.length });
              void refresh();
            }}
          />
        ) : null}
        {isHelpFirst ? help : null}
      </div>
      <div className={styles.stack}>
        <StatusTimeline order={order} workOrder={workOrder} />
        {isHelpFirst ? null : help}
      </div>
    </div>
  );
}

/**
 * A paid order without a work order: it lost its installation place while the customer paid
 * (needs_new_time) and waits for a new time — or it was refunded before one was booked.
 */
function WithoutWorkOrder({ order, accountId }: { order: TOrder; accountId: string }) {
  const queryClient = useQueryClient();
  const [isCancelling, setIsCancelling] = useState(false);
  const isWaiting = isWaitingForNewTime(order);
  let body: ReactNode;
  if (isWaiting) {
    // No work order yet, so no §4.5 label: the order's situation in the same plain words.
    body = (
      <>
        <StatusHead
          order={order}
          label={i18n._('Waiting for a new installation time')}
          tone="warning"
        />
        {order.new_time_reason ? (
          <FormAlert tone="warning" title={i18n._('We cannot install at your booked time')}>
            {i18n._('Reason: {reason}', { reason: order.new_time_reason })}
          </FormAlert>
        ) : null}
        <p className={styles.text}>
          {i18n._(order.new_time_reason ? PERIOD_BLOCKED_EXPLANATION : NEEDS_NEW_TIME_EXPLANATION)}
        </p>
        <ButtonLink
          to={PATHS.schedule}
          state={scheduleNoticeState(
            order.new_time_reason ? 'period-blocked' : 'paid-needs-new-time',
          )}
          size="large"
          data-tag="track_choose_new_time"
        >
          {i18n._('Choose a new time')}
        </ButtonLink>
      </>
    );
  } else {
    body = (
      <>
        <StatusHead
          order={order}
          label={INSTALLATION_STATUS_CANCELLED}
          tone={STATUS_GUIDE[WO_CANCELLED]!.tone}
        />
        <p className={styles.text}>{i18n._(STATUS_GUIDE[WO_CANCELLED]!.explanation)}</p>
      </>
    );
  }
  return (
    <div className={styles.columns}>
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="status-title">
          {body}
          <div className={styles.actions}>
            {isWaiting ? (
              // The money is kept while no time is booked; a refund instead is the other way forward.
              <Button
                size="large"
                variant="secondary"
                aria-expanded={isCancelling}
                onClick={() => setIsCancelling(!isCancelling)}
                data-tag="track_cancel_order"
              >
                {i18n._('Cancel and get a refund')}
              </Button>
            ) : null}
            {isCancelling ? (
              <CancelOrderConfirm
                accountId={accountId}
                order={order}
                onClose={() => setIsCancelling(false)}
                onCancelled={() => {
                  setIsCancelling(false);
                  void queryClient.invalidateQueries({ queryKey: TRACK_ORDER_KEY });
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
        {isWaiting ? <GetHelp orderNumber={order.order_number} /> : null}
      </div>
      <div className={styles.stack}>
        <StatusTimeline order={order} workOrder={null} />
        {isWaiting ? null : <GetHelp orderNumber={order.order_number} />}
      </div>
    </div>
  );
}
