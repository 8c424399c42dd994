import type { TSlotAlert } from '@konek/contract/slot-alert';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { citiesWithOpenPlaces, installationCityOf } from '../appointments/service';
import { msisdnOfUser } from '../identity/service';
import {
  listPendingCities,
  lockPendingInCities,
  markNotified,
  upsertSlotAlert,
  type StoredSlotAlert,
} from './slot-alerts-store';

// ADR 044: "tell me when a slot opens". A request per account, for the city of its
// network reservation; checked when a booking call may have given a place back or slots were added, and
// every SLOT_ALERT_CHECK_SECONDS; each request is sent once, by SMS through the SMS provider.

export const SLOT_ALERT_SMS =
  'Konek: an installation slot has opened in your area. Open Konek to choose your installation date; places go quickly.';

/** How many requests one check sends at most (the next check sends the rest). */
const SEND_BATCH = 100;
/** A poke waits this long, so a burst of bookings makes one check. */
const POKE_DELAY_MS = 1000;

export type SlotAlertDependencies = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  /** INSTALLATION_LEAD_DAYS: a place counts only on a bookable day. */
  leadDays: number;
};

const toSlotAlert = (alert: StoredSlotAlert): TSlotAlert => ({
  requested_at: alert.requestedAt.toISOString(),
  notified_at: alert.notifiedAt?.toISOString() ?? null,
});

/** The customer asks to be told; asking again answers the same request until it has been sent. */
export async function requestSlotAlert(
  deps: SlotAlertDependencies,
  caller: { userId: string },
  accountId: string,
): Promise<TSlotAlert> {
  const now = deps.clock.now();
  const cityCode = await installationCityOf(deps.db, accountId, now);
  const msisdn = await msisdnOfUser(deps.db, caller.userId);
  if (msisdn === undefined) throw new DomainError('common', 'UNAUTHENTICATED');
  return toSlotAlert(await upsertSlotAlert(deps.db, { accountId, msisdn, cityCode, now }));
}

/**
 * Sends the pending requests whose city has a free place now, each once: the row is locked (others
 * skip it) and marked sent in the same transaction. A failed SMS leaves its request pending for the next
 * check. Answers how many were sent.
 */
export async function sendSlotAlerts(deps: SlotAlertDependencies): Promise<number> {
  const now = deps.clock.now();
  const pending = await listPendingCities(deps.db);
  if (pending.length === 0) return 0;
  const open = await citiesWithOpenPlaces(deps, pending, now);
  if (open.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    let sent = 0;
    for (const alert of await lockPendingInCities(tx, open, SEND_BATCH)) {
      try {
        await deps.sms.send({ msisdn: alert.msisdn, body: SLOT_ALERT_SMS });
      } catch {
        continue; // logged by the SMS sender; tried again at the next check
      }
      await markNotified(tx, alert.accountId, now);
      sent += 1;
    }
    return sent;
  });
}

export type SlotAlertChecks = {
  /** A place may have opened: check soon (one check for a burst). */
  poke: () => void;
  /** Stops the timers and waits for a check under way. */
  stop: () => Promise<void>;
};

/** Checks every `intervalMs` and soon after each poke; one check at a time per process. */
export function startSlotAlertChecks(
  deps: SlotAlertDependencies,
  intervalMs: number,
  onError: (error: unknown) => void,
): SlotAlertChecks {
  let soon: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;
  const run = () => {
    soon = null;
    if (isStopped) return;
    if (running) {
      poke();
      return;
    }
    running = sendSlotAlerts(deps)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const poke = () => {
    if (soon || isStopped) return;
    soon = setTimeout(run, POKE_DELAY_MS);
    soon.unref();
  };
  const every = setInterval(poke, intervalMs);
  every.unref();
  return {
    poke,
    stop: async () => {
      isStopped = true;
      clearInterval(every);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
