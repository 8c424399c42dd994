import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPS_FUNNEL_PATH, type TFunnelReply } from '@konek/contract/ops-funnel';
import { FunnelConsole } from './funnel-console';
import { funnelCsv } from './funnel-words';

// ADR 096: the funnel screen against a fetch that answers as /api/ops/funnel does. The charts (uPlot,
// drawn on a canvas jsdom has not) are replaced; the table carries the same numbers.

vi.mock('./funnel-charts', () => ({
  default: () => <p>charts drawn</p>,
}));

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const funnel: TFunnelReply = {
  periods: ['2026-03-09', '2026-03-10'],
  steps: [
    { step: 'visitors', counts: [3, 2], total: 5, drop_off_percent: null },
    { step: 'address_checked', counts: [2, 1], total: 3, drop_off_percent: 40 },
    { step: 'covered', counts: [1, 1], total: 2, drop_off_percent: 33.3 },
    { step: 'account', counts: [1, 0], total: 1, drop_off_percent: 50 },
    { step: 'details', counts: [1, 0], total: 1, drop_off_percent: 0 },
    { step: 'schedule', counts: [1, 0], total: 1, drop_off_percent: 0 },
    { step: 'paid', counts: [1, 0], total: 1, drop_off_percent: 0 },
    { step: 'installed', counts: [0, 1], total: 1, drop_off_percent: 0 },
  ],
  median_install_hours: 26,
  missed_visits: 1,
  credits: { count: 1, free_days: 2, centavos: 9993 },
  options: {
    cities: [{ value: '0730600000', label: 'Cebu City' }],
    offers: [{ value: 'konek-fibre-1499', label: 'Konek Fibre 1499' }],
    utm_sources: [
      { value: 'facebook', label: 'facebook' },
      { value: 'google', label: 'google' },
    ],
    agents: [{ value: 'AG1', label: 'AG1' }],
  },
};

const session = {
  token: 'marketing-token',
  user: { user_id: 'm-1', username: 'maria', role: 'marketing' as const, first_name: 'Maria' },
};

function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push(body);
      return path === OPS_FUNNEL_PATH ? answer(body) : reply(404, { code: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the funnel screen', () => {
  it('shows the steps in a table with drop-off, the charts, the median and the credits', async () => {
    const sent = serve(() => reply(200, funnel));
    render(<FunnelConsole session={session} onFailure={() => undefined} />);
    const table = await screen.findByRole('table');
    const row = (name: string) =>
      within(table)
        .getByRole('rowheader', { name })
        .closest('tr')!
        .textContent?.replace(/\s+/g, ' ');
    expect(row('Visitors')).toBe('Visitors5–32');
    expect(row('Address checked')).toBe('Address checked340%21');
    expect(row('Covered')).toBe('Covered233.3%11');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Step', 'Total', 'Drop-off', '2026-03-09', '2026-03-10']);
    expect(await screen.findByText('charts drawn')).toBeTruthy();
    expect(screen.getByText('26 hours')).toBeTruthy();
    expect(screen.getByText('1 (2 free days, ₱99.93)')).toBeTruthy();
    // The first call asks for the last 30 days, per day, with no filter.
    expect(sent[0]).toMatchObject({ granularity: 'day' });
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(['from', 'granularity', 'to']);
  });

  it('asks again with the filters chosen by keyboard, each with its name', async () => {
    const sent = serve(() => reply(200, funnel));
    const user = userEvent.setup();
    render(<FunnelConsole session={session} onFailure={() => undefined} />);
    await screen.findByRole('table');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-03-02');
    await user.selectOptions(screen.getByLabelText('Per'), 'week');
    await user.selectOptions(screen.getByLabelText('UTM source'), 'google');
    await user.selectOptions(screen.getByLabelText('Sales agent'), 'AG1');
    await user.selectOptions(screen.getByLabelText('City'), 'Cebu City');
    await user.selectOptions(screen.getByLabelText('Offer'), 'Konek Fibre 1499');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      from: '2026-03-02',
      granularity: 'week',
      utm_source: 'google',
      agent: 'AG1',
      city: '0730600000',
      offer: 'konek-fibre-1499',
    });
  });

  it('shows a refusal as the server words it', async () => {
    serve(() => reply(400, { module: 'common', code: 1, message: 'to: must not be before from.' }));
    render(<FunnelConsole session={session} onFailure={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('to: must not be before from.');
  });

  it('downloads the same numbers as CSV', async () => {
    serve(() => reply(200, funnel));
    const made: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:funnel';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<FunnelConsole session={session} onFailure={() => undefined} />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    expect(await made[0]?.text()).toBe(funnelCsv(funnel));
    expect(funnelCsv(funnel).split('\n').slice(0, 2)).toEqual([
      'period,visitors,address_checked,covered,account,details,schedule,paid,installed',
      '2026-03-09,3,2,1,1,1,1,1,0',
    ]);
    click.mockRestore();
  });
});
