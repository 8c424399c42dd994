import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { appRoutes } from '../router';

// Screen tests drive the real router, so they live in app/, which composes the features (ADR 024): a
// feature never imports app/.

/** Renders the app at `path` (with history `state`) and waits for its screen's heading. */
export async function renderAt(path: string, state?: unknown) {
  // A path may carry a query (a partner link's payload); history state rides on a location object.
  const entry = state === undefined ? path : { pathname: path, state };
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  // The screens are lazy chunks: the first visit also transforms them.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return router;
}
