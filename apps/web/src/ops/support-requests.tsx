import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { opsCloseSupportRequestCall } from '@konek/contract/ops-close-support-request';
import {
  opsSupportRequestsCall,
  type TOpsSupportRequest,
  type TSupportPaymentStatus,
} from '@konek/contract/ops-support-requests';
import { opsWorkOrdersCall, type TOpsWorkOrder } from '@konek/contract/ops';
import { manilaDayOf } from '@konek/contract/slot-period';
import { JobSummary } from './job-summary';
import {
  SUPPORT_ANSWER_MAX_LENGTH,
  SUPPORT_RECENTLY_CLOSED_DAYS,
  supportAnswer,
  type TSupportTopic,
} from '@konek/contract/support';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { mobileWords, momentWords, statusTone, statusWords, slotWords } from './ops-words';
import styles from './ops.module.css';
import desk from './support-requests.module.css';
import { i18n, msg } from '../i18n/i18n';

// ADR 079: the dispatchers' support desk — what customers wrote on the help page, the order beside
// each (as it stands now), and an answer that closes the request and is texted to the customer.

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

const TOPIC_WORDS: Record<TSupportTopic, string> = {
  coverage: msg(/*i18n*/ 'Coverage'),
  order_and_payment: msg(/*i18n*/ 'Order or payment'),
  refund: msg(/*i18n*/ 'Cancelling or refund'),
  installation: msg(/*i18n*/ 'Installation'),
  account_and_pin: msg(/*i18n*/ 'Account or PIN'),
  privacy: msg(/*i18n*/ 'Personal data'),
  other: msg(/*i18n*/ 'Something else'),
};

const TONE_CLASS = {
  neutral: styles.statusNeutral,
  active: styles.statusActive,
  done: styles.statusDone,
  problem: styles.statusProblem,
};

const PAYMENT_WORDS: Record<TSupportPaymentStatus, string> = {
  awaiting: msg(/*i18n*/ 'Payment: waiting at the wallet'),
  paid: msg(/*i18n*/ 'Payment: paid'),
  failed: msg(/*i18n*/ 'Payment: refused by the wallet'),
  abandoned: msg(/*i18n*/ 'Payment: left unfinished'),
  refunded: msg(/*i18n*/ 'Payment: refunded'),
  not_paid: msg(/*i18n*/ 'Payment: not paid'),
};

/** Who answered a closed request, and when. */
function answeredBy(request: TOpsSupportRequest): string {
  const name = request.closed_by?.first_name;
  if (!request.closed_at) {
    return name ? i18n._('Answered by {name}', { name }) : i18n._('Answered by a dispatcher');
  }
  const when = momentWords(request.closed_at);
  return name
    ? i18n._('Answered by {name}, {when}', { name, when })
    : i18n._('Answered by a dispatcher, {when}', { when });
}

/**
 * The customer's order beside their request: number, where it stands, the booked visit, the payment, and
 * its job (opened here, as the board shows it for the visit's day).
 */
function OrderBeside({ request, session, onFailure }: Props & { request: TOpsSupportRequest }) {
  const { order } = request;
  const [job, setJob] = useState<TOpsWorkOrder | 'missing' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!order) {
    return (
      <p className={desk.orderNone}>
        {request.account_attached
          ? i18n._('Signed in · no order on this account yet')
          : i18n._('Sent without signing in · no account or order attached')}
      </p>
    );
  }
  const status = order.work_order_status;
  const { installation, work_order_id: workOrderId } = order;

  async function openJob() {
    if (busy || !workOrderId || !installation) return;
    setBusy(true);
    const result = await opsCall(
      opsWorkOrdersCall,
      { day: manilaDayOf(installation.start_time) },
      session.token,
    );
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    setJob(
      result.reply.work_orders.find((each) => each.work_order_id === workOrderId) ?? 'missing',
    );
  }

  return (
    <div className={desk.order}>
      <div className={styles.summaryTop}>
        <span className={styles.orderNumber}>{order.order_number}</span>
        <span className={`${styles.status} ${TONE_CLASS[status ? statusTone(status) : 'neutral']}`}>
          {status
            ? statusWords({ status, installation_status: order.installation_status ?? status })
            : order.state_name.replaceAll('_', ' ')}
        </span>
      </div>
      <p className={styles.muted}>
        {installation
          ? i18n._('Installation {slot}', { slot: slotWords(installation) })
          : i18n._('No installation time booked')}
      </p>
      <p className={styles.muted}>{i18n._(PAYMENT_WORDS[order.payment_status])}</p>
      {workOrderId && installation && job === null ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.smallButton}
            aria-label={i18n._('Open the job of {order}', { order: order.order_number })}
            aria-busy={busy || undefined}
            onClick={() => void openJob()}
          >
            {i18n._('Open job')}
          </button>
        </div>
      ) : null}
      {job === 'missing' ? (
        <p className={styles.muted} role="status">
          {i18n._('This job is not on the board for its visit day any more.')}
        </p>
      ) : null}
      {job !== null && job !== 'missing' ? (
        <section aria-label={i18n._('Job of {order}', { order: order.order_number })}>
          <JobSummary job={job} showAddress />
          <button type="button" className={styles.smallButton} onClick={() => setJob(null)}>
            {i18n._('Close job')}
          </button>
        </section>
      ) : null}
    </div>
  );
}

/** Who wrote, about what, when, and what they wrote. */
function RequestSummary({ request, ...props }: Props & { request: TOpsSupportRequest }) {
  return (
    <div className={styles.summary}>
      <div className={styles.summaryTop}>
        <span className={desk.reference}>{request.reference}</span>
        <span className={desk.topic}>{i18n._(TOPIC_WORDS[request.topic])}</span>
      </div>
      <p className={styles.orderLine}>
        <span className={styles.orderNumber}>{request.name}</span> ·{' '}
        <a href={`tel:+${request.msisdn}`}>{mobileWords(request.msisdn)}</a>
      </p>
      <p className={styles.muted}>
        {i18n._('Sent {when}', { when: momentWords(request.created_at) })}
      </p>
      <p className={desk.message}>{request.message}</p>
      <OrderBeside request={request} {...props} />
    </div>
  );
}

/** The answer that closes an open request; texted to the customer as it is written. */
function AnswerForm(props: {
  request: TOpsSupportRequest;
  busy: boolean;
  onClose: (answer: string) => Promise<boolean>;
}) {
  const { request, busy, onClose } = props;
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `answer-${request.support_request_id}`;
  const length = [...answer.trim()].length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = supportAnswer.safeParse(answer);
    if (!checked.success) {
      // The contract's message, found in the catalogue by its English text (ADR 027).
      const first = checked.error.issues[0]?.message;
      setProblem(first === undefined ? i18n._('Write the answer first.') : i18n._(first));
      return;
    }
    setProblem(null);
    // What was written stays in the field unless the request was closed.
    if (await onClose(checked.data)) setAnswer('');
  };
  return (
    <form className={styles.reasonForm} noValidate onSubmit={(event) => void submit(event)}>
      <label className={styles.field} htmlFor={fieldId}>
        <span className={styles.label}>
          {i18n._('Answer to {reference} (texted to {mobile})', {
            reference: request.reference,
            mobile: mobileWords(request.msisdn),
          })}
        </span>
        <textarea
          id={fieldId}
          className={styles.textarea}
          rows={3}
          value={answer}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${fieldId}-note`}
          onChange={(event) => setAnswer(event.target.value)}
        />
      </label>
      <p id={`${fieldId}-note`} className={problem ? desk.problem : styles.muted}>
        {problem ??
          i18n._('{length} of {most} characters, sent as one SMS', {
            length,
            most: SUPPORT_ANSWER_MAX_LENGTH,
          })}
      </p>
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? i18n._('Sending…') : i18n._('Close and text the answer')}
      </button>
    </form>
  );
}

/** The desk: open requests (oldest first), each to answer; then the ones closed lately. */
export function SupportDesk(props: Props & { onCounted?: (open: number) => void }) {
  const { session, onFailure, onCounted } = props;
  const [open, setOpen] = useState<TOpsSupportRequest[] | null>(null);
  const [closed, setClosed] = useState<TOpsSupportRequest[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    let live = true;
    void opsCall(opsSupportRequestsCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setOpen(result.reply.open);
        setClosed(result.reply.recently_closed);
        setError(null);
        onCounted?.(result.reply.open.length);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, onCounted, refresh]);

  const close = async (request: TOpsSupportRequest, answer: string): Promise<boolean> => {
    setBusy(request.support_request_id);
    const result = await opsCall(
      opsCloseSupportRequestCall,
      { support_request_id: request.support_request_id, answer },
      session.token,
    );
    setBusy(null);
    if (result.ok) {
      const done = result.reply.support_request;
      const remaining = (open ?? []).filter(
        (each) => each.support_request_id !== done.support_request_id,
      );
      setOpen(remaining);
      setClosed((current) => [done, ...current]);
      setSaid(
        i18n._('{reference} closed. The answer was texted to {mobile}.', {
          reference: done.reference,
          mobile: mobileWords(done.msisdn),
        }),
      );
      setError(null);
      onCounted?.(remaining.length);
      return true;
    }
    onFailure(result);
    setError(`${request.reference}: ${result.message}`);
    // Closed meanwhile by someone else: the list shows it as it is now.
    if (result.status === 409) setRefresh((count) => count + 1);
    return false;
  };

  return (
    <>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{i18n._('Support requests')}</h1>
          <p className={styles.muted}>
            {open === null
              ? i18n._('Loading…')
              : i18n._('{open} open · {closed} closed in the last {days} days', {
                  open: open.length,
                  closed: closed.length,
                  days: SUPPORT_RECENTLY_CLOSED_DAYS,
                })}
          </p>
        </div>
        <button
          type="button"
          className={styles.smallButton}
          onClick={() => setRefresh((count) => count + 1)}
        >
          {i18n._('Refresh')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.notice} aria-live="polite" hidden={!said}>
        {said}
      </p>
      {open === null ? null : open.length === 0 ? (
        <div className={styles.empty}>
          <h2>{i18n._('No open requests')}</h2>
          <p className={styles.muted}>
            {i18n._('What customers write on the help page shows here.')}
          </p>
        </div>
      ) : (
        <ul className={styles.grid}>
          {open.map((request) => (
            <li
              key={request.support_request_id}
              className={styles.card}
              aria-label={i18n._('Request {reference}', { reference: request.reference })}
            >
              <RequestSummary request={request} session={session} onFailure={onFailure} />
              <AnswerForm
                request={request}
                busy={busy === request.support_request_id}
                onClose={(answer) => close(request, answer)}
              />
            </li>
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <section className={desk.closed} aria-labelledby="closed-requests-title">
          <h2 id="closed-requests-title" className={desk.closedTitle}>
            {i18n._('Closed in the last {days} days', { days: SUPPORT_RECENTLY_CLOSED_DAYS })}
          </h2>
          <ul className={styles.grid}>
            {closed.map((request) => (
              <li
                key={request.support_request_id}
                className={`${styles.card} ${desk.closedCard}`}
                aria-label={i18n._('Closed request {reference}', { reference: request.reference })}
              >
                <RequestSummary request={request} session={session} onFailure={onFailure} />
                <div className={desk.answer}>
                  <p className={styles.label}>{answeredBy(request)}</p>
                  <p className={desk.message}>{request.answer}</p>
                  {request.answer_sent_at ? null : (
                    <p className={desk.problem}>
                      {i18n._('Not texted: call the customer with the answer.')}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * A dispatcher's two views: the day's jobs (the board, kept as it is while the desk is open) and the
 * support desk, opened on demand. The switch names how many requests wait.
 */
/**
 * The dispatcher's three views: the day's jobs (`children`), the installation calendar (`calendar`:
 * blocks, closed days, crews' plans) and the support desk. The calendar and the desk load when first
 * opened, so the jobs screen does not move as they arrive.
 */
export function DispatcherViews(props: Props & { children: ReactNode; calendar: ReactNode }) {
  const { session, onFailure, children, calendar } = props;
  const [view, setView] = useState<'jobs' | 'calendar' | 'support'>('jobs');
  const [deskOpened, setDeskOpened] = useState(false);
  const [calendarOpened, setCalendarOpened] = useState(false);
  const [waiting, setWaiting] = useState<number | null>(null);

  // How many requests wait, for the switch; a failure here is the desk's to report when it opens.
  useEffect(() => {
    let live = true;
    void opsCall(opsSupportRequestsCall, {}, session.token).then((result) => {
      if (live && result.ok) setWaiting(result.reply.open.length);
    });
    return () => {
      live = false;
    };
  }, [session.token]);
  const counted = useCallback((open: number) => setWaiting(open), []);

  const show = (next: 'jobs' | 'calendar' | 'support') => {
    setView(next);
    if (next === 'support') setDeskOpened(true);
    if (next === 'calendar') setCalendarOpened(true);
  };
  return (
    <>
      <nav className={desk.views} aria-label={i18n._('Dispatcher views')}>
        <button
          type="button"
          className={desk.view}
          aria-pressed={view === 'jobs'}
          onClick={() => show('jobs')}
        >
          {i18n._('Jobs')}
        </button>
        <button
          type="button"
          className={desk.view}
          aria-pressed={view === 'calendar'}
          onClick={() => show('calendar')}
        >
          {i18n._('Calendar')}
        </button>
        <button
          type="button"
          className={desk.view}
          aria-pressed={view === 'support'}
          onClick={() => show('support')}
        >
          {i18n._('Support requests')}
          {waiting ? (
            <span className={desk.count}>{i18n._('{count} open', { count: waiting })}</span>
          ) : null}
        </button>
      </nav>
      <div hidden={view !== 'jobs'}>{children}</div>
      {calendarOpened && <div hidden={view !== 'calendar'}>{calendar}</div>}
      {deskOpened && (
        <div hidden={view !== 'support'}>
          <SupportDesk session={session} onFailure={onFailure} onCounted={counted} />
        </div>
      )}
    </>
  );
}
