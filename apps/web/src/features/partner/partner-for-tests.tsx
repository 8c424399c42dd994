import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { appRoutes } from '../../app/router';

export async function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  // The partner screens are lazy chunks: the first visit also transforms them.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return router;
}

export function failure(module: string, code: number, message: string, status: number): Response {
  return new Response(JSON.stringify({ code, module, message }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
