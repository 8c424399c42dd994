import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { divIcon, latLngBounds } from 'leaflet';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { TGeoPoint } from '@konek/contract/tracking';
import { redPinIcon } from '../../ui/map-pin-icon';
import styles from './technician-map.module.css';
import { i18n } from '../../i18n/i18n';

// Issue 15: the customer's red pin (the app's one pin, ui/map-pin-icon) and the technician's round marker
// with their first name; the view keeps both in sight as the technician moves. Leaflet's default marker
// images break under Vite (STACK.md), so both markers are inline SVG.

const TECHNICIAN_SVG = `<svg viewBox="0 0 36 36" width="36" height="36" aria-hidden="true" focusable="false">
  <circle cx="18" cy="18" r="16" fill="#1d4ed8" stroke="#ffffff" stroke-width="3"/>
  <circle cx="18" cy="13" r="4.5" fill="#ffffff"/>
  <path d="M10 26c1.2-4.6 4.3-7 8-7s6.8 2.4 8 7" fill="#ffffff"/>
</svg>`;

const technicianIcon = divIcon({
  html: TECHNICIAN_SVG,
  className: styles.technician ?? '',
  iconSize: [36, 36],
  iconAnchor: [18, 18],
  tooltipAnchor: [0, -18],
});

const homeIcon = redPinIcon(styles.home ?? '');

export type TechnicianMapProps = {
  home: TGeoPoint;
  technician: TGeoPoint | null;
  technicianName: string | null;
  tileUrl: string;
  tileAttribution: string;
};

function KeepInView({ home, technician }: { home: TGeoPoint; technician: TGeoPoint | null }) {
  const map = useMap();
  const lat = technician?.lat;
  const lng = technician?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) {
      map.setView([home.lat, home.lng], 16);
      return;
    }
    map.fitBounds(
      latLngBounds([
        [home.lat, home.lng],
        [lat, lng],
      ]),
      { padding: [48, 48], maxZoom: 17 },
    );
  }, [map, home.lat, home.lng, lat, lng]);
  return null;
}

export function TechnicianMap({
  home,
  technician,
  technicianName,
  tileUrl,
  tileAttribution,
}: TechnicianMapProps) {
  return (
    <MapContainer
      className={tileUrl ? styles.map : `${styles.map} ${styles.noTiles}`}
      center={[home.lat, home.lng]}
      zoom={16}
      scrollWheelZoom={false}
      // Leaflet's zoom animation ends on a timer that outlives the map: leaving the page while the view
      // zooms to a new position threw "_leaflet_pos" of undefined (seen in e2e/track.test.ts).
      zoomAnimation={false}
      aria-label={i18n._('Map: your home and your technician')}
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} /> : null}
      <Marker position={[home.lat, home.lng]} icon={homeIcon} keyboard={false}>
        <Tooltip direction="top" offset={[0, -44]}>
          {i18n._('Your home')}
        </Tooltip>
      </Marker>
      {technician ? (
        <Marker position={[technician.lat, technician.lng]} icon={technicianIcon} keyboard={false}>
          <Tooltip permanent direction="top" className={styles.label}>
            {technicianName ?? i18n._('Technician')}
          </Tooltip>
        </Marker>
      ) : null}
      <KeepInView home={home} technician={technician} />
    </MapContainer>
  );
}
