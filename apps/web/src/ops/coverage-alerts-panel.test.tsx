import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OPS_COVERAGE_ALERTS_PATH,
  OPS_RETRY_COVERAGE_ALERTS_PATH,
  type TCoverageAlertCounts,
} from '@konek/contract/coverage-alert';
import { CoverageAlertsPanel } from './coverage-alerts-panel';

// ADR 094: the coverage alerts' counts and the retry of the failed ones, against a fetch that answers
// as /api/ops does.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const session = {
  token: 'planner-token',
  user: { user_id: 'p-1', username: 'pia', role: 'network_planner', first_name: 'Pia' },
} as const;

function serve(handlers: Record<string, () => Response | Promise<Response>>) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      sent.push(path);
      const handler = handlers[path];
      return handler ? handler() : reply(404, { code: 404 });
    }),
  );
  return sent;
}

const counts = (failed: number): TCoverageAlertCounts => ({
  queued: 3,
  sending: 1,
  sent: 12,
  failed,
  skipped: 2,
});

function countOf(name: string): string | null {
  const list = screen.getByRole('region', { name: 'Coverage alerts' });
  const term = within(list).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the coverage alerts panel', () => {
  it('shows each count, retries the failed alerts and says how many were queued again', async () => {
    let failed = 2;
    const sent = serve({
      [OPS_COVERAGE_ALERTS_PATH]: () => reply(200, { counts: counts(failed) }),
      [OPS_RETRY_COVERAGE_ALERTS_PATH]: () => {
        const requeued = failed;
        failed = 0;
        return reply(200, { requeued });
      },
    });
    const user = userEvent.setup();
    render(<CoverageAlertsPanel session={session} onFailure={() => {}} />);
    expect(screen.getByText('Loading the alerts…')).toBeTruthy();
    await screen.findByText('Being sent');
    expect(countOf('Queued')).toBe('3');
    expect(countOf('Being sent')).toBe('1');
    expect(countOf('Sent')).toBe('12');
    expect(countOf('Failed')).toBe('2');
    expect(countOf('Skipped')).toBe('2');
    expect(screen.getByText('2 alerts failed: each is sent once more.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry failed alerts' }));
    expect(await screen.findByText('2 failed alerts were queued again.')).toBeTruthy();
    await vi.waitFor(() => expect(countOf('Failed')).toBe('0'));
    const retry = screen.getByRole('button', { name: 'Retry failed alerts' });
    expect(retry).toHaveProperty('disabled', true);
    expect(screen.getByText('No alert has failed: there is nothing to retry.')).toBeTruthy();
    expect(sent.filter((path) => path === OPS_RETRY_COVERAGE_ALERTS_PATH)).toHaveLength(1);
  });

  it('cannot retry when none failed, and says why', async () => {
    serve({ [OPS_COVERAGE_ALERTS_PATH]: () => reply(200, { counts: counts(0) }) });
    render(<CoverageAlertsPanel session={session} onFailure={() => {}} />);
    await screen.findByText('Being sent');
    const retry = screen.getByRole('button', { name: 'Retry failed alerts' });
    expect(retry).toHaveProperty('disabled', true);
    expect(retry.getAttribute('aria-describedby')).toBe('coverage-alerts-retry-why');
    expect(screen.getByText('No alert has failed: there is nothing to retry.')).toBeTruthy();
  });

  it('says when the counts could not be loaded, and loads them again on Refresh', async () => {
    let broken = true;
    const onFailure = vi.fn();
    serve({
      [OPS_COVERAGE_ALERTS_PATH]: () =>
        broken
          ? reply(403, {
              code: 1,
              module: 'ops',
              message: 'Your role cannot do this.',
            })
          : reply(200, { counts: counts(1) }),
    });
    const user = userEvent.setup();
    render(<CoverageAlertsPanel session={session} onFailure={onFailure} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot do this.');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Retry failed alerts' })).toHaveProperty(
      'disabled',
      true,
    );
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(countOf('Failed')).toBe('1'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
