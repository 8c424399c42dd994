import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  BLOCK_REASON_MAX_LENGTH,
  CREW_PLACES_MAX,
  dayPlacesEntityId,
  opsAddBlockCall,
  opsBlocksCall,
  opsCalendarCall,
  opsPreviewBlockCall,
  opsRemoveBlockCall,
  opsSetDayPlacesCall,
  type TAffectedBooking,
  type TBlockSpan,
  type TCalendarBlock,
  type TCalendarPeriod,
  type TWorkZone,
} from '@konek/contract/ops-calendar';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { dayWords, manilaToday, momentWords, slotWords } from './ops-words';
import { countMessage, i18n, msg } from '../i18n/i18n';
import { RecordHistory } from './record-history';
import styles from './ops.module.css';
import own from './calendar-console.module.css';

// ADR 092: the dispatchers' installation calendar — a day's places per period and work zone (holds,
// bookings, blocks, as the booking counts them; one period's places changed for that day in place),
// blocking a period with a reason in two steps (the
// bookings it would take the time of first, then confirm), and the blocks ahead with unblock.

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

const SPAN_WORDS: Record<TBlockSpan, ReturnType<typeof msg>> = {
  am: msg(/*i18n*/ 'Morning'),
  pm: msg(/*i18n*/ 'Afternoon'),
  day: msg(/*i18n*/ 'Whole day'),
};

const AFFECTED = {
  one: msg(/*i18n*/ 'This block takes the time of {count} booking:'),
  other: msg(/*i18n*/ 'This block takes the time of {count} bookings:'),
};
const BLOCKED_DONE = {
  one: msg(
    /*i18n*/ 'Blocked. {count} booking lost its time: a paid customer is texted the reason and chooses a new time.',
  ),
  other: msg(
    /*i18n*/ 'Blocked. {count} bookings lost their time: paid customers are texted the reason and choose a new time.',
  ),
};

const zoneWords = (zone: TWorkZone | null) => zone?.name ?? i18n._('Whole network');

/** The day `days` after a YYYY-MM-DD day. */
function dayAfter(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** What one row of the day view is called on screen: "Morning, Metro Manila South". */
const rowName = (row: TCalendarPeriod) =>
  `${i18n._(SPAN_WORDS[row.period])}, ${row.work_zone.name}`;

/** The free places a row shows once its places changed (as the server counts them). */
const withPlaces = (row: TCalendarPeriod, places: number): TCalendarPeriod => ({
  ...row,
  places,
  free: row.blocked ? 0 : Math.max(0, places - row.holds - row.bookings - row.other),
  set_for_day: true,
});

/** One period's places for its day: a number and Save, in the row. */
function DayPlacesForm({
  session,
  day,
  row,
  onSaved,
  onFailed,
  onWrong,
}: {
  session: OpsSession;
  day: string;
  row: TCalendarPeriod;
  onSaved: (row: TCalendarPeriod, said: string) => void;
  onFailed: (failure: OpsFailure) => void;
  /** The number typed is not one the places can be (said before anything is sent). */
  onWrong: (said: string) => void;
}) {
  const [places, setPlaces] = useState(String(row.places));
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = rowName(row);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = places.trim();
    const wrong = !/^\d+$/.test(trimmed) || Number(trimmed) > CREW_PLACES_MAX;
    setInvalid(wrong);
    if (wrong) {
      onWrong(
        i18n._('{name}: enter a whole number from 0 to {max}.', { name, max: CREW_PLACES_MAX }),
      );
      return;
    }
    setBusy(true);
    const result = await opsCall(
      opsSetDayPlacesCall,
      { work_zone: row.work_zone.code, day, period: row.period, places: Number(trimmed) },
      session.token,
    );
    setBusy(false);
    if (!result.ok) {
      onFailed(result);
      return;
    }
    const { places: now, taken, kept } = result.reply;
    setPlaces(String(now));
    onSaved(
      withPlaces(row, now),
      kept
        ? i18n._('{name}: kept at {places} places because {taken} are taken.', {
            name,
            places: now,
            taken,
          })
        : i18n._('{name}: {places} places on this day.', { name, places: now }),
    );
  };

  return (
    <form
      className={own.placesForm}
      aria-label={i18n._('Places for the day: {name}', { name })}
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <input
        className={`${styles.input} ${own.placesInput}`}
        inputMode="numeric"
        size={3}
        aria-invalid={invalid || undefined}
        aria-label={i18n._('Places, {name}', { name })}
        value={places}
        onChange={(event) => setPlaces(event.target.value)}
      />
      <button
        type="submit"
        className={styles.smallButton}
        aria-label={i18n._('Save places, {name}', { name })}
        aria-busy={busy || undefined}
      >
        {i18n._('Save')}
      </button>
    </form>
  );
}

function DayView({ session, onFailure, version }: Props & { version: number }) {
  const [day, setDay] = useState(manilaToday);
  // What the server answered, and for which day and version: another day shows as loading until its own
  // answer arrives.
  const [loaded, setLoaded] = useState<{
    key: string;
    periods: TCalendarPeriod[] | null;
    error: string | null;
  } | null>(null);
  const key = `${day}#${version}`;

  useEffect(() => {
    let live = true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    void opsCall(opsCalendarCall, { from: day, days: 1 }, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setLoaded({ key, periods: result.reply.days[0]?.periods ?? [], error: null });
      } else {
        onFailure(result);
        setLoaded({ key, periods: null, error: result.message });
      }
    });
    return () => {
      live = false;
    };
  }, [day, key, session.token, onFailure]);
  const current = loaded?.key === key ? loaded : null;
  const periods = current?.periods ?? null;
  const error = current?.error ?? null;
  const [said, setSaid] = useState<{ key: string; text: string; failed: boolean } | null>(null);
  const shown = said?.key === key ? said : null;
  const [history, setHistory] = useState<TCalendarPeriod | null>(null);
  // Today's periods may have begun: a day's places are changed from tomorrow on.
  const editable = day > manilaToday();

  const saved = (row: TCalendarPeriod, text: string) => {
    setLoaded((now) =>
      now?.key === key && now.periods
        ? {
            ...now,
            periods: now.periods.map((each) =>
              each.period === row.period && each.work_zone.code === row.work_zone.code ? row : each,
            ),
          }
        : now,
    );
    setSaid({ key, text, failed: false });
  };
  const failed = (failure: OpsFailure) => {
    onFailure(failure);
    setSaid({ key, text: failure.message, failed: true });
  };

  return (
    <div>
      <h2 className={own.subtitle}>{i18n._('Places on a day')}</h2>
      <div className={own.dayNav}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setDay(dayAfter(day, -1))}
        >
          {i18n._('Previous day')}
        </button>
        <label className={styles.dayField}>
          <span className={styles.label}>{i18n._('Day')}</span>
          <input
            className={styles.input}
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </label>
        <button type="button" className={styles.secondary} onClick={() => setDay(dayAfter(day, 1))}>
          {i18n._('Next day')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {shown && !shown.failed ? <p className={styles.notice}>{shown.text}</p> : null}
      </div>
      {shown?.failed ? (
        <p className={styles.error} role="alert">
          {shown.text}
        </p>
      ) : null}
      {periods === null ? (
        error ? null : (
          <p className={styles.muted}>{i18n._('Loading the day…')}</p>
        )
      ) : periods.length === 0 ? (
        <p className={styles.muted}>
          {i18n._(
            'No installation periods on {day} (a Sunday, a closed day, or past the calendar).',
            {
              day: dayWords(day),
            },
          )}
        </p>
      ) : (
        <div
          className={own.tableScroll}
          role="region"
          aria-label={i18n._('Places on {day}', { day: dayWords(day) })}
          tabIndex={0}
        >
          <table className={own.table}>
            <caption>{dayWords(day)}</caption>
            <thead>
              <tr>
                <th scope="col" className={own.stickyColumn}>
                  {i18n._('Period')}
                </th>
                <th scope="col">{i18n._('Work zone')}</th>
                <th scope="col">{i18n._('Places')}</th>
                <th scope="col">{i18n._('Holds')}</th>
                <th scope="col">{i18n._('Bookings')}</th>
                <th scope="col">{i18n._('Other channels')}</th>
                <th scope="col">{i18n._('Free')}</th>
                {editable ? <th scope="col">{i18n._('Places for this day')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {periods.map((row) => (
                <tr
                  key={`${row.period}-${row.work_zone.code}`}
                  className={row.blocked ? own.blockedRow : undefined}
                >
                  <th scope="row" className={own.stickyColumn}>
                    {i18n._(SPAN_WORDS[row.period])}
                    {/* On a phone the table scrolls sideways: the zone stays in sight here too. */}
                    <span className={own.zoneInHeader} aria-hidden="true">
                      {row.work_zone.name}
                    </span>
                  </th>
                  <td>{row.work_zone.name}</td>
                  <td className={own.number}>
                    {row.places}
                    {row.set_for_day ? (
                      <span className={own.setForDay}>{i18n._('set for this day')}</span>
                    ) : null}
                  </td>
                  <td className={own.number}>{row.holds}</td>
                  <td className={own.number}>{row.bookings}</td>
                  <td className={own.number}>{row.other}</td>
                  <td className={own.number}>{row.blocked ? i18n._('Blocked') : row.free}</td>
                  {editable ? (
                    <td>
                      <div className={own.placesCell}>
                        {row.blocked ? (
                          <span className={styles.muted}>{i18n._('Lift the block first')}</span>
                        ) : (
                          <DayPlacesForm
                            key={`${key}-${row.period}-${row.work_zone.code}`}
                            session={session}
                            day={day}
                            row={row}
                            onSaved={saved}
                            onFailed={failed}
                            onWrong={(text) => setSaid({ key, text, failed: true })}
                          />
                        )}
                        <button
                          type="button"
                          className={styles.smallButton}
                          aria-label={i18n._('History of {name}', {
                            name: `${rowName(row)}, ${dayWords(day)}`,
                          })}
                          onClick={() => setHistory(row)}
                        >
                          {i18n._('History')}
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history ? (
        <RecordHistory
          key={`${day}-${history.period}-${history.work_zone.code}`}
          session={session}
          entity="day_places"
          entityId={dayPlacesEntityId(history.work_zone.code, day, history.period)}
          name={`${rowName(history)}, ${dayWords(day)}`}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </div>
  );
}

function AffectedList({ affected }: { affected: TAffectedBooking[] }) {
  return (
    <ul className={styles.list} aria-label={i18n._('Affected bookings')}>
      {affected.map((booking, index) => (
        <li
          key={`${booking.order_number ?? 'hold'}-${index}`}
          className={styles.card}
          aria-label={booking.order_number ?? i18n._('Unpaid hold')}
        >
          <p className={styles.orderLine}>
            <span className={styles.orderNumber}>
              {booking.order_number ?? i18n._('Unpaid hold')}
            </span>
            <span className={styles.muted}>
              {booking.kind === 'paid'
                ? i18n._('Paid: will need a new time')
                : i18n._('Not paid: the hold ends')}
            </span>
          </p>
          <p>
            {booking.customer_first_name || i18n._('Customer')} · {booking.masked_mobile}
          </p>
          <p className={styles.muted}>
            {slotWords(booking.slot)} · {booking.work_zone.name}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function CalendarConsole({ session, onFailure }: Props) {
  const [history, setHistory] = useState<TCalendarBlock | null>(null);
  const [blocks, setBlocks] = useState<TCalendarBlock[] | null>(null);
  const [zones, setZones] = useState<TWorkZone[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const [period, setPeriod] = useState<TBlockSpan>('am');
  const [zone, setZone] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<TAffectedBooking[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const previewTitle = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void opsCall(opsBlocksCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setBlocks(result.reply.blocks);
        setZones(result.reply.work_zones);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, version]);
  useEffect(() => {
    if (preview) previewTitle.current?.focus();
  }, [preview]);

  const request = () => ({ day, period, work_zone: zone === '' ? null : zone, reason });
  /** Any change of the form makes the preview stale: it is asked for again. */
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setSaid(null);
    const result = await opsCall(opsPreviewBlockCall, request(), session.token);
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setPreview(result.reply.affected);
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await opsCall(opsAddBlockCall, request(), session.token);
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    const count = result.reply.affected.length;
    setSaid(
      count === 0
        ? i18n._('Blocked. No booking was affected.')
        : countMessage(count, BLOCKED_DONE, { count }),
    );
    setPreview(null);
    setDay('');
    setReason('');
    setVersion((current) => current + 1);
  };

  const unblock = async (block: TCalendarBlock) => {
    setError(null);
    setSaid(null);
    const result = await opsCall(opsRemoveBlockCall, { block_id: block.block_id }, session.token);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setSaid(
      i18n._('Unblocked: {day}, {period} is offered again. Nobody was booked back.', {
        day: dayWords(block.day),
        period: i18n._(SPAN_WORDS[block.period]),
      }),
    );
    setVersion((current) => current + 1);
  };

  const blockName = (block: TCalendarBlock) =>
    `${dayWords(block.day)}, ${i18n._(SPAN_WORDS[block.period])}, ${zoneWords(block.work_zone)}`;

  return (
    <section aria-labelledby="calendar-title" className={styles.section}>
      <h1 id="calendar-title" className={styles.title}>
        {i18n._('Installation calendar')}
      </h1>
      <p className={styles.muted}>
        {i18n._(
          'Block a morning, an afternoon or a whole day (a typhoon, road works). Customers booked then are told why and choose a new time; nobody can book a blocked period.',
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
      <form
        className={styles.reasonForm}
        aria-label={i18n._('Block a period')}
        onSubmit={(event) => void askPreview(event)}
      >
        <div className={own.formGrid}>
          <label className={styles.dayField}>
            <span className={styles.label}>{i18n._('Day to block')}</span>
            <input
              className={styles.input}
              type="date"
              required
              min={manilaToday()}
              value={day}
              onChange={(event) => edited(setDay)(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{i18n._('Period')}</span>
            <select
              className={styles.select}
              value={period}
              onChange={(event) => edited(setPeriod)(event.target.value as TBlockSpan)}
            >
              {(['am', 'pm', 'day'] as const).map((span) => (
                <option key={span} value={span}>
                  {i18n._(SPAN_WORDS[span])}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{i18n._('Where')}</span>
            <select
              className={styles.select}
              value={zone}
              onChange={(event) => edited(setZone)(event.target.value)}
            >
              <option value="">{i18n._('Whole network')}</option>
              {zones.map((each) => (
                <option key={each.code} value={each.code}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('Reason customers will read')}</span>
          <input
            className={styles.input}
            type="text"
            required
            maxLength={BLOCK_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => edited(setReason)(event.target.value)}
          />
        </label>
        <div className={styles.actions}>
          <button className={styles.secondary} type="submit" aria-busy={busy || undefined}>
            {i18n._('Preview affected bookings')}
          </button>
        </div>
      </form>
      {preview && (
        <div className={own.preview}>
          <h2 ref={previewTitle} tabIndex={-1}>
            {preview.length === 0
              ? i18n._('No booking is affected.')
              : countMessage(preview.length, AFFECTED, { count: preview.length })}
          </h2>
          {preview.length > 0 && <AffectedList affected={preview} />}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.danger}
              aria-busy={busy || undefined}
              onClick={() => void confirm()}
            >
              {i18n._('Confirm block')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setPreview(null)}>
              {i18n._('Cancel')}
            </button>
          </div>
        </div>
      )}
      <h2 className={own.subtitle}>{i18n._('Blocks ahead')}</h2>
      {blocks === null ? (
        <p className={styles.muted}>{i18n._('Loading blocks…')}</p>
      ) : blocks.length === 0 ? (
        <p className={styles.muted}>{i18n._('No period is blocked.')}</p>
      ) : (
        <ul className={styles.list} aria-label={i18n._('Blocks ahead')}>
          {blocks.map((block) => (
            <li key={block.block_id} className={styles.card} aria-label={blockName(block)}>
              <p className={styles.orderLine}>
                <span className={styles.orderNumber}>{blockName(block)}</span>
              </p>
              <p className={styles.cause}>{block.reason}</p>
              <p className={styles.muted}>
                {block.blocked_by
                  ? i18n._('Blocked by {name}, {when}', {
                      name: block.blocked_by.first_name,
                      when: momentWords(block.blocked_at),
                    })
                  : momentWords(block.blocked_at)}
              </p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={i18n._('Unblock {name}', { name: blockName(block) })}
                  onClick={() => void unblock(block)}
                >
                  {i18n._('Unblock')}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={i18n._('History of {name}', { name: blockName(block) })}
                  onClick={() => setHistory(block)}
                >
                  {i18n._('History')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {history ? (
        <RecordHistory
          key={history.block_id}
          session={session}
          entity="calendar_block"
          entityId={history.block_id}
          name={blockName(history)}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
      <DayView session={session} onFailure={onFailure} version={version} />
    </section>
  );
}
