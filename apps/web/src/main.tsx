import './lib/zod-without-eval';
import { findRoute } from '@konek/contract/routes';
import { screenLoaderFor } from './app/route-screens';
import { isPrerenderShown, isShellShown } from './first-paint';
import { activateLocale, SOURCE_LOCALE } from './i18n/i18n';
import './ui/tokens.css';
import './ui/base.css';

// The entry only starts what the first render needs, all at once: the screen's own chunk, the message
// catalogue (ADR 027) and the app (React, the router, the shell; index.html preloads its files beside
// this one). Nothing waits for the app to run before asking for the screen it will show.

/** The longest the app waits for the copy to be drawn: a hidden tab draws no frames. */
const FIRST_PAINT_WAIT_MS = 100;

/**
 * ADR 041, 042: with index.html's copy of the home page or the shell on screen, the app starts once the
 * browser has drawn it: evaluating the app's code first would hold the first paint back.
 */
function afterFirstPaint(): Promise<void> {
  if (!isPrerenderShown(document) && !isShellShown(document)) return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
  });
}

// product §3: campaign tracking reads the landing URL, before anything navigates away from it.
const landingUrl = window.location.href;
await afterFirstPaint();
const route = findRoute(window.location.pathname);
// Started here, awaited by the router's own call for it (a failure is handled there: ADR 002).
if (route) screenLoaderFor(route.path)().catch(() => undefined);
const catalogue = activateLocale(SOURCE_LOCALE);
void import('./app/start').then(({ startApp }) => startApp({ landingUrl, catalogue }));
