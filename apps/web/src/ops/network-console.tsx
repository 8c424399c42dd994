import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { webConfigCall } from '@konek/contract/web-config';
import {
  NAP_STATUSES,
  opsBuildingEditCall,
  opsNapEditCall,
  opsNetworkCall,
  type TBoundingBox,
  type TNapStatus,
  type TNetworkBuilding,
  type TNetworkNap,
} from '@konek/contract/ops-network';
import { opsDemandCall, opsDemandExportCall, type TDemandRow } from '@konek/contract/ops-demand';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { download } from './download';
import { plannedWords, shareWords } from './demand-words';
import { RecordHistory } from './record-history';
import { napTone, napWords } from './network-words';
import { i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';
import admin from './operators.module.css';

// ADR 090 (the map and in-place edits): the network planner's map (its own chunk with Leaflet), loading
// the NAPs and buildings of the box it shows as it moves — a moment after it stops, the points of the
// last box kept on screen meanwhile, an answer for a box no longer shown dropped — a NAP found by its
// code for whoever does not use the map, and the edit of the chosen NAP (ports, status, expected date,
// position) or building (name, floors served) with each refusal shown beside its field, and the
// record's history.

const NetworkMap = lazy(() => import('./network-map'));

/** How long the map must rest before its box is asked for. */
const BOX_DEBOUNCE_MS = 250;
/** ADR 095: the barangays the table beside the map lists, most waiting first. */
const DEMAND_TABLE_ROWS = 10;

type Tiles = { url: string; attribution: string };
type Chosen = { kind: 'nap'; nap: TNetworkNap } | { kind: 'building'; id: number } | null;
type FieldErrors = Record<string, string>;
type Network = {
  naps: TNetworkNap[];
  buildings: TNetworkBuilding[];
  truncated: boolean;
  serviceRadiusMeters: number;
};

/** A refusal "field: rule" (ADR: the 4xx names the field) as the field and its rule. */
function fieldErrorOf(failure: OpsFailure): FieldErrors | null {
  const match = /^([a-z_]+)(?:\.[\w.]+)?: (.+)$/.exec(failure.message);
  return match ? { [match[1]!]: match[2]! } : null;
}

const STATUS_WORDS: Record<TNapStatus, string> = {
  active: msg(/*i18n*/ 'Active'),
  planned: msg(/*i18n*/ 'Planned'),
};

const sameBox = (a: TBoundingBox | null, b: TBoundingBox) =>
  a !== null &&
  a.south === b.south &&
  a.west === b.west &&
  a.north === b.north &&
  a.east === b.east;

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

export function NetworkConsole({ session, onFailure }: Props) {
  const [network, setNetwork] = useState<Network | null>(null);
  const [box, setBox] = useState<TBoundingBox | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tiles, setTiles] = useState<Tiles | null>(null);
  const [chosen, setChosen] = useState<Chosen>(null);
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [demandShown, setDemandShown] = useState(false);
  const [demand, setDemand] = useState<TDemandRow[] | null>(null);
  const [demandError, setDemandError] = useState<string | null>(null);
  const [demandAttempt, setDemandAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let live = true;
    void opsCall(webConfigCall, undefined, null).then((config) => {
      if (!live) return;
      setTiles(
        config.ok
          ? { url: config.reply.map_tile_url, attribution: config.reply.map_tile_attribution }
          : { url: '', attribution: '' },
      );
    });
    return () => {
      live = false;
    };
  }, []);

  // The box the map shows, asked for once the map rests; a newer box (or leaving) cancels the call.
  useEffect(() => {
    if (box === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      void opsCall(opsNetworkCall, { bbox: box }, session.token, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          setLoading(false);
          if (result.ok) {
            setLoadError(null);
            setNetwork({
              naps: result.reply.naps,
              buildings: result.reply.buildings,
              truncated: result.reply.truncated,
              serviceRadiusMeters: result.reply.service_radius_meters,
            });
          } else {
            onFailure(result);
            setLoadError(result.message);
          }
        },
      );
    }, BOX_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [box, attempt, session.token, onFailure]);

  // ADR 095: the demand of the box the map shows, while the layer is on (asked for as the NAPs are).
  useEffect(() => {
    if (!demandShown || box === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void opsCall(opsDemandCall, { bbox: box }, session.token, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          if (result.ok) {
            setDemandError(null);
            setDemand(result.reply.rows);
          } else {
            onFailure(result);
            setDemandError(result.message);
          }
        },
      );
    }, BOX_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [demandShown, box, demandAttempt, session.token, onFailure]);

  const exportDemand = async () => {
    setExporting(true);
    const result = await opsCall(opsDemandExportCall, {}, session.token);
    setExporting(false);
    if (result.ok) {
      setDemandError(null);
      download(result.reply.file_name, result.reply.media_type, result.reply.content);
    } else {
      onFailure(result);
      setDemandError(result.message);
    }
  };

  const onBox = useCallback(
    (next: TBoundingBox) => setBox((current) => (sameBox(current, next) ? current : next)),
    [],
  );

  const naps = network?.naps ?? null;
  const buildings = network?.buildings ?? [];
  const counts = useMemo(() => {
    const all = naps ?? [];
    return {
      naps: all.length,
      planned: all.filter((nap) => napTone(nap) === 'planned').length,
      full: all.filter((nap) => napTone(nap) === 'full').length,
    };
  }, [naps]);

  const chosenNap = chosen?.kind === 'nap' ? chosen.nap : null;
  const chosenBuilding =
    chosen?.kind === 'building' ? (buildings.find((b) => b.id === chosen.id) ?? null) : null;

  // A NAP in the box is found at once; one elsewhere is asked of the server by its code.
  const find = async (event: FormEvent) => {
    event.preventDefault();
    const code = search.trim();
    if (code === '') return;
    const here = naps?.find((nap) => nap[0] === code);
    if (here) {
      setSearchError(null);
      setChosen({ kind: 'nap', nap: here });
      return;
    }
    setSearching(true);
    const result = await opsCall(opsNetworkCall, { code }, session.token);
    setSearching(false);
    if (!result.ok) {
      onFailure(result);
      setSearchError(result.message);
      return;
    }
    const found = result.reply.naps.find((nap) => nap[0] === code);
    if (found) {
      setSearchError(null);
      setChosen({ kind: 'nap', nap: found });
    } else {
      setSearchError(i18n._('No NAP has the code {code}.', { code }));
    }
  };

  const saveNap = (saved: TNetworkNap) => {
    setChosen({ kind: 'nap', nap: saved });
    setNetwork((current) =>
      current
        ? { ...current, naps: current.naps.map((nap) => (nap[0] === saved[0] ? saved : nap)) }
        : current,
    );
  };

  let notice: ReactNode = null;
  if (loadError) {
    notice = (
      <div className={`${styles.mapStatus} ${styles.mapStatusError}`} role="alert">
        <span>
          {i18n._('The NAPs of this view could not be loaded: {reason}', { reason: loadError })}
        </span>
        <button
          type="button"
          className={styles.smallButton}
          onClick={() => {
            setLoadError(null);
            setAttempt((count) => count + 1);
          }}
        >
          {i18n._('Try again')}
        </button>
      </div>
    );
  } else if (loading) {
    notice = (
      <p className={styles.mapStatus} role="status">
        {i18n._('Loading the NAPs of this view…')}
      </p>
    );
  } else if (network?.truncated) {
    notice = (
      <p className={styles.mapStatus} role="status">
        {i18n._('Zoom in to see every NAP: this view has more than the map shows at once.')}
      </p>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="network-title">
      <h2 id="network-title" className={styles.title}>
        {i18n._('Network map')}
      </h2>
      {naps === null && !loadError ? (
        <p className={styles.muted}>{i18n._('Loading the network…')}</p>
      ) : null}
      {naps !== null && (
        <p className={styles.muted}>
          {i18n._(
            'In this view: {naps} NAPs ({planned} planned, {full} full), {buildings} listed buildings.',
            {
              naps: counts.naps,
              planned: counts.planned,
              full: counts.full,
              buildings: buildings.length,
            },
          )}
        </p>
      )}
      <form className={styles.reasonForm} onSubmit={(event) => void find(event)}>
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('Find a NAP by its code')}</span>
          <input
            className={styles.input}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? 'network-search-error' : undefined}
          />
        </label>
        {searchError && (
          <p id="network-search-error" className={styles.fieldError}>
            {searchError}
          </p>
        )}
        <div className={styles.actions}>
          <button className={styles.smallButton} type="submit" disabled={searching}>
            {i18n._('Find')}
          </button>
        </div>
      </form>
      <div className={styles.demandBar}>
        <label className={styles.checkRow}>
          <input
            type="checkbox"
            checked={demandShown}
            onChange={(event) => {
              setDemandShown(event.target.checked);
              if (!event.target.checked) setDemand(null);
            }}
          />
          {i18n._('Demand: show households waiting for fibre')}
        </label>
        <button
          type="button"
          className={styles.smallButton}
          disabled={exporting}
          onClick={() => void exportDemand()}
        >
          {exporting ? i18n._('Preparing the file…') : i18n._('Download demand (CSV)')}
        </button>
      </div>
      {demandError && (
        <div className={`${styles.mapStatus} ${styles.mapStatusError}`} role="alert">
          <span>{i18n._('The demand could not be loaded: {reason}', { reason: demandError })}</span>
          <button
            type="button"
            className={styles.smallButton}
            onClick={() => {
              setDemandError(null);
              setDemandAttempt((count) => count + 1);
            }}
          >
            {i18n._('Try again')}
          </button>
        </div>
      )}
      <div className={styles.networkLayout}>
        {tiles !== null ? (
          <Suspense fallback={<p className={styles.muted}>{i18n._('Loading the map…')}</p>}>
            <NetworkMap
              naps={naps ?? []}
              buildings={buildings}
              chosen={chosenNap}
              serviceRadiusMeters={network?.serviceRadiusMeters ?? 0}
              tileUrl={tiles.url}
              tileAttribution={tiles.attribution}
              notice={notice}
              demand={demandShown ? (demand ?? []) : null}
              onChooseNap={(nap) => setChosen({ kind: 'nap', nap })}
              onChooseBuilding={(id) => setChosen({ kind: 'building', id })}
              onBox={onBox}
            />
          </Suspense>
        ) : null}
        {chosenNap && (
          <NapEditor
            key={chosenNap[0]}
            nap={chosenNap}
            session={session}
            onFailure={onFailure}
            onSaved={saveNap}
            onClose={() => setChosen(null)}
          />
        )}
        {chosenBuilding && (
          <BuildingEditor
            key={chosenBuilding.id}
            building={chosenBuilding}
            session={session}
            onFailure={onFailure}
            onSaved={(saved) =>
              setNetwork((current) =>
                current
                  ? {
                      ...current,
                      buildings: current.buildings.map((b) => (b.id === saved.id ? saved : b)),
                    }
                  : current,
              )
            }
            onClose={() => setChosen(null)}
          />
        )}
      </div>
      {demandShown && <DemandTable rows={demand} />}
    </section>
  );
}

/** ADR 095: the barangays of the view where most households wait, as a table (the map's figures). */
function DemandTable({ rows }: { rows: TDemandRow[] | null }) {
  if (rows === null) {
    return (
      <p className={styles.muted} role="status">
        {i18n._('Loading the demand of this view…')}
      </p>
    );
  }
  const top = rows.slice(0, DEMAND_TABLE_ROWS);
  return (
    <section aria-labelledby="demand-title" className={styles.section}>
      <h3 id="demand-title" className={admin.subtitle}>
        {i18n._('Where demand is')}
      </h3>
      {top.length === 0 ? (
        <p className={styles.muted}>{i18n._('No household in this view is waiting for fibre.')}</p>
      ) : (
        <div
          className={admin.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby="demand-title"
        >
          <table className={`${admin.table} ${styles.demandTable}`}>
            <caption className={styles.visuallyHidden}>
              {i18n._(
                'The {count} barangays of this view where most households wait for fibre, most first.',
                { count: top.length },
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('Barangay')}</th>
                <th scope="col">{i18n._('City')}</th>
                <th scope="col" className={styles.number}>
                  {i18n._('Waiting')}
                </th>
                <th scope="col" className={styles.number}>
                  {i18n._('Served now')}
                </th>
                <th scope="col">{i18n._('Planned')}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((row) => (
                <tr key={row.barangay_code ?? `${row.province}|${row.city}|${row.barangay}`}>
                  <th scope="row">{row.barangay}</th>
                  <td>{row.city}</td>
                  <td className={styles.number}>{row.waiting}</td>
                  <td className={styles.number}>{shareWords(row.covered_share)}</td>
                  <td>{plannedWords(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > top.length && (
        <p className={styles.muted}>
          {i18n._(
            '{shown} of the {all} barangays with demand in this view; the CSV lists every barangay.',
            {
              shown: top.length,
              all: rows.length,
            },
          )}
        </p>
      )}
    </section>
  );
}

type FieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
};

function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}),
      })}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

type NapEditorProps = {
  nap: TNetworkNap;
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
  onSaved: (nap: TNetworkNap) => void;
  onClose: () => void;
};

function NapEditor({ nap, session, onFailure, onSaved, onClose }: NapEditorProps) {
  const [form, setForm] = useState({
    latitude: String(nap[1]),
    longitude: String(nap[2]),
    ports_total: String(nap[3]),
    ports_used: String(nap[4]),
    status: nap[5],
    expected_date: nap[6] ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const numbers = {
      latitude: Number(form.latitude),
      longitude: Number(form.longitude),
      ports_total: Number(form.ports_total),
      ports_used: Number(form.ports_used),
    };
    const blank = Object.entries(form).find(
      ([field, value]) => field !== 'expected_date' && value.trim() === '',
    );
    if (blank) {
      setErrors({ [blank[0]]: i18n._('Fill this in.') });
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await opsCall(
      opsNapEditCall,
      {
        code: nap[0],
        ...numbers,
        status: form.status,
        expected_date: form.expected_date === '' ? null : form.expected_date,
      },
      session.token,
    );
    setBusy(false);
    if (result.ok) {
      const saved = result.reply.nap;
      setErrors({});
      setMessage(i18n._('Saved. The address check answers from it within seconds.'));
      onSaved([
        saved.code,
        saved.latitude,
        saved.longitude,
        saved.ports_total,
        saved.ports_used,
        saved.status,
        saved.expected_date,
      ]);
      return;
    }
    const fieldError = fieldErrorOf(result);
    if (fieldError) setErrors(fieldError);
    else {
      onFailure(result);
      setErrors({});
      setMessage(result.message);
    }
  };

  return (
    <section aria-labelledby="nap-editor-title" className={`${styles.section} ${admin.panel}`}>
      <div className={styles.titleRow}>
        <h3 id="nap-editor-title" className={admin.subtitle}>
          {i18n._('Edit NAP {code}', { code: nap[0] })}
        </h3>
        <button type="button" className={styles.smallButton} onClick={onClose}>
          {i18n._('Close')}
        </button>
      </div>
      <p className={styles.muted}>{napWords(nap)}</p>
      {message && (
        <p className={styles.notice} role="status">
          {message}
        </p>
      )}
      <form className={styles.reasonForm} onSubmit={(event) => void save(event)} noValidate>
        <Field id="nap-ports-total" label={i18n._('Ports in total')} error={errors.ports_total}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              inputMode="numeric"
              value={form.ports_total}
              onChange={(event) => set('ports_total')(event.target.value)}
            />
          )}
        </Field>
        <Field id="nap-ports-used" label={i18n._('Ports in use')} error={errors.ports_used}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              inputMode="numeric"
              value={form.ports_used}
              onChange={(event) => set('ports_used')(event.target.value)}
            />
          )}
        </Field>
        <Field id="nap-status" label={i18n._('Status')} error={errors.status}>
          {(props) => (
            <select
              {...props}
              className={styles.input}
              value={form.status}
              onChange={(event) => set('status')(event.target.value)}
            >
              {NAP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {i18n._(STATUS_WORDS[status])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="nap-expected-date"
          label={i18n._('Expected date (planned NAPs only)')}
          error={errors.expected_date}
        >
          {(props) => (
            <input
              {...props}
              className={styles.input}
              type="date"
              value={form.expected_date}
              onChange={(event) => set('expected_date')(event.target.value)}
            />
          )}
        </Field>
        <Field id="nap-latitude" label={i18n._('Latitude')} error={errors.latitude}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              inputMode="decimal"
              value={form.latitude}
              onChange={(event) => set('latitude')(event.target.value)}
            />
          )}
        </Field>
        <Field id="nap-longitude" label={i18n._('Longitude')} error={errors.longitude}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              inputMode="decimal"
              value={form.longitude}
              onChange={(event) => set('longitude')(event.target.value)}
            />
          )}
        </Field>
        <div className={styles.actions}>
          <button className={styles.primary} type="submit" disabled={busy}>
            {busy ? i18n._('Saving…') : i18n._('Save the NAP')}
          </button>
          <button
            className={styles.smallButton}
            type="button"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((shown) => !shown)}
          >
            {i18n._('History')}
          </button>
        </div>
      </form>
      {showHistory && (
        <RecordHistory
          key={nap[0]}
          session={session}
          entity="nap"
          entityId={nap[0]}
          name={nap[0]}
          onFailure={onFailure}
          onClose={() => setShowHistory(false)}
        />
      )}
    </section>
  );
}

type BuildingEditorProps = {
  building: TNetworkBuilding;
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
  onSaved: (building: TNetworkBuilding) => void;
  onClose: () => void;
};

function BuildingEditor({ building, session, onFailure, onSaved, onClose }: BuildingEditorProps) {
  const [name, setName] = useState(building.building_name);
  const [floors, setFloors] = useState(building.serving_floors.join(', '));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showHistory, setShowHistory] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const result = await opsCall(
      opsBuildingEditCall,
      {
        id: building.id,
        building_name: name,
        serving_floors: floors
          .split(',')
          .map((floor) => floor.trim())
          .filter((floor) => floor !== ''),
      },
      session.token,
    );
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setMessage(i18n._('Saved. The address check answers from it within seconds.'));
      onSaved(result.reply.building);
      return;
    }
    const fieldError = fieldErrorOf(result);
    if (fieldError) setErrors(fieldError);
    else {
      onFailure(result);
      setMessage(result.message);
    }
  };

  return (
    <section aria-labelledby="building-editor-title" className={`${styles.section} ${admin.panel}`}>
      <div className={styles.titleRow}>
        <h3 id="building-editor-title" className={admin.subtitle}>
          {i18n._('Edit building {name}', { name: building.building_name })}
        </h3>
        <button type="button" className={styles.smallButton} onClick={onClose}>
          {i18n._('Close')}
        </button>
      </div>
      <p className={styles.muted}>{building.street_name}</p>
      {message && (
        <p className={styles.notice} role="status">
          {message}
        </p>
      )}
      <form className={styles.reasonForm} onSubmit={(event) => void save(event)} noValidate>
        <Field id="building-name" label={i18n._('Building name')} error={errors.building_name}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field
          id="building-floors"
          label={i18n._('Floors served (separated by commas)')}
          error={errors.serving_floors}
        >
          {(props) => (
            <input
              {...props}
              className={styles.input}
              value={floors}
              onChange={(event) => setFloors(event.target.value)}
            />
          )}
        </Field>
        <div className={styles.actions}>
          <button className={styles.primary} type="submit" disabled={busy}>
            {busy ? i18n._('Saving…') : i18n._('Save the building')}
          </button>
          <button
            className={styles.smallButton}
            type="button"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((shown) => !shown)}
          >
            {i18n._('History')}
          </button>
        </div>
      </form>
      {showHistory && (
        <RecordHistory
          key={building.id}
          session={session}
          entity="building"
          entityId={String(building.id)}
          name={building.building_name}
          onFailure={onFailure}
          onClose={() => setShowHistory(false)}
        />
      )}
    </section>
  );
}
