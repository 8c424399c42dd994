import { storedCoverage } from '../lib/coverage';
import { useJourney } from '../lib/journey-store';
import { useSession } from '../lib/session';

/**
 * product §1 step indicator: which journey steps the customer really passed (ADR 030) — an address the
 * server said fibre reaches (the latest answer, not asked again here), an account signed in, the details
 * saved with the network reserved, an installation booked, an order placed.
 */
export function usePassedSteps(): readonly boolean[] {
  const journey = useJourney();
  const session = useSession();
  const { flags } = journey;
  return [
    storedCoverage(journey).status === 'available' || flags.resourceBook,
    session !== null,
    flags.resourceBook,
    flags.appointment_booking,
    flags.order_Create,
  ];
}
