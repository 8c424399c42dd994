import 'leaflet/dist/leaflet.css';
import '../../ui/map-attribution.css';
import { useEffect, useEffectEvent, useState } from 'react';
import { divIcon, latLngBounds } from 'leaflet';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { TGeoPoint } from '@konek/contract/tracking';
import { cx } from '../../ui/class-names';
import { redPinIcon } from '../../ui/map-pin-icon';
import styles from './technician-map.module.css';
import { i18n } from '../../i18n/i18n';

// The customer's red pin (the app's one pin, ui/map-pin-icon) and the technician's round marker
// with their first name; the view keeps both in sight as the technician moves. Leaflet's default marker
// images break under Vite, so both markers are inline SVG.

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

/**
 * The room kept inside the map's edges when both are in view, in pixels. Above: the technician's name
 * sits over their marker (half the marker, the label's arrow and the label: about 63 px at 390 px), so
 * the top keeps 72 px, or a technician coming from the north has their name cut off. Below: the notice
 * shown when there are no tiles. The sides: half of a long first name.
 */
const VIEW_PADDING = { top: 72, bottom: 64, side: 56 } as const;

function KeepInView({ home, technician }: { home: TGeoPoint; technician: TGeoPoint | null }) {
  const map = useMap();
  const lat = technician?.lat;
  const lng = technician?.lng;
  const fit = useEffectEvent(() => {
    if (lat === undefined || lng === undefined) {
      map.setView([home.lat, home.lng], 16);
      return;
    }
    map.fitBounds(
      latLngBounds([
        [home.lat, home.lng],
        [lat, lng],
      ]),
      {
        paddingTopLeft: [VIEW_PADDING.side, VIEW_PADDING.top],
        paddingBottomRight: [VIEW_PADDING.side, VIEW_PADDING.bottom],
        maxZoom: 17,
      },
    );
  });
  useEffect(() => fit(), [map, home.lat, home.lng, lat, lng]);
  // A map that changes size (a phone turned, a window narrowed) keeps its centre and zoom: both would
  // then be out of view, or the name cut off. The view is fitted again to the new box.
  useEffect(() => {
    const onResize = () => fit();
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [map]);
  return null;
}

export function TechnicianMap({
  home,
  technician,
  technicianName,
  tileUrl,
  tileAttribution,
}: TechnicianMapProps) {
  // As on the address map (ui/map-picker.tsx): no tiles configured, or none that load, is said in words.
  const [hasTileError, setHasTileError] = useState(false);
  const hasTiles = tileUrl !== '' && !hasTileError;
  return (
    <div className={cx(styles.frame, !hasTiles && styles.noTiles)}>
      <MapContainer
        className={styles.map}
        center={[home.lat, home.lng]}
        zoom={16}
        scrollWheelZoom={false}
        // Leaflet's zoom animation ends on a timer that outlives the map: leaving the page while the view
        // zooms to a new position threw "_leaflet_pos" of undefined (seen in e2e/track.test.ts).
        zoomAnimation={false}
        aria-label={i18n._('Map: your home and your technician')}
      >
        {tileUrl ? (
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
            eventHandlers={{ tileerror: () => setHasTileError(true) }}
          />
        ) : null}
        <Marker position={[home.lat, home.lng]} icon={homeIcon} keyboard={false}>
          <Tooltip direction="top" offset={[0, -44]}>
            {i18n._('Your home')}
          </Tooltip>
        </Marker>
        {technician ? (
          <Marker
            position={[technician.lat, technician.lng]}
            icon={technicianIcon}
            keyboard={false}
          >
            <Tooltip permanent direction="top" className={styles.label}>
              {technicianName ?? i18n._('Technician')}
            </Tooltip>
          </Marker>
        ) : null}
        <KeepInView home={home} technician={technician} />
      </MapContainer>
      {hasTiles ? null : (
        <p className={styles.notice}>
          {technician
            ? i18n._(
                'Map tiles are unavailable; the pins still show your home and your technician.',
              )
            : i18n._('Map tiles are unavailable; the pin still shows your home.')}
        </p>
      )}
    </div>
  );
}
