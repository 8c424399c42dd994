import crypto from 'node:crypto';
import type { TSentAddressParts } from '@konek/contract/address-book';
import type { TResource } from '@konek/contract/resource';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import {
  coveragePlaceOf,
  installationAddressOf,
  isSameCoveragePlace,
  savedPartsOf,
  type CoveragePlace,
} from '../address-book/service';
import {
  lockNap,
  returnPorts,
  servingPlaceOf,
  takePort,
  type CoverageDecider,
} from '../location/service';
import {
  commitHeld,
  commitHeldById,
  endHeldReservations,
  expireHeldOfNap,
  findLiveReservation,
  findReservationOfExternalOrder,
  firstHeldExpiryOfNap,
  insertReservation,
  listHeldReservations,
  lockAccountReservations,
  releaseCommittedById,
  setExternalAppointment,
  type StoredReservation,
} from './store';

// ADR 034: the network reservation of product §7.1 reserve / get resource. Reserving decides coverage
// again for the saved installation address with the location module's own rule (ADR 003, 018) and takes
// one port of the serving NAP with a conditional update (naps.used_ports < port_count), inside one
// transaction, so two customers can never hold the last port. A listed building's in-building fibre has
// a port for every unit it serves, so it is not counted. The hold lasts RESOURCE_HOLD_HOURS unless a paid
// order commits it (commitReservation); an expired hold stops counting at once (its NAP's
// first_hold_expires_at has passed) and its port is taken back by the next reservation that needs it.

export type ResourceDependencies = {
  db: Db;
  clock: Clock;
  decider: CoverageDecider;
  /** RESOURCE_HOLD_HOURS in milliseconds. */
  holdMs: number;
};

/** What the appointments module needs of a live reservation (ADR 035: the work zone is the city's). */
export type LiveReservation = {
  id: string;
  cityCode: string | null;
  externalAppointmentId: string | null;
};

/** Opaque and unguessable: 128 random bits. */
const externalId = (prefix: string) => `${prefix}${crypto.randomBytes(16).toString('base64url')}`;

/** The booked appointment, while its hold has not expired (product §4.3: it sends the customer to pay). */
function bookedAppointment(stored: StoredReservation, now: Date): string | null {
  const expiry = stored.appointmentExpiresAt;
  return expiry === null || expiry > now ? stored.externalAppointmentId : null;
}

function toResource(stored: StoredReservation, now: Date): TResource {
  return {
    external_order_id: stored.externalOrderId,
    external_order_action_id: stored.externalOrderActionId,
    external_appointment_id: bookedAppointment(stored, now),
    served_by: stored.servedBy,
    expires_at: stored.expiresAt.toISOString(),
    address_id: stored.addressId,
  };
}

const placeOf = (stored: StoredReservation): CoveragePlace => ({
  latitude: stored.latitude,
  longitude: stored.longitude,
  building: stored.building,
  floor: stored.floor,
});

/**
 * Ends the NAP's expired holds and gives their ports back, the NAP locked first so the earliest expiry
 * left is computed from every hold committed before. Answers how many ports came back.
 */
async function takeBackExpiredPorts(tx: Db, napId: number, now: Date): Promise<number> {
  if (!(await lockNap(tx, napId))) return 0;
  const expired = await expireHeldOfNap(tx, napId, now);
  if (expired > 0) await returnPorts(tx, napId, expired, await firstHeldExpiryOfNap(tx, napId));
  return expired;
}

/** Ends the held reservations given (released or expired) and gives each NAP its port back. */
async function endHolds(
  tx: Db,
  held: StoredReservation[],
  status: 'released' | 'expired',
  at: Date,
): Promise<void> {
  const napIds = [
    ...new Set(held.flatMap((stored) => (stored.napId === null ? [] : [stored.napId]))),
  ];
  // NAPs in one order, so two transactions ending holds never wait on each other crosswise.
  for (const napId of napIds.sort((left, right) => left - right)) await lockNap(tx, napId);
  const ended = await endHeldReservations(
    tx,
    held.map((stored) => stored.id),
    status,
    at,
  );
  for (const napId of napIds) {
    const count = ended.filter((stored) => stored.napId === napId).length;
    if (count > 0) await returnPorts(tx, napId, count, await firstHeldExpiryOfNap(tx, napId));
  }
}

/** One port of the first NAP that still has one, taking expired holds back when it is full. */
async function takeFirstFreePort(
  tx: Db,
  naps: { id: number; cityCode: string | null }[],
  expiresAt: Date,
  now: Date,
): Promise<{ id: number; cityCode: string | null } | undefined> {
  for (const nap of naps) {
    if (await takePort(tx, nap.id, expiresAt)) return nap;
    if (
      (await takeBackExpiredPorts(tx, nap.id, now)) > 0 &&
      (await takePort(tx, nap.id, expiresAt))
    ) {
      return nap;
    }
  }
  return undefined;
}

/**
 * product §7.1 reserve resource. Needs the saved installation address, and the address sent must be the
 * same place (position, building, floor). Safe to repeat: a live reservation for that place is answered
 * as it is, with no second port.
 */
export async function reserveResource(
  deps: ResourceDependencies,
  request: {
    accountId: string;
    address: TSentAddressParts;
    customer: { first_name: string; last_name: string };
  },
): Promise<TResource> {
  // The area is read as add_address reads it (ADR 081): a name the lists do not have is refused here too.
  const sent = savedPartsOf(deps.decider.catalogue, request.address, 'address');
  const saved = await installationAddressOf(deps.db, request.accountId);
  if (!saved) throw new DomainError('resource', 'ADDRESS_NOT_SAVED');
  const place = coveragePlaceOf(saved.parts);
  if (!isSameCoveragePlace(place, coveragePlaceOf(sent))) {
    throw new DomainError('resource', 'ADDRESS_CHANGED', { field: 'address' });
  }
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.holdMs);
  const stored = await deps.db.transaction(async (tx) => {
    await lockAccountReservations(tx, request.accountId);
    const live = await findLiveReservation(tx, request.accountId, now);
    if (live && (live.status === 'committed' || isSameCoveragePlace(placeOf(live), place))) {
      return live;
    }
    // Whatever still holds a port for this account — an expired hold, or one for another place — goes.
    const held = await listHeldReservations(tx, request.accountId);
    await endHolds(
      tx,
      held.filter((stored) => stored.expiresAt > now),
      'released',
      now,
    );
    await endHolds(
      tx,
      held.filter((stored) => stored.expiresAt <= now),
      'expired',
      now,
    );

    const serving = await servingPlaceOf(
      deps.decider,
      { latitude: place.latitude, longitude: place.longitude },
      place.floor ?? undefined,
      now,
    );
    if (serving.kind === 'unserved') {
      throw new DomainError(
        'resource',
        serving.reason === 'no_free_port' ? 'NO_FREE_PORT' : 'NOT_SERVICEABLE',
      );
    }
    const base = {
      accountId: request.accountId,
      addressId: saved.id,
      latitude: place.latitude,
      longitude: place.longitude,
      building: place.building,
      floor: place.floor,
      externalOrderId: externalId('EO-'),
      externalOrderActionId: externalId('EOA-'),
      customerFirstName: request.customer.first_name,
      customerLastName: request.customer.last_name,
      expiresAt,
      createdAt: now,
    };
    if (serving.kind === 'building') {
      return insertReservation(tx, {
        ...base,
        servedBy: 'building',
        napId: null,
        buildingId: serving.buildingId,
        cityCode: serving.cityCode,
      });
    }
    const nap = await takeFirstFreePort(tx, serving.naps, expiresAt, now);
    if (!nap) throw new DomainError('resource', 'NO_FREE_PORT');
    return insertReservation(tx, {
      ...base,
      servedBy: 'nap',
      napId: nap.id,
      buildingId: null,
      cityCode: nap.cityCode,
    });
  });
  return toResource(stored, now);
}

/** product §7.1 get resource: the account's live reservation, or null (none, or its hold expired). */
export async function resourceOf(
  deps: Pick<ResourceDependencies, 'db' | 'clock'>,
  accountId: string,
): Promise<TResource | null> {
  const now = deps.clock.now();
  const live = await findLiveReservation(deps.db, accountId, now);
  return live ? toResource(live, now) : null;
}

/** For the appointments module: the account's live reservation (inside the caller's transaction). */
export async function liveReservationOf(
  db: Db,
  accountId: string,
  now: Date,
): Promise<LiveReservation | undefined> {
  const live = await findLiveReservation(db, accountId, now);
  return (
    live && {
      id: live.id,
      cityCode: live.cityCode,
      externalAppointmentId: bookedAppointment(live, now),
    }
  );
}

/**
 * Booking an installation names it on the reservation (product §4.3: then the customer goes to pay),
 * with its hold's expiry (null once confirmed): an expired hold is no longer answered.
 */
export function recordInstallationAppointment(
  tx: Db,
  reservationId: string,
  appointmentId: string | null,
  holdExpiresAt: Date | null,
): Promise<void> {
  return setExternalAppointment(tx, reservationId, appointmentId, holdExpiresAt);
}

/**
 * ADR 031, 034: the installation address moved: the unpaid reservation's port goes back at once, in the
 * address change's transaction. A committed (paid) one stays: moving a paid order is for support.
 */
export async function releaseHeldReservation(tx: Db, accountId: string, at: Date): Promise<void> {
  await lockAccountReservations(tx, accountId);
  await endHolds(tx, await listHeldReservations(tx, accountId), 'released', at);
}

/**
 * For the payment step (a later change): a paid order holds the port for good. Answers false when
 * there is no live held reservation (none, or its hold expired): the order must reserve again.
 */
export async function commitReservation(db: Db, accountId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccountReservations(tx, accountId);
    const live = await findLiveReservation(tx, accountId, now);
    if (live?.status === 'committed') return true;
    if (!live) return false;
    if (live.napId !== null) await lockNap(tx, live.napId);
    const committed = await commitHeld(tx, accountId, now);
    if (committed?.napId != null) {
      // No longer a hold that can expire: the NAP's earliest expiry is among the others.
      await returnPorts(tx, committed.napId, 0, await firstHeldExpiryOfNap(tx, committed.napId));
    }
    return committed !== undefined;
  });
}

/** ADR 039: what an order needs of the reservation its external order ids name. */
export type OrderReservation = {
  externalOrderId: string;
  externalOrderActionId: string;
  /** held (its hold live), committed (a paid order), or gone (expired, released, or another's). */
  state: 'held' | 'committed' | 'gone';
};

/** The account's reservation of this external order, as an order sees it; undefined if none. */
export async function reservationOfOrder(
  db: Db,
  accountId: string,
  externalOrderId: string,
  now: Date,
): Promise<OrderReservation | undefined> {
  const stored = await findReservationOfExternalOrder(db, accountId, externalOrderId);
  if (!stored) return undefined;
  const state =
    stored.status === 'committed'
      ? 'committed'
      : stored.status === 'held' && stored.expiresAt > now
        ? 'held'
        : 'gone';
  return {
    externalOrderId: stored.externalOrderId,
    externalOrderActionId: stored.externalOrderActionId,
    state,
  };
}

/**
 * ADR 039, in the settling transaction: the paid order's port is held for good. A hold whose time ran
 * out still counts its port until another reservation takes it back, so it is committed too; one that
 * was ended (released, or its port taken back) answers false.
 */
export async function commitReservationOfOrder(
  tx: Db,
  accountId: string,
  externalOrderId: string,
  now: Date,
): Promise<boolean> {
  await lockAccountReservations(tx, accountId);
  const stored = await findReservationOfExternalOrder(tx, accountId, externalOrderId);
  if (!stored) return false;
  if (stored.status === 'committed') return true;
  if (stored.status !== 'held') return false;
  if (stored.napId !== null) await lockNap(tx, stored.napId);
  const committed = await commitHeldById(tx, stored.id, now);
  if (committed?.napId != null) {
    await returnPorts(tx, committed.napId, 0, await firstHeldExpiryOfNap(tx, committed.napId));
  }
  return committed !== undefined;
}

/**
 * ADR 039: a cancelled order gives its port back at once — a hold (before payment) or a committed one
 * (after the refund). Nothing happens to a reservation that already ended.
 */
export async function releaseReservationOfOrder(
  tx: Db,
  accountId: string,
  externalOrderId: string,
  at: Date,
): Promise<void> {
  await lockAccountReservations(tx, accountId);
  const stored = await findReservationOfExternalOrder(tx, accountId, externalOrderId);
  if (!stored) return;
  if (stored.status === 'held') {
    await endHolds(tx, [stored], 'released', at);
    return;
  }
  if (stored.status !== 'committed') return;
  if (stored.napId !== null) await lockNap(tx, stored.napId);
  const released = await releaseCommittedById(tx, stored.id, at);
  if (released?.napId != null) {
    await returnPorts(tx, released.napId, 1, await firstHeldExpiryOfNap(tx, released.napId));
  }
}
