import 'leaflet/dist/leaflet.css';
import '../ui/map-attribution.css';
import { useEffect, useState } from 'react';
import { latLngBounds } from 'leaflet';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { TOpsWorkOrder } from '@konek/contract/ops';
import { redPinIcon } from '../ui/map-pin-icon';
import { statusWords, visitTime } from './ops-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';

// The day's jobs on a map for the dispatcher: one red pin (the app's one pin, ui/map-pin-icon) per job
// with an address, its time, order number, status and technician in the pin's tooltip. Loaded as its
// own chunk when the dispatcher opens the map, so the board's list does not carry Leaflet.

const pinIcon = redPinIcon(styles.jobPin ?? '');

type Placed = TOpsWorkOrder & { visit: NonNullable<TOpsWorkOrder['visit']> };

function FitJobs({ jobs }: { jobs: Placed[] }) {
  const map = useMap();
  useEffect(() => {
    const points = jobs.map((job): [number, number] => [
      job.visit.destination.lat,
      job.visit.destination.lng,
    ]);
    if (points.length === 1) map.setView(points[0]!, 15);
    else if (points.length > 1) map.fitBounds(latLngBounds(points), { padding: [48, 48] });
  }, [map, jobs]);
  return null;
}

export type JobsMapProps = { jobs: TOpsWorkOrder[]; tileUrl: string; tileAttribution: string };

export default function JobsMap({ jobs, tileUrl, tileAttribution }: JobsMapProps) {
  const [hasTileError, setHasTileError] = useState(false);
  const placed = jobs.filter((job): job is Placed => job.visit !== null);
  const first = placed[0]?.visit.destination;
  const hasTiles = tileUrl !== '' && !hasTileError;
  return (
    <div className={styles.mapFrame} role="region" aria-label={i18n._('Map of the jobs shown')}>
      <MapContainer
        className={styles.jobsMap}
        // Metro Manila when no job has a pin yet.
        center={first ? [first.lat, first.lng] : [14.5995, 120.9842]}
        zoom={12}
        scrollWheelZoom={false}
        zoomAnimation={false}
      >
        {tileUrl ? (
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
            eventHandlers={{ tileerror: () => setHasTileError(true) }}
          />
        ) : null}
        {placed.map((job) => (
          <Marker
            key={job.work_order_id}
            position={[job.visit.destination.lat, job.visit.destination.lng]}
            icon={pinIcon}
            title={job.order_number}
            alt={job.order_number}
          >
            <Tooltip direction="top" offset={[0, -44]}>
              <strong>{visitTime(job)}</strong> · {job.order_number}
              <br />
              {statusWords(job)} ·{' '}
              {job.technician
                ? i18n._('Technician: {name}', { name: job.technician.first_name })
                : i18n._('Technician: none')}
            </Tooltip>
          </Marker>
        ))}
        <FitJobs jobs={placed} />
      </MapContainer>
      {hasTiles ? null : (
        <p className={styles.muted}>
          {i18n._('Map tiles are unavailable; the pins still show where the jobs are.')}
        </p>
      )}
      {placed.length < jobs.length && (
        <p className={styles.muted}>
          {i18n._('{count} of these jobs have no address pin and are not on the map.', {
            count: jobs.length - placed.length,
          })}
        </p>
      )}
    </div>
  );
}
