import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_ADD_CLOSED_DAY_PATH,
  OPS_CLOSED_DAYS_PATH,
  OPS_REMOVE_CLOSED_DAY_PATH,
  type TClosedDay,
} from '@konek/contract/ops-closed-days';
import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import { ClosedDays } from './closed-days';

// ADR 083: the dispatchers' closed days on the operators' page, against a fetch that answers as
// /api/ops does.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const lawDay: TClosedDay = {
  day: '2026-12-24',
  source: 'law',
  reason: 'Christmas Eve',
  added_by: null,
  added_at: null,
  bookings: 2,
};
const typhoon: TClosedDay = {
  day: '2026-12-10',
  source: 'dispatcher',
  reason: 'Typhoon signal no. 3',
  added_by: { user_id: 'd-1', first_name: 'Dina' },
  added_at: '2026-12-05T01:30:00.000Z',
  bookings: 0,
};

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
const plain = (text: string | null) => text?.replaceAll('\u00a0', ' ');

describe("a dispatcher's closed days", () => {
  it('lists the days the law closes and their own, each day written as every date on the page', async () => {
    serve({ [OPS_CLOSED_DAYS_PATH]: () => reply(200, { closed_days: [typhoon, lawDay] }) });
    render(<ClosedDays session={session} onFailure={() => {}} />);
    const eve = await screen.findByRole('listitem', { name: 'Thursday, December 24, 2026' });
    expect(eve.textContent).toContain('Christmas Eve');
    expect(eve.textContent).toContain('Closed by law');
    expect(eve.textContent).toContain('2 installations are still booked on this day');
    expect(within(eve).queryByRole('button')).toBeNull();
    const own = screen.getByRole('listitem', { name: 'Thursday, December 10, 2026' });
    expect(plain(own.textContent)).toContain('Closed by Dina, December 5, 2026, 9:30 AM');
    expect(within(own).getByRole('button', { name: 'Open this day again' })).toBeTruthy();
  });

  it('closes a day with a reason, and says plainly why a day with bookings is not closed', async () => {
    let closedList: TClosedDay[] = [];
    const sent = serve({
      [OPS_CLOSED_DAYS_PATH]: () => reply(200, { closed_days: closedList }),
      [OPS_ADD_CLOSED_DAY_PATH]: (body) => {
        if (body['day'] === '2026-12-11') {
          return reply(409, {
            code: 12,
            bookings: 1,
            message:
              'December 11, 2026 has 1 installation booked. Move them to other days first, then close it.',
          });
        }
        closedList = [typhoon];
        return reply(200, { closed_day: typhoon });
      },
      [OPS_REMOVE_CLOSED_DAY_PATH]: (body) => {
        closedList = [];
        return reply(200, { day: body['day'] });
      },
    });
    const user = userEvent.setup();
    render(<ClosedDays session={session} onFailure={() => {}} />);
    await screen.findByRole('list', { name: 'Closed days' });

    const day = screen.getByLabelText('Day to close');
    await user.type(day, '2026-12-11');
    await user.type(screen.getByLabelText('Reason'), 'Crew training');
    await user.click(screen.getByRole('button', { name: 'Close this day' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'December 11, 2026 has 1 installation booked. Move them to other days first, then close it.',
    );

    await user.clear(day);
    await user.type(day, '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Close this day' }));
    expect(plain((await screen.findByRole('status')).textContent)).toBe(
      'Thursday, December 10, 2026 is closed: customers can no longer book it.',
    );
    expect(sent.filter((each) => each.path === OPS_ADD_CLOSED_DAY_PATH).at(-1)?.body).toEqual({
      day: '2026-12-10',
      reason: 'Crew training',
    });

    await user.click(await screen.findByRole('button', { name: 'Open this day again' }));
    await waitFor(() =>
      expect(plain(screen.getByRole('status').textContent)).toBe(
        'Thursday, December 10, 2026 is open again: its slots are back on the calendar.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
  });

  it("shows a day's history: who closed it, when, and why", async () => {
    const closedEntry: TAuditEntry = {
      audit_id: '7',
      at: '2026-12-05T01:30:00.000Z',
      operator: { user_id: 'd-1', username: 'dina' },
      entity: 'closed_day',
      entity_id: '2026-12-10',
      action: 'create',
      before: null,
      after: { day: '2026-12-10', reason: 'Typhoon signal no. 3' },
    };
    const sent = serve({
      [OPS_CLOSED_DAYS_PATH]: () => reply(200, { closed_days: [typhoon] }),
      [OPS_HISTORY_PATH]: () => reply(200, { history: [closedEntry] }),
    });
    const user = userEvent.setup();
    render(<ClosedDays session={session} onFailure={() => {}} />);
    await user.click(
      await screen.findByRole('button', { name: 'History of Thursday, December 10, 2026' }),
    );
    const changes = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(plain(changes.textContent)).toContain('Added by dina, December 5, 2026, 9:30 AM');
    expect(changes.textContent).toContain('Reason— → Typhoon signal no. 3');
    expect(sent.find((each) => each.path === OPS_HISTORY_PATH)?.body).toEqual({
      entity: 'closed_day',
      entity_id: '2026-12-10',
    });
  });
});
