import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type LayoutKind, type RouteEntry } from '@konek/contract/routes';
import { importWithReload } from '../lib/chunk-reload';
import { AppRoot } from './app-root';
import { COVERAGE_PATHS, SIGNED_IN_PATHS } from './coverage-paths';
import { NotFoundPage } from './not-found-page';
import { PageLayout } from './page-layout';
import { RouteErrorPage } from './route-error-page';
import { screenLoaderFor } from './route-screens';
import { ScreenLoading } from '../ui/screen-loading';
import type { ScreenHandle } from './route-handle';

const LAYOUTS: readonly LayoutKind[] = ['default', 'header-only', 'no-footer'];

function screenRoute(entry: RouteEntry): RouteObject {
  const loadScreen = screenLoaderFor(entry.path);
  return {
    path: entry.path,
    // The server answers only ROUTES' exact paths (other spellings get 404), so the client agrees.
    caseSensitive: true,
    // The screen's chunk, and with it what the layout and gate around it need, which read the journey
    // store: the shell's own chunk stays without it.
    lazy: async () => {
      const needsCoverage = COVERAGE_PATHS.has(entry.path);
      const needsSignIn = SIGNED_IN_PATHS.has(entry.path);
      const [Screen, progress, coverageGate, signInGate] = await Promise.all([
        importWithReload(loadScreen),
        entry.step === null ? undefined : importWithReload(() => import('./journey-progress')),
        needsCoverage ? importWithReload(() => import('./coverage-gate')) : undefined,
        needsSignIn ? importWithReload(() => import('./sign-in-gate')) : undefined,
      ]);
      const handle: ScreenHandle | undefined = progress && {
        journeyProgress: progress.drawJourneyProgress,
      };
      if (!coverageGate && !signInGate) return { Component: Screen, handle };
      const Covered = coverageGate
        ? () => (
            <coverageGate.CoverageGate>
              <Screen />
            </coverageGate.CoverageGate>
          )
        : Screen;
      if (!signInGate) return { Component: Covered, handle };
      // Signed in first: signing in may bring back the address the coverage gate then confirms.
      const { SignInGate } = signInGate;
      return {
        Component: () => (
          <SignInGate>
            <Covered />
          </SignInGate>
        ),
        handle,
      };
    },
    // Each route has its own error boundary, so a failing screen keeps the header and footer.
    errorElement: <RouteErrorPage />,
    // While the screen's chunk loads, the layout around it already shows.
    hydrateFallbackElement: <ScreenLoading />,
  };
}

// product §2.2: unknown routes show the 404 page.
const notFoundRoute: RouteObject = {
  path: '*',
  Component: NotFoundPage,
  errorElement: <RouteErrorPage />,
};

/** Every route of product §2.2 (ROUTES), grouped under the layout its entry names, plus the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: LAYOUTS.map((kind) => ({
      element: <PageLayout kind={kind} />,
      errorElement: <RouteErrorPage />,
      children: [
        ...ROUTES.filter((entry) => entry.layout === kind).map(screenRoute),
        ...(kind === 'default' ? [notFoundRoute] : []),
      ],
    })),
  },
];

/** product §2.2: history mode, base /. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
