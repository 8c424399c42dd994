import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { setAuthExpiredNavigation } from './lib/auth-expired';
import { installPreloadErrorReload } from './lib/chunk-reload';
import { installErrorReporting } from './lib/error-reporting';
import { captureCampaign } from './lib/utm';
import './ui/tokens.css';
import './ui/base.css';

// spec §3: campaign tracking is read from the landing URL before anything navigates away from it.
captureCampaign(window.location.href);
installErrorReporting();
installPreloadErrorReload();

const router = createAppRouter();
// spec §4.1: an expired session sends the customer to / without a full page load.
setAuthExpiredNavigation((path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
