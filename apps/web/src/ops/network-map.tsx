import 'leaflet/dist/leaflet.css';
import '../ui/map-attribution.css';
import { useEffect, useMemo, useState } from 'react';
import { divIcon, type LatLngBounds, type LeafletKeyboardEvent } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { TNetworkBuilding, TNetworkNap } from '@konek/contract/ops-network';
import { napTone, napWords } from './network-words';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 090 (the map): the network planner's map. 100,000 NAPs are clustered with supercluster (a
// KD-tree per zoom level, built once per network): only the clusters and NAPs of the visible box are
// drawn, each a Leaflet marker that can be tabbed to and pressed with Enter. A NAP shows its free ports
// ("5/8") in its tone's colour, a planned one "P"; a building its floors served. Loaded as its own
// chunk with Leaflet when the planner's screen opens.

type NapPoint = { index: number };
type View = { bounds: LatLngBounds; zoom: number } | null;

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

/** Moves the map to the chosen NAP when it is chosen from outside the map (the code search). */
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
  chosenCode: string | null;
  tileUrl: string;
  tileAttribution: string;
  onChooseNap: (code: string) => void;
  onChooseBuilding: (id: number) => void;
};

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
  chosenCode,
  tileUrl,
  tileAttribution,
  onChooseNap,
  onChooseBuilding,
}: NetworkMapProps) {
  const [hasTileError, setHasTileError] = useState(false);
  const [view, setView] = useState<View>(null);
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
  const chosen = useMemo(
    () => (chosenCode ? (naps.find((nap) => nap[0] === chosenCode) ?? null) : null),
    [naps, chosenCode],
  );
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
              eventHandlers={pressed(() => onChooseNap(nap[0]))}
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
      <p className={styles.muted}>
        {i18n._(
          'Green: ports free; amber: a quarter or fewer free; red: full; grey P: planned. B: a listed building. Press Enter on a NAP or building to edit it.',
        )}
      </p>
      {hasTiles ? null : (
        <p className={styles.muted}>
          {i18n._('Map tiles are unavailable; the markers still show where the network is.')}
        </p>
      )}
    </div>
  );
}
