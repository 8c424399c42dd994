import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import {
  clearCheckedOutcome,
  readCheckedAddress,
  saveCheckedOutcome,
  type TCheckedAddress,
} from '../../lib/journey-store';
import type { TServiceabilityCheckRequest } from '@konek/contract/serviceability-check';
import { withMinimumDelay } from '../../lib/min-delay';
import { addressLines } from '../../lib/address-lines';
import {
  checkRequestFor,
  checkServiceability,
  recordCheck,
  type CheckOutcome,
} from '../../lib/coverage';
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
  // The answer is kept for the saved address only when that is the address being checked (lib/coverage).
  const checked = address && isAddressAt(address, position) ? address : null;
  const request: TServiceabilityCheckRequest = checked ? checkRequestFor(checked) : position;
  const check = useQuery({
    queryKey: ['serviceability-check', request.latitude, request.longitude, request.floor ?? null],
    queryFn: async ({ signal }) => {
      const outcome = await withMinimumDelay(checkServiceability(request, signal));
      // The customer left before the answer: it decides nothing for whatever they see now.
      if (signal.aborted) return outcome;
      if (outcome.kind === 'serviceable' || outcome.kind === 'not-serviceable') {
        if (checked) saveCheckedOutcome(recordCheck(checked, outcome.result));
        else clearCheckedOutcome();
      } else {
        // A failed check leaves no earlier answer standing in for it.
        clearCheckedOutcome();
      }
      return outcome;
    },
    // Every visit asks again: coverage changes, and an old answer must not decide.
    gcTime: 0,
    staleTime: 0,
  });

  if (check.data) return <Navigate to={destinationOf(check.data)} replace />;
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

function isAddressAt(address: TCheckedAddress, position: CheckedPosition): boolean {
  return (
    address.searchResult.lat === position.latitude &&
    address.searchResult.lng === position.longitude
  );
}

/** product §2.3 / §8: where each outcome of the check leads. */
function destinationOf(outcome: CheckOutcome): string {
  switch (outcome.kind) {
    case 'serviceable':
      return destinationForServiceable();
    case 'not-serviceable':
      return NOTIFY_ME_PATH;
    case 'timeout':
      return TIMEOUT_PATH;
    case 'server-error':
      return SERVER_ERROR_PATH;
    case 'location-error':
      return LOCATION_ERROR_PATH;
  }
}
