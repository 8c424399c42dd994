import { paymentFailureOf } from '@konek/contract/fetch-payment-session-data';
import { centavosToPesos } from '@konek/contract/money';
import type { TOrderProducts } from '@konek/contract/offer-rules';
import {
  isPurchasedOrderState,
  orderStateName,
  type TOrder,
  type TOrderProduct,
} from '@konek/contract/orders';
import type { TOpsPaymentIssue } from '@konek/contract/ops-payment-issues';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Db } from '../../platform/db/database';
import {
  flaggedPayments,
  paymentSession,
  shownPaymentStatus,
  type PaymentSummary,
} from '../payments/service';
import { orderNumberOf, sendNotices } from './notices';
import type { OrdersDependencies } from './orders-dependencies';
import {
  findOrder,
  listOrderChanges,
  listOrdersByIds,
  listOrdersOfAccount,
  listWorkOrders,
  type StoredOrder,
} from './store';

// ADR 039: an order as the contract's reply tells it (product §3 Order), and get_order_entities.

const GET_ORDERS_LIMIT = 20;

function productsOf(order: StoredOrder): Record<string, TOrderProduct> {
  return Object.fromEntries(
    order.products.map((product) => [
      product.id,
      {
        id: product.id,
        type: 'offer' as const,
        quantity: 1 as const,
        name: product.name,
        price: centavosToPesos(product.finalCentavos),
        price_centavos: product.finalCentavos,
        special_offer: product.specialOffer,
      },
    ]),
  );
}

function paymentReply(summary: PaymentSummary | null): TOrder['payment'] {
  if (!summary) return null;
  const shown = shownPaymentStatus(summary);
  return {
    payment_session_id: summary.paymentSessionId,
    attempt: summary.attempt,
    status: shown.status,
    failure: shown.reason ? paymentFailureOf(shown.reason) : null,
    checkout_url: summary.checkoutUrl,
  };
}

async function ordersReply(deps: OrdersDependencies, stored: StoredOrder[]): Promise<TOrder[]> {
  const ids = stored.map((order) => order.id);
  const [changes, workOrders] = await Promise.all([
    listOrderChanges(deps.db, ids),
    listWorkOrders(deps.db, ids),
  ]);
  return Promise.all(
    stored.map(async (order) => {
      const summary = order.paymentSessionId
        ? await paymentSession(deps.payments, order.paymentSessionId)
        : null;
      const workOrder = workOrders.find((candidate) => candidate.orderId === order.id);
      return {
        order_id: order.id,
        order_number: orderNumberOf(order),
        state: order.state,
        state_name: orderStateName(order.state)!,
        purchased: isPurchasedOrderState(order.state),
        entities: { product: productsOf(order) },
        properties: { work_order_status: workOrder?.status ?? null },
        external_order_id: order.externalOrderId,
        external_order_action_id: order.externalOrderActionId,
        appointment_id: order.appointmentId,
        installation:
          order.installationStartsAt && order.installationEndsAt
            ? {
                start_time: order.installationStartsAt.toISOString(),
                end_time: order.installationEndsAt.toISOString(),
              }
            : null,
        new_time_reason: order.newTimeReason,
        total_price: order.totalPrice as TTotalPrice,
        amount: centavosToPesos(order.amountCentavos),
        amount_centavos: order.amountCentavos,
        currency: 'PHP' as const,
        payment_method: order.paymentMethod as TOrder['payment_method'],
        payment: paymentReply(summary),
        special_offer: order.specialOffer,
        created_at: order.createdAt.toISOString(),
        paid_at: order.paidAt?.toISOString() ?? null,
        changes: changes
          .filter((change) => change.orderId === order.id)
          .map((change) => ({
            state: change.state,
            state_name: orderStateName(change.state)!,
            at: change.at.toISOString(),
          })),
      };
    }),
  );
}

export async function orderReply(deps: OrdersDependencies, order: StoredOrder): Promise<TOrder> {
  const [reply] = await ordersReply(deps, [order]);
  return reply!;
}

/**
 * product §7.1 get order entities: the account's orders, newest first (those asked for when order_ids
 * is given; ids of other accounts simply are not found). An SMS about them that could not be sent yet is
 * sent here.
 */
export async function orderEntities(
  deps: OrdersDependencies,
  accountId: string,
  orderIds: readonly string[] | undefined,
): Promise<TOrder[]> {
  const ids = orderIds?.filter(isUuid);
  await deps.beforeOrdersRead?.(accountId);
  const stored = await listOrdersOfAccount(deps.db, accountId, ids, GET_ORDERS_LIMIT);
  await sendNotices(deps, { accountId });
  return ordersReply(deps, stored);
}

/** product §4.6 for the catalog: the account's orders as the purchase rule reads them. */
export async function ordersOfAccount(db: Db, accountId: string): Promise<TOrderProducts[]> {
  const stored = await listOrdersOfAccount(db, accountId, undefined, 100);
  return stored.map((order) => ({
    state: order.state,
    entities: {
      product: Object.fromEntries(
        order.products.map((product) => [product.id, { id: product.id }]),
      ),
    },
  }));
}

/** ADR 077: the payments flagged to operators, with the order each belongs to. */
export async function paymentIssues(deps: OrdersDependencies): Promise<TOpsPaymentIssue[]> {
  const flagged = await flaggedPayments(deps.payments);
  return Promise.all(
    flagged.map(async (payment) => {
      const order = isUuid(payment.orderRef)
        ? await findOrder(deps.db, payment.orderRef)
        : undefined;
      return {
        payment_session_id: payment.paymentSessionId,
        order_number: order ? orderNumberOf(order) : payment.orderRef,
        cause: payment.refundCause ?? 'amount_mismatch',
        asked_centavos: payment.amountCentavos,
        paid_centavos: payment.paidCentavos ?? 0,
        refunded_centavos: payment.refundedCentavos,
        paid_at: payment.paidAt?.toISOString() ?? null,
      };
    }),
  );
}

/** An order as a support request shows it: what a dispatcher needs to answer about it (ADR 079). */
export type OrderSummary = {
  orderId: string;
  orderNumber: string;
  stateName: string;
  /** product §4.5 work_order_status; null before payment. */
  workOrderStatus: string | null;
  /** Its work order (the installation job); null before payment. */
  workOrderId: string | null;
  installation: { start_time: string; end_time: string } | null;
};

async function summariesOf(db: Db, stored: readonly StoredOrder[]): Promise<OrderSummary[]> {
  const workOrders = await listWorkOrders(
    db,
    stored.map((order) => order.id),
  );
  return stored.map((order) => ({
    orderId: order.id,
    orderNumber: orderNumberOf(order),
    stateName: orderStateName(order.state) ?? String(order.state),
    workOrderStatus: workOrders.find((each) => each.orderId === order.id)?.status ?? null,
    workOrderId: workOrders.find((each) => each.orderId === order.id)?.id ?? null,
    installation:
      order.installationStartsAt && order.installationEndsAt
        ? {
            start_time: order.installationStartsAt.toISOString(),
            end_time: order.installationEndsAt.toISOString(),
          }
        : null,
  }));
}

/**
 * The account's order a support request is about: the one named by its number when it is this
 * account's (undefined when it is not, whoever's it may be), else the newest.
 */
export async function orderOfAccountForSupport(
  db: Db,
  accountId: string,
  orderNumber: string | undefined,
): Promise<OrderSummary | undefined> {
  const stored = await listOrdersOfAccount(db, accountId, undefined, GET_ORDERS_LIMIT);
  const order =
    orderNumber === undefined
      ? stored[0]
      : stored.find((candidate) => orderNumberOf(candidate) === orderNumber);
  if (!order) return undefined;
  return (await summariesOf(db, [order]))[0];
}

/** The orders of support requests as they stand now, by order id. */
export async function orderSummaries(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, OrderSummary>> {
  const unique = [...new Set(orderIds)].filter(isUuid);
  const summaries = await summariesOf(db, await listOrdersByIds(db, unique));
  return new Map(summaries.map((summary) => [summary.orderId, summary]));
}
