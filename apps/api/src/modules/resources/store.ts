import { and, eq, gt, inArray, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { resourceReservations } from '../../db/schema/resources';

export type StoredReservation = typeof resourceReservations.$inferSelect;
export type NewReservation = Omit<
  StoredReservation,
  'id' | 'externalAppointmentId' | 'appointmentExpiresAt' | 'committedAt' | 'endedAt' | 'status'
>;

/**
 * Serialises the reservation calls of one account until the transaction ends, on every replica: a
 * double submit waits for the first and then finds its reservation.
 */
export async function lockAccountReservations(tx: Db, accountId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`resource:${accountId}`}, 0))`,
  );
}

/** Committed, or held and not yet expired at `now`. */
export async function findLiveReservation(
  db: Db,
  accountId: string,
  now: Date,
): Promise<StoredReservation | undefined> {
  const [row] = await db
    .select()
    .from(resourceReservations)
    .where(
      and(
        eq(resourceReservations.accountId, accountId),
        or(
          eq(resourceReservations.status, 'committed'),
          and(eq(resourceReservations.status, 'held'), gt(resourceReservations.expiresAt, now)),
        ),
      ),
    );
  return row;
}

/** The account's reservations still holding a port (a held one whose expiry passed included). */
export async function listHeldReservations(
  tx: Db,
  accountId: string,
): Promise<StoredReservation[]> {
  return tx
    .select()
    .from(resourceReservations)
    .where(
      and(eq(resourceReservations.accountId, accountId), eq(resourceReservations.status, 'held')),
    );
}

export async function insertReservation(
  tx: Db,
  values: NewReservation,
): Promise<StoredReservation> {
  const [row] = await tx
    .insert(resourceReservations)
    .values({ ...values, status: 'held' })
    .returning();
  return row!;
}

/**
 * Ends held reservations: those of `ids`. The status is the condition, so a reservation another
 * transaction already ended is not ended (nor its port given back) twice. Answers the ones ended.
 */
export async function endHeldReservations(
  tx: Db,
  ids: string[],
  status: 'released' | 'expired',
  at: Date,
): Promise<StoredReservation[]> {
  if (ids.length === 0) return [];
  return tx
    .update(resourceReservations)
    .set({ status, endedAt: at })
    .where(and(inArray(resourceReservations.id, ids), eq(resourceReservations.status, 'held')))
    .returning();
}

/** Ends the NAP's held reservations whose expiry has passed; answers how many ports that frees. */
export async function expireHeldOfNap(tx: Db, napId: number, now: Date): Promise<number> {
  const ended = await tx
    .update(resourceReservations)
    .set({ status: 'expired', endedAt: now })
    .where(
      and(
        eq(resourceReservations.napId, napId),
        eq(resourceReservations.status, 'held'),
        lte(resourceReservations.expiresAt, now),
      ),
    )
    .returning({ id: resourceReservations.id });
  return ended.length;
}

/** The earliest expiry among the NAP's held reservations, or null when none holds a port there. */
export async function firstHeldExpiryOfNap(tx: Db, napId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ first: min(resourceReservations.expiresAt) })
    .from(resourceReservations)
    .where(and(eq(resourceReservations.napId, napId), eq(resourceReservations.status, 'held')));
  return row?.first ?? null;
}

/** The live held reservation becomes committed (a paid order holds its port). */
export async function commitHeld(
  tx: Db,
  accountId: string,
  now: Date,
): Promise<StoredReservation | undefined> {
  const [row] = await tx
    .update(resourceReservations)
    .set({ status: 'committed', committedAt: now })
    .where(
      and(
        eq(resourceReservations.accountId, accountId),
        eq(resourceReservations.status, 'held'),
        gt(resourceReservations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function setExternalAppointment(
  tx: Db,
  reservationId: string,
  appointmentId: string | null,
  appointmentExpiresAt: Date | null,
): Promise<void> {
  await tx
    .update(resourceReservations)
    .set({ externalAppointmentId: appointmentId, appointmentExpiresAt })
    .where(eq(resourceReservations.id, reservationId));
}

/** The account's reservation with this external order id, whatever its status (ADR 039). */
export async function findReservationOfExternalOrder(
  db: Db,
  accountId: string,
  externalOrderId: string,
): Promise<StoredReservation | undefined> {
  const [row] = await db
    .select()
    .from(resourceReservations)
    .where(
      and(
        eq(resourceReservations.accountId, accountId),
        eq(resourceReservations.externalOrderId, externalOrderId),
      ),
    );
  return row;
}

/**
 * A held reservation becomes committed, its expiry passed or not: while its status is held its port is
 * still counted (an expired hold is only ended when another reservation takes its port back).
 */
export async function commitHeldById(
  tx: Db,
  id: string,
  now: Date,
): Promise<StoredReservation | undefined> {
  const [row] = await tx
    .update(resourceReservations)
    .set({ status: 'committed', committedAt: now })
    .where(and(eq(resourceReservations.id, id), eq(resourceReservations.status, 'held')))
    .returning();
  return row;
}

/** Ends a committed reservation (a paid order cancelled and refunded). */
export async function releaseCommittedById(
  tx: Db,
  id: string,
  at: Date,
): Promise<StoredReservation | undefined> {
  const [row] = await tx
    .update(resourceReservations)
    .set({ status: 'released', endedAt: at })
    .where(and(eq(resourceReservations.id, id), eq(resourceReservations.status, 'committed')))
    .returning();
  return row;
}
