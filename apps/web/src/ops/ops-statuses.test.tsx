import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_ASSIGN_PATH,
  OPS_CANCEL_PATH,
  OPS_LOGIN_PATH,
  OPS_MOVE_PATH,
  OPS_SET_STATUS_PATH,
  OPS_SLOTS_PATH,
  OPS_TECHNICIANS_PATH,
  OPS_WORK_ORDERS_PATH,
  type TOpsWorkOrder,
} from '@konek/contract/ops';
import { OpsApp } from './ops-app';

// ADR 080: the operators' page offers each job the moves the contract's table allows its role — on site,
// a technician pauses, resumes, asks for a return visit or a rescue crew, or finishes with a follow-up;
// a dispatcher arranges a new visit (a new time when the booked one has passed), sets a status, or cancels
// a job marked for cancellation with a full refund.

const ok = (body: object) =>
  new Response(JSON.stringify({ code: 0, module: 'ops', message: 'ok', ...body }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const refused = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ code, module: 'ops', message }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const PAST_VISIT = { start_time: '2026-11-20T01:00:00.000Z', end_time: '2026-11-20T04:00:00.000Z' };

const job = (status: string, overrides: Partial<TOpsWorkOrder> = {}): TOpsWorkOrder => ({
  work_order_id: 'wo-1',
  order_number: 'KNK-00000042',
  order_action_id: 'action-1',
  status,
  installation_status: 'Awaiting Installation',
  installation: { start_time: '2099-11-26T01:00:00.000Z', end_time: '2099-11-26T04:00:00.000Z' },
  technician: { user_id: 'tech-1', first_name: 'Tomas' },
  updated_at: '2026-11-26T00:00:00.000Z',
  note: null,
  zone: { code: 'MM-SOUTH', name: 'Metro Manila South' },
  visit: null,
  ...overrides,
});

type Sent = { path: string; body: Record<string, unknown> };

function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      const handler = handlers[path];
      return handler ? handler(body) : refused(404, 404, 'Not found');
    }),
  );
  return sent;
}

const login = (role: 'technician' | 'dispatcher') => () =>
  ok({
    api_token: `${role}-token`,
    token_start: 0,
    user: { user_id: `${role}-1`, username: role, role, first_name: 'Tomas' },
  });

async function signIn() {
  const user = userEvent.setup();
  render(<OpsApp />);
  await user.type(screen.getByLabelText('Username'), 'someone');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const buttonsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('a technician on site', () => {
  it('pauses and resumes, and asks for a rescue crew with the reason', async () => {
    let current = job('Ongoing');
    const sent = serve({
      [OPS_LOGIN_PATH]: login('technician'),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [current] }),
      [OPS_MOVE_PATH]: (body) => {
        const next = { hold: 'Ongoing-Onhold', resume: 'Ongoing-Unhold', rescue: 'ForRescue' }[
          String(body['action'])
        ]!;
        current = job(next, { note: (body['reason'] as string | undefined) ?? null });
        return ok({ work_order: current });
      },
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    expect(buttonsOf(card)).toEqual([
      'Completed',
      'Pause work',
      'Follow-up visit needed',
      'Needs a return visit',
      'Needs a rescue crew',
      'Could not install',
    ]);
    await user.click(within(card).getByRole('button', { name: 'Pause work' }));
    expect(await within(card).findByText('On site — on hold')).toBeTruthy();
    expect(buttonsOf(card)).toEqual([
      'Resume work',
      'Needs a return visit',
      'Needs a rescue crew',
      'Could not install',
    ]);
    await user.click(within(card).getByRole('button', { name: 'Resume work' }));
    expect(await within(card).findByText('On site — resumed')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Needs a rescue crew' }));
    await user.click(within(card).getByRole('button', { name: 'Send reason' }));
    expect(within(card).getByRole('alert').textContent).toBe(
      'Say what the rescue crew needs to fix.',
    );
    await user.type(
      within(card).getByLabelText('What does the rescue crew need to fix?'),
      'Fault on the line at the pole',
    );
    await user.click(within(card).getByRole('button', { name: 'Send reason' }));
    expect(await within(card).findByText('Rescue crew needed')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(sent.filter((each) => each.path === OPS_MOVE_PATH).map((each) => each.body)).toEqual([
      { work_order_id: 'wo-1', action: 'hold' },
      { work_order_id: 'wo-1', action: 'resume' },
      { work_order_id: 'wo-1', action: 'rescue', reason: 'Fault on the line at the pole' },
    ]);
  });

  it('finishes with a follow-up visit, saying what it is for', async () => {
    let current = job('Ongoing');
    const sent = serve({
      [OPS_LOGIN_PATH]: login('technician'),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-26', work_orders: [current] }),
      [OPS_MOVE_PATH]: () => {
        current = job('Completed-For Visit');
        return ok({ work_order: current });
      },
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    await user.click(within(card).getByRole('button', { name: 'Follow-up visit needed' }));
    await user.type(
      within(card).getByLabelText('What does the follow-up visit need to do?'),
      'Tidy the cabling along the stairs',
    );
    await user.click(within(card).getByRole('button', { name: 'Send reason' }));
    expect(await within(card).findByText('Installed — follow-up visit needed')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_MOVE_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      action: 'completed_follow_up',
      reason: 'Tidy the cabling along the stairs',
    });
  });
});

describe('a dispatcher and a job marked for cancellation', () => {
  const SLOTS = [
    { id: 'slot-1', start_time: '2099-12-01T01:00:00.000Z', end_time: '2099-12-01T04:00:00.000Z' },
    { id: 'slot-2', start_time: '2099-12-01T06:00:00.000Z', end_time: '2099-12-01T09:00:00.000Z' },
  ];

  function board(
    current: () => TOpsWorkOrder,
    extra: Record<string, (body: Record<string, unknown>) => Response> = {},
  ) {
    return serve({
      [OPS_LOGIN_PATH]: login('dispatcher'),
      [OPS_WORK_ORDERS_PATH]: () => ok({ day: '2026-11-20', work_orders: [current()] }),
      [OPS_TECHNICIANS_PATH]: () =>
        ok({
          technicians: [
            { user_id: 'tech-1', first_name: 'Tomas' },
            { user_id: 'tech-2', first_name: 'Rico' },
          ],
        }),
      [OPS_SLOTS_PATH]: () => ok({ time_slots: SLOTS }),
      ...extra,
    });
  }

  it('arranges a new visit with a new time when the booked one has passed', async () => {
    let current = job('Delayed-ForCancellation', {
      installation: PAST_VISIT,
      note: 'No way through the subdivision',
    });
    const sent = board(() => current, {
      [OPS_ASSIGN_PATH]: (body) => {
        const slot = SLOTS.find((each) => each.id === (body['time_slot'] as { id: string }).id)!;
        current = job('Pending-ForVisit', {
          installation: { start_time: slot.start_time, end_time: slot.end_time },
          technician: { user_id: 'tech-2', first_name: 'Rico' },
        });
        return ok({ work_order: current });
      },
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    expect(card.textContent).toContain('Marked for cancellation');
    expect(card.textContent).toContain('Note: No way through the subdivision');
    // No quick assignment at a time already past.
    expect(within(card).queryByRole('combobox', { name: /Technician for/ })).toBeNull();
    expect(buttonsOf(card)).toEqual(['Arrange a new visit', 'Cancel and refund']);

    await user.click(within(card).getByRole('button', { name: 'Arrange a new visit' }));
    const time = within(card).getByRole('combobox', { name: 'Visit time' });
    await waitFor(() => expect(within(time).getAllByRole('option')).toHaveLength(3));
    expect(within(time).getAllByRole('option')[0]?.textContent).toBe('Choose a new time');
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'Technician for the visit' }),
      'Rico',
    );
    await user.click(within(card).getByRole('button', { name: 'Arrange visit' }));
    expect(within(card).getByRole('alert').textContent).toBe(
      'The booked time has passed: choose a new time for the visit.',
    );
    await user.selectOptions(time, 'slot-2');
    await user.click(within(card).getByRole('button', { name: 'Arrange visit' }));
    expect(
      await screen.findByText(
        /KNK-00000042: a visit with Rico, .* The customer is texted the new time\./,
      ),
    ).toBeTruthy();
    expect(card.textContent).toContain('To visit');
    expect(sent.find((each) => each.path === OPS_ASSIGN_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      technician_id: 'tech-2',
      time_slot: SLOTS[1],
    });
  });

  it('cancels it with a full refund after saying what that does', async () => {
    let current = job('Delayed-ForCancellation', { installation: PAST_VISIT });
    const sent = board(() => current, {
      [OPS_CANCEL_PATH]: () => {
        current = job('Cancelled', { installation: null });
        return ok({ work_order: current });
      },
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    await user.click(within(card).getByRole('button', { name: 'Cancel and refund' }));
    const form = within(card).getByRole('form', { name: 'Cancel KNK-00000042' });
    expect(form.textContent).toContain('The customer’s payment is refunded in full');
    await user.type(
      within(form).getByLabelText('Why is it cancelled? (optional)'),
      'Route refused',
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel the order and refund' }));
    expect(
      await screen.findByText(
        'KNK-00000042 cancelled. The payment is refunded in full and the customer is texted.',
      ),
    ).toBeTruthy();
    expect(card.textContent).toContain('Cancelled');
    expect(sent.find((each) => each.path === OPS_CANCEL_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      reason: 'Route refused',
    });
  });

  it('offers as statuses only what the table allows, and says a refusal', async () => {
    const sent = board(() => job('Delayed-WithVisit', { installation: PAST_VISIT }), {
      [OPS_SET_STATUS_PATH]: () =>
        refused(409, 6, 'This job cannot move to that status from where it is now.'),
    });
    const user = await signIn();
    const card = await screen.findByRole('listitem', { name: 'Job KNK-00000042' });
    await user.click(within(card).getByRole('button', { name: 'Set status' }));
    const choices = within(within(card).getByRole('combobox', { name: 'New status' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(choices).toEqual(['', 'ForRescue', 'Delayed-ForCancellation']);
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'New status' }),
      'ForRescue',
    );
    const form = within(card).getByRole('form', { name: 'Set the status of KNK-00000042' });
    await user.click(within(form).getByRole('button', { name: 'Set status' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This job cannot move to that status from where it is now.',
    );
    expect(sent.find((each) => each.path === OPS_SET_STATUS_PATH)?.body).toEqual({
      work_order_id: 'wo-1',
      status: 'ForRescue',
    });
  });
});
