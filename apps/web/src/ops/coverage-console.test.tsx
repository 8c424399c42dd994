import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_COVERAGE_APPLY_PATH,
  OPS_COVERAGE_EXPORT_PATH,
  OPS_COVERAGE_PREVIEW_PATH,
} from '@konek/contract/ops-coverage';
import { OPS_COVERAGE_ALERTS_PATH } from '@konek/contract/coverage-alert';
import { CoverageConsole } from './coverage-console';

// ADR 090: the network planner's NAP file on the operators' page, against a fetch that answers as
// /api/ops does: check a file, see its bad rows by line and field, apply only a clean one, export.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const session = {
  token: 'planner-token',
  user: { user_id: 'p-1', username: 'pia', role: 'network_planner', first_name: 'Pia' },
} as const;

const CSV = 'id,latitude,longitude,ports_total,ports_used,status\nNAP-1,14.5,121,8,0,active\n';

function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      // The coverage alerts' panel below the file asks for its counts (coverage-alerts-panel.test.tsx).
      const handler =
        handlers[path] ??
        (path === OPS_COVERAGE_ALERTS_PATH
          ? () => reply(200, { counts: { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 } })
          : undefined);
      return handler ? handler(body) : reply(404, { code: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the NAP file', () => {
  it('checks a file, shows its bad rows, and applies only a clean one', async () => {
    let clean = false;
    const report = () => ({
      counts: { new: clean ? 1 : 0, changed: 0, unchanged: 0, errors: clean ? 0 : 1 },
      row_errors: clean
        ? []
        : [{ row: 1, line: 2, field: 'latitude', message: 'Give the latitude as a number.' }],
      error_count: clean ? 0 : 1,
      sha256: 'abc',
    });
    const sent = serve({
      [OPS_COVERAGE_PREVIEW_PATH]: () => reply(200, report()),
      [OPS_COVERAGE_APPLY_PATH]: () => reply(200, { ...report(), applied: true }),
    });
    const user = userEvent.setup();
    render(<CoverageConsole session={session} onFailure={() => {}} />);
    const check = screen.getByRole('button', { name: 'Check the file' });
    const apply = screen.getByRole('button', { name: 'Apply to the network' });
    expect(check).toHaveProperty('disabled', true);
    expect(apply).toHaveProperty('disabled', true);
    expect(screen.getByText('Check the file before applying it.')).toBeTruthy();

    const input = screen.getByLabelText('NAP file (CSV or GeoJSON)');
    await user.upload(input, new File(['bad'], 'naps.csv', { type: 'text/csv' }));
    await user.click(check);
    const errors = await screen.findByRole('region', { name: 'Rows with errors' });
    expect(within(errors).getByText('Give the latitude as a number.')).toBeTruthy();
    expect(within(errors).getByText('latitude')).toBeTruthy();
    expect(apply).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Fix the rows below and check the file again: it cannot be applied.'),
    ).toBeTruthy();

    clean = true;
    await user.upload(input, new File([CSV], 'naps.csv', { type: 'text/csv' }));
    await user.click(check);
    await screen.findByText('The file is ready to apply.');
    await user.click(apply);
    expect(
      await screen.findByText('1 new, 0 changed, 0 unchanged, 0 rows with errors.'),
    ).toBeTruthy();
    expect(screen.getByText('Applied. Choose another file to import more.')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_COVERAGE_APPLY_PATH)?.body).toEqual({
      format: 'csv',
      file_name: 'naps.csv',
      content: CSV,
    });
  });

  it('sends a .geojson file as GeoJSON, and says why a refused check failed', async () => {
    const sent = serve({
      [OPS_COVERAGE_PREVIEW_PATH]: () =>
        reply(413, { code: 1, module: 'common', message: 'content: The file is over 10 MB.' }),
    });
    const user = userEvent.setup();
    render(<CoverageConsole session={session} onFailure={() => {}} />);
    await user.upload(
      screen.getByLabelText('NAP file (CSV or GeoJSON)'),
      new File(['{}'], 'naps.geojson', { type: 'application/geo+json' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect((await screen.findByRole('alert')).textContent).toBe('content: The file is over 10 MB.');
    expect(sent.find((each) => each.path === OPS_COVERAGE_PREVIEW_PATH)?.body).toMatchObject({
      format: 'geojson',
      file_name: 'naps.geojson',
    });
  });

  it('exports the network as a download', async () => {
    const sent = serve({
      [OPS_COVERAGE_EXPORT_PATH]: (body) =>
        reply(200, {
          format: body['format'],
          file_name: 'konek-naps.csv',
          media_type: 'text/csv',
          content: CSV,
          nap_count: 1,
        }),
    });
    const created = vi.fn(() => 'blob:naps');
    vi.stubGlobal('URL', { ...URL, createObjectURL: created, revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    render(<CoverageConsole session={session} onFailure={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(sent.find((each) => each.path === OPS_COVERAGE_EXPORT_PATH)).toMatchObject({
      body: { format: 'csv' },
    });
  });
});
