import { useEffect, useState, type FormEvent } from 'react';
import type { TBookableSlot } from '@konek/contract/appointments';
import {
  ASSIGNABLE_STATUSES,
  OPERATOR_CANCELLABLE_STATUSES,
  opsAssignCall,
  opsCancelCall,
  opsSetStatusCall,
  opsSlotsCall,
  WORK_ORDER_TRANSITIONS,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { slotWords, statusChoiceWords, visitTime } from './ops-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 080: what a dispatcher can do with a job besides the quick assignment, each offered only where the
// contract's table allows it: arrange a new visit (a technician and, when the booked time has passed or
// should change, a free slot), set a status with a note, or cancel a job marked for cancellation with a
// full refund to the customer.

type Technician = { user_id: string; first_name: string };
type Panel = 'visit' | 'status' | 'cancel' | null;

export type JobActionsProps = {
  job: TOpsWorkOrder;
  technicians: readonly Technician[];
  session: OpsSession;
  now: Date;
  onMoved: (job: TOpsWorkOrder, said: string) => void;
  onFailure: (failure: OpsFailure) => void;
};

/** The booked visit is still ahead: a technician can be sent at that time. */
export function isVisitAhead(job: Pick<TOpsWorkOrder, 'installation'>, now: Date): boolean {
  return job.installation !== null && Date.parse(job.installation.end_time) > now.getTime();
}

export function JobActions(props: JobActionsProps) {
  const { job } = props;
  const [panel, setPanel] = useState<Panel>(null);
  const canArrange = ASSIGNABLE_STATUSES.includes(job.status);
  const targets = WORK_ORDER_TRANSITIONS.get(job.status) ?? [];
  const canCancel = OPERATOR_CANCELLABLE_STATUSES.includes(job.status);
  if (!canArrange && targets.length === 0 && !canCancel) return null;
  const toggle = (next: Exclude<Panel, null>) => setPanel(panel === next ? null : next);
  const done = (moved: TOpsWorkOrder, said: string) => {
    setPanel(null);
    props.onMoved(moved, said);
  };
  return (
    <>
      <div className={styles.actions}>
        {canArrange && (
          <button
            type="button"
            className={styles.secondary}
            aria-expanded={panel === 'visit'}
            onClick={() => toggle('visit')}
          >
            {i18n._('Arrange a new visit')}
          </button>
        )}
        {targets.length > 0 && (
          <button
            type="button"
            className={styles.secondary}
            aria-expanded={panel === 'status'}
            onClick={() => toggle('status')}
          >
            {i18n._('Set status')}
          </button>
        )}
        {canCancel && (
          <button
            type="button"
            className={styles.danger}
            aria-expanded={panel === 'cancel'}
            onClick={() => toggle('cancel')}
          >
            {i18n._('Cancel and refund')}
          </button>
        )}
      </div>
      {panel === 'visit' && (
        <NewVisitForm {...props} onDone={done} onClose={() => setPanel(null)} />
      )}
      {panel === 'status' && (
        <SetStatusForm {...props} targets={targets} onDone={done} onClose={() => setPanel(null)} />
      )}
      {panel === 'cancel' && <CancelForm {...props} onDone={done} onClose={() => setPanel(null)} />}
    </>
  );
}

type FormProps = JobActionsProps & {
  onDone: (job: TOpsWorkOrder, said: string) => void;
  onClose: () => void;
};

/** A refusal from the API, said in the form (and a 401 ends the session). */
function useProblem(onFailure: (failure: OpsFailure) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (failure: OpsFailure) => {
    onFailure(failure);
    setProblem(failure.message);
  };
  return { problem, setProblem, fail };
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p className={styles.error} role="alert">
      {text}
    </p>
  ) : null;
}

const KEEP_TIME = 'keep';

function NewVisitForm(props: FormProps) {
  const { job, session } = props;
  const isAhead = isVisitAhead(job, props.now);
  const [technicianId, setTechnicianId] = useState(job.technician?.user_id ?? '');
  const [slotId, setSlotId] = useState(isAhead ? KEEP_TIME : '');
  const [slots, setSlots] = useState<TBookableSlot[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { problem, setProblem, fail } = useProblem(props.onFailure);

  useEffect(() => {
    let live = true;
    void opsCall(opsSlotsCall, { work_order_id: job.work_order_id }, session.token).then(
      (result) => {
        if (!live) return;
        if (result.ok) setSlots(result.reply.time_slots);
        else {
          fail(result);
          setSlots([]);
        }
      },
    );
    return () => {
      live = false;
    };
    // Read once per opening of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job.work_order_id, session.token]);

  const booked = job.installation?.start_time;
  const choices = (slots ?? []).filter((slot) => slot.start_time !== booked);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!technicianId) return setProblem(i18n._('Choose the technician for the visit.'));
    if (!slotId)
      return setProblem(i18n._('The booked time has passed: choose a new time for the visit.'));
    const slot = choices.find((each) => each.id === slotId);
    setBusy(true);
    setProblem(null);
    const result = await opsCall(
      opsAssignCall,
      {
        work_order_id: job.work_order_id,
        technician_id: technicianId,
        ...(slot ? { time_slot: slot } : {}),
      },
      session.token,
    );
    setBusy(false);
    if (!result.ok) return fail(result);
    const moved = result.reply.work_order;
    const order = moved.order_number;
    const name = moved.technician?.first_name;
    const when = slot ? slotWords(slot) : visitTime(moved);
    const visit = name
      ? i18n._('{order}: a visit with {name}, {when}.', { order, name, when })
      : i18n._('{order}: a visit with the technician, {when}.', { order, when });
    props.onDone(
      moved,
      slot ? i18n._('{visit} The customer is texted the new time.', { visit }) : visit,
    );
  };

  return (
    <form
      className={styles.reasonForm}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={i18n._('A new visit for {order}', { order: job.order_number })}
    >
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Technician for the visit')}</span>
        <select
          className={styles.select}
          value={technicianId}
          onChange={(event) => setTechnicianId(event.target.value)}
        >
          <option value="">{i18n._('Choose a technician')}</option>
          {props.technicians.map((technician) => (
            <option key={technician.user_id} value={technician.user_id}>
              {technician.first_name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Visit time')}</span>
        <select
          className={styles.select}
          value={slotId}
          onChange={(event) => setSlotId(event.target.value)}
          aria-describedby={isAhead ? undefined : `${job.work_order_id}-time-hint`}
        >
          {isAhead ? (
            <option value={KEEP_TIME}>
              {i18n._('Keep the booked time ({time})', { time: visitTime(job) })}
            </option>
          ) : (
            <option value="">{i18n._('Choose a new time')}</option>
          )}
          {choices.map((slot) => (
            <option key={slot.id} value={slot.id}>
              {slotWords(slot)}
            </option>
          ))}
        </select>
      </label>
      {!isAhead && (
        <p id={`${job.work_order_id}-time-hint`} className={styles.muted}>
          {i18n._('The booked time has passed, so the visit needs a new time.')}
        </p>
      )}
      {slots === null && <p className={styles.muted}>{i18n._('Loading the free times…')}</p>}
      <Problem text={problem} />
      <div className={styles.actions}>
        <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
          {i18n._('Arrange visit')}
        </button>
        <button className={styles.secondary} type="button" onClick={props.onClose}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}

function SetStatusForm(props: FormProps & { targets: readonly string[] }) {
  const { job, session } = props;
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { problem, setProblem, fail } = useProblem(props.onFailure);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!status) return setProblem(i18n._('Choose the status to set.'));
    setBusy(true);
    setProblem(null);
    const result = await opsCall(
      opsSetStatusCall,
      {
        work_order_id: job.work_order_id,
        status,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      session.token,
    );
    setBusy(false);
    if (!result.ok) return fail(result);
    const moved = result.reply.work_order;
    props.onDone(moved, `${moved.order_number}: ${statusChoiceWords(moved.status)}.`);
  };
  return (
    <form
      className={styles.reasonForm}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={i18n._('Set the status of {order}', { order: job.order_number })}
    >
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('New status')}</span>
        <select
          className={styles.select}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">{i18n._('Choose a status')}</option>
          {props.targets.map((target) => (
            <option key={target} value={target}>
              {statusChoiceWords(target)} ({target})
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Note (optional)')}</span>
        <textarea
          className={styles.textarea}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <Problem text={problem} />
      <div className={styles.actions}>
        <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
          {i18n._('Set status')}
        </button>
        <button className={styles.secondary} type="button" onClick={props.onClose}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}

function CancelForm(props: FormProps) {
  const { job, session } = props;
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { problem, setProblem, fail } = useProblem(props.onFailure);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await opsCall(
      opsCancelCall,
      { work_order_id: job.work_order_id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      session.token,
    );
    setBusy(false);
    if (!result.ok) return fail(result);
    props.onDone(
      result.reply.work_order,
      i18n._('{order} cancelled. The payment is refunded in full and the customer is texted.', {
        order: job.order_number,
      }),
    );
  };
  return (
    <form
      className={styles.reasonForm}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={i18n._('Cancel {order}', { order: job.order_number })}
    >
      <p>
        {i18n._(
          'The customer’s payment is refunded in full, the installation place and the network port are given back, and the customer is texted. This cannot be undone.',
        )}
      </p>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Why is it cancelled? (optional)')}</span>
        <textarea
          className={styles.textarea}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <Problem text={problem} />
      <div className={styles.actions}>
        <button className={styles.danger} type="submit" aria-busy={busy || undefined}>
          {i18n._('Cancel the order and refund')}
        </button>
        <button className={styles.secondary} type="button" onClick={props.onClose}>
          {i18n._('Keep the job')}
        </button>
      </div>
    </form>
  );
}
