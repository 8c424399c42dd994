import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { HEALTH_PATH } from '@konek/contract/health';
import { appRoutes } from '../router';

function answerHealth(body: unknown, status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

function renderHealthPage() {
  render(
    <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/healthy'] })} />,
  );
}

describe('/healthy', () => {
  it('shows a loading state, then that all systems are operational', async () => {
    answerHealth(
      {
        code: 0,
        module: 'health',
        message: 'ok',
        status: 'ok',
        database: 'up',
        uptime_seconds: 3725,
      },
      200,
    );
    renderHealthPage();
    expect(await screen.findByText('Checking services…')).toBeTruthy();
    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(screen.getByText('Up')).toBeTruthy();
    expect(screen.getByText('1 hour 2 minutes')).toBeTruthy();
    // The page chrome reads the web config too; the screen's own call is the health check.
    expect(vi.mocked(fetch).mock.calls.map((call) => call[0])).toContain(HEALTH_PATH);
  });

  it('says some services are down when the database is', async () => {
    answerHealth(
      {
        code: 503,
        module: 'health',
        message: 'degraded',
        status: 'degraded',
        database: 'down',
        uptime_seconds: 12,
      },
      503,
    );
    renderHealthPage();
    expect(await screen.findByText('Some services are down')).toBeTruthy();
    expect(screen.getByText('Down')).toBeTruthy();
  });

  it('says some services are down when the service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderHealthPage();
    expect(await screen.findByText('Some services are down')).toBeTruthy();
    expect(screen.getByText('Database').nextElementSibling?.textContent).toBe('Unknown');
  });
});
