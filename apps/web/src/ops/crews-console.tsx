import { useEffect, useState, type FormEvent } from 'react';
import {
  CREW_PLACES_MAX,
  PLAN_WEEKDAYS,
  SLOT_PERIODS,
  opsCrewPlansCall,
  opsSetCrewPlanCall,
  type TCrewPlanEntry,
  type TCrewPlanZone,
  type TKeptSlot,
} from '@konek/contract/ops-calendar';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { dayWords } from './ops-words';
import { RecordHistory } from './record-history';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';
import own from './calendar-console.module.css';

// ADR 092: the crews' plans — per work zone, the places its crews offer each weekday morning and
// afternoon. Saving changes the slots already made for the days ahead at once (never below what is
// taken there: such a slot keeps its taken places, and the page says which). ADR 089: each zone's
// changes are in its history.

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };
type TPeriod = (typeof SLOT_PERIODS)[number];

const WEEKDAY_WORDS: Record<number, ReturnType<typeof msg>> = {
  1: msg(/*i18n*/ 'Monday'),
  2: msg(/*i18n*/ 'Tuesday'),
  3: msg(/*i18n*/ 'Wednesday'),
  4: msg(/*i18n*/ 'Thursday'),
  5: msg(/*i18n*/ 'Friday'),
  6: msg(/*i18n*/ 'Saturday'),
};
const PERIOD_WORDS: Record<TPeriod, ReturnType<typeof msg>> = {
  am: msg(/*i18n*/ 'Morning'),
  pm: msg(/*i18n*/ 'Afternoon'),
};
const PERIOD_IN_A_DAY: Record<TPeriod, ReturnType<typeof msg>> = {
  am: msg(/*i18n*/ 'morning'),
  pm: msg(/*i18n*/ 'afternoon'),
};
const SAVED = {
  one: msg(/*i18n*/ 'Plan saved. {count} slot ahead has its new places.'),
  other: msg(/*i18n*/ 'Plan saved. {count} slots ahead have their new places.'),
};

const cellKey = (weekday: number, period: TPeriod) => `${weekday}-${period}`;

const valuesOf = (zone: TCrewPlanZone): Record<string, string> =>
  Object.fromEntries(
    PLAN_WEEKDAYS.flatMap((weekday) =>
      SLOT_PERIODS.map((period) => [
        cellKey(weekday, period),
        String(
          zone.plan.find((entry) => entry.weekday === weekday && entry.period === period)?.places ??
            0,
        ),
      ]),
    ),
  );

/** The field's error, or null: a whole number from 0 to CREW_PLACES_MAX. */
function placesError(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > CREW_PLACES_MAX) {
    return i18n._('Enter a whole number from 0 to {max}.', { max: CREW_PLACES_MAX });
  }
  return null;
}

const keptWords = (slot: TKeptSlot) =>
  i18n._('{day}, {period}: kept at {taken} (booked)', {
    day: dayWords(slot.day),
    period: i18n._(PERIOD_IN_A_DAY[slot.period]),
    taken: slot.taken,
  });

function ZonePlan({
  session,
  onFailure,
  zone,
  onSaved,
}: Props & { zone: TCrewPlanZone; onSaved: (zone: TCrewPlanZone) => void }) {
  const [values, setValues] = useState(() => valuesOf(zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [kept, setKept] = useState<TKeptSlot[]>([]);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState(false);
  const name = zone.work_zone.name;
  const id = `plan-${zone.work_zone.code}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const error = placesError(value);
      if (error) found[key] = error;
    }
    setErrors(found);
    setSaid(null);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const plan: TCrewPlanEntry[] = PLAN_WEEKDAYS.flatMap((weekday) =>
      SLOT_PERIODS.map((period) => ({
        weekday,
        period,
        places: Number(values[cellKey(weekday, period)]),
      })),
    );
    setBusy(true);
    const result = await opsCall(
      opsSetCrewPlanCall,
      { work_zone: zone.work_zone.code, plan },
      session.token,
    );
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setFailure(result.message);
      return;
    }
    setKept(result.reply.kept);
    setSaid(countMessage(result.reply.slots_changed, SAVED, { count: result.reply.slots_changed }));
    onSaved(result.reply.zone);
  }

  return (
    <form
      className={styles.reasonForm}
      aria-label={i18n._('Crew plan, {zone}', { zone: name })}
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <h3 className={own.subtitle}>{name}</h3>
      <p className={styles.muted}>
        {i18n._('Cities: {cities}', {
          cities: zone.cities.map((city) => city.name).join(', ') || '—',
        })}
      </p>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      {said && (
        <div className={styles.notice} role="status">
          <p>{said}</p>
          {kept.length > 0 && (
            <>
              <p>
                {i18n._(
                  'These slots have more bookings than the new places and keep as many places as are booked:',
                )}
              </p>
              <ul>
                {kept.map((slot) => (
                  <li key={`${slot.day}-${slot.period}`}>{keptWords(slot)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div
        className={own.tableScroll}
        role="region"
        aria-label={i18n._('Places per weekday, {zone}', { zone: name })}
        tabIndex={0}
      >
        <table className={own.table}>
          <caption>{i18n._('Places per weekday and period, {zone}', { zone: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Weekday')}</th>
              {SLOT_PERIODS.map((period) => (
                <th scope="col" key={period}>
                  {i18n._(PERIOD_WORDS[period])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_WEEKDAYS.map((weekday) => (
              <tr key={weekday}>
                <th scope="row">{i18n._(WEEKDAY_WORDS[weekday]!)}</th>
                {SLOT_PERIODS.map((period) => {
                  const key = cellKey(weekday, period);
                  const error = errors[key];
                  return (
                    <td key={period}>
                      <input
                        id={`${id}-${key}`}
                        className={styles.input}
                        inputMode="numeric"
                        size={3}
                        value={values[key] ?? ''}
                        aria-label={i18n._('Places, {weekday} {period}, {zone}', {
                          weekday: i18n._(WEEKDAY_WORDS[weekday]!),
                          period: i18n._(PERIOD_IN_A_DAY[period]),
                          zone: name,
                        })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-${key}-error` : undefined}
                        onChange={(event) =>
                          setValues((current) => ({ ...current, [key]: event.target.value }))
                        }
                      />
                      {error && (
                        <p id={`${id}-${key}-error`} className={styles.error}>
                          {error}
                        </p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
          {i18n._('Save plan')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          aria-label={i18n._('History of {name}', { name })}
          onClick={() => setHistory(true)}
        >
          {i18n._('History')}
        </button>
      </div>
      {history ? (
        <RecordHistory
          key={zone.work_zone.code}
          session={session}
          entity="work_zone"
          entityId={zone.work_zone.code}
          name={name}
          onFailure={onFailure}
          onClose={() => setHistory(false)}
        />
      ) : null}
    </form>
  );
}

/** The crews' plans of every work zone, each saved on its own. */
export function CrewsConsole({ session, onFailure }: Props) {
  const [zones, setZones] = useState<TCrewPlanZone[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void opsCall(opsCrewPlansCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setZones(result.reply.zones);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure]);

  return (
    <section aria-labelledby="crews-title" className={styles.section}>
      <h2 id="crews-title" className={styles.title}>
        {i18n._("Crews' places")}
      </h2>
      <p className={styles.muted}>
        {i18n._(
          'How many installations each zone’s crews take each weekday morning and afternoon. Saving changes the days ahead at once; a period never gets fewer places than it has bookings.',
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {zones === null && !error ? (
        <p className={styles.muted}>{i18n._('Loading the plans…')}</p>
      ) : null}
      {zones?.map((zone) => (
        <ZonePlan
          key={zone.work_zone.code}
          session={session}
          onFailure={onFailure}
          zone={zone}
          onSaved={(saved) =>
            setZones((current) =>
              current
                ? current.map((each) =>
                    each.work_zone.code === saved.work_zone.code ? saved : each,
                  )
                : current,
            )
          }
        />
      ))}
    </section>
  );
}
