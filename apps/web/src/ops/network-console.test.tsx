import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_NAP_EDIT_PATH,
  OPS_NETWORK_PATH,
  NETWORK_NAP_COLUMNS,
} from '@konek/contract/ops-network';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
import { OPS_DEMAND_EXPORT_PATH, OPS_DEMAND_PATH } from '@konek/contract/ops-demand';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { NetworkConsole } from './network-console';

// ADR 090 (the map and in-place edits): the network planner's map screen against a fetch that answers
// as /api/ops does: the box the map shows asked for, the network drawn (clustered markers, free ports
// in words, a planned NAP's area with its date), a NAP opened from the map with Enter or by its code,
// its edit refused beside the field the server names, then saved, and its history; a failed box retried.

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

// The map opens on Metro Manila's point: NAP-1 stands there, NAP-3 (planned) 8 km north-east, NAP-2
// in Cebu, out of the first box.
const NAPS = [
  ['NAP-1', 14.5995, 120.9842, 8, 3, 'active', null],
  ['NAP-2', 10.3157, 123.8854, 16, 16, 'active', null],
  ['NAP-3', 14.65, 121.04, 16, 0, 'planned', '2027-03-31'],
] as const;
const NETWORK = {
  nap_columns: [...NETWORK_NAP_COLUMNS],
  truncated: false,
  service_radius_meters: 250,
  naps: NAPS,
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

type Box = { south: number; west: number; north: number; east: number };

/** Answers as the server does: the NAPs of the box asked for, or the one of a code. */
function network(body: Record<string, unknown>, extra: object = {}) {
  const box = body['bbox'] as Box | undefined;
  const code = body['code'] as string | undefined;
  if (code !== undefined) {
    return reply(200, {
      ...NETWORK,
      naps: NAPS.filter((nap) => nap[0] === code),
      buildings: [],
    });
  }
  const inside = (lat: number, lng: number) =>
    !box || (lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east);
  return reply(200, {
    ...NETWORK,
    naps: NAPS.filter((nap) => inside(nap[1], nap[2])),
    buildings: NETWORK.buildings.filter((b) => inside(b.latitude, b.longitude)),
    ...extra,
  });
}

/** jsdom lays nothing out: the map is given a size, so it has a box to ask for and show. */
function mapSize() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
}

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
      [OPS_NETWORK_PATH]: (body) => network(body),
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
    mapSize();
    const user = userEvent.setup();
    render(<NetworkConsole session={session} onFailure={() => {}} />);

    // The box the map shows, padded, is asked for: Manila in it, Cebu not.
    expect(
      await screen.findByText(
        'In this view: 2 NAPs (1 planned, 0 full), 1 listed buildings.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const asked = sent.filter((each) => each.path === OPS_NETWORK_PATH);
    expect(asked).toHaveLength(1);
    const box = asked[0]!.body['bbox'] as Box;
    expect(box.south).toBeLessThan(14.5995);
    expect(box.north).toBeGreaterThan(14.65);
    expect(box.west).toBeLessThan(120.9842);
    expect(box.east).toBeGreaterThan(121.04);
    expect(box.south).toBeGreaterThan(10.3157);
    // The planned area's legend, with the service radius the server sent.
    expect(
      screen.getByText(
        'Shaded circle: the area a planned NAP will serve (250 m), with its expected date.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'NAP-3: planned, expected March 31, 2027' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^NAP-2/ })).toBeNull();
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

  it('finds a NAP by its code in the view or on the server, and says when no NAP has it', async () => {
    const sent = serve({
      [OPS_NETWORK_PATH]: (body) => network(body),
      [WEB_CONFIG_PATH]: () => new Response('{}', { status: 500 }),
    });
    mapSize();
    const user = userEvent.setup();
    render(<NetworkConsole session={session} onFailure={() => {}} />);
    await screen.findByText(
      'In this view: 2 NAPs (1 planned, 0 full), 1 listed buildings.',
      undefined,
      { timeout: 10_000 },
    );
    const search = screen.getByLabelText('Find a NAP by its code');
    await user.type(search, 'NAP-9{Enter}');
    expect(await screen.findByText('No NAP has the code NAP-9.')).toBeTruthy();
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(sent.at(-1)?.body).toEqual({ code: 'NAP-9' });

    // NAP-2 lies outside the box: asked for by its code, opened, and the map goes to it.
    await user.clear(search);
    await user.type(search, 'NAP-2{Enter}');
    expect(await screen.findByRole('region', { name: 'Edit NAP NAP-2' })).toBeTruthy();

    // NAP-3 is planned: its form says the date as the page writes dates; close to it, the map labels
    // its area with it.
    await user.clear(search);
    await user.type(search, 'NAP-3{Enter}');
    const form = await screen.findByRole('region', { name: 'Edit NAP NAP-3' });
    expect(within(form).getByText('NAP-3: planned, expected March 31, 2027')).toBeTruthy();
    expect(
      (within(form).getByLabelText('Expected date (planned NAPs only)') as HTMLInputElement).value,
    ).toBe('2027-03-31');
    expect(
      await screen.findByText('Planned: March 31, 2027', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('keeps the last points while a box fails, says so, and tries again', async () => {
    let fail = false;
    serve({
      [OPS_NETWORK_PATH]: (body) =>
        fail
          ? reply(503, { module: 'common', code: 503, message: 'The database is busy.' })
          : network(body, { truncated: true }),
      [WEB_CONFIG_PATH]: () => new Response('{}', { status: 500 }),
    });
    mapSize();
    const user = userEvent.setup();
    const { container } = render(<NetworkConsole session={session} onFailure={() => {}} />);
    expect(
      await screen.findByText(
        'Zoom in to see every NAP: this view has more than the map shows at once.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();

    // The map moves; the new box fails: the NAPs already shown stay, the failure is said, with a retry.
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('The database is busy.');
    expect(screen.getByRole('button', { name: 'NAP-1: 5 of 8 ports free' })).toBeTruthy();
    expect(container.textContent).toContain('In this view: 2 NAPs');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 5000 });
    expect(
      await screen.findByText(
        'Zoom in to see every NAP: this view has more than the map shows at once.',
      ),
    ).toBeTruthy();
  });

  it('draws the demand layer with its legend, lists where demand is, and downloads it as CSV', async () => {
    const rows = [
      {
        barangay_code: '1380100001',
        barangay: 'Poblacion',
        city: 'Makati City',
        province: 'Metro Manila',
        latitude: 14.5995,
        longitude: 120.9842,
        waiting: 120,
        covered_share: 0.25,
        planned_date: '2027-03-31',
      },
      ...Array.from({ length: 11 }, (_, at) => ({
        barangay_code: `13801000${String(at + 10)}`,
        barangay: `Barangay ${at + 1}`,
        city: 'Makati City',
        province: 'Metro Manila',
        latitude: 14.6 + at * 0.001,
        longitude: 120.99,
        waiting: 11 - at,
        covered_share: 0,
        planned_date: null,
      })),
    ];
    const sent = serve({
      [OPS_NETWORK_PATH]: (body) => network(body),
      [WEB_CONFIG_PATH]: () =>
        new Response(JSON.stringify(WEB_CONFIG), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      [OPS_DEMAND_PATH]: () => reply(200, { rows, waiting_total: 186 }),
      [OPS_DEMAND_EXPORT_PATH]: () =>
        reply(200, {
          file_name: 'demand.csv',
          media_type: 'text/csv',
          content: 'barangay_code\n',
          row_count: 0,
        }),
    });
    const made = vi.fn((blob: Blob) => (blob instanceof Blob ? 'blob:demand' : ''));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mapSize();
    const user = userEvent.setup();
    const { container } = render(<NetworkConsole session={session} onFailure={() => {}} />);
    await screen.findByText(
      'In this view: 2 NAPs (1 planned, 0 full), 1 listed buildings.',
      undefined,
      {
        timeout: 10_000,
      },
    );
    expect(sent.some((each) => each.path === OPS_DEMAND_PATH)).toBe(false);

    // The layer is a checkbox, pressed with the keyboard.
    const toggle = screen.getByRole('checkbox', {
      name: 'Demand: show households waiting for fibre',
    });
    toggle.focus();
    await user.keyboard(' ');
    expect((toggle as HTMLInputElement).checked).toBe(true);

    const table = await screen.findByRole('table', { name: /barangays of this view where most/ });
    const lines = within(table).getAllByRole('row');
    expect(lines).toHaveLength(11); // the header and the top 10
    expect(lines[1]!.textContent).toBe('PoblacionMakati City12025%March 31, 2027');
    expect(lines[2]!.textContent).toBe('Barangay 1Makati City110%—');
    expect(
      screen.getByText(
        '10 of the 12 barangays with demand in this view; the CSV lists every barangay.',
      ),
    ).toBeTruthy();
    const asked = sent.find((each) => each.path === OPS_DEMAND_PATH)!;
    expect(asked.body['bbox']).toMatchObject({ south: expect.any(Number) });

    // The circles, one a barangay, and the scale's legend.
    await waitFor(() =>
      expect(container.querySelectorAll('path.leaflet-interactive').length).toBeGreaterThanOrEqual(
        12,
      ),
    );
    expect(screen.getByText('100 or more households')).toBeTruthy();
    expect(screen.getByText('1–4 households')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download demand (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.find((each) => each.path === OPS_DEMAND_EXPORT_PATH)!.body).toEqual({});

    // Off again: no layer, no table.
    await user.click(toggle);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('100 or more households')).toBeNull();
  });
});
