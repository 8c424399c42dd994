import './lib/zod-without-eval';
import { findRoute } from '@konek/contract/routes';
import { screenLoaderFor } from './app/route-screens';
import { isPrerenderShown, isShellShown } from './first-paint';
import { activateLocale, SOURCE_LOCALE } from './i18n/i18n';
import { FIRST_PAINT_WAIT_MS, pagePainted } from './lib/page-painted';
import './ui/tokens.css';
import './ui/base.css';

// The entry only starts what the first render needs, all at once: the screen's own chunk, the message
// catalogue (ADR 027) and the app (React, the router, the shell; index.html preloads its files beside
// this one). Nothing waits for the app to run before asking for the screen it will show.

/**
 * ADR 042, 068: with the page's own first paint (a screen's intro or the shell; `/` draws nothing,
 * ADR 087), the app starts once the browser has put it on screen: evaluating the app's code, and loading
 * the screen's, before that would compete with drawing it.
 */
function afterFirstPaint(): Promise<void> {
  if (!isPrerenderShown(document) && !isShellShown(document)) return Promise.resolve();
  return pagePainted({ maxWaitMs: FIRST_PAINT_WAIT_MS });
}

// product §3: campaign tracking reads the landing URL, before anything navigates away from it.
const landingUrl = window.location.href;
await afterFirstPaint();
const route = findRoute(window.location.pathname);
// Started here, awaited by the router's own call for it (a failure is handled there: ADR 002).
if (route) screenLoaderFor(route.path)().catch(() => undefined);
const catalogue = activateLocale(SOURCE_LOCALE);
void import('./app/start').then(({ startApp }) => startApp({ landingUrl, catalogue }));
