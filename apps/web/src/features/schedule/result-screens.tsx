import { useState } from 'react';
import * as z from 'zod';
import { useQuery } from '@tanstack/react-query';
import { findRoute, PATHS } from '@konek/contract/routes';
import { useJourney } from '../../lib/journey-store';
import { useSession } from '../../lib/session';
import { loadJourney } from '../../lib/session-journey';
import { ButtonLink } from '../../ui/button-link';
import { AlertIcon, InfoIcon } from '../../ui/icons';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { momentText } from '../../lib/formats';
import { SlotAlertOffer } from './slot-alert-offer';
import { i18n } from '../../i18n/i18n';

// product §2.6 / §8: the schedule step's result pages — what happened in plain words and what to do
// next. A claim ("your connection is reserved") is made only when the server confirmed it (ADR 030).

const ZHold = z.object({ expires_at: z.iso.datetime({ offset: true }) });

/** The stored context, read once if this session has not yet (a refresh): its flags decide the claims. */
function useStoredJourney(): void {
  useQuery({ queryKey: ['stored-journey'], queryFn: loadJourney, staleTime: Infinity });
}

/** When the network reservation the server confirmed is released, if it is still held. */
function useHeldUntil(): string | null {
  useStoredJourney();
  const [now] = useState(() => Date.now());
  const session = useSession();
  const journey = useJourney();
  if (!journey.flags.resourceBook) return null;
  const hold = ZHold.safeParse(session?.journey?.resourceBook);
  if (!hold.success || Date.parse(hold.data.expires_at) <= now) return null;
  return momentText(hold.data.expires_at);
}

/** noavailableslots: every place in the area is taken for now. */
export function NoAvailableSlotsScreen() {
  const heldUntil = useHeldUntil();
  return (
    <StatusCard
      icon={<InfoIcon />}
      tone="warning"
      title={i18n._(findRoute(PATHS.noavailableslots)?.title ?? '')}
    >
      <StatusText>
        {i18n._(
          'Every installation slot in your area is taken for the coming days. Our crews open new dates as their calendars fill in, so please check again later today or tomorrow.',
        )}
      </StatusText>
      {heldUntil ? (
        <StatusText>
          {i18n._('Your fibre connection stays reserved for you until {time}.', {
            time: heldUntil,
          })}
        </StatusText>
      ) : null}
      <SlotAlertOffer />
      <StatusActions>
        <ButtonLink to={PATHS.schedule} data-tag="noavailableslots_check_again">
          {i18n._('Check again')}
        </ButtonLink>
        <ButtonLink to={PATHS.filloutdetail} variant="secondary" data-tag="noavailableslots_back">
          {i18n._('Back to my details')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

/** scheduleerror: the slots could not be fetched (3 tries). */
export function ScheduleErrorScreen() {
  useStoredJourney();
  const journey = useJourney();
  return (
    <StatusCard
      icon={<AlertIcon />}
      tone="warning"
      title={i18n._(findRoute(PATHS.scheduleerror)?.title ?? '')}
    >
      <StatusText>
        {journey.flags.resourceBook
          ? i18n._(
              "Your fibre connection is reserved, but we couldn't load the installation dates just now. This is usually brief: please try again in a moment.",
            )
          : i18n._(
              "We couldn't load the installation dates just now. This is usually brief: please try again in a moment.",
            )}
      </StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.schedule} data-tag="scheduleerror_try_again">
          {i18n._('Try again')}
        </ButtonLink>
        <ButtonLink to={PATHS.filloutdetail} variant="secondary" data-tag="scheduleerror_back">
          {i18n._('Back to my details')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
