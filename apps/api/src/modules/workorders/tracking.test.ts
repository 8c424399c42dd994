import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_ASSIGN_PATH, OPS_MOVE_PATH, OPS_SET_STATUS_PATH } from '@konek/contract/ops';
import {
  estimateArrivalMinutes,
  OPS_POSITION_PATH,
  TRACKING_EVENT,
  trackWorkOrderPath,
} from '@konek/contract/tracking';
import { viewWorkOrderPath, ZWorkOrder, type TWorkOrder } from '@konek/contract/view-work-order';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { createTestApp, type SecondApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import { barangayDetail, buildingParts, LAS_PINAS, withReservedNetwork } from '../../test/journey';
import { addOperatorUser, insertPaidWorkOrder, signInOperator } from '../../test/work-orders';

// ADR 048 through HTTP against PostgreSQL: the technician's position (own job, on the way only), the
// customer's pin and ETA on view_work_order, and the Server-Sent Events stream — a snapshot on open, a
// new one within a second of a move or a position, on another replica too (LISTEN/NOTIFY), refused
// (401, 403) before anything is streamed.

const HOUR = 60 * 60 * 1000;

let testApp: TestApp;
let second: SecondApp;
let clock: TestClock;
let baseUrl: string;
let secondBaseUrl: string;
let dispatcherToken: string;
let ana: { id: string; token: string };
let ben: { id: string; token: string };
let customers: Customer[];
/** The first app's log lines (info and up; the other apps share the level and write to stdout). */
const written: string[] = [];
const logDestination = { write: (line: string) => void written.push(line) };
/** Every position a test shares, to look for in the log. */
const sharedPoints: { lat: number; lng: number }[] = [];

async function addOperator(username: string, role: string, name: string, password: string) {
  const added = await addOperatorUser(testApp, clock, { username, role, name, password });
  expect(added.code).toBe(0);
  const session = await signInOperator(testApp, username, password);
  return { id: session.user.user_id, token: session.api_token };
}

/** The customer's network reservation: its external order and the pin of the installation address. */
async function reservationOf(customer: Customer) {
  const { rows } = await testApp.database.pool.query<{
    external_order_id: string;
    latitude: number;
    longitude: number;
  }>(
    `select external_order_id, latitude, longitude from resource_reservations
      where account_id = $1 and status = 'held'`,
    [customer.accountId],
  );
  return rows[0]!;
}

/** A paid order of the customer's reservation with its work order (Open), booked for the next hours. */
async function paidWorkOrder(customer: Customer) {
  const now = clock.now();
  const reservation = await reservationOf(customer);
  const job = await insertPaidWorkOrder(testApp, {
    accountId: customer.accountId,
    externalOrderId: reservation.external_order_id,
    startsAt: new Date(now.getTime() + HOUR),
    endsAt: new Date(now.getTime() + 4 * HOUR),
    now,
  });
  return { ...job, destination: { lat: reservation.latitude, lng: reservation.longitude } };
}

const move = (token: string, workOrderId: string, action: string) =>
  post(testApp.app, OPS_MOVE_PATH, { work_order_id: workOrderId, action }, token);
const sharePosition = (
  token: string,
  workOrderId: string,
  point: { lat: number; lng: number },
  app = testApp.app,
) => {
  sharedPoints.push(point);
  return post(
    app,
    OPS_POSITION_PATH,
    { work_order_id: workOrderId, ...point, accuracy_m: 12 },
    token,
  );
};

async function onTheWay(workOrderId: string) {
  const assigned = await post(
    testApp.app,
    OPS_ASSIGN_PATH,
    { work_order_id: workOrderId, technician_id: ana.id },
    dispatcherToken,
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  const moved = await move(ana.token, workOrderId, 'on_the_way');
  expect(moved.statusCode, moved.body).toBe(200);
}

const view = async (customer: Customer, orderActionId: string): Promise<TWorkOrder> => {
  const reply = await post(
    testApp.app,
    viewWorkOrderPath(testApp.config.ossSegment),
    { order_action_id: orderActionId },
    customer.token,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return ZWorkOrder.parse(reply.json().work_order);
};

/** About 1 km north of the pin. */
const nearby = (pin: { lat: number; lng: number }, km = 1) => ({
  lat: pin.lat + km / 111,
  lng: pin.lng,
});

type Stream = {
  status: number;
  headers: Headers;
  body: string;
  events: TWorkOrder[];
  /** Resolves with the first event since the last match that `matches`, or rejects after `withinMs`. */
  next: (matches: (event: TWorkOrder) => boolean, withinMs: number) => Promise<TWorkOrder>;
  /** Whether the server ended the stream within `withinMs`. */
  endsWithin: (withinMs: number) => Promise<boolean>;
  close: () => void;
};

/** Opens the tracking stream as a browser's fetch would, and parses its events as they arrive. */
async function openStream(
  base: string,
  orderActionId: string,
  token: string | null,
): Promise<Stream> {
  const controller = new AbortController();
  const url = `${base}${trackWorkOrderPath(testApp.config.ossSegment)}?order_action_id=${encodeURIComponent(orderActionId)}`;
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: controller.signal,
  });
  const events: TWorkOrder[] = [];
  let seen = 0;
  let markEnded = () => {};
  const ended = new Promise<true>((resolve) => (markEnded = () => resolve(true)));
  const waiters: { matches: (event: TWorkOrder) => boolean; resolve: (e: TWorkOrder) => void }[] =
    [];
  const stream: Stream = {
    status: response.status,
    headers: response.headers,
    body: '',
    events,
    next: (matches, withinMs) => {
      // Events already received since the last match count too (a move's event may beat the wait).
      const index = events.findIndex((event, at) => at >= seen && matches(event));
      if (index !== -1) {
        seen = index + 1;
        return Promise.resolve(events[index]!);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${withinMs} ms`)),
          withinMs,
        );
        waiters.push({
          matches,
          resolve: (event) => {
            clearTimeout(timer);
            seen = events.length;
            resolve(event);
          },
        });
      });
    },
    endsWithin: (withinMs) =>
      Promise.race([
        ended,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), withinMs)),
      ]),
    close: () => controller.abort(),
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.body = await response.text();
    return stream;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return markEnded();
        buffer += value;
        stream.body += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (name !== TRACKING_EVENT || data === '') continue;
          const event = ZWorkOrder.parse(JSON.parse(data));
          events.push(event);
          for (const waiter of waiters.splice(0)) {
            if (waiter.matches(event)) waiter.resolve(event);
            else waiters.push(waiter);
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}

beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-26T00:30:00Z'));
  testApp = await createTestApp({ logLevel: 'info' }, { clock, logDestination });
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  second = await testApp.startAnotherApp();
  secondBaseUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await addOperator('ana', 'technician', 'Ana', 'technician-pass-1');
  ben = await addOperator('ben', 'technician', 'Ben', 'technician-pass-2');
  dispatcherToken = (await addOperator('dina', 'dispatcher', 'Dina', 'dispatch-pass-1234')).token;
  customers = await quickCustomers(testApp, 8, clock);
  const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
  const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
  await withReservedNetwork(testApp.app, customers, unit);
}, 120_000);

afterAll(async () => {
  await second?.close();
  await testApp?.close();
});

describe('the technician’s position', () => {
  it('is taken on their own job while on the way, answering the ETA to the customer’s pin', async () => {
    const job = await paidWorkOrder(customers[0]!);
    const before = await view(customers[0]!, job.orderActionId);
    expect(before.tracking).toEqual({
      destination: job.destination,
      technician_position: null,
      eta_minutes: null,
    });

    // Assigned but not yet on the way: refused, nothing kept.
    await post(
      testApp.app,
      OPS_ASSIGN_PATH,
      { work_order_id: job.workOrderId, technician_id: ana.id },
      dispatcherToken,
    );
    const early = await sharePosition(ana.token, job.workOrderId, nearby(job.destination));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ module: 'ops' });
    expect(early.json().code).toBe(8);
    expect((await move(ana.token, job.workOrderId, 'on_the_way')).statusCode).toBe(200);

    const point = nearby(job.destination, 2);
    const shared = await sharePosition(ana.token, job.workOrderId, point);
    expect(shared.statusCode, shared.body).toBe(200);
    const eta = estimateArrivalMinutes(point, job.destination);
    expect(eta).toBeGreaterThan(0);
    expect(shared.json().eta_minutes).toBe(eta);

    const seen = await view(customers[0]!, job.orderActionId);
    expect(seen.tracking.destination).toEqual(job.destination);
    expect(seen.tracking.technician_position).toMatchObject({ ...point, accuracy_m: 12 });
    expect(seen.tracking.eta_minutes).toBe(eta);

    // Another technician's job, a dispatcher, an unknown job.
    const notHis = await sharePosition(ben.token, job.workOrderId, point);
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toMatchObject({ module: 'ops', code: 4 });
    expect((await sharePosition(dispatcherToken, job.workOrderId, point)).statusCode).toBe(403);
    expect((await sharePosition(ana.token, crypto.randomUUID(), point)).statusCode).toBe(404);
    expect(
      (
        await post(
          testApp.app,
          OPS_POSITION_PATH,
          { work_order_id: job.workOrderId, lat: 200, lng: 0 },
          ana.token,
        )
      ).statusCode,
    ).toBe(400);

    // Arrived: the position is forgotten, not only hidden.
    expect((await move(ana.token, job.workOrderId, 'arrived')).statusCode).toBe(200);
    const arrived = await view(customers[0]!, job.orderActionId);
    expect(arrived.tracking.technician_position).toBeNull();
    expect(arrived.tracking.eta_minutes).toBeNull();
    const { rows } = await testApp.database.pool.query(
      'select 1 from technician_positions where work_order_id = $1',
      [job.workOrderId],
    );
    expect(rows).toHaveLength(0);
    expect((await sharePosition(ana.token, job.workOrderId, point)).statusCode).toBe(409);
  });
});

describe('the tracking stream', () => {
  it('sends the snapshot on open, then a position and a status change within a second', async () => {
    const customer = customers[1]!;
    const job = await paidWorkOrder(customer);
    const stream = await openStream(baseUrl, job.orderActionId, customer.token);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // Like every API reply (it carries the customer's order): stored by no cache, proxies included.
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('x-frame-options')).toBe('DENY');
      const first = await stream.next(() => true, 2000);
      expect(first).toEqual(await view(customer, job.orderActionId));
      expect(first.work_order_status).toBe('Open');

      await onTheWay(job.workOrderId);
      const started = await stream.next(
        (event) => event.work_order_status === 'Pending-OnTheWay',
        1000,
      );
      expect(started.technician).toEqual({ first_name: 'Ana' });

      const point = nearby(job.destination, 3);
      const sentAt = Date.now();
      expect((await sharePosition(ana.token, job.workOrderId, point)).statusCode).toBe(200);
      const positioned = await stream.next(
        (event) => event.tracking.technician_position?.lat === point.lat,
        1000,
      );
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(positioned.tracking.eta_minutes).toBe(estimateArrivalMinutes(point, job.destination));

      expect((await move(ana.token, job.workOrderId, 'arrived')).statusCode).toBe(200);
      const arrived = await stream.next((event) => event.work_order_status === 'Ongoing', 1000);
      expect(arrived.tracking.technician_position).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('carries a move made on another replica', async () => {
    const customer = customers[2]!;
    const job = await paidWorkOrder(customer);
    const stream = await openStream(secondBaseUrl, job.orderActionId, customer.token);
    try {
      expect(stream.status).toBe(200);
      await stream.next(() => true, 2000);
      await onTheWay(job.workOrderId); // on the first app
      await stream.next((event) => event.work_order_status === 'Pending-OnTheWay', 1000);
      const point = nearby(job.destination, 1);
      expect((await sharePosition(ana.token, job.workOrderId, point)).statusCode).toBe(200);
      await stream.next((event) => event.tracking.technician_position?.lat === point.lat, 1000);
    } finally {
      stream.close();
    }
  });

  it('reaches a dispatcher’s status change on an open stream', async () => {
    const customer = customers[3]!;
    const job = await paidWorkOrder(customer);
    const stream = await openStream(baseUrl, job.orderActionId, customer.token);
    try {
      await stream.next(() => true, 2000);
      const set = await post(
        testApp.app,
        OPS_SET_STATUS_PATH,
        { work_order_id: job.workOrderId, status: 'Delayed-ForReschedule' },
        dispatcherToken,
      );
      expect(set.statusCode, set.body).toBe(200);
      await stream.next((event) => event.work_order_status === 'Delayed-ForReschedule', 1000);
    } finally {
      stream.close();
    }
  });

  it('keeps streaming after its listening connection is cut (reopened, changes read again)', async () => {
    const customer = customers[4]!;
    const job = await paidWorkOrder(customer);
    const stream = await openStream(baseUrl, job.orderActionId, customer.token);
    try {
      await stream.next(() => true, 2000);
      const cut = await testApp.database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN konek_work_order'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      // Changed while no connection listens (or just after): the reopened listener reads it again.
      await onTheWay(job.workOrderId);
      await stream.next((event) => event.work_order_status === 'Pending-OnTheWay', 5000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await move(ana.token, job.workOrderId, 'arrived')).statusCode).toBe(200);
      await stream.next((event) => event.work_order_status === 'Ongoing', 1000);
    } finally {
      stream.close();
    }
  });

  it('ends its open streams when the app closes, without waiting for them', async () => {
    const customer = customers[6]!;
    const { orderActionId } = await paidWorkOrder(customer);
    const third = await testApp.startAnotherApp();
    const thirdUrl = await third.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(thirdUrl, orderActionId, customer.token);
    await stream.next(() => true, 2000);
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(2000);
    stream.close();
  });

  it('ends when the customer signs out, and sends nothing after it', async () => {
    const customer = customers[7]!;
    const job = await paidWorkOrder(customer);
    const stream = await openStream(baseUrl, job.orderActionId, customer.token);
    try {
      await stream.next(() => true, 2000);
      const signedOut = await post(testApp.app, LOGOUT_PATH, {}, customer.token);
      expect(signedOut.statusCode, signedOut.body).toBe(200);
      const sent = stream.events.length;
      // The technician sets off: the change would be the next snapshot, but the session has ended.
      await onTheWay(job.workOrderId);
      expect(await stream.endsWithin(3000)).toBe(true);
      expect(stream.events).toHaveLength(sent);
      expect(stream.body).not.toContain('Pending-OnTheWay');
    } finally {
      stream.close();
    }
  });

  it('refuses another customer’s order (403) and no token (401) before streaming', async () => {
    const job = await paidWorkOrder(customers[5]!);
    const theirs = await openStream(baseUrl, job.orderActionId, customers[0]!.token);
    expect(theirs.status).toBe(403);
    expect(JSON.parse(theirs.body)).toMatchObject({ module: 'common' });
    const unknown = await openStream(baseUrl, 'no-such-action', customers[0]!.token);
    expect(unknown.status).toBe(403);
    const anonymous = await openStream(baseUrl, job.orderActionId, null);
    expect(anonymous.status).toBe(401);
    const operator = await openStream(baseUrl, job.orderActionId, ana.token);
    expect(operator.status).toBe(401);
  });
});

describe('privacy', () => {
  it('never writes a shared position to the log', () => {
    expect(sharedPoints.length).toBeGreaterThan(3);
    const log = written.join('');
    expect(log).toContain(OPS_POSITION_PATH);
    for (const point of sharedPoints) {
      expect(log).not.toContain(String(point.lat));
      expect(log).not.toContain(String(point.lng));
    }
  });
});
