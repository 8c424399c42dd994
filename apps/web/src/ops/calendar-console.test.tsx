import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_CALENDAR_ADD_BLOCK_PATH,
  OPS_CALENDAR_BLOCKS_PATH,
  OPS_CALENDAR_PATH,
  OPS_CALENDAR_PREVIEW_BLOCK_PATH,
  OPS_CALENDAR_REMOVE_BLOCK_PATH,
  OPS_SET_DAY_PLACES_PATH,
  type TAffectedBooking,
  type TCalendarBlock,
  type TCalendarPeriod,
} from '@konek/contract/ops-calendar';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
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
    set_for_day: false,
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
    set_for_day: false,
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

  it("changes one period's places for a day in its row, by keyboard, and says when they were kept", async () => {
    let asked = 0;
    const sent = serve({
      [OPS_CALENDAR_BLOCKS_PATH]: () => reply(200, { blocks: [], work_zones: [ZONE] }),
      [OPS_CALENDAR_PATH]: () => reply(200, { days: [{ day: '2026-12-10', periods }] }),
      [OPS_SET_DAY_PLACES_PATH]: (body) => {
        asked += 1;
        if (asked === 3) {
          return reply(409, {
            code: 31,
            module: 'ops',
            message: 'That period is blocked. Lift the block first, then change its places.',
            field: 'period',
          });
        }
        const taken = 3;
        return reply(200, {
          places: Math.max(Number(body.places), taken),
          taken,
          kept: Number(body.places) < taken,
        });
      },
      [OPS_HISTORY_PATH]: () =>
        reply(200, {
          history: [
            {
              audit_id: '1',
              at: '2026-12-05T01:30:00.000Z',
              operator: { user_id: 'd-1', username: 'dina' },
              entity: 'day_places',
              entity_id: 'NCR-SOUTH 2026-12-06 am',
              action: 'update',
              before: { places: 4, set_for_day: false },
              after: { places: 6, asked: 6, set_for_day: true },
            },
          ],
        }),
    });
    const user = userEvent.setup();
    render(<CalendarConsole session={session} onFailure={() => {}} />);
    // Today's periods may have begun: no change there; tomorrow's can be changed.
    await screen.findByRole('table');
    expect(screen.queryByRole('textbox', { name: /^Places, / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    const input = await screen.findByRole('textbox', {
      name: 'Places, Morning, Metro Manila South',
    });
    expect((input as HTMLInputElement).value).toBe('4');
    expect(
      screen.queryByRole('textbox', { name: 'Places, Afternoon, Metro Manila South' }),
    ).toBeNull();
    expect(screen.getByText('Lift the block first')).toBeTruthy();

    // A number the places cannot be is said, and nothing is sent.
    await user.clear(input);
    await user.type(input, '60{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Morning, Metro Manila South: enter a whole number from 0 to 50.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((each) => each.path === OPS_SET_DAY_PLACES_PATH)).toBe(false);

    await user.clear(input);
    await user.type(input, '6{Enter}');
    expect(
      await screen.findByText('Morning, Metro Manila South: 6 places on this day.'),
    ).toBeTruthy();
    const sentBody = sent.find((each) => each.path === OPS_SET_DAY_PLACES_PATH)?.body;
    expect(sentBody).toMatchObject({ work_zone: 'NCR-SOUTH', period: 'am', places: 6 });
    expect(sentBody?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('set for this day');
    // 6 places, 1 hold and 2 bookings: 3 free.
    expect(within(row).getAllByRole('cell')[5]!.textContent).toBe('3');
    expect(document.activeElement).toBe(input);

    await user.clear(input);
    await user.type(input, '1');
    await user.click(
      screen.getByRole('button', { name: 'Save places, Morning, Metro Manila South' }),
    );
    expect(
      await screen.findByText('Morning, Metro Manila South: kept at 3 places because 3 are taken.'),
    ).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('3');

    await user.type(input, '{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That period is blocked. Lift the block first, then change its places.',
    );

    await user.click(
      screen.getByRole('button', { name: /^History of Morning, Metro Manila South, / }),
    );
    expect(await screen.findByText('Changed by dina, December 5, 2026, 9:30 AM')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_HISTORY_PATH)?.body.entity).toBe('day_places');
  });
});
