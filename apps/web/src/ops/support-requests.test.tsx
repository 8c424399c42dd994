import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_LOGIN_PATH,
  OPS_TECHNICIANS_PATH,
  OPS_WORK_ORDERS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { OPS_CLOSE_SUPPORT_REQUEST_PATH } from '@konek/contract/ops-close-support-request';
import {
  OPS_SUPPORT_REQUESTS_PATH,
  type TOpsSupportRequest,
} from '@konek/contract/ops-support-requests';
import { OpsApp } from './ops-app';

// ADR 079: the dispatchers' support desk on the operators' page, against a fetch that answers as
// /api/ops does.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const request = (overrides: Partial<TOpsSupportRequest> = {}): TOpsSupportRequest => ({
  support_request_id: 'sr-1',
  reference: 'HELP-00000012',
  status: 'open',
  topic: 'installation',
  name: 'Ana Lim',
  msisdn: '639171234567',
  message: 'Is my visit still on?\nThe gate is blue.',
  created_at: '2026-11-26T01:00:00.000Z',
  account_attached: true,
  order: {
    order_number: 'KNK-00000042',
    state_name: 'paid',
    work_order_status: 'Pending-ForVisit',
    installation_status: 'Order Confirmed',
    installation: { start_time: '2026-11-27T01:00:00.000Z', end_time: '2026-11-27T04:00:00.000Z' },
    payment_status: 'paid',
    work_order_id: 'wo-42',
  },
  answer: null,
  closed_at: null,
  closed_by: null,
  answer_sent_at: null,
  ...overrides,
});

/** The order's job, on the board of its visit's day (27 November). */
const JOB: TOpsWorkOrder = {
  work_order_id: 'wo-42',
  order_number: 'KNK-00000042',
  order_action_id: 'action-42',
  status: 'Pending-ForVisit',
  installation_status: 'Order Confirmed',
  installation: { start_time: '2026-11-27T01:00:00.000Z', end_time: '2026-11-27T04:00:00.000Z' },
  technician: null,
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
};

function serve(close: (body: Record<string, unknown>) => Response) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const handlers: Record<string, (body: Record<string, unknown>) => Response> = {
    [OPS_LOGIN_PATH]: () =>
      reply(200, {
        api_token: 'dispatch-token',
        token_start: 0,
        user: { user_id: 'd-1', username: 'dina', role: 'dispatcher', first_name: 'Dina' },
      }),
    [OPS_WORK_ORDERS_PATH]: (body) =>
      body.day === '2026-11-27'
        ? reply(200, { day: '2026-11-27', work_orders: [JOB] })
        : reply(200, { day: '2026-11-26', work_orders: [] }),
    [OPS_TECHNICIANS_PATH]: () => reply(200, { technicians: [] }),
    [OPS_SUPPORT_REQUESTS_PATH]: () => reply(200, { open: [request()], recently_closed: [] }),
    [OPS_CLOSE_SUPPORT_REQUEST_PATH]: close,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      return handlers[path]?.(body) ?? reply(404, { code: 404 });
    }),
  );
  return sent;
}

async function openDesk() {
  const user = userEvent.setup();
  render(<OpsApp />);
  await user.type(screen.getByLabelText('Username'), 'dina');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const view = await screen.findByRole('button', { name: /Support requests/ });
  await waitFor(() => expect(view.textContent).toContain('1 open'));
  await user.click(view);
  expect(view.getAttribute('aria-pressed')).toBe('true');
  return user;
}

describe("a dispatcher's support desk", () => {
  it('lists a request with the order beside it and closes it with an answer texted once', async () => {
    const sent = serve((body) =>
      reply(200, {
        support_request: request({
          status: 'closed',
          answer: String(body.answer),
          closed_at: '2026-11-26T02:00:00.000Z',
          closed_by: { user_id: 'd-1', first_name: 'Dina' },
          answer_sent_at: '2026-11-26T02:00:00.000Z',
        }),
      }),
    );
    const user = await openDesk();
    const card = await screen.findByRole('listitem', { name: 'Request HELP-00000012' });
    expect(card.textContent).toContain('Ana Lim');
    expect(card.textContent?.replaceAll('\u00a0', ' ')).toContain('0917 123 4567');
    expect(card.textContent).toContain('Is my visit still on?');
    expect(card.textContent).toContain('KNK-00000042');
    expect(card.textContent).toContain('To visit');
    expect(card.textContent).toMatch(/Installation .*9:00/);
    expect(card.textContent).toContain('Payment: paid');
    await user.click(within(card).getByRole('button', { name: 'Open the job of KNK-00000042' }));
    const opened = await within(card).findByRole('region', { name: 'Job of KNK-00000042' });
    expect(opened.textContent).toContain('12 Dela Rosa Street');
    expect(
      sent.find((each) => each.path === OPS_WORK_ORDERS_PATH && each.body.day === '2026-11-27'),
    ).toBeTruthy();
    await user.click(within(opened).getByRole('button', { name: 'Close job' }));
    expect(within(card).queryByRole('region', { name: 'Job of KNK-00000042' })).toBeNull();

    const answer = within(card).getByRole('textbox', { name: /Answer to HELP-00000012/ });
    await user.click(within(card).getByRole('button', { name: 'Close and text the answer' }));
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    expect(card.textContent).toContain('This is a required field.');
    expect(sent.some((each) => each.path === OPS_CLOSE_SUPPORT_REQUEST_PATH)).toBe(false);

    await user.type(answer, 'Yes, Tomas comes before noon.');
    await user.click(within(card).getByRole('button', { name: 'Close and text the answer' }));
    expect(
      await screen.findByText('HELP-00000012 closed. The answer was texted to 0917 123 4567.'),
    ).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_CLOSE_SUPPORT_REQUEST_PATH)?.body).toEqual({
      support_request_id: 'sr-1',
      answer: 'Yes, Tomas comes before noon.',
    });
    const closed = screen.getByRole('listitem', { name: 'Closed request HELP-00000012' });
    expect(closed.textContent).toContain('Answered by Dina');
    expect(screen.getByText('No open requests')).toBeTruthy();
  });

  it('keeps the answer when the SMS could not be sent, and says so', async () => {
    serve(() =>
      reply(503, {
        code: 503,
        module: 'common',
        message: "The answer couldn't be texted just now, so the request is still open.",
      }),
    );
    const user = await openDesk();
    const card = await screen.findByRole('listitem', { name: 'Request HELP-00000012' });
    const answer = within(card).getByRole('textbox', { name: /Answer to HELP-00000012/ });
    await user.type(answer, 'Salamat!');
    await user.click(within(card).getByRole('button', { name: 'Close and text the answer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('still open');
    expect(answer).toHaveProperty('value', 'Salamat!');
  });
});
