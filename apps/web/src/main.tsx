import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { activateLocale, SOURCE_LOCALE } from './i18n/i18n';
import { setAuthExpiredNavigation } from './lib/auth-expired';
import { installPreloadErrorReload } from './lib/chunk-reload';
import { installErrorReporting } from './lib/error-reporting';
import { getSession } from './lib/session';
import { captureCampaign } from './lib/utm';
import './ui/tokens.css';
import './ui/base.css';

// product §3: campaign tracking is read from the landing URL before anything navigates away from it.
captureCampaign(window.location.href);
installErrorReporting();
installPreloadErrorReload();

// product §4.1: with a token, the user and account are loaded on start, and the token is kept fresh. That
// code (and the account calls) load as their own chunk, so an anonymous visitor's first screen stays
// small.
if (getSession())
  void import('./lib/auth-session').then((module) => module.resumeRestoredSession());

const router = createAppRouter();
// product §4.1: an expired session sends the customer to / without a full page load.
setAuthExpiredNavigation((path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router already loads the first screen's chunk; the catalogue chunk loads beside it, and the first
// render waits for the words only (ADR 027).
void activateLocale(SOURCE_LOCALE).then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
