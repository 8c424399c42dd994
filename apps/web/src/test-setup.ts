import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { clearSession } from './lib/session';
import { i18n, SOURCE_LOCALE } from './i18n/i18n';
import { messages } from './i18n/locales/en/messages';

// findBy… waits up to 5 s: on a busy 2-core machine a lazy screen's first render can take seconds.
configure({ asyncUtilTimeout: 5000 });

// Screens read their words from the default catalogue, as in the browser (ADR 027).
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages });

// The web tests run in jsdom without a server: every fetch answers a success envelope unless a test
// says otherwise, so analytics and error reports never reach the network.
function successfulFetch() {
  return vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 0, module: 'test', message: 'ok' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

beforeEach(() => {
  if (process.env.KONEK_TEST_NOW) vi.setSystemTime(new Date(process.env.KONEK_TEST_NOW));
  vi.stubGlobal('fetch', successfulFetch());
  // jsdom does not scroll; React Router's scroll restoration calls this.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
