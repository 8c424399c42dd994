import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPDATE_APPOINTMENT_PATH } from '@konek/contract/appointments';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { ERRORS } from '@konek/contract/errors';
import { LOGIN_PATH } from '@konek/contract/login';
import { CANCEL_ORDER_PATH } from '@konek/contract/orders';
import { PATHS } from '@konek/contract/routes';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import {
  INSTALLATION_STATUS_LABELS,
  INSTALLATION_STATUS_UNKNOWN,
} from '@konek/contract/work-order-status';
import { failure, ok } from '../../lib/fake-api-for-tests';
import { webConfigReply } from '../../lib/web-config-fixtures-for-tests';
import { MSISDN, bodiesSentTo, signInCustomer } from '../../lib/journey-fixtures-for-tests';
import { getSession } from '../../lib/session';
import type { TrackingStreamOptions } from '../../features/track/tracking-stream';
import { IDLE_SETTINGS_KEY } from '../../features/track/idle-check';
import {
  BOOKED_SLOT,
  onTheWay,
  paidOrder,
  trackApi,
  workOrder,
} from '../../features/track/track-fixtures-for-tests';
import { renderAt } from './render-at';

// ADR 050: the track-my-order screens against a fake API; the SSE stream module is mocked so a
// test pushes work orders as the server would, and the map is a plain list of what it would draw.

const stream = vi.hoisted(() => ({ options: null as TrackingStreamOptions | null, closed: 0 }));
vi.mock('../../features/track/tracking-stream', () => ({
  openTrackingStream: (options: TrackingStreamOptions) => {
    stream.options = options;
    return () => {
      stream.closed += 1;
    };
  },
}));
vi.mock('../../features/track/technician-map', () => ({
  TechnicianMap: (props: {
    home: { lat: number; lng: number };
    technician: { lat: number; lng: number } | null;
    technicianName: string | null;
  }) => (
    <ul aria-label="Map">
      <li>{`home ${props.home.lat},${props.home.lng}`}</li>
      {props.technician ? (
        <li>{`${props.technicianName} ${props.technician.lat},${props.technician.lng}`}</li>
      ) : null}
    </ul>
  ),
}));

afterEach(() => {
  stream.options = null;
  stream.closed = 0;
});

/** What the server pushes on the stream. */
function push(next: TWorkOrder) {
  act(() => stream.options?.onWorkOrder(next));
}

/** Intl writes narrow and thin spaces around times; the tests write plain ones. */
/** The web config's reply, with the operator's customer service link or none. */
const webConfigWith = (customerService: string | null) =>
  webConfigReply({ siteLinks: customerService ? { customer_service: customerService } : {} });

const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ');

/** The status line of a card (a region named by its heading). */
const statusIn = (region: string) =>
  within(screen.getByRole('region', { name: region })).getByRole('status').textContent;
const statusText = () => statusIn('Installation status');
const technicianStatus = () => statusIn('Technician');

describe('/trackmyorder', () => {
  it('asks for the number, then the PIN on the same page, and opens the order', async () => {
    const { calls } = trackApi({
      overrides: {
        [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: true }),
        [LOGIN_PATH]: () =>
          ok({
            api_token: 'token-2',
            user_id: 'user-1',
            account_id: 'account-1',
            msisdns: [MSISDN],
            token_start: Date.now(),
          }),
      },
    });
    const router = await renderAt(PATHS.trackmyorder);
    // Only account holders come here, and the lead already says the PIN comes next.
    expect(screen.queryByText(/Have an account already/)).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9171234567');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText(/^PIN\*?$/), '135792');
    expect(router.state.location.pathname).toBe(PATHS.trackmyorder);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Order status' });
    expect(router.state.location.pathname).toBe(PATHS.trackmyorderOrderstatus);
    expect(getSession()?.token).toBe('token-2');
    expect(await screen.findByText('Order Confirmed')).toBeTruthy();
    expect(bodiesSentTo(calls, LOGIN_PATH)).toHaveLength(1);
  });

  it('sends a signed-in customer straight to the order', async () => {
    signInCustomer();
    trackApi();
    const router = await renderAt(PATHS.trackmyorder);
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.trackmyorderOrderstatus));
  });

  it('sends a signed-out visitor of a tracking page to sign in', async () => {
    trackApi();
    const router = await renderAt(PATHS.trackmyorderOrderstatus);
    expect(router.state.location.pathname).toBe(PATHS.trackmyorder);
  });
});

describe('orderstatus', () => {
  const rows = [
    ...[...INSTALLATION_STATUS_LABELS].map(([status, label]) => [status, label] as const),
    ['Some-New-Status', 'Some-New-Status'] as const,
    ['', INSTALLATION_STATUS_UNKNOWN] as const,
  ];
  it.each(rows)('shows %j as product §4.5 says: %s', async (status, label) => {
    signInCustomer();
    trackApi({
      current: () => workOrder({ work_order_status: status, installation_status: label }),
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByRole('heading', { level: 2, name: 'Installation status' });
    expect(statusText()).toBe(label);
  });

  it('shows the timeline with its times, and the booked time in Manila', async () => {
    signInCustomer();
    trackApi({ current: () => onTheWay() });
    await renderAt(PATHS.trackmyorderOrderstatus);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(steps).toEqual([
      'Ordered, doneNovember 25, 2026, 10:00 AM',
      'Paid, doneNovember 25, 2026, 10:05 AM',
      'Installation scheduled for Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM), done',
      'Technician assigned: Juan, done',
      'Technician on the way, doneDecember 1, 2026, 9:05 AM',
      'Technician arrived, not yet',
      'Installed, not yet',
    ]);
    expect(screen.getByRole('link', { name: 'Track my technician' })).toBeTruthy();
    // On the way: too late to change the time or cancel.
    expect(screen.queryByRole('button', { name: 'Change installation time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks for help with the order number whole, on one line', async () => {
    signInCustomer();
    trackApi({
      current: () => onTheWay(),
      overrides: { [WEB_CONFIG_PATH]: () => ok(webConfigWith('mailto:help@operator.example')) },
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    const help = await screen.findByRole('region', { name: 'Get help' });
    expect(within(help).getByRole('link', { name: /Contact customer service/ })).toBeTruthy();
    expect(plain(help.querySelector('p')?.textContent)).toBe(
      'Questions about your installation? Contact us and quote your order number KNK-2611-000123.',
    );
    // The number is an element of its own, which does not wrap at its hyphens (track.module.css).
    expect(within(help).getByText('KNK-2611-000123').className).toMatch(/nowrap/);
  });

  it('leads to Konek’s contact form with the order named when no customer service is configured', async () => {
    signInCustomer();
    trackApi({ overrides: { [WEB_CONFIG_PATH]: () => ok(webConfigWith(null)) } });
    await renderAt(PATHS.trackmyorderOrderstatus);
    const help = await screen.findByRole('region', { name: 'Get help' });
    expect(within(help).getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe(
      '/help?order=KNK-2611-000123#contact',
    );
    expect(
      within(help)
        .getByRole('link', { name: /answers/ })
        .getAttribute('href'),
    ).toBe('/help');
  });

  it('updates without a reload when the stream pushes a change', async () => {
    signInCustomer();
    trackApi();
    await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByText('Order Confirmed');
    expect(screen.queryByRole('link', { name: 'Track my technician' })).toBeNull();
    push(onTheWay());
    await waitFor(() => expect(statusText()).toBe('Awaiting Installation'));
    expect(screen.getByRole('link', { name: 'Track my technician' })).toBeTruthy();
    push(onTheWay({ work_order_status: 'Completed', installation_status: 'Installed' }));
    await waitFor(() => expect(statusText()).toBe('Installed'));
  });

  it('tells of a missed visit and its credit, and books the new time picked', async () => {
    signInCustomer();
    const missed = workOrder({
      work_order_status: 'Delayed-ForReschedule',
      installation_status: 'Reschedule Installation [provider initiated]',
      credits: [
        { kind: 'missed_visit', free_days: 3, at: '2026-12-01T04:00:00Z', visit: BOOKED_SLOT },
      ],
      changes: [
        {
          work_order_status: 'Delayed-ForReschedule',
          installation_status: 'Reschedule Installation [provider initiated]',
          at: '2026-12-01T04:00:00Z',
          new_installation: null,
        },
      ],
    });
    const { calls } = trackApi({ current: () => missed });
    await renderAt(PATHS.trackmyorderOrderstatus);
    expect((await screen.findByText(/We've added 3 free days to your plan/)).textContent).toContain(
      'Please pick a new installation time.',
    );
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(plain(steps[2]?.textContent)).toBe(
      'Visit on Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM) missed — 3 free days addedDecember 1, 2026, 12:00 PM',
    );
    expect(plain(steps[3]?.textContent)).toBe('New installation time to be chosen, not yet');
    await userEvent.click(screen.getByRole('button', { name: 'Pick a new time' }));
    await userEvent.click(
      await screen.findByRole('button', { name: /December 2, 2026, installation slots available/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Afternoon/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Set new time' }));
    expect(
      plain((await screen.findByText(/Your installation is now booked for/)).textContent),
    ).toBe(
      'Your installation is now booked for Wednesday, December 2, 2026, Afternoon (2:00 PM – 5:00 PM).',
    );
    expect(bodiesSentTo(calls, UPDATE_APPOINTMENT_PATH)).toEqual([
      expect.objectContaining({
        appointment_id: 'appointment-1',
        activity_type: 'Installation',
        time_slot: expect.objectContaining({ id: '2026-12-02-pm' }),
      }),
    ]);
  });

  it('cancels after a confirmation that says the refund goes back to the wallet', async () => {
    signInCustomer();
    const { calls } = trackApi();
    await renderAt(PATHS.trackmyorderOrderstatus);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your order?' });
    expect(dialog.textContent).toContain('the ₱1,499.00 you paid goes back to your wallet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel my order' }));
    expect(
      await screen.findByText(
        'Your order is cancelled and your payment is on its way back to your wallet.',
      ),
    ).toBeTruthy();
    expect(bodiesSentTo(calls, CANCEL_ORDER_PATH)).toEqual([
      expect.objectContaining({ order_id: 'order-1' }),
    ]);
  });

  it('says why when the cancellation is refused', async () => {
    signInCustomer();
    const { code, status, message } = ERRORS.order.ORDER_NOT_CANCELLABLE;
    trackApi({
      overrides: { [CANCEL_ORDER_PATH]: () => failure('order', code, message, status) },
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "This order can't be cancelled any more",
    );
  });

  it('offers to start an order when there is none', async () => {
    signInCustomer();
    trackApi({
      orders: [paidOrder({ paid_at: null, state: 3, state_name: 'cancelled' })],
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByRole('heading', { name: "You don't have an order yet" });
    expect(screen.getByRole('link', { name: 'Check your address' }).getAttribute('href')).toBe(
      PATHS.checkAddress,
    );
  });

  it('offers to finish paying an order that is not paid yet, saying why it is not', async () => {
    signInCustomer();
    trackApi({
      orders: [
        paidOrder({
          paid_at: null,
          state: 102,
          state_name: 'payment_failed',
          payment: {
            payment_session_id: 'session-1',
            attempt: 1,
            status: 'failed',
            checkout_url: null,
            failure: {
              reason: 'declined',
              module: 'payment',
              code: 2,
              name: 'PAYMENT_DECLINED',
              message: 'Your e-wallet declined the payment.',
            },
          },
        }),
      ],
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByRole('heading', { name: 'Your order is not paid yet' });
    expect(screen.getByText(/Your e-wallet declined the payment\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish paying' }).getAttribute('href')).toBe(
      PATHS.pay,
    );
    expect(screen.queryByText("You don't have an order yet")).toBeNull();
  });

  it('shows an error with a retry when the order cannot be read', async () => {
    signInCustomer();
    let isDown = true;
    trackApi({
      current: () => (isDown ? failure('common', 500, 'Down', 500) : workOrder()),
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByText("We couldn't load your order", {}, { timeout: 5000 });
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Order Confirmed')).toBeTruthy();
  });
});

describe('viewmyorder', () => {
  it('shows the plan, price paid, time, payment method and order number', async () => {
    signInCustomer();
    trackApi();
    await renderAt(PATHS.trackmyorderViewmyorder);
    await screen.findByRole('heading', { level: 2, name: 'Your order' });
    const details = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((term) => [term.textContent, plain(term.nextElementSibling?.textContent)]),
    );
    expect(details).toMatchObject({
      'Order number': 'KNK-2611-000123',
      Plan: 'Fiber 1499',
      'Price paid': '₱1,499.00',
      'Payment method': 'GCash',
      'Installation time': 'Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM)',
      'Installation status': 'Order Confirmed',
    });
  });
});

describe('trackmytechnician', () => {
  it("says the technician hasn't set off yet, with the booked time", async () => {
    signInCustomer();
    trackApi();
    await renderAt(PATHS.trackmyorderTrackmytechnician);
    expect(await screen.findByText("Your technician hasn't set off yet")).toBeTruthy();
    expect(
      screen.getByText(/booked for Tuesday, December 1, 2026, Morning \(9:00\sAM\s–\s12:00\sPM\)/),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Map' })).toBeNull();
  });

  it('moves the technician and the arrival time as the stream pushes, until arrived', async () => {
    signInCustomer();
    trackApi({ current: () => onTheWay() });
    await renderAt(PATHS.trackmyorderTrackmytechnician);
    expect(await screen.findByText('About 12 min away')).toBeTruthy();
    expect(technicianStatus()).toBe('On the way');
    const map = await screen.findByRole('list', { name: 'Map' });
    expect(map.textContent).toContain('Juan 14.47,120.99');
    push(
      onTheWay({
        tracking: {
          destination: { lat: 14.45056, lng: 120.98278 },
          technician_position: {
            lat: 14.455,
            lng: 120.985,
            at: '2026-12-01T01:20:00Z',
            accuracy_m: 8,
          },
          eta_minutes: 4,
        },
      }),
    );
    expect(await screen.findByText('About 4 min away')).toBeTruthy();
    expect(map.textContent).toContain('Juan 14.455,120.985');
    push(
      onTheWay({
        work_order_status: 'Ongoing',
        installation_status: 'Awaiting Installation',
        tracking: {
          destination: { lat: 14.45056, lng: 120.98278 },
          technician_position: null,
          eta_minutes: null,
        },
      }),
    );
    await waitFor(() => expect(technicianStatus()).toBe('Arrived'));
    expect(screen.getByText('Juan has arrived at your home.')).toBeTruthy();
  });

  it('asks view_work_order again when the stream fails', async () => {
    signInCustomer();
    let current = onTheWay();
    const { calls } = trackApi({ current: () => current });
    await renderAt(PATHS.trackmyorderTrackmytechnician);
    await screen.findByText('About 12 min away');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      current = onTheWay({ tracking: { ...current.tracking, eta_minutes: 7 } });
      const before = calls.length;
      act(() => stream.options?.onFailure());
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      await waitFor(() => expect(screen.getByText('About 7 min away')).toBeTruthy());
      expect(calls.length).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('stillthere', () => {
  it('asks after the idle time and goes back on "Yes, I\'m here"', async () => {
    window.localStorage.setItem(IDLE_SETTINGS_KEY, JSON.stringify({ idleSeconds: 1 }));
    signInCustomer();
    trackApi();
    const router = await renderAt(PATHS.trackmyorderOrderstatus);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Are you still there?' },
      { timeout: 3000 },
    );
    expect(router.state.location.pathname).toBe(PATHS.trackmyorderStillthere);
    await userEvent.click(screen.getByRole('button', { name: "Yes, I'm here" }));
    await screen.findByRole('heading', { level: 1, name: 'Order status' });
    expect(getSession()).not.toBeNull();
  });

  it('signs out when nobody answers', async () => {
    window.localStorage.setItem(
      IDLE_SETTINGS_KEY,
      JSON.stringify({ idleSeconds: 1, answerSeconds: 1 }),
    );
    signInCustomer();
    trackApi();
    await renderAt(PATHS.trackmyorderViewmyorder);
    await screen.findByRole(
      'heading',
      { level: 1, name: "You've been signed out" },
      { timeout: 5000 },
    );
    expect(getSession()).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      PATHS.trackmyorder,
    );
  });
});
