import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@konek/contract/routes';
import type { TWorkOrder } from '@konek/contract/view-work-order';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { INSTALLATION_STATUS_LABELS } from '@konek/contract/work-order-status';
import { failure, ok } from '../../lib/fake-api-for-tests';
import { signInCustomer } from '../../lib/journey-fixtures-for-tests';
import { webConfigReply } from '../../lib/web-config-fixtures-for-tests';
import type { TrackingStreamOptions } from '../../features/track/tracking-stream';
import {
  BOOKED_SLOT,
  onTheWay,
  paidOrder,
  trackApi,
  VIEW_WORK_ORDER_PATH,
  workOrder,
} from '../../features/track/track-fixtures-for-tests';
import { renderAt } from './render-at';

// ADR 080, one test per row of product §4.5 on /trackmyorder/orderstatus: under the spec's label, what is
// happening in plain words and the actions offered for that very status; help comes up beside the status
// where it is the way forward. Then a paid order that lost its time, the time-change notice as the server
// says it, the missed visit's credit after a new time, and the calendar opening on the booked day.

const stream = vi.hoisted(() => ({ options: null as TrackingStreamOptions | null }));
vi.mock('../../features/track/tracking-stream', () => ({
  openTrackingStream: (options: TrackingStreamOptions) => {
    stream.options = options;
    return () => undefined;
  },
}));
vi.mock('../../features/track/technician-map', () => ({ TechnicianMap: () => null }));

afterEach(() => {
  stream.options = null;
});

const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ');

const withHelp = {
  [WEB_CONFIG_PATH]: () =>
    ok(webConfigReply({ siteLinks: { customer_service: 'mailto:help@operator.example' } })),
};

type Row = {
  /** Words of the explanation the customer reads under the label. */
  says: RegExp;
  /** The buttons and links of the status card, in order (View my order aside). */
  actions: string[];
  /** Help comes up beside the status card, before the timeline. */
  isHelpFirst?: boolean;
};

const CHANGE = ['Change installation time', 'Cancel order'];
const NEW_TIME = ['Pick a new time', 'Cancel order'];

const ROWS: Record<string, Row> = {
  Open: { says: /paid and your installation is booked.*assign a technician/, actions: CHANGE },
  'Pending-ForVisit': { says: /a technician is assigned to your installation/, actions: CHANGE },
  'Pending-OnTheWay': { says: /on the way to your home/, actions: ['Track my technician'] },
  Ongoing: { says: /at your home, installing your fibre/, actions: [] },
  'Ongoing-Onhold': { says: /has paused the installation/, actions: [], isHelpFirst: true },
  'Ongoing-Unhold': { says: /working on your installation again after a pause/, actions: [] },
  Delayed: {
    says: /delay your installation visit.*network problem.*bad weather/,
    actions: NEW_TIME,
  },
  'Delayed-WithVisit': {
    says: /came but couldn't finish the installation/,
    actions: NEW_TIME,
    isHelpFirst: true,
  },
  'Delayed-WithoutVisit': {
    says: /couldn't come to your home at the time you booked/,
    actions: NEW_TIME,
  },
  'Delayed-WithStartActivity': {
    says: /started the installation but needs to come back to finish it/,
    actions: NEW_TIME,
  },
  'Delayed-ForReschedule': { says: /didn't come at the time you booked/, actions: NEW_TIME },
  ForRescue: {
    says: /needs a specialist crew.*arrange their visit/,
    actions: CHANGE,
    isHelpFirst: true,
  },
  'Delayed-ForCancellation': {
    says: /may not be able to install fibre at your home as booked.*keep your order.*full refund/,
    actions: ['Keep my order and pick a new time', 'Cancel and get a refund'],
    isHelpFirst: true,
  },
  Completed: { says: /installed\. Enjoy your connection!/, actions: [] },
  'Completed-For Visit': {
    says: /installed and working\. A technician needs to come back once more/,
    actions: [],
    isHelpFirst: true,
  },
  Cancelled: { says: /cancelled and your payment was refunded to your wallet/, actions: [] },
};

const statusCard = () => screen.getByRole('region', { name: 'Installation status' });

/** The buttons and links the status card offers, in order, besides "View my order". */
const offered = () =>
  [...statusCard().querySelectorAll('button, a')]
    .map((element) => element.textContent ?? '')
    .filter((name) => name !== 'View my order');

function at(status: string, extra: Partial<TWorkOrder> = {}): TWorkOrder {
  const label = INSTALLATION_STATUS_LABELS.get(status)!;
  const base = status === 'Pending-OnTheWay' ? onTheWay() : workOrder();
  return {
    ...base,
    work_order_status: status,
    installation_status: label,
    changes: [
      ...base.changes,
      {
        work_order_status: status,
        installation_status: label,
        at: '2026-12-01T02:00:00Z',
        new_installation: null,
      },
    ],
    ...extra,
  };
}

describe('orderstatus explains every §4.5 status and offers its way forward', () => {
  it('has a row here for every status of the table', () => {
    expect(Object.keys(ROWS).sort()).toEqual([...INSTALLATION_STATUS_LABELS.keys()].sort());
  });

  it.each(Object.entries(ROWS))('%s', async (status, row) => {
    signInCustomer();
    const order =
      status === 'Cancelled' ? paidOrder({ state: 200, state_name: 'refunded' }) : paidOrder();
    trackApi({ orders: [order], current: () => at(status), overrides: withHelp });
    await renderAt(PATHS.trackmyorderOrderstatus);
    const label = INSTALLATION_STATUS_LABELS.get(status)!;
    await waitFor(() =>
      expect(within(statusCard()).getAllByRole('status')[0]?.textContent).toBe(label),
    );
    expect(statusCard().textContent).toMatch(row.says);
    expect(offered()).toEqual(row.actions);
    const help = await screen.findByRole('region', { name: 'Get help' });
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const isHelpBeforeTimeline = Boolean(
      help.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(isHelpBeforeTimeline).toBe(row.isHelpFirst ?? false);
  });
});

describe('Delayed-Installation, customer or provider related (Delayed-ForCancellation)', () => {
  it('keeps the order with a new time, or cancels it with the refund spelled out', async () => {
    signInCustomer();
    trackApi({ current: () => at('Delayed-ForCancellation') });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Keep my order and pick a new time' }),
    );
    expect(
      await screen.findByRole('region', { name: 'Choose a new installation time' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and get a refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your order?' });
    expect(dialog.textContent).toContain('the ₱1,499.00 you paid goes back to your wallet');
  });
});

describe('a paid order that lost its installation time (needs_new_time)', () => {
  const lost = paidOrder({
    state: 2,
    state_name: 'needs_new_time',
    installation: null,
    properties: { work_order_status: null },
  });

  it('says so and offers "Choose a new time", which opens the schedule page saying why', async () => {
    signInCustomer();
    // It has no work order: view_work_order would refuse it.
    const { calls } = trackApi({
      orders: [lost],
      current: () => failure('common', 3, 'Forbidden', 403),
    });
    const router = await renderAt(PATHS.trackmyorderOrderstatus);
    const card = await screen.findByRole('region', { name: 'Installation status' });
    expect(card.textContent).toContain(
      'We received your payment, but the installation time you chose was taken while you paid.',
    );
    expect(screen.queryByText("We couldn't load your order")).toBeNull();
    expect(calls.some((call) => call.path === VIEW_WORK_ORDER_PATH)).toBe(false);
    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(plain(timeline[2]?.textContent)).toBe('New installation time to be chosen, not yet');

    // The other way forward: the money back instead.
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel and get a refund' }));
    expect(
      within(card).getByRole('alertdialog', { name: 'Cancel your order?' }).textContent,
    ).toContain('goes back to your wallet');
    await userEvent.click(within(card).getByRole('button', { name: 'Keep my order' }));

    await userEvent.click(within(card).getByRole('link', { name: 'Choose a new time' }));
    await screen.findByRole('heading', { level: 1, name: 'Schedule installation' });
    expect(router.state.location.pathname).toBe(PATHS.schedule);
    expect(
      await screen.findByText(
        /We received your payment, but the installation time you chose was taken/,
      ),
    ).toBeTruthy();
  });

  it('shows on View my order that a new time is awaited', async () => {
    signInCustomer();
    trackApi({ orders: [lost], current: () => failure('common', 3, 'Forbidden', 403) });
    await renderAt(PATHS.trackmyorderViewmyorder);
    await screen.findByRole('heading', { level: 2, name: 'Your order' });
    expect(screen.getByText('Waiting for a new installation time')).toBeTruthy();
    expect(screen.getByText('To be scheduled')).toBeTruthy();
  });
});

describe('a paid order whose booked period a dispatcher blocked (ADR 092)', () => {
  const blocked = paidOrder({
    state: 2,
    state_name: 'needs_new_time',
    installation: null,
    new_time_reason: 'Typhoon Pepito: signal no. 3',
    properties: { work_order_status: 'Delayed' },
  });

  it('says why and offers "Choose a new time", though its work order still exists', async () => {
    signInCustomer();
    trackApi({ orders: [blocked], current: () => workOrder({ work_order_status: 'Delayed' }) });
    const router = await renderAt(PATHS.trackmyorderOrderstatus);
    const card = await screen.findByRole('region', { name: 'Installation status' });
    expect(card.textContent).toContain('We cannot install at your booked time');
    expect(card.textContent).toContain('Reason: Typhoon Pepito: signal no. 3');
    expect(card.textContent).toContain('Your payment is safe.');
    expect(card.textContent).not.toContain('taken while you paid');
    await userEvent.click(within(card).getByRole('link', { name: 'Choose a new time' }));
    await screen.findByRole('heading', { level: 1, name: 'Schedule installation' });
    expect(router.state.location.pathname).toBe(PATHS.schedule);
    expect(await screen.findByText(/We cannot install at the time you had booked/)).toBeTruthy();
  });
});

describe('a change of the installation time', () => {
  const NEW_SLOT = { start_time: '2026-12-04T01:00:00.000Z', end_time: '2026-12-04T04:00:00.000Z' };
  const rebooked = (extra: Partial<TWorkOrder> = {}) =>
    workOrder({
      installation: NEW_SLOT,
      credits: [
        { kind: 'missed_visit', free_days: 3, at: '2026-12-01T04:00:00Z', visit: BOOKED_SLOT },
      ],
      changes: [
        ...workOrder().changes,
        {
          work_order_status: 'Delayed-ForReschedule',
          installation_status: 'Reschedule Installation [provider initiated]',
          at: '2026-12-01T04:00:00Z',
          new_installation: null,
        },
        {
          work_order_status: 'Open',
          installation_status: 'Order Confirmed',
          at: '2026-12-01T05:00:00Z',
          new_installation: NEW_SLOT,
        },
      ],
      ...extra,
    });

  it('is said as the server tells it, and no longer once the status moves on', async () => {
    signInCustomer();
    trackApi({ orders: [paidOrder({ installation: NEW_SLOT })], current: () => rebooked() });
    await renderAt(PATHS.trackmyorderOrderstatus);
    expect(await screen.findByText('Installation time changed')).toBeTruthy();
    expect(plain(screen.getByText(/^Your installation is now booked for/).textContent)).toBe(
      'Your installation is now booked for Friday, December 4, 2026, Morning (9:00 AM – 12:00 PM).',
    );
    const assigned = rebooked();
    act(() =>
      stream.options?.onWorkOrder({
        ...assigned,
        work_order_status: 'Pending-ForVisit',
        technician: { first_name: 'Rosa' },
        changes: [
          ...assigned.changes,
          {
            work_order_status: 'Pending-ForVisit',
            installation_status: 'Order Confirmed',
            at: '2026-12-02T01:00:00Z',
            new_installation: null,
          },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByText('Installation time changed')).toBeNull());
  });

  it('keeps the missed visit and its free days on the page and in the timeline', async () => {
    signInCustomer();
    trackApi({ orders: [paidOrder({ installation: NEW_SLOT })], current: () => rebooked() });
    await renderAt(PATHS.trackmyorderOrderstatus);
    expect(
      await screen.findByText('3 free days added to your plan for the visit we missed.'),
    ).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(steps.slice(2, 4)).toEqual([
      'Visit on Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM) missed — 3 free days addedDecember 1, 2026, 12:00 PM',
      'Installation scheduled for Friday, December 4, 2026, Morning (9:00 AM – 12:00 PM), done',
    ]);
  });

  it('opens the calendar on the booked day while it can be booked, else on the first free day', async () => {
    signInCustomer();
    trackApi({ orders: [paidOrder({ installation: NEW_SLOT })], current: () => rebooked() });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await userEvent.click(await screen.findByRole('button', { name: 'Change installation time' }));
    expect(
      await screen.findByRole('button', { name: /December 4, 2026, selected/ }, { timeout: 3000 }),
    ).toBeTruthy();
    // The "Set new time" button says why it waits.
    const set = screen.getByRole('button', { name: 'Set new time' });
    expect(set.hasAttribute('disabled')).toBe(true);
    expect(set.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(set.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose Morning or Afternoon to continue.',
    );
  });

  it('opens on the first free day when the booked one has no free place', async () => {
    signInCustomer();
    const gone = { start_time: '2026-12-03T01:00:00.000Z', end_time: '2026-12-03T04:00:00.000Z' };
    trackApi({
      orders: [paidOrder({ installation: gone })],
      current: () => workOrder({ installation: gone }),
    });
    await renderAt(PATHS.trackmyorderOrderstatus);
    await userEvent.click(await screen.findByRole('button', { name: 'Change installation time' }));
    expect(
      await screen.findByRole('button', { name: /December 1, 2026, selected/ }, { timeout: 3000 }),
    ).toBeTruthy();
  });
});
