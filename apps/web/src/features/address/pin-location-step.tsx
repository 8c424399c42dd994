import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAP_DEFAULT_CENTER } from '@konek/contract/constants';
import type { TPlace } from '@konek/contract/geocode';
import { Button } from '../../ui/button';
import { importWithReload } from '../../lib/chunk-reload';
import { reversePlaceQuery } from './api/geocode';
import type { Position } from './check-address-schema';
import { nudgedPosition } from './place-position';
import { PlaceSearch } from './place-search';
import { PinIcon } from './property-icons';
import styles from './pin-location-step.module.css';
import { i18n, msg } from '../../i18n/i18n';

// Leaflet (~50 KB gz) loads only when the customer opens the map, so the home page stays light.
const MapPicker = lazy(() =>
  importWithReload(() => import('../../ui/map-picker').then((module) => module.MapPicker)).then(
    (Component) => ({ default: Component }),
  ),
);

/** Zoom for the chosen area's point when there is no pin yet; the country view otherwise. */
const AREA_ZOOM = 16;
const COUNTRY_ZOOM = 6;
const PIN_ZOOM = 17;

const MAP_INSTRUCTION = msg(/*i18n*/ 'Place the red pin exactly on your home.');
const MAP_LABEL = msg(/*i18n*/ 'Map: place the red pin on your home');
const NO_TILES_TEXT = msg(/*i18n*/ 'Map tiles are unavailable; drag the pin to your home.');
const KEYBOARD_HINT = msg(
  /*i18n*/ 'Use the arrow keys to move the pin, with Shift for bigger steps. Plus and minus zoom the map.',
);

export type PinLocationStepProps = {
  position: Position | null;
  onPositionChange: (position: Position) => void;
  /** The chosen area's point, where the map opens when there is no pin. */
  areaCenter: Position | null;
  tileUrl: string;
  tileAttribution: string;
  onEdit: () => void;
  /** The customer moved the pin or said it is on their home (a deliberate act, not the opening guess). */
  isPinPlaced: boolean;
  onConfirmPin: () => void;
};

/**
 * product §2.3 step 6 and step 10: the map step. The form above is locked while it shows; Edit goes back to
 * the form. The place under the pin is looked up (reverse geocoding) and shown as its details.
 */
export function PinLocationStep({
  position,
  onPositionChange,
  areaCenter,
  tileUrl,
  tileAttribution,
  onEdit,
  isPinPlaced,
  onConfirmPin,
}: PinLocationStepProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const place = useQuery(reversePlaceQuery(position));
  const details = place.data?.label;
  const center = position ?? areaCenter ?? MAP_DEFAULT_CENTER;
  const zoom = position ? PIN_ZOOM : areaCenter ? AREA_ZOOM : COUNTRY_ZOOM;

  // Opening the map brings it into view: on a phone it opens below the fold.
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  const pickPlace = (found: TPlace) => onPositionChange(nudgedPosition(found));

  return (
    <section ref={sectionRef} className={styles.step} aria-labelledby="pin-step-title">
      <div className={styles.header}>
        <div>
          <h3 id="pin-step-title" className={styles.title}>
            {i18n._('Pin your home')}
          </h3>
          <p className={styles.instruction}>{i18n._(MAP_INSTRUCTION)}</p>
        </div>
        <Button variant="secondary" onClick={onEdit} className={styles.edit}>
          {i18n._('Edit')}
        </Button>
      </div>
      <PlaceSearch onPick={pickPlace} />
      <Suspense
        fallback={
          <div className={styles.mapLoading} role="status">
            {i18n._('Loading the map…')}
          </div>
        }
      >
        <MapPicker
          position={position}
          onPositionChange={onPositionChange}
          center={center}
          zoom={zoom}
          tileUrl={tileUrl}
          tileAttribution={tileAttribution}
          label={i18n._(MAP_LABEL)}
          pinLabel={i18n._('Your home (drag to move)')}
          pinNote={details}
          noTilesText={i18n._(NO_TILES_TEXT)}
          keyboardHint={i18n._(KEYBOARD_HINT)}
          autoFocus
        />
      </Suspense>
      <div className={styles.pinned} aria-live="polite" data-testid="pinned-location">
        <PinIcon className={styles.pinnedIcon} />
        <div>
          <p className={styles.pinnedDetails}>
            {position
              ? (details ??
                (place.isFetching ? i18n._('Looking up this spot…') : i18n._('Pinned location')))
              : i18n._('Tap the map to drop the pin on your home.')}
          </p>
          {position ? (
            <p className={styles.coordinates}>
              {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
            </p>
          ) : null}
        </div>
        {position && !isPinPlaced ? (
          <Button variant="secondary" onClick={onConfirmPin} className={styles.confirm}>
            {i18n._('The pin is on my home')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
