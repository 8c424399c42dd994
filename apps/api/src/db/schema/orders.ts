import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { opsUsers } from './ops';

// ADR 039: orders (product §3 Order, §7.1 create / cancel order, get order entities), every change of
// their state with its time, and the work order a paid order opens (product §4.5; the tracking work
// builds on it). One order per account and external order: the unique index makes create_order
// idempotent however many copies arrive at once.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What was ordered, as priced when ordered (the catalogue may change later). */
export type OrderedProduct = {
  id: string;
  name: string;
  actualCentavos: number;
  finalCentavos: number;
  specialOffer: boolean;
};

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Counts orders for the customer's order number (KNK-00000042). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The network reservation's ids (product §3 resource booking). */
    externalOrderId: text('external_order_id').notNull(),
    externalOrderActionId: text('external_order_action_id').notNull(),
    /** The installation appointment the order books. */
    appointmentId: uuid('appointment_id').notNull(),
    /** ORDER_STATES in the contract (product §4.6 numbers). */
    state: integer('state').notNull(),
    products: jsonb('products').$type<OrderedProduct[]>().notNull(),
    /** The contract's total_price, as the server priced it (integer centavos inside). */
    totalPrice: jsonb('total_price').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    paymentMethod: integer('payment_method').notNull(),
    voucherCodes: text('voucher_codes').array().notNull(),
    referralCode: text('referral_code'),
    /** product §3 attribution: the campaign the customer came from and the sales agent it credits. */
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    salesAgentKind: text('sales_agent_kind', { enum: ['store', 'bde', 'salesman'] }),
    salesAgentCode: text('sales_agent_code'),
    specialOffer: boolean('special_offer').notNull(),
    /** The booked installation time; null while the order needs a new time. */
    installationStartsAt: at('installation_starts_at'),
    installationEndsAt: at('installation_ends_at'),
    /** ADR 092: why a paid order needs a new time when a dispatcher blocked its period; else null. */
    newTimeReason: text('new_time_reason'),
    /** The latest payment attempt. */
    paymentSessionId: uuid('payment_session_id'),
    /** The payment that paid the order (at most one: never paid twice). */
    paidSessionId: uuid('paid_session_id'),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('orders_account_external_order_unique').on(table.accountId, table.externalOrderId),
    index('orders_account_idx').on(table.accountId, table.createdAt),
    index('orders_state_idx').on(table.state, table.createdAt),
  ],
);

/**
 * ADR 077, 080: what the customer is told by SMS after a change of their order (the contract's
 * ORDER_NOTICES, and a new installation time), written in the transaction that made the change, so a
 * crash between the commit and the SMS loses nothing: the notice is sent after the commit, and again by
 * the sweeps until it is. One per order, kind and cause (`ref`: the payment session, or the booked
 * time); a new time supersedes a time notice not sent yet, so the customer is never told a time that no
 * longer holds.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', {
      enum: [
        'order_confirmed',
        'paid_needs_new_time',
        'payment_refunded',
        'order_refunded',
        'time_changed',
        'period_blocked',
      ],
    }).notNull(),
    ref: text('ref').notNull(),
    /** The session whose refund the notice tells of, when it tells of one. */
    paymentSessionId: uuid('payment_session_id'),
    /** Who made the change: customer, payment, system, or an operator (dispatcher:<id>). */
    changedBy: text('changed_by').notNull(),
    /** ADR 092: the dispatcher's reason, for period_blocked. */
    reason: text('reason'),
    /** The new visit, for time_changed; the lost one, for period_blocked. */
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    state: text('state', { enum: ['pending', 'sent', 'superseded'] })
      .notNull()
      .default('pending'),
    createdAt: at('created_at').notNull(),
    /** Taken by a sender; a claim older than a minute is taken as lost (a crash mid-send). */
    claimedAt: at('claimed_at'),
    /** When it was sent, or superseded. */
    doneAt: at('done_at'),
  },
  (table) => [
    uniqueIndex('order_notices_once').on(table.orderId, table.kind, table.ref),
    index('order_notices_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/** Every state an order has been in, with its time and what moved it. */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    state: integer('state').notNull(),
    /** customer, payment (a settlement), or system. */
    source: text('source').notNull(),
    at: at('at').notNull(),
  },
  (table) => [index('order_changes_order_idx').on(table.orderId, table.id)],
);

/** product §4.5: the installation work a paid order opens; one per order. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** product §7.1 view work order's order_action_id (the external order action). */
    orderActionId: text('order_action_id').notNull().unique(),
    /** product §4.5 work_order_status: Open first. */
    status: text('status').notNull(),
    /** ADR 046: the technician the dispatcher assigned; null until then. */
    technicianId: uuid('technician_id').references(() => opsUsers.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('work_orders_technician_idx').on(table.technicianId),
    index('work_orders_status_idx').on(table.status),
  ],
);

export const workOrderChanges = pgTable(
  'work_order_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    status: text('status').notNull(),
    /** Who changed it: "payment" when a paid order opened it, later a crew or support person. */
    changedBy: text('changed_by').notNull(),
    /** ADR 046: why a job could not be installed (the technician's words), or null. */
    reason: text('reason'),
    /** ADR 080: the new installation time this change booked (a new time or a new visit), or null. */
    installationStartsAt: at('installation_starts_at'),
    installationEndsAt: at('installation_ends_at'),
    at: at('at').notNull(),
  },
  (table) => [index('work_order_changes_work_order_idx').on(table.workOrderId, table.id)],
);

/**
 * ADR 047: free days credited on an order, e.g. for a missed visit. One per order, kind and visit (the
 * unique index): two reads or two replicas deciding the same miss credit it once.
 */
export const orderCredits = pgTable(
  'order_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['missed_visit'] }).notNull(),
    /** The visit the credit is for: the end of its period. */
    visitEndsAt: at('visit_ends_at').notNull(),
    /** ADR 080: and its start (null for credits recorded before it was kept). */
    visitStartsAt: at('visit_starts_at'),
    freeDays: integer('free_days').notNull(),
    at: at('at').notNull(),
  },
  (table) => [uniqueIndex('order_credits_once').on(table.orderId, table.kind, table.visitEndsAt)],
);

/**
 * ADR 047: the customer's SMS at each work order milestone, claimed once per milestone and visit (the
 * unique index), so a milestone reached twice, or decided by two replicas, texts once.
 */
export const workOrderNotices = pgTable(
  'work_order_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    milestone: text('milestone', {
      enum: ['on_the_way', 'arrived', 'installed', 'missed'],
    }).notNull(),
    /** The visit the milestone belongs to (its period's start); a new time texts again. */
    visitStartsAt: at('visit_starts_at').notNull(),
    at: at('at').notNull(),
  },
  (table) => [
    uniqueIndex('work_order_notices_once').on(
      table.workOrderId,
      table.milestone,
      table.visitStartsAt,
    ),
  ],
);

/**
 * ADR 048: the technician's latest position on a job that is on the way (Pending-OnTheWay), one row per
 * work order, overwritten by each position the phone sends. Personal data: deleted by a trigger as soon
 * as the job leaves Pending-OnTheWay (migration 0015), never logged.
 */
export const technicianPositions = pgTable('technician_positions', {
  workOrderId: uuid('work_order_id')
    .primaryKey()
    .references(() => workOrders.id),
  technicianId: uuid('technician_id')
    .notNull()
    .references(() => opsUsers.id),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** Metres, as the phone reports it; null when unknown. */
  accuracyM: doublePrecision('accuracy_m'),
  /** When the position arrived (the phone's own clock is not trusted). */
  at: at('at').notNull(),
});
