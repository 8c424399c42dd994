import 'leaflet/dist/leaflet.css';
import './map-attribution.css';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import { MAP_HEIGHT_MEDIUM_PX, MAP_HEIGHT_PX } from '@konek/contract/constants';
import { useDeviceClass } from '../lib/use-device-class';
import { cx } from './class-names';
import { redPinIcon } from './map-pin-icon';
import styles from './map-picker.module.css';

export type LatLng = { lat: number; lng: number };

export type MapPickerProps = {
  /** The pin; null until the customer places it (a click on the map does). */
  position: LatLng | null;
  onPositionChange: (position: LatLng) => void;
  /** Where the map opens when there is no pin yet. */
  center: LatLng;
  zoom: number;
  /** Leaflet tile URL template; empty shows no tile layer (spec issue: offline runs and tests). */
  tileUrl: string;
  tileAttribution: string;
  /** The accessible name of the map. */
  label: string;
  /** The accessible name of the pin. */
  pinLabel: string;
  /** Text shown under the pin, e.g. the reverse-geocoded address. */
  pinNote?: string;
  /** Shown over the map when there are no tiles to draw. */
  noTilesText: string;
  /** How the keyboard moves the pin; referenced by the map's aria-describedby. */
  keyboardHint: string;
  /** Focus the map once it shows (the customer just opened it). */
  autoFocus?: boolean;
  className?: string;
};

/** Zoom used when the map follows a pin set from outside (a search result): street level. */
const STREET_ZOOM = 17;
const KEY_STEP_PX = 12;
const KEY_STEP_FAST_PX = 48;
const ARROW_OFFSETS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * product §2.3 step 6 / §9 map: a Leaflet map with a draggable red pin. The pin also moves by a click on the
 * map and, with the map or the pin focused, by the arrow keys (Shift for bigger steps); + and − zoom.
 * Box height 505 px, 360 px on medium (tablet) screens.
 */
export function MapPicker({
  position,
  onPositionChange,
  center,
  zoom,
  tileUrl,
  tileAttribution,
  label,
  pinLabel,
  pinNote,
  noTilesText,
  keyboardHint,
  autoFocus = false,
  className,
}: MapPickerProps) {
  const deviceClass = useDeviceClass();
  const height = deviceClass === 'tablet' ? MAP_HEIGHT_MEDIUM_PX : MAP_HEIGHT_PX;
  const [hasTileError, setHasTileError] = useState(false);
  const hasTiles = tileUrl !== '' && !hasTileError;
  const hintId = `${useId()}-hint`;
  return (
    <div className={cx(styles.frame, !hasTiles && styles.noTiles, className)} style={{ height }}>
      <MapContainer
        className={styles.map}
        center={position ?? center}
        zoom={zoom}
        scrollWheelZoom={false}
        keyboard
      >
        {tileUrl ? (
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
            eventHandlers={{ tileerror: () => setHasTileError(true) }}
          />
        ) : null}
        <MapAccessibility label={label} describedBy={hintId} autoFocus={autoFocus} />
        <PinControls position={position} onPositionChange={onPositionChange} />
        <FollowPin position={position} />
        {position ? (
          <RedPin
            position={position}
            onPositionChange={onPositionChange}
            label={pinLabel}
            note={pinNote}
          />
        ) : null}
      </MapContainer>
      {hasTiles ? null : <p className={styles.notice}>{noTilesText}</p>}
      <p id={hintId} className="visually-hidden">
        {keyboardHint}
      </p>
    </div>
  );
}

function RedPin({
  position,
  onPositionChange,
  label,
  note,
}: {
  position: LatLng;
  onPositionChange: (position: LatLng) => void;
  label: string;
  note?: string;
}) {
  const markerRef = useRef<LeafletMarker>(null);
  const icon = useMemo(() => redPinIcon(styles.pin ?? ''), []);
  const eventHandlers = useMemo(
    () => ({
      dragend: () => {
        const latLng = markerRef.current?.getLatLng();
        if (latLng) onPositionChange({ lat: latLng.lat, lng: latLng.lng });
      },
    }),
    [onPositionChange],
  );
  return (
    <Marker
      ref={markerRef}
      position={position}
      icon={icon}
      draggable
      autoPan
      title={label}
      eventHandlers={eventHandlers}
    >
      {note ? (
        <Tooltip direction="bottom" offset={[0, 6]} permanent className={styles.pinNote}>
          {note}
        </Tooltip>
      ) : null}
    </Marker>
  );
}

/** The map's container is the keyboard target: it gets the accessible name and the hint. */
function MapAccessibility({
  label,
  describedBy,
  autoFocus,
}: {
  label: string;
  describedBy: string;
  autoFocus: boolean;
}) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy]);
  // Opened by the customer: focus goes to the map, so the arrow keys move the pin at once and a second
  // Enter cannot submit the guess the map opened with.
  useEffect(() => {
    if (autoFocus) map.getContainer().focus({ preventScroll: true });
  }, [map, autoFocus]);
  return null;
}

/** A click puts the pin there; arrow keys move it (instead of panning) and keep it in view. */
function PinControls({
  position,
  onPositionChange,
}: {
  position: LatLng | null;
  onPositionChange: (position: LatLng) => void;
}) {
  const map = useMapEvents({
    click: (event) => onPositionChange({ lat: event.latlng.lat, lng: event.latlng.lng }),
  });
  const onArrowKey = useEffectEvent((event: KeyboardEvent) => {
    const offset = ARROW_OFFSETS[event.key];
    if (!offset || event.altKey || event.ctrlKey || event.metaKey) return;
    // Captured before Leaflet's own handler, which would pan the map instead.
    event.preventDefault();
    event.stopPropagation();
    const step = event.shiftKey ? KEY_STEP_FAST_PX : KEY_STEP_PX;
    const from = map.latLngToContainerPoint(position ?? map.getCenter());
    const next = map.containerPointToLatLng(from.add([offset[0] * step, offset[1] * step]));
    onPositionChange({ lat: next.lat, lng: next.lng });
    map.panInside(next, { padding: [56, 56] });
  });
  useEffect(() => {
    const container = map.getContainer();
    const listener = (event: KeyboardEvent) => onArrowKey(event);
    container.addEventListener('keydown', listener, true);
    return () => container.removeEventListener('keydown', listener, true);
  }, [map]);
  return null;
}

/** A pin set from outside (a place search) that is off screen brings the map to it, at street zoom. */
function FollowPin({ position }: { position: LatLng | null }) {
  const map = useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (map.getBounds().pad(-0.1).contains([lat, lng])) return;
    map.setView([lat, lng], Math.max(map.getZoom(), STREET_ZOOM));
  }, [map, lat, lng]);
  return null;
}
