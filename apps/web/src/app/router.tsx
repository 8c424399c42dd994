import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type LayoutKind, type RouteEntry } from '@konek/contract/routes';
import { importWithReload } from '../lib/chunk-reload';
import { AppRoot } from './app-root';
import { COVERAGE_PATHS, CoverageGate } from './coverage-gate';
import { NotFoundPage } from './not-found-page';
import { PageLayout } from './page-layout';
import { RouteErrorPage } from './route-error-page';
import { screenLoaderFor } from './route-screens';
import { SIGNED_IN_PATHS, SignInGate } from './sign-in-gate';
import { ScreenLoading } from '../ui/screen-loading';

const LAYOUTS: readonly LayoutKind[] = ['default', 'header-only', 'no-footer'];

function screenRoute(entry: RouteEntry): RouteObject {
  const loadScreen = screenLoaderFor(entry.path);
  return {
    path: entry.path,
    // The server answers only ROUTES' exact paths (other spellings get 404), so the client agrees.
    caseSensitive: true,
    lazy: async () => {
      const Screen = await importWithReload(loadScreen);
      const needsCoverage = COVERAGE_PATHS.has(entry.path);
      const needsSignIn = SIGNED_IN_PATHS.has(entry.path);
      if (!needsCoverage && !needsSignIn) return { Component: Screen };
      // Signed in first: signing in may bring back the address the coverage gate then confirms.
      const Covered = needsCoverage
        ? () => (
            <CoverageGate>
              <Screen />
            </CoverageGate>
          )
        : Screen;
      if (!needsSignIn) return { Component: Covered };
      return {
        Component: () => (
          <SignInGate>
            <Covered />
          </SignInGate>
        ),
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
