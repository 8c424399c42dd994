import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { resetReportedErrors } from '../lib/error-reporting';
import { RouteErrorPage } from './route-error-page';

function renderThrowing(thrown: unknown) {
  function Broken(): never {
    throw thrown;
  }
  const router = createMemoryRouter([
    { path: '/', Component: Broken, errorElement: <RouteErrorPage /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorPage (product §2.1)', () => {
  it("titles the page with the error's message, and reports it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    resetReportedErrors();
    renderThrowing(new Error('Auth expired'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Auth expired');
    expect(screen.getByText('Error 500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    const reports = vi
      .mocked(fetch)
      .mock.calls.filter(([input]) => String(input) === REPORT_CLIENT_ERROR_PATH);
    expect(reports).toHaveLength(1);
  });

  it('is titled "Error" when the error has no message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderThrowing({ unexpected: true });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Error');
  });
});
