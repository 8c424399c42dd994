import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsAssignCall,
  opsMoveCall,
  opsSetStatusCall,
  opsWorkOrdersCall,
} from '@konek/contract/ops';
import { viewWorkOrderCall } from '@konek/contract/view-work-order';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  assignWorkOrder,
  moveOwnJob,
  setWorkOrderStatus,
  viewWorkOrder,
  workOrdersOfDay,
  type WorkOrdersDependencies,
} from './service';

// ADR 046: /api/ops work orders by role; product §7.1 view_work_order for the customer.
const OPS_MODULE = 'ops';
const MODULE = 'workorder';

export type WorkOrdersPluginOptions = {
  workOrders: WorkOrdersDependencies;
  /** Customer tokens (view_work_order). */
  auth: Auth;
  /** Operator tokens (/api/ops). */
  opsAuth: Auth;
  ossSegment: string;
};

export const workOrdersPlugin: FastifyPluginAsyncZod<WorkOrdersPluginOptions> = async (
  app,
  { workOrders, auth, opsAuth, ossSegment },
) => {
  const { db } = workOrders;
  registerCall(
    app,
    opsWorkOrdersCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const operator = await requireOperator(db, principal);
      const day = await workOrdersOfDay(workOrders, operator, body?.day);
      return ok(OPS_MODULE, { day: day.day, work_orders: day.workOrders });
    },
  );
  registerCall(
    app,
    opsAssignCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const dispatcher = await requireOperator(db, principal, ['dispatcher']);
      return ok(OPS_MODULE, {
        work_order: await assignWorkOrder(
          workOrders,
          dispatcher,
          body.work_order_id,
          body.technician_id,
        ),
      });
    },
  );
  registerCall(
    app,
    opsSetStatusCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const dispatcher = await requireOperator(db, principal, ['dispatcher']);
      return ok(OPS_MODULE, {
        work_order: await setWorkOrderStatus(
          workOrders,
          dispatcher,
          body.work_order_id,
          body.status,
          body.reason,
        ),
      });
    },
  );
  registerCall(
    app,
    opsMoveCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const technician = await requireOperator(db, principal, ['technician']);
      return ok(OPS_MODULE, {
        work_order: await moveOwnJob(
          workOrders,
          technician,
          body.work_order_id,
          body.action,
          body.reason,
        ),
      });
    },
  );
  registerCall(
    app,
    viewWorkOrderCall,
    { module: MODULE, auth, ossSegment },
    async ({ body, principal }) =>
      ok(MODULE, {
        work_order: await viewWorkOrder(workOrders, principal.accountId, body.order_action_id),
      }),
  );
};
