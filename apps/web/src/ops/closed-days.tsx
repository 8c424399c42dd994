import { useEffect, useState, type FormEvent } from 'react';
import {
  CLOSED_DAY_REASON_MAX_LENGTH,
  opsAddClosedDayCall,
  opsClosedDaysCall,
  opsRemoveClosedDayCall,
  type TClosedDay,
} from '@konek/contract/ops-closed-days';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { dayWords, manilaToday, momentWords } from './ops-words';
import { RecordHistory } from './record-history';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 083: the days closed to installations. The law's days are listed with their names (and any
// booking made before Konek knew of them, to move); a dispatcher closes a day of their own with a
// reason — refused while it has bookings — and opens it again. Customers never see a closed day's slots.
// ADR 089: each change is in the day's history (who closed it, who opened it again).

const STILL_BOOKED = {
  one: msg(/*i18n*/ '{bookings} installation is still booked on this day: move it to another day.'),
  other: msg(
    /*i18n*/ '{bookings} installations are still booked on this day: move them to other days.',
  ),
};

/** "Closed by law", or who closed the day and when. */
function closedBy(closed: TClosedDay): string {
  if (closed.source === 'law') return i18n._('Closed by law');
  const name = closed.added_by?.first_name;
  if (!closed.added_at) {
    return name ? i18n._('Closed by {name}', { name }) : i18n._('Closed by a dispatcher');
  }
  const when = momentWords(closed.added_at);
  return name
    ? i18n._('Closed by {name}, {when}', { name, when })
    : i18n._('Closed by a dispatcher, {when}', { when });
}

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

export function ClosedDays({ session, onFailure }: Props) {
  const [days, setDays] = useState<TClosedDay[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<string | null>(null);

  // Read on opening, and again after each change: the server's list is the one shown.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void opsCall(opsClosedDaysCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setDays(result.reply.closed_days);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, version]);
  const reload = () => setVersion((current) => current + 1);

  const close = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setSaid(null);
    const result = await opsCall(opsAddClosedDayCall, { day, reason }, session.token);
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setSaid(
      i18n._('{day} is closed: customers can no longer book it.', {
        day: dayWords(result.reply.closed_day.day),
      }),
    );
    setDay('');
    setReason('');
    reload();
  };

  const open = async (closed: TClosedDay) => {
    setError(null);
    setSaid(null);
    const result = await opsCall(opsRemoveClosedDayCall, { day: closed.day }, session.token);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setSaid(
      i18n._('{day} is open again: its slots are back on the calendar.', {
        day: dayWords(closed.day),
      }),
    );
    reload();
  };

  return (
    <section aria-labelledby="closed-days-title" className={styles.section}>
      <h2 id="closed-days-title" className={styles.title}>
        {i18n._('Days closed to installations')}
      </h2>
      <p className={styles.muted}>
        {i18n._(
          'No slot is offered or booked on these days. Holidays and special non-working days are closed by law; close another day here (a typhoon, a local holiday) once its bookings are moved.',
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {said && (
        <p className={styles.notice} role="status">
          {said}
        </p>
      )}
      <form className={styles.reasonForm} onSubmit={(event) => void close(event)}>
        <label className={styles.dayField}>
          <span className={styles.label}>{i18n._('Day to close')}</span>
          <input
            className={styles.input}
            type="date"
            required
            min={manilaToday()}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('Reason')}</span>
          <input
            className={styles.input}
            type="text"
            required
            maxLength={CLOSED_DAY_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <div className={styles.actions}>
          <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
            {i18n._('Close this day')}
          </button>
        </div>
      </form>
      {days === null ? (
        <p className={styles.muted}>{i18n._('Loading closed days…')}</p>
      ) : (
        <ul className={styles.list} aria-label={i18n._('Closed days')}>
          {days.map((closed) => (
            <li key={closed.day} className={styles.card} aria-label={dayWords(closed.day)}>
              <p className={styles.orderLine}>
                <span className={styles.orderNumber}>{dayWords(closed.day)}</span>
              </p>
              <p className={styles.cause}>{closed.reason}</p>
              <p className={styles.muted}>{closedBy(closed)}</p>
              {closed.bookings > 0 ? (
                <p className={`${styles.status} ${styles.statusProblem}`}>
                  {countMessage(closed.bookings, STILL_BOOKED, { bookings: closed.bookings })}
                </p>
              ) : null}
              {closed.source === 'dispatcher' ? (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => void open(closed)}
                  >
                    {i18n._('Open this day again')}
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={i18n._('History of {name}', { name: dayWords(closed.day) })}
                    onClick={() => setHistory(closed.day)}
                  >
                    {i18n._('History')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {history ? (
        <RecordHistory
          key={history}
          session={session}
          entity="closed_day"
          entityId={history}
          name={dayWords(history)}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </section>
  );
}
