import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { readCheckedAddress, saveCheckedOutcome } from '../../lib/journey-store';
import { withMinimumDelay } from '../../lib/min-delay';
import { addressLines } from '../../lib/address-lines';
import { checkServiceability, type CheckOutcome } from './api/serviceability-check';
import { positionFromSearch, type CheckedPosition } from './checked-position';
import {
  destinationForServiceable,
  LOCATION_ERROR_PATH,
  NOTIFY_ME_PATH,
  SERVER_ERROR_PATH,
  TIMEOUT_PATH,
} from './serviceability-paths';
import styles from './loading-screen.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * product §2.2 /serviceability/loading: checks the pinned position (and a building's floor) and sends the
 * customer on — offers when serviceable, notify-me when not, or the error page that fits the failure.
 * Missing or invalid coordinates go straight to the location error.
 */
export function LoadingScreen() {
  const [params] = useSearchParams();
  const position = positionFromSearch(params);
  if (!position) return <Navigate to={LOCATION_ERROR_PATH} replace />;
  return <CheckingPosition position={position} />;
}

function CheckingPosition({ position }: { position: CheckedPosition }) {
  const [address] = useState(readCheckedAddress);
  const floor =
    address?.radioTypeValue === 'Condominium' && address.condominium.floor.trim() !== ''
      ? address.condominium.floor
      : undefined;
  const check = useQuery({
    queryKey: ['serviceability-check', position.latitude, position.longitude, floor ?? null],
    queryFn: async ({ signal }) => {
      const outcome = await withMinimumDelay(
        checkServiceability({ ...position, ...(floor === undefined ? {} : { floor }) }, signal),
      );
      if (outcome.kind === 'not-serviceable') {
        saveCheckedOutcome({ ...position, result: outcome.result });
      }
      return outcome;
    },
    // Every visit asks again: coverage changes, and an old answer must not decide.
    gcTime: 0,
    staleTime: 0,
  });

  if (check.data) return <Navigate {...destinationOf(check.data, position)} replace />;
  if (check.isError) return <Navigate to={SERVER_ERROR_PATH} replace />;

  const lines = address ? addressLines(address) : null;
  return (
    <section className={styles.screen}>
      <div className={styles.content} role="status">
        <div className={styles.visual} aria-hidden="true">
          <span className={styles.ring} />
          <span className={styles.ring} />
          <span className={styles.ring} />
          <span className={styles.core}>
            <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" focusable="false">
              <path
                d="M3.5 11L12 4l8.5 7M5.5 9.5V20h13V9.5M10 20v-5.5h4V20"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        </div>
        <h1 className={styles.title}>{i18n._('Checking your address')}</h1>
        <p className={styles.message}>{i18n._('Checking fibre availability at your address…')}</p>
        {lines ? (
          <p className={styles.address}>
            <span>{lines.home}</span>
            <span>{lines.area}</span>
          </p>
        ) : null}
        <span className={styles.bar} aria-hidden="true" />
      </div>
    </section>
  );
}

/** product §2.3 / §8: where each outcome of the check leads. */
function destinationOf(
  outcome: CheckOutcome,
  position: CheckedPosition,
): { to: string; state?: unknown } {
  switch (outcome.kind) {
    case 'serviceable':
      return { to: destinationForServiceable() };
    case 'not-serviceable':
      return {
        to: NOTIFY_ME_PATH,
        state: { serviceability: { ...position, result: outcome.result } },
      };
    case 'timeout':
      return { to: TIMEOUT_PATH };
    case 'server-error':
      return { to: SERVER_ERROR_PATH };
    case 'location-error':
      return { to: LOCATION_ERROR_PATH };
  }
}
