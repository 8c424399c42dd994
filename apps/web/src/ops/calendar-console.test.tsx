import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_CALENDAR_ADD_BLOCK_PATH,
  OPS_CALENDAR_BLOCKS_PATH,
  OPS_CALENDAR_PATH,
  OPS_CALENDAR_PREVIEW_BLOCK_PATH,
  OPS_CALENDAR_REMOVE_BLOCK_PATH,
  type TAffectedBooking,
  type TCalendarBlock,
  type TCalendarPeriod,
} from '@konek/contract/ops-calendar';
import { CalendarConsole } from './calendar-console';

// ADR 092: the dispatchers' installation calendar on /ops, against a fetch that answers as /api/ops
// does: the day view, a block previewed then confirmed, and unblock — by keyboard and by name.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const ZONE = { code: 'NCR-SOUTH', name: 'Metro Manila South' };
const block: TCalendarBlock = {
  block_id: '7d1f3a5e-0000-4000-8000-000000000001',
  day: '2026-12-10',
  period: 'am',
  work_zone: null,
  reason: 'Typhoon Pepito',
  blocked_by: { user_id: 'd-1', first_name: 'Dina' },
  blocked_at: '2026-12-05T01:30:00.000Z',
};
const affected: TAffectedBooking[] = [
  {
    order_number: 'KNK-00000042',
    kind: 'paid',
    customer_first_name: 'Maria',
    masked_mobile: '0917 ••• 0101',
    slot: { start_time: '2026-12-10T01:00:00.000Z', end_time: '2026-12-10T04:00:00.000Z' },
    period: 'am',
    work_zone: ZONE,
  },
  {
    order_number: null,
    kind: 'held',
    customer_first_name: 'Jose',
    masked_mobile: '0918 ••• 2202',
    slot: { start_time: '2026-12-10T01:00:00.000Z', end_time: '2026-12-10T04:00:00.000Z' },
    period: 'am',
    work_zone: ZONE,
  },
];
const periods: TCalendarPeriod[] = [
  {
    period: 'am',
    work_zone: ZONE,
    places: 4,
    holds: 1,
    bookings: 2,
    other: 0,
    free: 1,
    blocked: false,
  },
  {
    period: 'pm',
    work_zone: ZONE,
    places: 4,
    holds: 0,
    bookings: 0,
    other: 0,
    free: 0,
    blocked: true,
  },
];

function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
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

const session = {
  token: 'dispatch-token',
  user: { user_id: 'd-1', username: 'dina', role: 'dispatcher' as const, first_name: 'Dina' },
};
const plain = (text: string | null | undefined) => text?.replaceAll('\u00a0', ' ');

describe("a dispatcher's installation calendar", () => {
  it("shows a day's places per period and zone, blocked periods marked", async () => {
    serve({
      [OPS_CALENDAR_BLOCKS_PATH]: () => reply(200, { blocks: [], work_zones: [ZONE] }),
      [OPS_CALENDAR_PATH]: () => reply(200, { days: [{ day: '2026-12-10', periods }] }),
    });
    render(<CalendarConsole session={session} onFailure={() => {}} />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader', { name: 'Morning' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Metro Manila South');
    expect(within(rows[2]!).getByRole('cell', { name: 'Blocked' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /^Places on / })).toBeTruthy();
    expect(screen.getByText('No period is blocked.')).toBeTruthy();
  });

  it('previews the affected bookings, then blocks on confirm, by keyboard', async () => {
    let blocks: TCalendarBlock[] = [];
    const sent = serve({
      [OPS_CALENDAR_BLOCKS_PATH]: () => reply(200, { blocks, work_zones: [ZONE] }),
      [OPS_CALENDAR_PATH]: () => reply(200, { days: [] }),
      [OPS_CALENDAR_PREVIEW_BLOCK_PATH]: () => reply(200, { affected }),
      [OPS_CALENDAR_ADD_BLOCK_PATH]: () => {
        blocks = [block];
        return reply(200, { block, affected });
      },
    });
    const user = userEvent.setup();
    render(<CalendarConsole session={session} onFailure={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Block a period' });
    await user.type(within(form).getByLabelText('Day to block'), '2026-12-10');
    await user.selectOptions(within(form).getByLabelText('Period'), 'Morning');
    await user.selectOptions(within(form).getByLabelText('Where'), 'Whole network');
    await user.type(within(form).getByLabelText('Reason customers will read'), 'Typhoon Pepito');
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', {
      name: 'This block takes the time of 2 bookings:',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = screen.getByRole('list', { name: 'Affected bookings' });
    const paid = within(list).getByRole('listitem', { name: 'KNK-00000042' });
    expect(plain(paid.textContent)).toContain('Maria · 0917 ••• 0101');
    expect(plain(paid.textContent)).toContain('Thursday, December 10, 2026, Morning');
    expect(paid.textContent).toContain('Paid: will need a new time');
    expect(within(list).getByRole('listitem', { name: 'Unpaid hold' }).textContent).toContain(
      'Not paid: the hold ends',
    );
    expect(sent.find((each) => each.path === OPS_CALENDAR_PREVIEW_BLOCK_PATH)?.body).toEqual({
      day: '2026-12-10',
      period: 'am',
      work_zone: null,
      reason: 'Typhoon Pepito',
    });
    expect(sent.some((each) => each.path === OPS_CALENDAR_ADD_BLOCK_PATH)).toBe(false);

    screen.getByRole('button', { name: 'Confirm block' }).focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Blocked. 2 bookings lost their time',
    );
    expect(
      await screen.findByRole('listitem', {
        name: 'Thursday, December 10, 2026, Morning, Whole network',
      }),
    ).toBeTruthy();
  });

  it('forgets a preview when the form changes, so only what was previewed is confirmed', async () => {
    serve({
      [OPS_CALENDAR_BLOCKS_PATH]: () => reply(200, { blocks: [], work_zones: [ZONE] }),
      [OPS_CALENDAR_PATH]: () => reply(200, { days: [] }),
      [OPS_CALENDAR_PREVIEW_BLOCK_PATH]: () => reply(200, { affected: [] }),
    });
    const user = userEvent.setup();
    render(<CalendarConsole session={session} onFailure={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Block a period' });
    await user.type(within(form).getByLabelText('Day to block'), '2026-12-10');
    await user.type(within(form).getByLabelText('Reason customers will read'), 'Road works');
    await user.click(within(form).getByRole('button', { name: 'Preview affected bookings' }));
    expect(await screen.findByRole('heading', { name: 'No booking is affected.' })).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Period'), 'Whole day');
    expect(screen.queryByRole('button', { name: 'Confirm block' })).toBeNull();
  });

  it('unblocks a block by its name and shows a refusal as the server words it', async () => {
    let blocks = [block];
    serve({
      [OPS_CALENDAR_BLOCKS_PATH]: () => reply(200, { blocks, work_zones: [ZONE] }),
      [OPS_CALENDAR_PATH]: () => reply(200, { days: [] }),
      [OPS_CALENDAR_REMOVE_BLOCK_PATH]: () => {
        blocks = [];
        return reply(200, { block_id: block.block_id });
      },
      [OPS_CALENDAR_PREVIEW_BLOCK_PATH]: () =>
        reply(409, {
          code: 19,
          module: 'ops',
          message: 'That period is already blocked there.',
          field: 'period',
        }),
    });
    const user = userEvent.setup();
    render(<CalendarConsole session={session} onFailure={() => {}} />);
    const item = await screen.findByRole('listitem', {
      name: 'Thursday, December 10, 2026, Morning, Whole network',
    });
    expect(item.textContent).toContain('Typhoon Pepito');
    expect(plain(item.textContent)).toContain('Blocked by Dina, December 5, 2026, 9:30 AM');
    await user.click(
      within(item).getByRole('button', {
        name: 'Unblock Thursday, December 10, 2026, Morning, Whole network',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('Nobody was booked back.');
    expect(await screen.findByText('No period is blocked.')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Block a period' });
    await user.type(within(form).getByLabelText('Day to block'), '2026-12-10');
    await user.type(within(form).getByLabelText('Reason customers will read'), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Preview affected bookings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That period is already blocked there.',
    );
  });
});
