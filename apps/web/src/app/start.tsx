import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';
import { markTakeover } from './takeover-scroll';
import { isPrerenderShown } from '../first-paint';
import { setAuthExpiredNavigation } from '../lib/auth-expired';
import { installPreloadErrorReload } from '../lib/chunk-reload';
import { installErrorReporting } from '../lib/error-reporting';
import { nextTask } from '../lib/next-task';
import { getSession } from '../lib/session';
import { captureCampaign } from '../lib/utm';

type Router = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the first screen's chunk (or settled on its error page). */
function initialized(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export type StartOptions = {
  /** The address the visitor landed on, read before the app could navigate. */
  landingUrl: string;
  /** The message catalogue being loaded (ADR 027). */
  catalogue: Promise<void>;
};

/** Runs the app: the router and the first render, once the first screen and its words are loaded. */
export async function startApp({ landingUrl, catalogue }: StartOptions): Promise<void> {
  // Evaluating this chunk (React, the router) and creating the router are each a long task on a slow
  // phone; run back to back they are one twice as long, during which a tap waits.
  await nextTask();
  // product §3: campaign tracking is read from the landing URL.
  captureCampaign(landingUrl);
  installErrorReporting();
  installPreloadErrorReload();

  // product §4.1: with a token, the user and account are loaded on start, and the token is kept fresh.
  // That code (and the account calls) load as their own chunk, so an anonymous visitor's first screen
  // stays small.
  if (getSession())
    void import('../lib/auth-session').then((module) => module.resumeRestoredSession());

  const router = createAppRouter();
  // product §4.1: an expired session sends the customer to / without a full page load.
  setAuthExpiredNavigation((path) => void router.navigate(path));

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // The first render shows the screen itself, not the layout around a loading spinner that the screen
  // would then push down (a layout shift): it waits for the screen's chunk and the catalogue, which the
  // entry started loading beside this one.
  await Promise.all([catalogue, initialized(router)]);
  // A transition: React renders the page in slices of a few milliseconds, so a slow phone stays
  // responsive while it does, and only the finished page replaces what is shown (index.html's copy of
  // the home page, ADR 041, or nothing).
  if (isPrerenderShown(document)) markTakeover();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
