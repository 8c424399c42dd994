import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_CREW_PLANS_PATH,
  OPS_SET_CREW_PLAN_PATH,
  type TCrewPlanZone,
} from '@konek/contract/ops-calendar';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
import { CrewsConsole } from './crews-console';

// ADR 092: the crews' plans on /ops, against a fetch that answers as /api/ops does: each zone's table of
// weekdays × morning and afternoon, inputs named for a screen reader, field errors before sending, save
// (and the slots kept at their bookings), and the zone's history.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const plan = [1, 2, 3, 4, 5, 6].flatMap((weekday) =>
  (['am', 'pm'] as const).map((period) => ({ weekday, period, places: weekday === 6 ? 4 : 8 })),
);
const SOUTH: TCrewPlanZone = {
  work_zone: { code: 'MM-SOUTH', name: 'Metro Manila South' },
  cities: [
    { code: '1380200000', name: 'Las Piñas City' },
    { code: '1380300000', name: 'City of Makati' },
  ],
  plan,
};
const CEBU: TCrewPlanZone = {
  work_zone: { code: 'CEBU', name: 'Metro Cebu' },
  cities: [{ code: '0730600000', name: 'Cebu City' }],
  plan,
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

describe("a dispatcher's crew plans", () => {
  it('shows a table per zone, weekdays by morning and afternoon, in its own focusable region', async () => {
    serve({ [OPS_CREW_PLANS_PATH]: () => reply(200, { zones: [SOUTH, CEBU] }) });
    render(<CrewsConsole session={session} onFailure={() => {}} />);
    const monday = await screen.findByRole('textbox', {
      name: 'Places, Monday morning, Metro Manila South',
    });
    expect((monday as HTMLInputElement).value).toBe('8');
    expect(
      (
        screen.getByRole('textbox', {
          name: 'Places, Saturday afternoon, Metro Cebu',
        }) as HTMLInputElement
      ).value,
    ).toBe('4');
    const region = screen.getByRole('region', { name: 'Places per weekday, Metro Manila South' });
    expect(region.tabIndex).toBe(0);
    const rows = within(within(region).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(within(rows[1]!).getByRole('rowheader', { name: 'Monday' })).toBeTruthy();
    expect(screen.getByText('Cities: Las Piñas City, City of Makati')).toBeTruthy();
    expect(screen.getAllByRole('form')).toHaveLength(2);
  });

  it('names a bad field before sending, then saves and says which slots kept their bookings', async () => {
    let saved = SOUTH;
    const sent = serve({
      [OPS_CREW_PLANS_PATH]: () => reply(200, { zones: [saved] }),
      [OPS_SET_CREW_PLAN_PATH]: (body) => {
        saved = { ...SOUTH, plan: body.plan as TCrewPlanZone['plan'] };
        return reply(200, {
          zone: saved,
          slots_changed: 5,
          kept: [{ day: '2026-12-08', period: 'am', taken: 3 }],
        });
      },
    });
    const user = userEvent.setup();
    render(<CrewsConsole session={session} onFailure={() => {}} />);
    const tuesday = await screen.findByRole('textbox', {
      name: 'Places, Tuesday morning, Metro Manila South',
    });
    await user.clear(tuesday);
    await user.type(tuesday, '51');
    const form = screen.getByRole('form', { name: 'Crew plan, Metro Manila South' });
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(tuesday.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(tuesday);
    expect(tuesday.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(tuesday.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a whole number from 0 to 50.',
    );
    expect(sent.some((each) => each.path === OPS_SET_CREW_PLAN_PATH)).toBe(false);

    await user.clear(tuesday);
    await user.type(tuesday, '2{Enter}');
    const status = await within(form).findByRole('status');
    expect(status.textContent).toContain('Plan saved. 5 slots ahead have their new places.');
    expect(status.textContent).toContain('kept at 3 (booked)');
    const request = sent.find((each) => each.path === OPS_SET_CREW_PLAN_PATH)!;
    expect(request.body.work_zone).toBe('MM-SOUTH');
    expect(request.body.plan).toContainEqual({ weekday: 2, period: 'am', places: 2 });
    expect(request.body.plan).toHaveLength(12);
    expect(tuesday.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal, and the zone's history", async () => {
    serve({
      [OPS_CREW_PLANS_PATH]: () => reply(200, { zones: [SOUTH] }),
      [OPS_SET_CREW_PLAN_PATH]: () =>
        reply(400, { code: 21, message: 'Choose a work zone from the list.' }),
      [OPS_HISTORY_PATH]: () =>
        reply(200, {
          history: [
            {
              audit_id: 'a-1',
              at: '2026-12-05T01:30:00.000Z',
              operator: { user_id: 'd-1', username: 'dina' },
              entity: 'work_zone',
              entity_id: 'MM-SOUTH',
              action: 'update',
              before: { plan: { '1 am': 8 } },
              after: { plan: { '1 am': 6 } },
            },
          ],
        }),
    });
    const user = userEvent.setup();
    const onFailure = vi.fn();
    render(<CrewsConsole session={session} onFailure={onFailure} />);
    const form = await screen.findByRole('form', { name: 'Crew plan, Metro Manila South' });
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose a work zone from the list.',
    );
    expect(onFailure).toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'History of Metro Manila South' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'History of Metro Manila South' })).toBeTruthy(),
    );
    expect(await screen.findByRole('list', { name: 'Changes, newest first' })).toBeTruthy();
  });
});
