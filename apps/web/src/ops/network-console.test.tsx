import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_NAP_EDIT_PATH,
  OPS_NETWORK_PATH,
  NETWORK_NAP_COLUMNS,
} from '@konek/contract/ops-network';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { NetworkConsole } from './network-console';

// ADR 090 (the map and in-place edits): the network planner's map screen against a fetch that answers
// as /api/ops does: the network drawn (clustered markers, free ports in words), a NAP opened from the
// map with Enter or by its code, its edit refused beside the field the server names, then saved, and
// its history.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const session = {
  token: 'planner-token',
  user: { user_id: 'p-1', username: 'pia', role: 'network_planner', first_name: 'Pia' },
} as const;

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

// The map opens on Metro Manila's point: NAP-1 stands there, NAP-2 and NAP-3 far away.
const NETWORK = {
  nap_columns: [...NETWORK_NAP_COLUMNS],
  naps: [
    ['NAP-1', 14.5995, 120.9842, 8, 3, 'active', null],
    ['NAP-2', 10.3157, 123.8854, 16, 16, 'active', null],
    ['NAP-3', 14.4, 120.95, 16, 0, 'planned', '2027-03-31'],
  ],
  buildings: [
    {
      id: 7,
      building_name: 'Narra Tower',
      street_name: 'Paseo de Roxas',
      latitude: 14.5995,
      longitude: 120.9842,
      serving_floors: ['5', '6'],
    },
  ],
};

function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      const handler = handlers[path];
      return handler ? handler(body) : reply(404, { code: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the network map', () => {
  it('draws the network, opens a NAP with Enter, refuses beside the field, saves, and shows its history', async () => {
    const sent = serve({
      [OPS_NETWORK_PATH]: () => reply(200, NETWORK),
      [WEB_CONFIG_PATH]: () =>
        new Response(JSON.stringify(WEB_CONFIG), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      [OPS_NAP_EDIT_PATH]: (body) =>
        body['status'] === 'planned' && body['expected_date'] === null
          ? reply(400, {
              module: 'common',
              code: 1,
              message: 'expected_date: is required for a planned NAP',
            })
          : reply(200, {
              nap: {
                code: 'NAP-1',
                latitude: 14.5995,
                longitude: 120.9842,
                ports_total: 8,
                ports_used: 3,
                status: 'planned',
                expected_date: '2027-06-30',
              },
            }),
      [OPS_HISTORY_PATH]: () =>
        reply(200, {
          entity: 'nap',
          entity_id: 'NAP-1',
          history: [],
        }),
    });
    // jsdom lays nothing out: the map is given a size, so it has a box to show the clusters of.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const user = userEvent.setup();
    render(<NetworkConsole session={session} onFailure={() => {}} />);

    expect(await screen.findByText('3 NAPs (1 planned, 1 full), 1 listed buildings.')).toBeTruthy();
    await screen.findByRole('region', { name: 'Map of the network' }, { timeout: 10_000 });
    const marker = await screen.findByRole('button', { name: 'NAP-1: 5 of 8 ports free' });
    expect(screen.getByRole('button', { name: 'Narra Tower: floors served 5, 6' })).toBeTruthy();

    // Enter on the marker opens the NAP's form.
    marker.focus();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('region', { name: 'Edit NAP NAP-1' });
    expect((within(form).getByLabelText('Ports in total') as HTMLInputElement).value).toBe('8');
    expect((within(form).getByLabelText('Ports in use') as HTMLInputElement).value).toBe('3');

    // Planned without a date: the server's refusal is shown beside the date.
    await user.selectOptions(within(form).getByLabelText('Status'), 'planned');
    await user.click(within(form).getByRole('button', { name: 'Save the NAP' }));
    const date = within(form).getByLabelText('Expected date (planned NAPs only)');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('is required for a planned NAP')).toBeTruthy();

    await user.type(date, '2027-06-30');
    await user.click(within(form).getByRole('button', { name: 'Save the NAP' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Saved. The address check answers from it within seconds.',
    );
    expect(sent.filter((each) => each.path === OPS_NAP_EDIT_PATH).at(-1)?.body).toEqual({
      code: 'NAP-1',
      latitude: 14.5995,
      longitude: 120.9842,
      ports_total: 8,
      ports_used: 3,
      status: 'planned',
      expected_date: '2027-06-30',
    });
    expect(date.getAttribute('aria-invalid')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'History of NAP-1' })).toBeTruthy();
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_HISTORY_PATH)?.body).toEqual({
      entity: 'nap',
      entity_id: 'NAP-1',
    });
  });

  it('finds a NAP by its code, and says when no NAP has it', async () => {
    serve({
      [OPS_NETWORK_PATH]: () => reply(200, NETWORK),
      [WEB_CONFIG_PATH]: () => new Response('{}', { status: 500 }),
    });
    const user = userEvent.setup();
    render(<NetworkConsole session={session} onFailure={() => {}} />);
    await screen.findByText('3 NAPs (1 planned, 1 full), 1 listed buildings.');
    const search = screen.getByLabelText('Find a NAP by its code');
    await user.type(search, 'NAP-9{Enter}');
    expect(screen.getByText('No NAP has the code NAP-9.')).toBeTruthy();
    expect(search.getAttribute('aria-invalid')).toBe('true');
    await user.clear(search);
    await user.type(search, 'NAP-3{Enter}');
    const form = await screen.findByRole('region', { name: 'Edit NAP NAP-3' });
    expect(within(form).getByText('NAP-3: planned, expected 2027-03-31')).toBeTruthy();
    expect(
      (within(form).getByLabelText('Expected date (planned NAPs only)') as HTMLInputElement).value,
    ).toBe('2027-03-31');
  });
});
