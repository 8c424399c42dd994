import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPS_ASSIGN_PATH,
  OPS_CANCEL_PATH,
  OPS_MOVE_PATH,
  OPS_SET_STATUS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { INSTALLATION_STATUS_LABELS } from '@konek/contract/work-order-status';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';
import { paidOrdersKit, type PaidOrder, type PaidOrdersKit } from '../../test/paid-orders';
import { addOperatorUser, signInOperator } from '../../test/work-orders';

// ADR 080, one test per row of product §4.5: the action of a dispatcher, a technician, the customer or
// the system that produces each work order status on a paid order made through the journey, and the
// label the customer then reads through view_work_order.

let testApp: TestApp;
let clock: TestClock;
let kit: PaidOrdersKit;
let dispatcher: string;
let technician: { id: string; token: string };

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({ publicBaseUrl: 'https://konek.example' }, { clock });
  kit = await paidOrdersKit(testApp, clock);
  await addOperatorUser(testApp, clock, {
    username: 'dina',
    role: 'dispatcher',
    name: 'Dina',
    password: 'dispatch-pass-1234',
  });
  await addOperatorUser(testApp, clock, {
    username: 'rosa',
    role: 'technician',
    name: 'Rosa',
    password: 'technician-pass-1',
  });
  dispatcher = (await signInOperator(testApp, 'dina', 'dispatch-pass-1234')).api_token;
  const session = await signInOperator(testApp, 'rosa', 'technician-pass-1');
  technician = { id: session.user.user_id, token: session.api_token };
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** Sends an operator call and answers the work order it moved (failing the test on a refusal). */
async function ops(path: string, body: object, token: string): Promise<TOpsWorkOrder> {
  const reply = await post(testApp.app, path, body, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().work_order;
}

const assign = (paid: PaidOrder) =>
  ops(
    OPS_ASSIGN_PATH,
    { work_order_id: paid.workOrderId, technician_id: technician.id },
    dispatcher,
  );
const tap = (paid: PaidOrder, action: string, reason?: string) =>
  ops(
    OPS_MOVE_PATH,
    { work_order_id: paid.workOrderId, action, ...(reason ? { reason } : {}) },
    technician.token,
  );
const setStatus = (paid: PaidOrder, status: string, reason?: string) =>
  ops(
    OPS_SET_STATUS_PATH,
    { work_order_id: paid.workOrderId, status, ...(reason ? { reason } : {}) },
    dispatcher,
  );

/** A paid order whose technician has arrived. */
async function onSite(): Promise<PaidOrder> {
  const [paid] = await kit.paidOrders(1);
  await assign(paid!);
  await tap(paid!, 'on_the_way');
  await tap(paid!, 'arrived');
  return paid!;
}

/** Each row: how the status is produced, on a fresh paid order. */
const ROWS: Record<string, () => Promise<PaidOrder>> = {
  // Paid: the payment opens the work order.
  Open: async () => (await kit.paidOrders(1))[0]!,
  'Pending-ForVisit': async () => {
    const [paid] = await kit.paidOrders(1);
    await assign(paid!);
    return paid!;
  },
  'Pending-OnTheWay': async () => {
    const [paid] = await kit.paidOrders(1);
    await assign(paid!);
    await tap(paid!, 'on_the_way');
    return paid!;
  },
  Ongoing: onSite,
  'Ongoing-Onhold': async () => {
    const paid = await onSite();
    await tap(paid, 'hold');
    return paid;
  },
  'Ongoing-Unhold': async () => {
    const paid = await onSite();
    await tap(paid, 'hold');
    await tap(paid, 'resume');
    return paid;
  },
  Delayed: async () => {
    const [paid] = await kit.paidOrders(1);
    await assign(paid!);
    await setStatus(paid!, 'Delayed', 'Typhoon signal no. 2 in the area');
    return paid!;
  },
  'Delayed-WithVisit': async () => {
    const paid = await onSite();
    await tap(paid, 'not_installed', 'No permit from the building admin');
    return paid;
  },
  'Delayed-WithoutVisit': async () => {
    const [paid] = await kit.paidOrders(1);
    await assign(paid!);
    await tap(paid!, 'on_the_way');
    await tap(paid!, 'not_installed', 'Road closed by flooding');
    return paid!;
  },
  'Delayed-WithStartActivity': async () => {
    const paid = await onSite();
    await tap(paid, 'return_visit', 'Cable run started, needs a second day');
    return paid;
  },
  // Nobody set off before the booked period ended (ADR 047): decided when read.
  'Delayed-ForReschedule': async () => {
    const [paid] = await kit.paidOrders(1);
    await assign(paid!);
    const now = clock.now().getTime();
    await testApp.database.pool.query(
      `update orders set installation_starts_at = $2, installation_ends_at = $3 where id = $1`,
      [paid!.order.order_id, new Date(now - 4 * 3600_000), new Date(now - 3600_000)],
    );
    return paid!;
  },
  ForRescue: async () => {
    const paid = await onSite();
    await tap(paid, 'rescue', 'Fault on the line at the pole');
    return paid;
  },
  'Delayed-ForCancellation': async () => {
    const [paid] = await kit.paidOrders(1);
    await setStatus(paid!, 'Delayed-ForCancellation', 'No way through the subdivision');
    return paid!;
  },
  Completed: async () => {
    const paid = await onSite();
    await tap(paid, 'completed');
    return paid;
  },
  'Completed-For Visit': async () => {
    const paid = await onSite();
    await tap(paid, 'completed_follow_up', 'Cabling to be tidied on a second visit');
    return paid;
  },
  // The customer's own cancel, with its refund (a dispatcher's is in way-forward.test.ts).
  Cancelled: async () => {
    const [paid] = await kit.paidOrders(1);
    const reply = await kit.cancel(await kit.fresh(paid!));
    expect(reply.statusCode, reply.body).toBe(200);
    return paid!;
  },
};

describe('every product §4.5 row is produced by an action', () => {
  it('has a producing action for each row of the table', () => {
    expect(Object.keys(ROWS).sort()).toEqual([...INSTALLATION_STATUS_LABELS.keys()].sort());
  });

  it.each([...INSTALLATION_STATUS_LABELS])(
    '%s: produced, and shown to the customer as "%s"',
    async (status, label) => {
      const paid = await ROWS[status]!();
      const workOrder = await kit.viewWorkOrder(paid);
      expect(workOrder.work_order_status).toBe(status);
      expect(workOrder.installation_status).toBe(label);
      expect(workOrder.changes.at(-1)).toMatchObject({
        work_order_status: status,
        installation_status: label,
      });
    },
  );

  it('records who produced each status and why', async () => {
    const paid = await onSite();
    const rescued = await tap(paid, 'rescue', 'Fault on the line at the pole');
    // The dispatcher reads the technician's words on the job.
    expect(rescued.note).toBe('Fault on the line at the pole');
    const { rows } = await testApp.database.pool.query<{ status: string; changed_by: string }>(
      `select status, changed_by, reason from work_order_changes where work_order_id = $1 order by id`,
      [paid.workOrderId],
    );
    expect(rows.at(-1)).toEqual({
      status: 'ForRescue',
      changed_by: `technician:${technician.id}`,
      reason: 'Fault on the line at the pole',
    });
    // A rescue crew is a new visit the dispatcher arranges.
    const crew = await assign(paid);
    expect(crew).toMatchObject({ status: 'Pending-ForVisit', note: null });
  });

  it('refuses a dispatcher’s cancel anywhere but Delayed-ForCancellation, and a technician’s always', async () => {
    const [paid] = await kit.paidOrders(1);
    const early = await post(
      testApp.app,
      OPS_CANCEL_PATH,
      { work_order_id: paid!.workOrderId },
      dispatcher,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ module: 'ops', code: 6, from: 'Open', to: 'Cancelled' });
    const byTechnician = await post(
      testApp.app,
      OPS_CANCEL_PATH,
      { work_order_id: paid!.workOrderId },
      technician.token,
    );
    expect(byTechnician.statusCode).toBe(403);
    expect(await kit.paymentStatus(paid!)).toBe('paid');
  });
});

describe('the work zone of a job', () => {
  it('is the zone of the booked slot (Las Piñas: Metro Manila South), for the board’s filter', async () => {
    const [paid] = await kit.paidOrders(1);
    const job = await assign(paid!);
    expect(job.zone).toEqual({ code: 'MM-SOUTH', name: 'Metro Manila South' });
  });
});
