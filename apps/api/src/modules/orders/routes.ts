import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelOrderCall, createOrderCall, getOrderEntitiesCall } from '@konek/contract/orders';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { cancelOrder, createOrder, orderEntities, type OrdersDependencies } from './service';

// product §7.2 /api/v3/orderoe/create_order, cancel_order, get_order_entities (ADR 039).
const MODULE = 'order';

export type OrdersPluginOptions = { orders: OrdersDependencies; auth: Auth };

export const ordersPlugin: FastifyPluginAsyncZod<OrdersPluginOptions> = async (
  app,
  { orders, auth },
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
};
