import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedPerDb } from '../../platform/db/prepared';
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
  'id' | 'number' | 'paidAt' | 'paidSessionId' | 'confirmationSentAt'
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
  const [row] = await orderOfExternalOrderQuery(db).execute({ accountId, externalOrderId });
  return row;
}

export async function findOrder(db: Db, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await orderQuery(db).execute({ orderId });
  return row;
}

/** The order's row locked for the transaction (every state change takes it). */
export async function lockOrder(tx: Db, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await lockedOrderQuery(tx).execute({ orderId });
  return row;
}

// ADR 053: the journey's order reads, each built once per database handle (a transaction's included).
const orderOfExternalOrderQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, sql.placeholder('accountId')),
        eq(orders.externalOrderId, sql.placeholder('externalOrderId')),
      ),
    )
    .prepare('konek_order_of_external_order'),
);
const orderQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('konek_order'),
);
const lockedOrderQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .for('update')
    .prepare('konek_order_locked'),
);
const orderInStatesQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, sql.placeholder('accountId')),
        sql`${orders.state} = any(${sql.placeholder('states')}::integer[])`,
        sql`(${sql.placeholder('exceptId')}::uuid is null or ${orders.id} <> ${sql.placeholder('exceptId')}::uuid)`,
      ),
    )
    .limit(1)
    .prepare('konek_order_in_states'),
);
const orderChangesQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orderChanges)
    .where(sql`${orderChanges.orderId} = any(${sql.placeholder('orderIds')}::uuid[])`)
    .orderBy(asc(orderChanges.id))
    .prepare('konek_order_changes'),
);
const workOrdersQuery = preparedPerDb((db) =>
  db
    .select()
    .from(workOrders)
    .where(sql`${workOrders.orderId} = any(${sql.placeholder('orderIds')}::uuid[])`)
    .prepare('konek_work_orders'),
);

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
  const [row] = await orderInStatesQuery(db).execute({
    accountId,
    states: [...states],
    exceptId,
  });
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
  return orderChangesQuery(db).execute({ orderIds: [...orderIds] });
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
  return workOrdersQuery(db).execute({ orderIds: [...orderIds] });
}

/**
 * Claims the order's confirmation SMS: once, and only when the order is paid and committed. Run outside
 * the settling transaction, it waits for that transaction's row lock, so it sees the commit or nothing.
 */
export async function claimConfirmation(
  db: Db,
  orderId: string,
  paidStates: readonly number[],
  at: Date,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .update(orders)
    .set({ confirmationSentAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.state, [...paidStates]),
        isNull(orders.confirmationSentAt),
      ),
    )
    .returning();
  return row;
}

/** Gives the claim back after the SMS could not be handed over (the next read tries again). */
export async function releaseConfirmation(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, orderId));
}

/** Paid orders whose confirmation was never sent (a failed SMS), of one account. */
export async function unconfirmedPaidOrders(
  db: Db,
  accountId: string,
  paidStates: readonly number[],
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        inArray(orders.state, [...paidStates]),
        isNull(orders.confirmationSentAt),
      ),
    );
  return rows.map((row) => row.id);
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
  await queueNotice(tx, {
    orderId: move.orderId,
    kind: 'time_changed',
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

export type NoticeKind = (typeof orderNotices.$inferInsert)['kind'];

/**
 * ADR 080, in the changing transaction: the text the change owes the customer. A text of the same kind
 * not sent yet is superseded: only the latest time is ever told.
 */
export async function queueNotice(
  tx: Db,
  notice: {
    orderId: string;
    kind: NoticeKind;
    changedBy: string;
    startsAt?: Date;
    endsAt?: Date;
    at: Date;
  },
): Promise<void> {
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
  await tx.insert(orderNotices).values({
    orderId: notice.orderId,
    kind: notice.kind,
    changedBy: notice.changedBy,
    startsAt: notice.startsAt ?? null,
    endsAt: notice.endsAt ?? null,
    at: notice.at,
  });
}
