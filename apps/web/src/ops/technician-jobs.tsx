import { useEffect, useState, type FormEvent } from 'react';
import {
  ACTIONS_WITH_REASON,
  opsMoveCall,
  opsWorkOrdersCall,
  statusAfterAction,
  WO_ON_THE_WAY,
  type TOpsWorkOrder,
  type TTechnicianAction,
} from '@konek/contract/ops';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { JobSummary } from './job-summary';
import { dayWords, manilaToday } from './ops-words';
import { usePositionSharing, type SharingState } from './use-position-sharing';
import { i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 051: a technician's jobs of today (Manila), each with its next one-tap move. ADR 080: on site, the
// other ways a visit ends or pauses — paused and resumed, installed with a follow-up visit, a return
// visit, a rescue crew, could not install — each offered where the contract's table allows it, those
// that stop the work with the technician's words.

const FORWARD: readonly { action: TTechnicianAction; label: string }[] = [
  { action: 'on_the_way', label: msg(/*i18n*/ 'On my way') },
  { action: 'arrived', label: msg(/*i18n*/ 'Arrived') },
  { action: 'completed', label: msg(/*i18n*/ 'Completed') },
  { action: 'resume', label: msg(/*i18n*/ 'Resume work') },
];

/** The other moves of a visit, in the order they are shown. */
const OTHER: readonly { action: TTechnicianAction; label: string }[] = [
  { action: 'hold', label: msg(/*i18n*/ 'Pause work') },
  { action: 'completed_follow_up', label: msg(/*i18n*/ 'Follow-up visit needed') },
  { action: 'return_visit', label: msg(/*i18n*/ 'Needs a return visit') },
  { action: 'rescue', label: msg(/*i18n*/ 'Needs a rescue crew') },
  { action: 'not_installed', label: msg(/*i18n*/ 'Could not install') },
];

/** What the reason form asks, per action that needs the technician's words. */
const REASON_QUESTIONS: Partial<Record<TTechnicianAction, { question: string; missing: string }>> =
  {
    not_installed: {
      question: msg(/*i18n*/ 'Why could the installation not be done?'),
      missing: msg(/*i18n*/ 'Say why the installation could not be done.'),
    },
    completed_follow_up: {
      question: msg(/*i18n*/ 'What does the follow-up visit need to do?'),
      missing: msg(/*i18n*/ 'Say what is left to do.'),
    },
    return_visit: {
      question: msg(/*i18n*/ 'What is left to do on the return visit?'),
      missing: msg(/*i18n*/ 'Say what is left to do.'),
    },
    rescue: {
      question: msg(/*i18n*/ 'What does the rescue crew need to fix?'),
      missing: msg(/*i18n*/ 'Say what the rescue crew needs to fix.'),
    },
  };

function SharingBanner(props: {
  state: SharingState;
  customer: string;
  onStop: () => void;
  onStart: () => void;
}) {
  const { state } = props;
  if (state.kind === 'off') return null;
  if (state.kind === 'starting' || state.kind === 'sharing') {
    return (
      <section className={styles.sharing} aria-label={i18n._('Location sharing')}>
        <span className={styles.pulse} aria-hidden="true" />
        <div className={styles.sharingText}>
          <strong>{i18n._('Sharing your location')}</strong>
          <span>
            {state.kind === 'starting'
              ? i18n._('Finding your position…')
              : state.failed
                ? i18n._('Your last position could not be sent. Still trying.')
                : i18n._('{customer} can see you coming.', { customer: props.customer })}
          </span>
        </div>
        <button type="button" className={styles.smallButton} onClick={props.onStop}>
          {i18n._('Stop sharing')}
        </button>
      </section>
    );
  }
  const message =
    state.kind === 'denied'
      ? i18n._(
          'Location is blocked for this page. Allow location in your browser settings so the customer can see you coming.',
        )
      : state.kind === 'unavailable'
        ? i18n._('Your position is not available on this phone right now.')
        : i18n._('You stopped sharing your location.');
  return (
    <section className={styles.sharingOff} aria-label={i18n._('Location sharing')}>
      <p role="status">{message}</p>
      <button type="button" className={styles.smallButton} onClick={props.onStart}>
        {i18n._('Share my location')}
      </button>
    </section>
  );
}

function ReasonForm(props: {
  action: TTechnicianAction;
  busy: boolean;
  onSend: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const words = REASON_QUESTIONS[props.action] ?? REASON_QUESTIONS.not_installed!;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(i18n._(words.missing));
      return;
    }
    props.onSend(reason.trim());
  };
  return (
    <form className={styles.reasonForm} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._(words.question)}</span>
        <textarea
          className={styles.textarea}
          name="reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button className={styles.danger} type="submit" disabled={props.busy}>
          {i18n._('Send reason')}
        </button>
        <button className={styles.secondary} type="button" onClick={props.onCancel}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}

function JobCard(props: {
  job: TOpsWorkOrder;
  busy: boolean;
  onMove: (action: TTechnicianAction, reason?: string) => void;
}) {
  const { job } = props;
  // The reason form belongs to the status it was opened in: once the job moved, it is closed.
  const [reasonFor, setReasonFor] = useState<{ action: TTechnicianAction; status: string } | null>(
    null,
  );
  const explaining = reasonFor?.status === job.status ? reasonFor.action : null;
  const setExplaining = (action: TTechnicianAction | null) =>
    setReasonFor(action ? { action, status: job.status } : null);
  const next = FORWARD.find(({ action }) => statusAfterAction(action, job.status) !== undefined);
  const others = OTHER.filter(({ action }) => statusAfterAction(action, job.status) !== undefined);
  const tap = (action: TTechnicianAction) =>
    ACTIONS_WITH_REASON.includes(action) ? setExplaining(action) : props.onMove(action);
  return (
    <li className={styles.card} aria-label={i18n._('Job {order}', { order: job.order_number })}>
      <JobSummary job={job} />
      {explaining ? (
        <ReasonForm
          action={explaining}
          busy={props.busy}
          onSend={(reason) => props.onMove(explaining, reason)}
          onCancel={() => setExplaining(null)}
        />
      ) : (
        (next || others.length > 0) && (
          <div className={styles.actions}>
            {next && (
              <button
                type="button"
                className={styles.primary}
                disabled={props.busy}
                onClick={() => tap(next.action)}
              >
                {i18n._(next.label)}
              </button>
            )}
            {others.map(({ action, label }) => (
              <button
                key={action}
                type="button"
                className={styles.secondary}
                disabled={props.busy}
                onClick={() => tap(action)}
              >
                {i18n._(label)}
              </button>
            ))}
          </div>
        )
      )}
    </li>
  );
}

export function TechnicianJobs(props: {
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
}) {
  const { session, onFailure } = props;
  const [jobs, setJobs] = useState<TOpsWorkOrder[] | null>(null);
  const [day, setDay] = useState(manilaToday());
  const [error, setError] = useState<string | null>(null);
  const [busyJob, setBusyJob] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  const [refresh, setRefresh] = useState(0);
  const load = () => setRefresh((count) => count + 1);

  useEffect(() => {
    let live = true;
    void opsCall(opsWorkOrdersCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setJobs(result.reply.work_orders);
        setDay(result.reply.day);
        setError(null);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, refresh]);

  useEffect(() => {
    // Read again every minute: a dispatcher may add or move a job.
    const timer = setInterval(() => setRefresh((count) => count + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  const onTheWay = jobs?.find((job) => job.status === WO_ON_THE_WAY) ?? null;
  const sharing = usePositionSharing(onTheWay?.work_order_id ?? null, session.token, onFailure);

  const move = async (job: TOpsWorkOrder, action: TTechnicianAction, reason?: string) => {
    setBusyJob(job.work_order_id);
    const result = await opsCall(
      opsMoveCall,
      { work_order_id: job.work_order_id, action, ...(reason ? { reason } : {}) },
      session.token,
    );
    setBusyJob(null);
    if (result.ok) {
      const moved = result.reply.work_order;
      setJobs((current) =>
        (current ?? []).map((each) => (each.work_order_id === moved.work_order_id ? moved : each)),
      );
      setSaid(`${moved.order_number}: ${moved.installation_status}.`);
      setError(null);
    } else {
      onFailure(result);
      setError(result.message);
      load();
    }
  };

  return (
    <div className={styles.column}>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{i18n._('Today’s jobs')}</h1>
          <p className={styles.muted}>{dayWords(day)}</p>
        </div>
        <button type="button" className={styles.smallButton} onClick={load}>
          {i18n._('Refresh')}
        </button>
      </div>
      {onTheWay && (
        <SharingBanner
          state={sharing.state}
          customer={onTheWay.visit?.customer_first_name || i18n._('The customer')}
          onStop={sharing.stop}
          onStart={sharing.start}
        />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.visuallyHidden} aria-live="polite">
        {said}
      </p>
      {jobs === null ? (
        <p className={styles.muted}>{i18n._('Loading your jobs…')}</p>
      ) : jobs.length === 0 ? (
        <div className={styles.empty}>
          <h2>{i18n._('No jobs for you today')}</h2>
          <p className={styles.muted}>
            {i18n._(
              'When a dispatcher assigns you a job, it shows here. Tap Refresh to check again.',
            )}
          </p>
        </div>
      ) : (
        <ul className={styles.list}>
          {jobs.map((job) => (
            <JobCard
              key={job.work_order_id}
              job={job}
              busy={busyJob === job.work_order_id}
              onMove={(action, reason) => void move(job, action, reason)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
