import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { PATHS, ROUTES, TERMS_PATH } from '@konek/contract/routes';
import { appRoutes } from './router';
import { SCREEN_DESCRIPTIONS } from './screen-descriptions';
import { NO_RESULT_TEXTS } from '../features/pay/no-payment';
import {
  storeCheckedAddress,
  storeUncoveredAddress,
} from '../features/auth/auth-fixtures-for-tests';
import { i18n } from '../i18n/i18n';
import { signInCustomer } from '../lib/journey-fixtures-for-tests';
import { SIGNED_IN_PATHS } from './coverage-paths';

/** The track-my-order pages of a signed-in customer (signed out they send to /trackmyorder). */
const TRACK_SIGNED_IN_PATHS: readonly string[] = [
  PATHS.trackmyorderOrderstatus,
  PATHS.trackmyorderViewmyorder,
  PATHS.trackmyorderTrackmytechnician,
];

const HOME_HEADING = 'I-check ang iyong address para makita ang special offer!';

/**
 * The h1 each route shows: the home screen's own heading, a result page's "nothing to show" (no order,
 * payment or PIN reset behind it, ADR 030), else the route's title.
 */
function expectedHeading(path: string, title: string): string {
  if (path === '/' || path === '/serviceability') return HOME_HEADING;
  if (path === '/serviceability/pinchanged' || path === PATHS.trackmyorderPinchanged) {
    return 'There is no PIN change to confirm';
  }
  // Opened signed out: the idle sign-out has happened (ADR 050).
  if (path === PATHS.trackmyorderStillthere) return "You've been signed out";
  const noOrder = NO_RESULT_TEXTS[path];
  return noOrder ? i18n._(noOrder.title) : title;
}

// The loading screen checks the position in its query (product §2.3 step 9); without one it goes straight
// on to the location error page, so it is rendered with one.
const LOADING_WITH_POSITION = '/serviceability/loading?lat=14.45056&lng=120.98278&pilot=true';
// pcp/redirect without a payload has no link to open and goes straight on to the link error page
// (product §2.2), so it is rendered with one.
const REDIRECT_WITH_PAYLOAD = '/serviceability/pcp/redirect?payload=eyJhbGciOiJkaXIifQ..x.y.z';
const visitPath = (path: string) => {
  if (path === '/serviceability/loading') return LOADING_WITH_POSITION;
  if (path === '/serviceability/pcp/redirect') return REDIRECT_WITH_PAYLOAD;
  return path;
};

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('router', () => {
  it('registers all 46 routes of product §2.2 and the 5 own pages', () => {
    expect(ROUTES).toHaveLength(51);
  });

  it.each(ROUTES.map((route) => [route.path, route.title] as const))(
    '%s renders its heading',
    async (path, title) => {
      // The offers, sign-up and later steps open for an address fibre was found to reach; notify-me is
      // about an address it does not reach yet.
      if (path === '/serviceability/notifyme') storeUncoveredAddress();
      else storeCheckedAddress();
      // The details and schedule steps need a signed-in customer (without one: the sign-in page).
      if (SIGNED_IN_PATHS.has(path) || TRACK_SIGNED_IN_PATHS.includes(path)) signInCustomer();
      renderAt(visitPath(path));
      // The first visit to a lazy screen also transforms its chunk (the account screens share one).
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      expect(heading.textContent).toBe(expectedHeading(path, title));
      expect(document.title).toBe(`${title} | Konek Prepaid Fiber`);
      // ADR 079: every screen shows the way to help.
      expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    },
  );

  it('has a sentence for every generic screen', () => {
    for (const route of ROUTES) expect(SCREEN_DESCRIPTIONS[route.path]).toBeTruthy();
  });

  it('renders the terms page from its encoded URL (terms%26conditions)', async () => {
    renderAt(TERMS_PATH);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Prepaid Terms & Conditions',
    );
  });

  it('shows the 404 page, with a link home, for an unknown path', async () => {
    renderAt('/serviceability/does-not-exist');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This page could not be found',
    );
    expect(screen.getByRole('link', { name: 'Back to home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('This page could not be found | Konek Prepaid Fiber');
  });

  it('matches paths exactly as the server does (case-sensitive)', async () => {
    renderAt('/serviceability/SIGNIN');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This page could not be found',
    );
  });

  it('shows the step indicator on journey screens, at their step', async () => {
    renderAt('/serviceability/signin');
    await screen.findByRole('heading', { level: 1 });
    const indicator = screen.getByRole('navigation', { name: 'Order progress' });
    const current = within(indicator)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Create Account');
  });

  it('shows no step indicator outside the journey', async () => {
    renderAt('/trackmyorder');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Order progress' })).toBeNull();
  });

  describe('layouts (product §2.1)', () => {
    it('default: header, content and footer', async () => {
      renderAt('/trackmyorder');
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
    });

    it('no-footer: header and content', async () => {
      renderAt('/serviceability/signin');
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.queryByRole('contentinfo')).toBeNull();
    });

    it('full height: header only', async () => {
      renderAt(LOADING_WITH_POSITION);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.queryByRole('contentinfo')).toBeNull();
    });

    it("hides the header inside the native app ('isapp' user agent)", async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile isapp',
      );
      renderAt('/trackmyorder');
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('banner')).toBeNull();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
    });
  });

  it('links the header logo to /?st=t and the footer logo to /', async () => {
    renderAt('/trackmyorder');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Konek Prepaid Fiber' }).getAttribute('href')).toBe(
      '/?st=t',
    );
    expect(screen.getByRole('link', { name: 'Back to Konek home' }).getAttribute('href')).toBe('/');
  });

  it.each(['/', '/serviceability'])('%s holds the check-address form in its card', async (path) => {
    renderAt(path);
    await screen.findByRole('heading', { level: 1 });
    const form = screen.getByRole('form', { name: 'Check your address' });
    expect(within(form).getByRole('combobox', { name: 'Province' })).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Pin My Location' });
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.getAttribute('data-tag')).toBeTruthy();
  });
});
