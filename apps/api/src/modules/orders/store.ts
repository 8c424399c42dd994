import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ORDER_STATES } from '@konek/contract/orders';
import type { Db } from '../../platform/db/database';
import {
  orderChanges,
  orderNotices,
  orders,
  workOrderChanges,
  workOrders,
} from '../../db/schema/orders';

// ADR 039: the orders tables. Only this file runs their SQL.

export type StoredOrder = typeof orders.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'number' | 'paidAt' | 'paidSessionId'
>;
export type StoredOrderChange = typeof orderChanges.$inferSelect;

/**
 * The order, unless one of the account already has this external order: the unique index decides, so
 * any number of concurrent creates make one row. Answers the row made, or undefined.
 */
export async function insertOrderOnce(tx: Db, values: NewOrder): Promise<StoredOrder | undefined> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.accountId, orders.externalOrderId] })
    .returning();
  return row;
}

export async function findOrderOfExternalOrder(
  db: Db,
  accountId: string,
  externalOrderId: string,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.externalOrderId, externalOrderId)));
  return row;
}

export async function findOrder(db: Db, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order's row locked for the transaction (every state change takes it). */
export async function lockOrder(tx: Db, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Serialises one account's order creations (the "already has an order" rule). */
export async function lockAccountOrders(tx: Db, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${accountId}`}, 0))`);
}

/** An order of the account in one of `states` other than `exceptId`, if any. */
export async function findOrderInStates(
  db: Db,
  accountId: string,
  states: readonly number[],
  exceptId: string | null,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        inArray(orders.state, [...states]),
        exceptId === null ? undefined : ne(orders.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** The account's orders other than those in `excludedStates`, newest first. */
export async function listOrdersOfAccount(
  db: Db,
  accountId: string,
  orderIds: readonly string[] | undefined,
  limit: number,
): Promise<StoredOrder[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        orderIds === undefined ? sql`true` : inArray(orders.id, [...orderIds]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}

/** ADR 079: orders by id, whichever account they are of (the support desk names its requests' orders). */
export async function listOrdersByIds(db: Db, orderIds: readonly string[]): Promise<StoredOrder[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

export async function updateOrder(
  tx: Db,
  orderId: string,
  values: Partial<Omit<StoredOrder, 'id' | 'number' | 'accountId'>>,
): Promise<StoredOrder> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
  return row!;
}

export async function insertOrderChange(
  tx: Db,
  change: { orderId: string; state: number; source: string; at: Date },
): Promise<void> {
  await tx.insert(orderChanges).values(change);
}

export async function listOrderChanges(
  db: Db,
  orderIds: readonly string[],
): Promise<StoredOrderChange[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderChanges)
    .where(inArray(orderChanges.orderId, [...orderIds]))
    .orderBy(asc(orderChanges.id));
}

export type StoredWorkOrder = typeof workOrders.$inferSelect;

/** The order's work order, made once (the order's row lock and the unique order id keep it one). */
export async function insertWorkOrderOnce(
  tx: Db,
  values: { orderId: string; accountId: string; orderActionId: string; status: string; at: Date },
  changedBy: string,
): Promise<StoredWorkOrder | undefined> {
  const [row] = await tx
    .insert(workOrders)
    .values({
      orderId: values.orderId,
      accountId: values.accountId,
      orderActionId: values.orderActionId,
      status: values.status,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await tx
      .insert(workOrderChanges)
      .values({ workOrderId: row.id, status: row.status, changedBy, at: values.at });
  }
  return row;
}

export async function listWorkOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<StoredWorkOrder[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(workOrders)
    .where(inArray(workOrders.orderId, [...orderIds]));
}

export type StoredNotice = typeof orderNotices.$inferSelect;

/**
 * ADR 077, 080: a notice to send once the change commits; one per order, kind and ref. A new time
 * supersedes a time notice not sent yet: only the latest time is ever told.
 */
export async function insertNotice(
  tx: Db,
  notice: {
    orderId: string;
    kind: StoredNotice['kind'];
    ref: string;
    paymentSessionId?: string | null;
    changedBy: string;
    startsAt?: Date | null;
    endsAt?: Date | null;
    /** ADR 092: the dispatcher's reason, for period_blocked. */
    reason?: string | null;
    at: Date;
  },
): Promise<void> {
  if (notice.kind === 'time_changed') {
    await tx
      .update(orderNotices)
      .set({ state: 'superseded', doneAt: notice.at })
      .where(
        and(
          eq(orderNotices.orderId, notice.orderId),
          eq(orderNotices.kind, notice.kind),
          eq(orderNotices.state, 'pending'),
        ),
      );
  }
  await tx
    .insert(orderNotices)
    .values({
      orderId: notice.orderId,
      kind: notice.kind,
      ref: notice.ref,
      paymentSessionId: notice.paymentSessionId ?? null,
      changedBy: notice.changedBy,
      startsAt: notice.startsAt ?? null,
      endsAt: notice.endsAt ?? null,
      reason: notice.reason ?? null,
      createdAt: notice.at,
    })
    .onConflictDoNothing();
}

/** A claim older than this is taken as lost (the sender stopped mid-send). */
const CLAIM_LOST_AFTER_MS = 60_000;

/**
 * Claims the unsent notices (of one order, one account, or all), so two senders never send one twice:
 * an unclaimed notice, or one whose claim is over a minute old, is taken.
 */
export async function claimNotices(
  db: Db,
  only: { orderId?: string; accountId?: string },
  at: Date,
  limit = 50,
): Promise<StoredNotice[]> {
  const lostBefore = new Date(at.getTime() - CLAIM_LOST_AFTER_MS);
  const scope = only.orderId
    ? sql`n.order_id = ${only.orderId}::uuid`
    : only.accountId
      ? sql`n.order_id in (select id from orders where account_id = ${only.accountId}::uuid)`
      : sql`true`;
  const rows = await db.execute<{ id: number }>(sql`
    update order_notices set claimed_at = ${at}
     where id in (
       select n.id from order_notices n
        where n.state = 'pending' and (n.claimed_at is null or n.claimed_at < ${lostBefore})
          and ${scope}
        order by n.id limit ${limit}
        for update skip locked)
     returning id`);
  const ids = rows.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderNotices)
    .where(inArray(orderNotices.id, ids))
    .orderBy(asc(orderNotices.id));
}

/** Handed to the SMS provider (a notice superseded meanwhile stays superseded). */
export async function markNoticeSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(orderNotices)
    .set({ state: 'sent', doneAt: at })
    .where(and(eq(orderNotices.id, id), eq(orderNotices.state, 'pending')));
}

/** Gives a claim back after the SMS could not be handed over (the next try takes it). */
export async function releaseNotice(db: Db, id: number): Promise<void> {
  await db.update(orderNotices).set({ claimedAt: null }).where(eq(orderNotices.id, id));
}

/** ADR 077: orders waiting for payment with no checkout, made before `createdBefore`, oldest first. */
export async function ordersWithoutCheckout(
  db: Db,
  createdBefore: Date,
  limit: number,
): Promise<StoredOrder[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.state, ORDER_STATES.awaiting_payment),
        isNull(orders.paymentSessionId),
        sql`${orders.createdAt} < ${createdBefore}`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** ADR 077: orders in `states` made before `createdBefore`, oldest first (the repair sweep's). */
export async function ordersInStates(
  db: Db,
  states: readonly number[],
  createdBefore: Date,
  limit: number,
): Promise<StoredOrder[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.state, [...states]), sql`${orders.createdAt} < ${createdBefore}`))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Moves the order's work order (if any) to `status`, recording who, when and why. */
export async function setWorkOrderStatus(
  tx: Db,
  orderId: string,
  status: string,
  changedBy: string,
  at: Date,
  reason: string | null = null,
): Promise<void> {
  const [row] = await tx
    .update(workOrders)
    .set({ status, updatedAt: at })
    .where(eq(workOrders.orderId, orderId))
    .returning({ id: workOrders.id });
  if (row) {
    await tx
      .insert(workOrderChanges)
      .values({ workOrderId: row.id, status, changedBy, reason, at });
  }
}

/** ADR 049: the account's order of this appointment in one of `states`, its row locked; if any. */
export async function lockOrderOfAppointment(
  tx: Db,
  accountId: string,
  appointmentId: string,
  states: readonly number[],
): Promise<StoredOrder | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.appointmentId, appointmentId),
        inArray(orders.state, [...states]),
      ),
    )
    .for('update');
  return row;
}

/** The order's work order, its row locked; if any. */
export async function lockWorkOrderOfOrder(
  tx: Db,
  orderId: string,
): Promise<StoredWorkOrder | undefined> {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(eq(workOrders.orderId, orderId))
    .for('update');
  return row;
}

/**
 * ADR 049, 080: a paid booking moved — the order's installation time follows, and its work order starts
 * a new visit: Open with no technician when the customer moved it (the dispatcher assigns the new day),
 * or the status and technician of the dispatcher's new visit; the change records who, the new time, and
 * the text the customer is owed (sent after the commit).
 */
export async function rebookOrder(
  tx: Db,
  move: {
    orderId: string;
    workOrderId: string | null;
    startsAt: Date;
    endsAt: Date;
    status: string;
    technicianId: string | null;
    changedBy: string;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      installationStartsAt: move.startsAt,
      installationEndsAt: move.endsAt,
      updatedAt: move.at,
    })
    .where(eq(orders.id, move.orderId));
  await insertNotice(tx, {
    orderId: move.orderId,
    kind: 'time_changed',
    ref: `${move.startsAt.toISOString()}@${move.at.toISOString()}`,
    changedBy: move.changedBy,
    startsAt: move.startsAt,
    endsAt: move.endsAt,
    at: move.at,
  });
  if (move.workOrderId === null) return;
  await tx
    .update(workOrders)
    .set({ status: move.status, technicianId: move.technicianId, updatedAt: move.at })
    .where(eq(workOrders.id, move.workOrderId));
  await tx.insert(workOrderChanges).values({
    workOrderId: move.workOrderId,
    status: move.status,
    changedBy: move.changedBy,
    reason: 'new time',
    installationStartsAt: move.startsAt,
    installationEndsAt: move.endsAt,
    at: move.at,
  });
}

/**
 * ADR 092: the order's work order waits for a new time (`status`, no technician): its booked period was
 * blocked. The change records who and why.
 */
export async function delayWorkOrder(
  tx: Db,
  orderId: string,
  status: string,
  changedBy: string,
  at: Date,
  reason: string | null,
): Promise<void> {
  const [row] = await tx
    .update(workOrders)
    .set({ status, technicianId: null, updatedAt: at })
    .where(eq(workOrders.orderId, orderId))
    .returning({ id: workOrders.id });
  if (row) {
    await tx
      .insert(workOrderChanges)
      .values({ workOrderId: row.id, status, changedBy, reason, at });
  }
}

/**
 * ADR 092: a paid order that had a work order chose a new time after its period was blocked: the work
 * order starts a new visit (Open, no technician) at the new time.
 */
export async function restartWorkOrder(
  tx: Db,
  orderId: string,
  visit: {
    status: string;
    changedBy: string;
    startsAt: Date | null;
    endsAt: Date | null;
    at: Date;
  },
): Promise<void> {
  const [row] = await tx
    .update(workOrders)
    .set({ status: visit.status, technicianId: null, updatedAt: visit.at })
    .where(eq(workOrders.orderId, orderId))
    .returning({ id: workOrders.id });
  if (row) {
    await tx.insert(workOrderChanges).values({
      workOrderId: row.id,
      status: visit.status,
      changedBy: visit.changedBy,
      reason: 'new time',
      installationStartsAt: visit.startsAt,
      installationEndsAt: visit.endsAt,
      at: visit.at,
    });
  }
}

/** ADR 092: the account's order booking this appointment, whatever its state; if any. */
export async function findOrderOfAppointment(
  db: Db,
  accountId: string,
  appointmentId: string,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.appointmentId, appointmentId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}
