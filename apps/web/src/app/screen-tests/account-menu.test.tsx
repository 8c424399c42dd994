import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { setCookie } from '../../lib/cookies';
import { ok, stubApi } from '../../lib/fake-api-for-tests';
import { getSession, setSession } from '../../lib/session';
import { renderAt } from './render-at';

// A returning customer's way in and out: "Sign in" in the header and on the home page; once signed in,
// their first name opens continue / track / sign out, in the header and inside the native app.

function signIn() {
  setCookie('token', 'token-1');
  setCookie('user', 'user-1');
  setSession({
    token: 'token-1',
    userId: 'user-1',
    user: {
      user_id: 'user-1',
      msisdns: ['639171234567'],
      properties: { first_name: 'Ana', last_name: 'Reyes' },
      notification_identifiers: [],
      account_ids: [],
      created_at: '2026-01-01T00:00:00.000Z',
    },
  });
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('account entry in the header', () => {
  it('signed out: the header and the home page offer "Sign in"', async () => {
    await renderAt('/');
    const link = within(mainNav()).getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/serviceability/signin');
    const links = screen.getAllByRole('link', { name: 'Sign in' });
    expect(links.length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Ana' })).toBeNull();
  });

  it('signed in: the first name opens the menu; Escape closes it and gives focus back', async () => {
    signIn();
    const user = userEvent.setup();
    await renderAt('/trackmyorder');
    expect(within(mainNav()).queryByRole('link', { name: 'Sign in' })).toBeNull();
    const button = within(mainNav()).getByRole('button', { name: 'Ana' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getByRole('button', { name: 'Continue my order' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Track my order' }).getAttribute('href')).toBe(
      '/trackmyorder',
    );
    expect(within(list).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    within(list).getByRole('button', { name: 'Sign out' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('"Sign out" calls logout, ends the session and shows "Sign in" again', async () => {
    signIn();
    const { calls } = stubApi({ [LOGOUT_PATH]: () => ok({}) });
    const user = userEvent.setup();
    await renderAt('/trackmyorder');
    await user.click(within(mainNav()).getByRole('button', { name: 'Ana' }));
    await user.click(within(mainNav()).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(calls.some((call) => call.path === LOGOUT_PATH)).toBe(true);
    expect(within(mainNav()).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(mainNav()).queryByRole('button', { name: 'Ana' })).toBeNull();
  });

  it('inside the native app, signed out: one "Sign in", in the bar\'s landmark', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Konek isapp');
    await renderAt('/');
    const links = screen.getAllByRole('link', { name: 'Sign in' });
    expect(links).toHaveLength(1);
    const bar = screen.getByRole('navigation', { name: 'Account and help' });
    expect(within(bar).getByRole('link', { name: 'Sign in' })).toBe(links[0]);
    expect(within(bar).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
  });

  it('inside the native app the header is hidden and the name sits in a bar of its own', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Konek isapp');
    signIn();
    await renderAt('/trackmyorder');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ana' })).toBeTruthy();
  });
});
