import 'leaflet/dist/leaflet.css';
import '../ui/map-attribution.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { divIcon, type LatLngBounds, type LeafletKeyboardEvent } from 'leaflet';
import {
  Circle,
  MapContainer,
  Marker,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { TBoundingBox, TNetworkBuilding, TNetworkNap } from '@konek/contract/ops-network';
import type { TDemandRow } from '@konek/contract/ops-demand';
import { napExpected, napTone, napWords } from './network-words';
import { DemandLayer } from './demand-layer';
import { DEMAND_STEPS, stepWords } from './demand-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 090 (the map): the network planner's map. 100,000 NAPs are clustered with supercluster (a
// KD-tree per zoom level, built once per network): only the clusters and NAPs of the visible box are
// drawn, each a Leaflet marker that can be tabbed to and pressed with Enter. A NAP shows its free ports
// ("5/8") in its tone's colour, a planned one "P"; a building its floors served. Loaded as its own
// chunk with Leaflet when the planner's screen opens. The map tells the console the box it shows (a
// quarter larger each way, so a short pan needs nothing new), which loads that box's NAPs. A planned
// NAP's area — a circle of the service radius — is shaded and labelled with its expected date.

type NapPoint = { index: number };
type View = { bounds: LatLngBounds; zoom: number } | null;

/** How much of the view's size is added on each side of the box asked for. */
const BOX_PADDING = 0.25;
/** Below this zoom a planned area is a few pixels across: not drawn (the marker says the date). */
const PLANNED_AREA_ZOOM = 13;
/** From this zoom on, a planned area's date is written on the map; below it, on hover. */
const DATE_LABEL_ZOOM = 14;
/** At most this many planned areas are drawn at once (SVG paths); the markers still say the dates. */
const MAX_PLANNED_AREAS = 300;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The padded box of a view, inside the world (the contract refuses a latitude past ±90). */
export function boxOfView(bounds: LatLngBounds): TBoundingBox {
  const padded = bounds.pad(BOX_PADDING);
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return {
    south: round(clamp(padded.getSouth(), -90, 90)),
    west: round(clamp(padded.getWest(), -180, 180)),
    north: round(clamp(padded.getNorth(), -90, 90)),
    east: round(clamp(padded.getEast(), -180, 180)),
  };
}

const TONE_CLASS = {
  free: styles.napFree,
  few: styles.napFew,
  full: styles.napFull,
  planned: styles.napPlanned,
} as const;

/**
 * The marker's short text, and the words a screen reader says for it (the marker is a button named by
 * its content), as elements: never HTML made from text.
 */
function label(text: string, words: string): HTMLElement {
  const box = document.createElement('span');
  const shown = document.createElement('span');
  shown.textContent = text;
  shown.setAttribute('aria-hidden', 'true');
  const spoken = document.createElement('span');
  spoken.textContent = words;
  spoken.className = styles.visuallyHidden ?? '';
  box.append(shown, spoken);
  return box;
}

function napIcon(nap: TNetworkNap, selected: boolean) {
  const tone = napTone(nap);
  const text =
    tone === 'planned'
      ? i18n._('P')
      : i18n._('{free}/{total}', { free: Math.max(0, nap[3] - nap[4]), total: nap[3] });
  return divIcon({
    className: [styles.napMarker, TONE_CLASS[tone], selected ? styles.napSelected : '']
      .filter(Boolean)
      .join(' '),
    html: label(text, napWords(nap)),
    iconSize: [40, 24],
    iconAnchor: [20, 12],
  });
}

function clusterIcon(count: number) {
  const size = count < 100 ? 32 : count < 1000 ? 40 : 48;
  return divIcon({
    className: styles.clusterMarker ?? '',
    html: label(String(count), i18n._('{count} NAPs here: zoom in', { count })),
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

const buildingIcon = (building: TNetworkBuilding) =>
  divIcon({
    className: styles.buildingMarker ?? '',
    html: label(i18n._('B'), buildingWords(building)),
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });

const buildingWords = (building: TNetworkBuilding) =>
  i18n._('{name}: floors served {floors}', {
    name: building.building_name,
    floors: building.serving_floors.join(', ') || '—',
  });

/**
 * A marker's handlers: a click, or Enter or Space while it has the focus (Leaflet makes a marker a
 * focusable button but leaves its keys to the page).
 */
function pressed(action: () => void) {
  return {
    click: action,
    keydown: (event: LeafletKeyboardEvent) => {
      const { key } = event.originalEvent;
      if (key !== 'Enter' && key !== ' ') return;
      event.originalEvent.preventDefault();
      action();
    },
  };
}

/** Follows the map's box and zoom; the first view is reported once the map has a size. */
function FollowView({ onView }: { onView: (view: View) => void }) {
  const map = useMap();
  useMapEvents({
    moveend: () => onView({ bounds: map.getBounds(), zoom: map.getZoom() }),
  });
  useEffect(() => {
    onView({ bounds: map.getBounds(), zoom: map.getZoom() });
  }, [map, onView]);
  return null;
}

/** Moves the map to the chosen NAP (from the map, or from the code search wherever it is). */
function ShowChosen({ nap }: { nap: TNetworkNap | null }) {
  const map = useMap();
  useEffect(() => {
    if (nap) map.setView([nap[1], nap[2]], Math.max(map.getZoom(), 16));
  }, [map, nap]);
  return null;
}

export type NetworkMapProps = {
  naps: TNetworkNap[];
  buildings: TNetworkBuilding[];
  chosen: TNetworkNap | null;
  /** The service radius: a planned NAP's area. */
  serviceRadiusMeters: number;
  tileUrl: string;
  tileAttribution: string;
  /** What the map says over itself: the box loading, failing, or cut ("zoom in"). */
  notice: ReactNode;
  /** ADR 095: the demand layer's barangays, or null when the layer is off. */
  demand: readonly TDemandRow[] | null;
  onChooseNap: (nap: TNetworkNap) => void;
  onChooseBuilding: (id: number) => void;
  onBox: (box: TBoundingBox) => void;
};

/** A planned NAP's area: a shaded circle of the service radius, labelled with its expected date. */
function PlannedArea({
  nap,
  radius,
  dateShown,
}: {
  nap: TNetworkNap;
  radius: number;
  dateShown: boolean;
}) {
  const date = napExpected(nap);
  return (
    <Circle
      center={[nap[1], nap[2]]}
      radius={radius}
      interactive={false}
      pathOptions={{ className: styles.plannedArea ?? '', color: '#5f6368', dashArray: '4 4' }}
    >
      {date ? (
        <Tooltip
          // Remounted when it turns permanent: Leaflet reads `permanent` when the tooltip is bound.
          key={dateShown ? 'shown' : 'hover'}
          permanent={dateShown}
          direction="bottom"
          offset={[0, 14]}
          className={styles.plannedLabel ?? ''}
        >
          {i18n._('Planned: {date}', { date })}
        </Tooltip>
      ) : null}
    </Circle>
  );
}

/** A cluster: pressing it zooms in until it splits. */
function ClusterMarker({
  lat,
  lng,
  count,
  expansionZoom,
}: {
  lat: number;
  lng: number;
  count: number;
  expansionZoom: () => number;
}) {
  const map = useMap();
  return (
    <Marker
      position={[lat, lng]}
      icon={clusterIcon(count)}
      title={i18n._('{count} NAPs here: zoom in', { count })}
      eventHandlers={pressed(() => map.setView([lat, lng], Math.min(expansionZoom(), 18)))}
    />
  );
}

export default function NetworkMap({
  naps,
  buildings,
  chosen,
  serviceRadiusMeters,
  tileUrl,
  tileAttribution,
  notice,
  demand,
  onChooseNap,
  onChooseBuilding,
  onBox,
}: NetworkMapProps) {
  const [hasTileError, setHasTileError] = useState(false);
  const [view, setView] = useState<View>(null);
  const chosenCode = chosen?.[0] ?? null;
  useEffect(() => {
    if (view) onBox(boxOfView(view.bounds));
  }, [view, onBox]);
  const index = useMemo(() => {
    const cluster = new Supercluster<NapPoint, NapPoint>({ radius: 60, maxZoom: 16 });
    cluster.load(
      naps.map((nap, at) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [nap[2], nap[1]] },
        properties: { index: at },
      })),
    );
    return cluster;
  }, [naps]);
  const plannedAreas = useMemo(() => {
    if (!view || view.zoom < PLANNED_AREA_ZOOM) return [];
    const box = view.bounds.pad(0.1);
    return naps
      .filter((nap) => nap[5] === 'planned' && box.contains([nap[1], nap[2]]))
      .slice(0, MAX_PLANNED_AREAS);
  }, [naps, view]);
  const datesShown = (view?.zoom ?? 0) >= DATE_LABEL_ZOOM;
  const shown = useMemo(() => {
    if (!view) return [];
    const box = view.bounds;
    return index.getClusters(
      [box.getWest(), box.getSouth(), box.getEast(), box.getNorth()],
      Math.round(view.zoom),
    );
  }, [index, view]);
  const hasTiles = tileUrl !== '' && !hasTileError;

  return (
    <div className={styles.mapFrame} role="region" aria-label={i18n._('Map of the network')}>
      <MapContainer
        className={styles.networkMap}
        // Metro Manila, where most of the network is.
        center={[14.5995, 120.9842]}
        zoom={11}
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
        <FollowView onView={setView} />
        <ShowChosen nap={chosen} />
        {demand ? <DemandLayer rows={demand} /> : null}
        {plannedAreas.map((nap) => (
          <PlannedArea
            key={`p${nap[0]}`}
            nap={nap}
            radius={serviceRadiusMeters}
            dateShown={datesShown}
          />
        ))}
        {shown.map((feature) => {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const properties = feature.properties as ClusterProperties | NapPoint;
          if ('cluster' in properties && properties.cluster) {
            const id = properties.cluster_id;
            return (
              <ClusterMarker
                key={`c${id}`}
                lat={lat}
                lng={lng}
                count={properties.point_count}
                expansionZoom={() => index.getClusterExpansionZoom(id)}
              />
            );
          }
          const nap = naps[(properties as NapPoint).index]!;
          return (
            <Marker
              key={nap[0]}
              position={[lat, lng]}
              icon={napIcon(nap, nap[0] === chosenCode)}
              title={napWords(nap)}
              eventHandlers={pressed(() => onChooseNap(nap))}
            />
          );
        })}
        {buildings.map((building) => (
          <Marker
            key={`b${building.id}`}
            position={[building.latitude, building.longitude]}
            icon={buildingIcon(building)}
            title={buildingWords(building)}
            eventHandlers={pressed(() => onChooseBuilding(building.id))}
          />
        ))}
      </MapContainer>
      {notice ? <div className={styles.mapNotice}>{notice}</div> : null}
      <p className={styles.muted}>
        {i18n._(
          'Green: ports free; amber: a quarter or fewer free; red: full; grey P: planned. B: a listed building. Press Enter on a NAP or building to edit it.',
        )}
      </p>
      {serviceRadiusMeters > 0 ? (
        <p className={`${styles.muted} ${styles.legendRow}`}>
          <span className={styles.plannedSwatch} aria-hidden="true" />
          {i18n._(
            'Shaded circle: the area a planned NAP will serve ({radius} m), with its expected date.',
            { radius: serviceRadiusMeters },
          )}
        </p>
      ) : null}
      {demand ? <DemandLegend /> : null}
      {hasTiles ? null : (
        <p className={styles.muted}>
          {i18n._('Map tiles are unavailable; the markers still show where the network is.')}
        </p>
      )}
    </div>
  );
}

/** The demand layer's scale: a swatch of each step's size and colour with the households it stands for. */
function DemandLegend() {
  return (
    <div className={styles.demandLegend}>
      <p className={styles.muted} id="demand-legend-title">
        {i18n._(
          'Demand: households waiting for fibre in a barangay; the larger and redder the circle, the more wait. Hover a circle for its figures.',
        )}
      </p>
      <ul className={styles.demandScale} aria-labelledby="demand-legend-title">
        {DEMAND_STEPS.map((step, at) => (
          <li key={step.from} className={styles.legendRow}>
            <span
              className={styles.demandSwatch}
              aria-hidden="true"
              style={{
                width: step.radius * 2,
                height: step.radius * 2,
                background: step.colour,
              }}
            />
            {i18n._('{households} households', { households: stepWords(at) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
