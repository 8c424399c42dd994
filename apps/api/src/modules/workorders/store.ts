import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { TAddressParts } from '@konek/contract/address-book';
import { accountAddresses } from '../../db/schema/address-book';
import { opsUsers } from '../../db/schema/ops';
import {
  orderCredits,
  orders,
  technicianPositions,
  workOrderChanges,
  workOrderNotices,
  workOrders,
} from '../../db/schema/orders';
import { resourceReservations } from '../../db/schema/resources';
import type { Db } from '../../platform/db/database';

// ADR 046, 047: the work orders a paid order opened (orders creates them at payment and cancels them with
// the order; this module moves them through the visit), their milestones' SMS claims and the credits of
// missed visits. Reads join the order for its number and booked time. ADR 048: the technician's latest
// position while on the way, and the customer's pin (the network reservation's coordinates).

export type WorkOrderRow = {
  id: string;
  orderId: string;
  accountId: string;
  orderActionId: string;
  status: string;
  technicianId: string | null;
  technicianFirstName: string | null;
  orderNumber: number;
  /** The appointment the order books (ADR 080: a dispatcher's new visit moves it). */
  appointmentId: string;
  startsAt: Date | null;
  endsAt: Date | null;
  updatedAt: Date;
  /** Why the job last moved (the latest change's reason), or null. */
  note: string | null;
  /** The booked visit's work zone (its slot's), or null. */
  zoneCode: string | null;
  zoneName: string | null;
  /** ADR 051: where the visit is, for the technician (the order's reservation and its saved address). */
  customerFirstName: string | null;
  latitude: number | null;
  longitude: number | null;
  addressParts: TAddressParts | null;
};

export type Milestone = (typeof workOrderNotices.$inferInsert)['milestone'];

const columns = {
  id: workOrders.id,
  orderId: workOrders.orderId,
  accountId: workOrders.accountId,
  orderActionId: workOrders.orderActionId,
  status: workOrders.status,
  technicianId: workOrders.technicianId,
  technicianFirstName: opsUsers.firstName,
  orderNumber: orders.number,
  appointmentId: orders.appointmentId,
  startsAt: orders.installationStartsAt,
  endsAt: orders.installationEndsAt,
  updatedAt: workOrders.updatedAt,
  note: sql<string | null>`(select c.reason from work_order_changes c
    where c.work_order_id = ${workOrders.id} order by c.id desc limit 1)`,
  zoneCode: sql<string | null>`(select s.work_zone_code from appointments a
    join installation_slots s on s.id = a.slot_id where a.id = ${orders.appointmentId})`,
  zoneName: sql<string | null>`(select z.name from appointments a
    join installation_slots s on s.id = a.slot_id join work_zones z on z.code = s.work_zone_code
    where a.id = ${orders.appointmentId})`,
  customerFirstName: resourceReservations.customerFirstName,
  latitude: resourceReservations.latitude,
  longitude: resourceReservations.longitude,
  addressParts: accountAddresses.parts,
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .leftJoin(opsUsers, eq(opsUsers.id, workOrders.technicianId))
    .leftJoin(
      resourceReservations,
      eq(resourceReservations.externalOrderActionId, orders.externalOrderActionId),
    )
    .leftJoin(accountAddresses, eq(accountAddresses.id, resourceReservations.addressId));

export async function findWorkOrder(db: Db, id: string): Promise<WorkOrderRow | undefined> {
  const [row] = await joined(db).where(eq(workOrders.id, id));
  return row;
}

export async function findWorkOrderByActionId(
  db: Db,
  orderActionId: string,
): Promise<WorkOrderRow | undefined> {
  const [row] = await joined(db).where(eq(workOrders.orderActionId, orderActionId));
  return row;
}

/** Work orders whose visit starts in [from, to), optionally only one technician's, by visit time. */
export async function listWorkOrdersBetween(
  db: Db,
  from: Date,
  to: Date,
  technicianId: string | undefined,
): Promise<WorkOrderRow[]> {
  return joined(db)
    .where(
      and(
        isNotNull(orders.installationStartsAt),
        gte(orders.installationStartsAt, from),
        lt(orders.installationStartsAt, to),
        technicianId === undefined ? undefined : eq(workOrders.technicianId, technicianId),
      ),
    )
    .orderBy(asc(orders.installationStartsAt), asc(orders.number));
}

/**
 * Moves the work order from `from` to `to` (and to `technicianId` when given), only if it is still in
 * `from`: of two moves at once on any replica, one wins and the other finds nothing to move. The change
 * is recorded with who and when; the milestone's SMS is claimed once for this visit.
 */
export async function moveWorkOrder(
  tx: Db,
  move: {
    id: string;
    from: string;
    to: string;
    technicianId?: string;
    changedBy: string;
    reason: string | null;
    at: Date;
    milestone: Milestone | null;
    visitStartsAt: Date;
  },
): Promise<{ isNoticeClaimed: boolean } | undefined> {
  const [row] = await tx
    .update(workOrders)
    .set({
      status: move.to,
      updatedAt: move.at,
      ...(move.technicianId === undefined ? {} : { technicianId: move.technicianId }),
    })
    .where(and(eq(workOrders.id, move.id), eq(workOrders.status, move.from)))
    .returning({ id: workOrders.id });
  if (!row) return undefined;
  await tx.insert(workOrderChanges).values({
    workOrderId: move.id,
    status: move.to,
    changedBy: move.changedBy,
    reason: move.reason,
    at: move.at,
  });
  if (move.milestone === null) return { isNoticeClaimed: false };
  return {
    isNoticeClaimed: await claimNotice(tx, move.id, move.milestone, move.visitStartsAt, move.at),
  };
}

async function claimNotice(
  tx: Db,
  workOrderId: string,
  milestone: Milestone,
  visitStartsAt: Date,
  at: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(workOrderNotices)
    .values({ workOrderId, milestone, visitStartsAt, at })
    .onConflictDoNothing()
    .returning({ id: workOrderNotices.id });
  return claimed.length > 0;
}

/** Gives a milestone's SMS claim back after the SMS could not be handed over. */
export async function releaseNotice(
  db: Db,
  workOrderId: string,
  milestone: Milestone,
  visitStartsAt: Date,
): Promise<void> {
  await db
    .delete(workOrderNotices)
    .where(
      and(
        eq(workOrderNotices.workOrderId, workOrderId),
        eq(workOrderNotices.milestone, milestone),
        eq(workOrderNotices.visitStartsAt, visitStartsAt),
      ),
    );
}

export type MissedVisit = {
  workOrderId: string;
  accountId: string;
  orderNumber: number;
  visitStartsAt: Date;
  isNoticeClaimed: boolean;
};

/**
 * ADR 047, one statement: every work order still in a not-started status whose visit period ended by
 * `now` (optionally only one account's or one work order's) becomes `missedStatus`; the change is
 * recorded, the order credited `freeDays` once for that visit, and the missed SMS claimed once. The
 * UPDATE's condition is checked again on the row's latest version when two replicas race, so only one
 * of them moves it; the unique indexes keep the credit and the claim single even so.
 */
export async function markMissedVisits(
  db: Db,
  input: {
    now: Date;
    notStarted: readonly string[];
    missedStatus: string;
    freeDays: number;
    accountId?: string;
    workOrderId?: string;
  },
): Promise<MissedVisit[]> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const notStarted = sql.join(
    input.notStarted.map((status) => sql`${status}`),
    sql`, `,
  );
  const onlyAccount =
    input.accountId === undefined ? sql`` : sql`and w.account_id = ${input.accountId}`;
  const onlyWorkOrder =
    input.workOrderId === undefined ? sql`` : sql`and w.id = ${input.workOrderId}`;
  const { rows } = await db.execute<{
    work_order_id: string;
    account_id: string;
    order_number: string | number;
    visit_starts_at: string | Date;
    notified: boolean;
  }>(sql`
    with missed as (
      update work_orders w set status = ${input.missedStatus}, updated_at = ${now}
      from orders o
      where o.id = w.order_id
        and w.status in (${notStarted})
        and o.installation_ends_at is not null
        and o.installation_ends_at <= ${now}
        ${onlyAccount} ${onlyWorkOrder}
      returning w.id, w.order_id, w.account_id, o.number,
        o.installation_starts_at, o.installation_ends_at
    ), changes as (
      insert into work_order_changes (work_order_id, status, changed_by, at)
      select id, ${input.missedStatus}, 'system', ${now} from missed
    ), credits as (
      insert into order_credits (order_id, kind, visit_starts_at, visit_ends_at, free_days, at)
      select order_id, 'missed_visit', installation_starts_at, installation_ends_at,
        ${input.freeDays}, ${now} from missed
      on conflict do nothing
    ), notices as (
      insert into work_order_notices (work_order_id, milestone, visit_starts_at, at)
      select id, 'missed', installation_starts_at, ${now} from missed
      on conflict do nothing
      returning work_order_id
    )
    select m.id as work_order_id, m.account_id, m.number as order_number,
      m.installation_starts_at as visit_starts_at, (n.work_order_id is not null) as notified
    from missed m left join notices n on n.work_order_id = m.id`);
  return rows.map((row) => ({
    workOrderId: row.work_order_id,
    accountId: row.account_id,
    orderNumber: Number(row.order_number),
    visitStartsAt: new Date(row.visit_starts_at),
    isNoticeClaimed: row.notified,
  }));
}

export type ChangeRow = {
  status: string;
  at: Date;
  /** ADR 080: the new installation time the change booked, if it did. */
  installationStartsAt: Date | null;
  installationEndsAt: Date | null;
};

export async function listChanges(db: Db, workOrderId: string): Promise<ChangeRow[]> {
  return db
    .select({
      status: workOrderChanges.status,
      at: workOrderChanges.at,
      installationStartsAt: workOrderChanges.installationStartsAt,
      installationEndsAt: workOrderChanges.installationEndsAt,
    })
    .from(workOrderChanges)
    .where(eq(workOrderChanges.workOrderId, workOrderId))
    .orderBy(asc(workOrderChanges.id));
}

export type CreditRow = {
  kind: 'missed_visit';
  freeDays: number;
  at: Date;
  visitStartsAt: Date | null;
  visitEndsAt: Date;
};

export async function listCredits(db: Db, orderId: string): Promise<CreditRow[]> {
  return db
    .select({
      kind: orderCredits.kind,
      freeDays: orderCredits.freeDays,
      at: orderCredits.at,
      visitStartsAt: orderCredits.visitStartsAt,
      visitEndsAt: orderCredits.visitEndsAt,
    })
    .from(orderCredits)
    .where(eq(orderCredits.orderId, orderId))
    .orderBy(asc(orderCredits.id));
}

export type GeoPoint = { lat: number; lng: number };

/**
 * ADR 048, one statement: stores the technician's position on their own job while it is in `onTheWay`,
 * replacing the last one, and answers the customer's pin (null when the order has none). Undefined when
 * nothing was stored: not the technician's job, not on the way, or no such work order.
 */
export async function savePosition(
  db: Db,
  input: {
    workOrderId: string;
    technicianId: string;
    onTheWay: string;
    lat: number;
    lng: number;
    accuracyM: number | null;
    at: Date;
  },
): Promise<{ destination: GeoPoint | null } | undefined> {
  const { rows } = await db.execute<{ latitude: number | null; longitude: number | null }>(sql`
    with job as (
      select w.id, r.latitude, r.longitude
      from work_orders w
      join orders o on o.id = w.order_id
      left join resource_reservations r on r.external_order_id = o.external_order_id
      where w.id = ${input.workOrderId}
        and w.technician_id = ${input.technicianId}
        and w.status = ${input.onTheWay}
    ), saved as (
      insert into technician_positions (work_order_id, technician_id, latitude, longitude, accuracy_m, at)
      select id, ${input.technicianId}, ${input.lat}, ${input.lng}, ${input.accuracyM},
        ${input.at.toISOString()}::timestamptz
      from job
      on conflict (work_order_id) do update set technician_id = excluded.technician_id,
        latitude = excluded.latitude, longitude = excluded.longitude,
        accuracy_m = excluded.accuracy_m, at = excluded.at
      returning work_order_id
    )
    select job.latitude, job.longitude from job join saved on saved.work_order_id = job.id`);
  const [row] = rows;
  if (!row) return undefined;
  return {
    destination:
      row.latitude === null || row.longitude === null
        ? null
        : { lat: Number(row.latitude), lng: Number(row.longitude) },
  };
}

/** ADR 048: the customer's pin and the technician's latest position (if any) of a work order. */
export async function trackingOf(
  db: Db,
  workOrderId: string,
): Promise<{
  destination: GeoPoint | null;
  position: (GeoPoint & { accuracyM: number | null; at: Date }) | null;
}> {
  const [row] = await db
    .select({
      destinationLat: resourceReservations.latitude,
      destinationLng: resourceReservations.longitude,
      lat: technicianPositions.latitude,
      lng: technicianPositions.longitude,
      accuracyM: technicianPositions.accuracyM,
      at: technicianPositions.at,
    })
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .leftJoin(
      resourceReservations,
      eq(resourceReservations.externalOrderId, orders.externalOrderId),
    )
    .leftJoin(technicianPositions, eq(technicianPositions.workOrderId, workOrders.id))
    .where(eq(workOrders.id, workOrderId));
  if (!row) return { destination: null, position: null };
  return {
    destination:
      row.destinationLat === null || row.destinationLng === null
        ? null
        : { lat: row.destinationLat, lng: row.destinationLng },
    position:
      row.lat === null || row.lng === null || row.at === null
        ? null
        : { lat: row.lat, lng: row.lng, accuracyM: row.accuracyM, at: row.at },
  };
}
