import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifySse from '@fastify/sse';
import type { ListenConnection } from '../../platform/db/listener';
import * as z from 'zod';
import {
  opsAssignCall,
  opsCancelCall,
  opsMoveCall,
  opsSetStatusCall,
  opsSlotsCall,
  opsWorkOrdersCall,
} from '@konek/contract/ops';
import {
  opsPositionCall,
  TRACKING_EVENT,
  TRACKING_HEARTBEAT_SECONDS,
  trackWorkOrderPath,
} from '@konek/contract/tracking';
import { viewWorkOrderCall, ZViewWorkOrderRequest } from '@konek/contract/view-work-order';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  assignWorkOrder,
  cancelWorkOrder,
  moveOwnJob,
  ownWorkOrderId,
  setWorkOrderStatus,
  settleMissedVisits,
  shareTechnicianPosition,
  slotsForWorkOrder,
  viewWorkOrder,
  workOrderSnapshot,
  workOrdersOfDay,
  type WorkOrdersDependencies,
} from './service';
import { createTrackingHub } from './tracking-hub';

// ADR 046: /api/ops work orders by role; product §7.1 view_work_order for the customer. ADR 048: the
// technician's position, and the customer's live stream of their work order (Server-Sent Events). ADR
// 080: a dispatcher's new visit at a new time (with the free slots to choose from) and cancel with refund.
const OPS_MODULE = 'ops';
const MODULE = 'workorder';

export type WorkOrdersPluginOptions = {
  workOrders: WorkOrdersDependencies;
  /** Customer tokens (view_work_order). */
  auth: Auth;
  /** Operator tokens (/api/ops). */
  opsAuth: Auth;
  ossSegment: string;
  /** ADR 048: the settings of the one connection (outside the pool) that LISTENs for changes. */
  listenConnection: ListenConnection;
};

export const workOrdersPlugin: FastifyPluginAsyncZod<WorkOrdersPluginOptions> = async (
  app,
  { workOrders, auth, opsAuth, ossSegment, listenConnection },
) => {
  const { db } = workOrders;
  const hub = createTrackingHub({
    connection: listenConnection,
    read: (workOrderId) => workOrderSnapshot(workOrders, workOrderId),
    log: workOrders.log,
  });
  // Streams end before the server waits for its connections to close.
  app.addHook('preClose', () => hub.close());
  await app.register(fastifySse, { heartbeatInterval: TRACKING_HEARTBEAT_SECONDS * 1000 });
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
          body.time_slot,
        ),
      });
    },
  );
  registerCall(
    app,
    opsSlotsCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      await requireOperator(db, principal, ['dispatcher']);
      return ok(OPS_MODULE, {
        time_slots: await slotsForWorkOrder(workOrders, body.work_order_id),
      });
    },
  );
  registerCall(
    app,
    opsCancelCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const dispatcher = await requireOperator(db, principal, ['dispatcher']);
      return ok(OPS_MODULE, {
        work_order: await cancelWorkOrder(workOrders, dispatcher, body.work_order_id, body.reason),
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
  registerCall(
    app,
    opsPositionCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const technician = await requireOperator(db, principal, ['technician']);
      const { etaMinutes } = await shareTechnicianPosition(workOrders, technician, {
        workOrderId: body.work_order_id,
        lat: body.lat,
        lng: body.lng,
        accuracyM: body.accuracy_m ?? null,
      });
      return ok(OPS_MODULE, { eta_minutes: etaMinutes });
    },
  );
  // ADR 048: the customer's live view of their work order. The token and the order are checked before
  // anything is streamed, so a refusal is the usual JSON envelope (401, 403). Then the stream opens:
  // the current snapshot as TRACKING_EVENT, a new one after every change (any replica: LISTEN/NOTIFY),
  // a comment every TRACKING_HEARTBEAT_SECONDS. Never compressed: a compressor would hold the events.
  app.get(
    trackWorkOrderPath(ossSegment),
    {
      sse: { kind: 'manual' },
      compress: false,
      schema: {
        tags: [MODULE],
        hide: true,
        querystring: z.object({ order_action_id: ZViewWorkOrderRequest.shape.order_action_id }),
      },
    },
    async (request, reply) => {
      const principal = await auth.authenticate(request);
      const workOrderId = await ownWorkOrderId(
        workOrders,
        principal.accountId,
        request.query.order_action_id,
      );
      await settleMissedVisits(workOrders, { workOrderId });
      reply.sse.keepAlive();
      // The session is checked again before every snapshot and at every heartbeat: a sign-out, a PIN
      // change or the token's expiry ends the stream, and nothing is sent after it. One check at a time,
      // in order, so the snapshots keep theirs.
      let checks = Promise.resolve();
      const inOrder = (step: () => Promise<void>) => {
        checks = checks.then(step).catch(() => undefined);
      };
      const endUnlessSignedIn = async (): Promise<boolean> => {
        try {
          await auth.authenticate(request);
          return true;
        } catch {
          reply.sse.close();
          return false;
        }
      };
      const unsubscribe = await hub.subscribe(workOrderId, {
        push: (snapshot) =>
          inOrder(async () => {
            if (!(await endUnlessSignedIn())) return;
            await reply.sse.send({ event: TRACKING_EVENT, data: snapshot });
          }),
        end: () => reply.sse.close(),
      });
      const sessionCheck = setInterval(
        () => inOrder(async () => void (await endUnlessSignedIn())),
        TRACKING_HEARTBEAT_SECONDS * 1000,
      );
      reply.sse.onClose(() => {
        clearInterval(sessionCheck);
        unsubscribe();
      });
      // The response is committed as a stream before the handler returns (the snapshot follows).
      reply.sse.sendHeaders();
      if (!reply.sse.isConnected) {
        clearInterval(sessionCheck);
        unsubscribe();
      }
    },
  );
};
