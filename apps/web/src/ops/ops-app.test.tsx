import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_ASSIGN_PATH,
  OPS_LOGIN_PATH,
  OPS_LOGOUT_PATH,
  OPS_MOVE_PATH,
  OPS_TECHNICIANS_PATH,
  OPS_WORK_ORDERS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { OPS_PAYMENT_ISSUES_PATH } from '@konek/contract/ops-payment-issues';
import { OPS_POSITION_PATH } from '@konek/contract/tracking';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { OpsApp } from './ops-app';

// ADR 051: the operators' page against a fetch that answers as /api/ops does.

const ok = (body: object) =>
  new Response(JSON.stringify({ code: 0, module: 'ops', message: 'ok', ...body }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const refused = (status: number, code: number, extra: object = {}) =>
  new Response(JSON.stringify({ code, module: 'ops', message: 'refused', ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const job = (status: string, overrides: Partial<TOpsWorkOrder> = {}): TOpsWorkOrder => ({
  work_order_id: 'wo-1',
  order_number: 'KNK-00000042',
  order_action_id: 'action-1',
  status,
  installation_status: 'Awaiting Installation',
  installation: { start_time: '2026-11-26T01:00:00.000Z', end_time: '2026-11-26T04:00:00.000Z' },
  technician: { user_id: 'tech-1', first_name: 'Tomas' },
  updated_at: '2026-11-26T00:00:00.000Z',
  note: null,
  zone: { code: 'MM-SOUTH', name: 'Metro Manila South' },
  visit: {
    customer_first_name: 'Ana',
    home: '12 Dela Rosa Street',
    area: 'San Lorenzo, Makati City, Metro Manila 1226',
    landmark: 'Blue gate',
    destination: { lat: 14.55, lng: 121.02 },
  },
  ...overrides,
});

/** The public web config, with no map tiles (as in offline runs). */
const WEB_CONFIG = {
  code: 0,
  module: 'content',
  message: 'OK',
  map_tile_url: '',
  map_tile_attribution: '',
  oss_segment: 'oss',
  operator_name: 'operator',
  application_id: 'app-id',
  site_links: { privacy_policy: 'https://operator.example/privacy' },
  dpo_name: 'Data Protection Officer',
  dpo_email: 'dpo@operator.example',
  installation_lead_days: 3,
  appointment_hold_minutes: 45,
  payment_session_minutes: 20,
};

type Sent = { path: string; body: Record<string, unknown>; token: string | null };

/** A fetch that answers by path; `handlers` may answer differently on each call. */
function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      const authorization = (init.headers as Record<string, string>).Authorization;
      sent.push({ path, body, token: authorization?.replace('Bearer ', '') ?? null });
      const handler = handlers[path];
      return handler ? handler(body) : refused(404, 404);
    }),
  );
  return sent;
}

const technicianLogin = () =>
  ok({
    api_token: 'tech-token',
    token_start: 0,
    user: { user_id: 'tech-1', username: 'tomas', role: 'technician', first_name: 'Tomas' },
  });

async function signIn(username = 'tomas', password = 'a-long-password') {
  const user = userEvent.setup();
  render(<OpsApp />);
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

/** A geolocation whose watch the test drives. */
function fakeGeolocation() {
  const watches = new Map<number, { success: PositionCallback; failure?: PositionErrorCallback }>();
  let next = 1;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback) => {
      watches.set(next, { success, failure });
      return next++;
    }),
    clearWatch: vi.fn((id: number) => watches.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    watches,
    moveTo(lat: number, lng: number) {
      for (const { success } of watches.values()) {
        success({
          coords: { latitude: lat, longitude: lng, accuracy: 12 },
          timestamp: Date.now(),
        } as GeolocationPosition);
      }
    },
    deny() {
      for (const { failure } of watches.values()) {
        failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      }
    },
  };
}

describe('signing in', () => {
  it('says when the password is wrong, and when the account is locked', async () => {
    let tries = 0;
    serve({
      [OPS_LOGIN_PATH]: () =>
        ++tries === 1 ? refused(401, 1) : refused(423, 2, { retry_after_seconds: 900 }),
    });
    const user = await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The username or password is incorrect.',
    );
    await user.type(screen.getByLabelText('Password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'This account is locked after too many wrong passwords. Try again in 15 minutes.',
      ),
    );
  });
});

describe("a technician's day", () => {
  it('lists today’s job and moves it: on my way (sharing the position), arrived, completed', async () => {
    const location = fakeGeolocation();
    let current = job('Pending-ForVisit');
    const sent = serve({
      [OPS_LOGIN_PATH]: technicianLogin,
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [current] }),
      [OPS_MOVE_PATH]: (body) => {
        const next = {
          on_the_way: 'Pending-OnTheWay',
          arrived: 'Ongoing',
          completed: 'Completed',
        }[String(body['action'])]!;
        current = job(next);
        return ok({ work_order: current });
      },
      [OPS_POSITION_PATH]: () => ok({ eta_minutes: 7 }),
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    expect(card.textContent?.replaceAll('\u00a0', ' ')).toContain('9:00 AM – 12:00 PM');
    expect(card.textContent).toContain('To visit');
    expect(card.textContent).toContain('12 Dela Rosa Street');
    expect(within(card).getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=14.55,121.02',
    );
    expect(location.geolocation.watchPosition).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'On my way' }));
    expect(await within(card).findByText('On the way')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_MOVE_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      action: 'on_the_way',
    });
    await waitFor(() => expect(location.geolocation.watchPosition).toHaveBeenCalledTimes(1));
    location.moveTo(14.57, 121.0);
    expect(await screen.findByText('Ana can see you coming.')).toBeTruthy();
    expect(screen.getByText('Sharing your location')).toBeTruthy();
    const position = sent.find((each) => each.path === OPS_POSITION_PATH);
    expect(position).toEqual({
      path: OPS_POSITION_PATH,
      body: { work_order_id: 'wo-1', lat: 14.57, lng: 121.0, accuracy_m: 12 },
      token: 'tech-token',
    });

    await user.click(within(card).getByRole('button', { name: 'Arrived' }));
    expect(await within(card).findByText('On site')).toBeTruthy();
    expect(location.geolocation.clearWatch).toHaveBeenCalled();
    expect(screen.queryByText('Sharing your location')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Completed' }));
    expect(await within(card).findByText('Installed')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('stops sharing when asked, and says when location is blocked', async () => {
    const location = fakeGeolocation();
    serve({
      [OPS_LOGIN_PATH]: technicianLogin,
      [OPS_WORK_ORDERS_PATH]: () =>
        ok({ day: '2026-11-26', work_orders: [job('Pending-OnTheWay')] }),
      [OPS_POSITION_PATH]: () => ok({ eta_minutes: 7 }),
    });
    const user = await signIn();
    await screen.findByRole('button', { name: 'Stop sharing' });
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(screen.getByText('You stopped sharing your location.')).toBeTruthy();
    expect(location.watches.size).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    await waitFor(() => expect(location.watches.size).toBe(1));
    location.deny();
    expect(
      await screen.findByText(/Location is blocked for this page\. Allow location/),
    ).toBeTruthy();
  });

  it('needs a reason when the installation could not be done, and sends it', async () => {
    fakeGeolocation();
    const sent = serve({
      [OPS_LOGIN_PATH]: technicianLogin,
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [job('Ongoing')] }),
      [OPS_MOVE_PATH]: () => ok({ work_order: job('Delayed-WithVisit') }),
    });
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Could not install' }));
    await user.click(screen.getByRole('button', { name: 'Send reason' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Say why the installation could not be done.',
    );
    await user.type(
      screen.getByLabelText('Why could the installation not be done?'),
      'No power in the building',
    );
    await user.click(screen.getByRole('button', { name: 'Send reason' }));
    expect(await screen.findByText('Could not install')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_MOVE_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      action: 'not_installed',
      reason: 'No power in the building',
    });
  });

  it('says so when there is no job today, and signs out', async () => {
    const sent = serve({
      [OPS_LOGIN_PATH]: technicianLogin,
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [] }),
      [OPS_LOGOUT_PATH]: () => ok({}),
    });
    const user = await signIn();
    expect(await screen.findByText('No jobs for you today')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    expect(sent.some((each) => each.path === OPS_LOGOUT_PATH && each.token === 'tech-token')).toBe(
      true,
    );
    expect(sessionStorage.length).toBe(0);
  });
});

describe("a dispatcher's board", () => {
  it('assigns a job to a technician', async () => {
    let current = job('Open', { technician: null });
    const sent = serve({
      [OPS_LOGIN_PATH]: () =>
        ok({
          api_token: 'dispatch-token',
          token_start: 0,
          user: { user_id: 'd-1', username: 'dina', role: 'dispatcher', first_name: 'Dina' },
        }),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [current] }),
      [OPS_TECHNICIANS_PATH]: () =>
        ok({
          technicians: [
            { user_id: 'tech-1', first_name: 'Tomas' },
            { user_id: 'tech-2', first_name: 'Rico' },
          ],
        }),
      [OPS_ASSIGN_PATH]: () => {
        current = job('Pending-ForVisit', {
          technician: { user_id: 'tech-2', first_name: 'Rico' },
        });
        return ok({ work_order: current });
      },
    });
    const user = await signIn('dina');
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    expect(card.textContent).toContain('Not assigned yet');
    const select = within(card).getByRole('combobox', { name: 'Technician for KNK-00000042' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Rico');
    expect(await screen.findByText('KNK-00000042 assigned to Rico.')).toBeTruthy();
    expect(card.textContent).toContain('To visit');
    expect(sent.find((each) => each.path === OPS_ASSIGN_PATH)).toMatchObject({
      body: { work_order_id: 'wo-1', technician_id: 'tech-2' },
      token: 'dispatch-token',
    });
  });

  it('narrows the day by work zone, status and "not assigned", and shows the jobs on a map', async () => {
    const north = { code: 'MM-NORTH', name: 'Metro Manila North' };
    const jobs = [
      job('Open', { technician: null }),
      job('Pending-ForVisit', { work_order_id: 'wo-2', order_number: 'KNK-00000043' }),
      job('Open', {
        work_order_id: 'wo-3',
        order_number: 'KNK-00000044',
        technician: null,
        zone: north,
        visit: null,
      }),
    ];
    const sent = serve({
      [OPS_LOGIN_PATH]: () =>
        ok({
          api_token: 'dispatch-token',
          token_start: 0,
          user: { user_id: 'd-1', username: 'dina', role: 'dispatcher', first_name: 'Dina' },
        }),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: jobs }),
      [OPS_TECHNICIANS_PATH]: () => ok({ technicians: [] }),
      [WEB_CONFIG_PATH]: () =>
        new Response(JSON.stringify(WEB_CONFIG), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const user = await signIn('dina');
    await screen.findByRole('listitem', { name: 'Job KNK-00000044' });
    const cards = () =>
      screen.getAllByRole('listitem').map((card) => card.getAttribute('aria-label'));
    expect(screen.getByText('Showing 3 of 3 jobs')).toBeTruthy();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Work zone' }),
      'Metro Manila North',
    );
    expect(cards()).toEqual(['Job KNK-00000044']);
    await user.click(screen.getAllByRole('button', { name: 'Show all jobs' })[0]!);
    expect(cards()).toHaveLength(3);

    await user.click(screen.getByRole('checkbox', { name: 'Not assigned only' }));
    expect(cards()).toEqual(['Job KNK-00000042', 'Job KNK-00000044']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending-ForVisit');
    expect(screen.getByRole('heading', { name: 'No jobs match these filters' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Show all jobs' })[0]!);

    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('region', { name: 'Map of the jobs shown' }, { timeout: 10_000 });
    expect(sent.some((each) => each.path === WEB_CONFIG_PATH)).toBe(true);
    // Two jobs have a pin; the third has no address and is said to be off the map.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /KNK-0000004[23]/ })).toHaveLength(2),
    );
    expect(
      screen.getByText('1 of these jobs have no address pin and are not on the map.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Map tiles are unavailable; the pins still show where the jobs are.'),
    ).toBeTruthy();
  });

  it('shows a dispatcher the payments to check: a wrong amount given back, a refund still owed', async () => {
    serve({
      [OPS_LOGIN_PATH]: () =>
        ok({
          api_token: 'dispatch-token',
          token_start: 0,
          user: { user_id: 'd-1', username: 'dina', role: 'dispatcher', first_name: 'Dina' },
        }),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [] }),
      [OPS_TECHNICIANS_PATH]: () => ok({ technicians: [] }),
      [OPS_PAYMENT_ISSUES_PATH]: () =>
        ok({
          payment_issues: [
            {
              payment_session_id: 's-1',
              order_number: 'KNK-00000042',
              cause: 'amount_mismatch',
              asked_centavos: 149900,
              paid_centavos: 100,
              refunded_centavos: 100,
              paid_at: '2026-11-26T00:00:00.000Z',
            },
            {
              payment_session_id: 's-2',
              order_number: 'KNK-00000043',
              cause: 'order_ended',
              asked_centavos: 149900,
              paid_centavos: 149900,
              refunded_centavos: 0,
              paid_at: '2026-11-26T00:00:00.000Z',
            },
          ],
        }),
    });
    await signIn('dina');
    const wrong = await screen.findByRole('listitem', { name: 'Payment for KNK-00000042' });
    expect(wrong.textContent).toContain('The wallet took another amount than was asked');
    expect(wrong.textContent).toContain('Asked ₱1,499.00 · took ₱1.00 · refunded ₱1.00');
    expect(wrong.textContent).toContain('Refunded in full.');
    const owed = screen.getByRole('listitem', { name: 'Payment for KNK-00000043' });
    expect(owed.textContent).toContain('₱1,499.00 still to refund');
  });
});
