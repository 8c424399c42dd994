import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelOrderCall, createOrderCall, getOrderEntitiesCall } from '@konek/contract/orders';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { opsPaymentIssuesCall } from '@konek/contract/ops-payment-issues';
import { requireOperator } from '../operators/service';
import {
  cancelOrder,
  createOrder,
  orderEntities,
  paymentIssues,
  type OrdersDependencies,
} from './service';

// product §7.2 /api/v3/orderoe/create_order, cancel_order, get_order_entities (ADR 039), and the
// payments flagged to dispatchers on /api/ops (ADR 077).
const MODULE = 'order';

export type OrdersPluginOptions = {
  orders: OrdersDependencies;
  auth: Auth;
  /** Operator tokens (/api/ops): the payments flagged to dispatchers (ADR 077). */
  opsAuth: Auth;
};

export const ordersPlugin: FastifyPluginAsyncZod<OrdersPluginOptions> = async (
  app,
  { orders, auth, opsAuth },
) => {
  registerCall(app, createOrderCall, { module: MODULE, auth }, async ({ body }) =>
    ok(MODULE, await createOrder(orders, body.target_id, body)),
  );
  registerCall(app, cancelOrderCall, { module: MODULE, auth }, async ({ body }) =>
    ok(MODULE, { order: await cancelOrder(orders, body.target_id, body.order_id) }),
  );
  registerCall(app, getOrderEntitiesCall, { module: MODULE, auth }, async ({ body }) =>
    ok(MODULE, { orders: await orderEntities(orders, body.target_id, body.order_ids) }),
  );
  registerCall(
    app,
    opsPaymentIssuesCall,
    { module: 'ops', auth: opsAuth },
    async ({ principal }) => {
      await requireOperator(orders.db, principal, ['dispatcher']);
      return ok('ops', { payment_issues: await paymentIssues(orders) });
    },
  );
};
