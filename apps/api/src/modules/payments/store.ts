import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import {
  paymentRefunds,
  paymentSessionChanges,
  paymentSessions,
  paymentWebhookEvents,
} from '../../db/schema/payments';

// ADR 038: Konek's payment records. Every status change of a session happens with its row locked
// (FOR UPDATE), so a webhook, a gateway check and a new attempt of the same order take turns; a new
// attempt also holds the order's advisory lock, so two attempts of one order are never opened at once.

export type StoredSession = typeof paymentSessions.$inferSelect;
export type NewSession = typeof paymentSessions.$inferInsert;
export type SessionStatus = StoredSession['status'];
export type FailureReason = NonNullable<StoredSession['failureReason']>;
export type StoredRefund = typeof paymentRefunds.$inferSelect;

/** ADR 077: the wallet took this payment and the order keeps it (not one given back). */
export const isKeptPayment = (session: Pick<StoredSession, 'paidAt' | 'refundCause'>) =>
  session.paidAt !== null && session.refundCause === null;

/** Holds the order's lock until the transaction ends: one new attempt at a time per order. */
export async function lockOrder(tx: Db, orderRef: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${orderRef}`}, 0))`,
  );
}

export function sessionsOfOrder(db: Db, orderRef: string): Promise<StoredSession[]> {
  return db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderRef, orderRef))
    .orderBy(asc(paymentSessions.attempt));
}

export async function latestSessionOfOrder(
  db: Db,
  orderRef: string,
): Promise<StoredSession | undefined> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderRef, orderRef))
    .orderBy(desc(paymentSessions.attempt))
    .limit(1);
  return row;
}

export async function insertSession(tx: Db, session: NewSession): Promise<StoredSession> {
  const [row] = await tx.insert(paymentSessions).values(session).returning();
  return row!;
}

export async function insertChange(
  tx: Db,
  change: {
    sessionId: string;
    status: string;
    failureReason: string | null;
    source: string;
    eventId: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(paymentSessionChanges).values(change);
}

export async function sessionChanges(
  db: Db,
  sessionId: string,
): Promise<{ status: string; failureReason: string | null; source: string; at: Date }[]> {
  return db
    .select({
      status: paymentSessionChanges.status,
      failureReason: paymentSessionChanges.failureReason,
      source: paymentSessionChanges.source,
      at: paymentSessionChanges.at,
    })
    .from(paymentSessionChanges)
    .where(eq(paymentSessionChanges.sessionId, sessionId))
    .orderBy(asc(paymentSessionChanges.id));
}

/** The checkout's ids, once the gateway created it; false when the attempt was given up meanwhile. */
export async function openSession(
  db: Db,
  id: string,
  opened: {
    providerSessionId: string;
    providerPaymentIntentId: string | null;
    checkoutUrl: string;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(paymentSessions)
    .set({ ...opened, updatedAt: opened.at })
    .where(
      and(
        eq(paymentSessions.id, id),
        eq(paymentSessions.status, 'pending'),
        sql`${paymentSessions.providerSessionId} is null`,
      ),
    )
    .returning({ id: paymentSessions.id });
  return rows.length === 1;
}

export async function findSession(db: Db, id: string): Promise<StoredSession | undefined> {
  const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return row;
}

export async function lockSession(tx: Db, id: string): Promise<StoredSession | undefined> {
  const [row] = await tx
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.id, id))
    .for('update');
  return row;
}

/** The session a gateway event names, locked: by checkout, by payment intent, or by payment. */
export async function lockSessionBy(
  tx: Db,
  provider: string,
  key: { checkoutSessionId: string } | { paymentIntentId: string } | { paymentId: string },
): Promise<StoredSession | undefined> {
  const match =
    'checkoutSessionId' in key
      ? eq(paymentSessions.providerSessionId, key.checkoutSessionId)
      : 'paymentIntentId' in key
        ? eq(paymentSessions.providerPaymentIntentId, key.paymentIntentId)
        : eq(paymentSessions.providerPaymentId, key.paymentId);
  const [row] = await tx
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, provider), match))
    .limit(1)
    .for('update');
  return row;
}

export async function updateSession(
  tx: Db,
  id: string,
  patch: Partial<
    Pick<
      StoredSession,
      | 'status'
      | 'failureReason'
      | 'providerPaymentId'
      | 'paidCentavos'
      | 'paidAt'
      | 'duplicateOf'
      | 'refundCause'
      | 'checkedAt'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await tx.update(paymentSessions).set(patch).where(eq(paymentSessions.id, id));
}

export async function markChecked(db: Db, id: string, at: Date): Promise<void> {
  await db.update(paymentSessions).set({ checkedAt: at }).where(eq(paymentSessions.id, id));
}

/** Another attempt of the order whose payment the order keeps (paid first, not given back). */
export async function otherPaidSession(
  tx: Db,
  orderRef: string,
  exceptId: string,
): Promise<StoredSession | undefined> {
  const [row] = await tx
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.orderRef, orderRef),
        ne(paymentSessions.id, exceptId),
        isNotNull(paymentSessions.paidAt),
        isNull(paymentSessions.refundCause),
      ),
    )
    .orderBy(asc(paymentSessions.paidAt))
    .limit(1);
  return row;
}

/** True the first time an event id is seen; a replay (or one still being applied) answers false. */
export async function insertEvent(
  tx: Db,
  event: { eventId: string; provider: string; eventType: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentWebhookEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length === 1;
}

export async function setEventOutcome(
  tx: Db,
  eventId: string,
  outcome: string,
  sessionId: string | null,
): Promise<void> {
  await tx
    .update(paymentWebhookEvents)
    .set({ outcome, sessionId })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

export async function insertRefund(
  tx: Db,
  refund: {
    sessionId: string;
    providerRefundId: string | null;
    amountCentavos: number;
    reason: string;
    status: string;
    at: Date;
  },
): Promise<StoredRefund> {
  const { at, ...values } = refund;
  const [row] = await tx
    .insert(paymentRefunds)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateRefund(
  db: Db,
  id: string,
  patch: { providerRefundId?: string; status: string; at: Date },
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({
      status: patch.status,
      updatedAt: patch.at,
      ...(patch.providerRefundId ? { providerRefundId: patch.providerRefundId } : {}),
    })
    .where(eq(paymentRefunds.id, id));
}

export function refundsOf(db: Db, sessionId: string): Promise<StoredRefund[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.sessionId, sessionId))
    .orderBy(asc(paymentRefunds.createdAt));
}

/** A refund the gateway reports: its status updated, or recorded when Konek did not know it. */
export async function upsertProviderRefund(
  tx: Db,
  refund: {
    sessionId: string;
    providerRefundId: string;
    amountCentavos: number;
    status: string;
    at: Date;
  },
): Promise<void> {
  const updated = await tx
    .update(paymentRefunds)
    .set({ status: refund.status, updatedAt: refund.at })
    .where(eq(paymentRefunds.providerRefundId, refund.providerRefundId))
    .returning({ id: paymentRefunds.id });
  if (updated.length > 0) return;
  await tx
    .insert(paymentRefunds)
    .values({
      sessionId: refund.sessionId,
      providerRefundId: refund.providerRefundId,
      amountCentavos: refund.amountCentavos,
      reason: 'gateway',
      status: refund.status,
      createdAt: refund.at,
      updatedAt: refund.at,
    })
    .onConflictDoNothing();
}

/**
 * ADR 077: payments the order does not keep whose refund has not been made in full yet (the gateway
 * refused or could not be reached, or the process stopped between the commit and the refund).
 */
export async function sessionsOwingRefund(db: Db, limit: number): Promise<StoredSession[]> {
  return db
    .select()
    .from(paymentSessions)
    .where(and(isNotNull(paymentSessions.refundCause), eq(paymentSessions.status, 'paid')))
    .orderBy(asc(paymentSessions.paidAt))
    .limit(limit);
}

/** ADR 077: payments given back that operators should look at (a wrong amount, or a refund still owed). */
export async function flaggedSessions(db: Db, limit: number): Promise<StoredSession[]> {
  return db
    .select()
    .from(paymentSessions)
    .where(
      sql`${paymentSessions.refundCause} = 'amount_mismatch' or (${paymentSessions.refundCause} is not null and ${paymentSessions.status} = 'paid')`,
    )
    .orderBy(desc(paymentSessions.updatedAt))
    .limit(limit);
}
