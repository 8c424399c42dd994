import { lazy, Suspense } from 'react';
import { PATHS } from '@konek/contract/routes';
import { WO_FOR_RESCUE } from '@konek/contract/ops';
import { INSTALLATION_STATUS_INSTALLED } from '@konek/contract/work-order-status';
import { importWithReload } from '../../lib/chunk-reload';
import { useWebConfig } from '../../lib/web-config';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { ScreenLoading } from '../../ui/screen-loading';
import { TrackPage, type ReadyTrackData } from './track-page';
import { bookedTime, hasArrived, isOnTheWay, needsNewTime } from './track-model';
import { slotText } from '../../lib/formats';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';

// /trackmyorder/trackmytechnician (ADR 050): while the technician is on the way, a map with the
// customer's pin and the technician's position and first name, the estimated arrival and the status —
// all live from the stream (use-track-order.ts). Before they set off, or after, the page says so.

const TechnicianMap = lazy(() =>
  importWithReload(() => import('./technician-map').then((module) => module.TechnicianMap)).then(
    (Component) => ({ default: Component }),
  ),
);

export function TrackTechnicianScreen() {
  return (
    <TrackPage title={i18n._('Track my technician')}>
      {(data) => <TechnicianTracking data={data} />}
    </TrackPage>
  );
}

function etaText(minutes: number | null): string {
  if (minutes === null) return i18n._('Arrival time not known yet');
  if (minutes === 0) return i18n._('Arriving now');
  return i18n._('About {minutes} min away', { minutes });
}

function TechnicianTracking({ data }: { data: ReadyTrackData }) {
  const { order, workOrder } = data;
  const config = useWebConfig();
  const destination = workOrder?.tracking.destination ?? null;
  const position = workOrder?.tracking.technician_position ?? null;
  const eta = workOrder?.tracking.eta_minutes ?? null;
  const name = workOrder?.technician?.first_name ?? null;
  const onTheWay = isOnTheWay(workOrder);
  const arrived = hasArrived(workOrder);
  const slot = bookedTime(order, workOrder);

  let statusText: string;
  let detail: string;
  if (onTheWay) {
    statusText = i18n._('On the way');
    detail = name
      ? i18n._('{name} is on the way to your home.', { name })
      : i18n._('Your technician is on the way to your home.');
  } else if (arrived) {
    statusText = i18n._('Arrived');
    detail = name
      ? i18n._('{name} has arrived at your home.', { name })
      : i18n._('Your technician has arrived at your home.');
  } else if (workOrder?.installation_status === INSTALLATION_STATUS_INSTALLED) {
    statusText = i18n._('Installed');
    detail = i18n._('Your fibre is installed. Enjoy your connection!');
  } else if (needsNewTime(workOrder) && workOrder?.work_order_status !== WO_FOR_RESCUE) {
    // ADR 080: nothing is booked to follow: the visit needs a new time first.
    statusText = i18n._('No visit booked right now');
    detail = i18n._(
      'Your installation needs a new time. See your order status for what to do next.',
    );
  } else {
    statusText = i18n._("Your technician hasn't set off yet");
    detail = slot
      ? i18n._(
          "Your installation is booked for {time}. We'll text you when your technician is on the way.",
          {
            time: slotText(slot),
          },
        )
      : i18n._("We'll text you when your technician is on the way.");
  }

  return (
    <div className={styles.trackLayout}>
      {destination && (onTheWay || arrived) ? (
        <div className={styles.map}>
          <Suspense fallback={<ScreenLoading label={i18n._('Loading the map…')} />}>
            <TechnicianMap
              home={destination}
              technician={onTheWay ? position : null}
              technicianName={name}
              tileUrl={config.data?.mapTileUrl ?? ''}
              tileAttribution={config.data?.mapTileAttribution ?? ''}
            />
          </Suspense>
        </div>
      ) : null}
      <section className={styles.card} aria-labelledby="technician-status-title">
        <h2 id="technician-status-title" className={styles.eyebrow}>
          {i18n._('Technician')}
        </h2>
        <p className={styles.status} role="status">
          <span
            className={styles.statusDot}
            data-tone={arrived ? 'success' : onTheWay ? 'brand' : 'muted'}
            aria-hidden="true"
          />
          {statusText}
        </p>
        {onTheWay ? (
          <p className={styles.eta} aria-live="polite">
            {etaText(eta)}
          </p>
        ) : null}
        {detail ? <p className={styles.text}>{detail}</p> : null}
        {onTheWay && !position ? (
          <FormAlert tone="info">
            {i18n._("We're waiting for your technician's location. The map updates by itself.")}
          </FormAlert>
        ) : null}
        {workOrder ? (
          <p className={styles.text}>
            {i18n._('Installation status: {status}', { status: workOrder.installation_status })}
          </p>
        ) : null}
        <div>
          <ButtonLink
            to={PATHS.trackmyorderOrderstatus}
            variant="secondary"
            data-tag="track_technician_back"
          >
            {i18n._('Back to order status')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
