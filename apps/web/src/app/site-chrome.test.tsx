import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { appRoutes } from './router';

async function renderPage(path = '/trackmyorder') {
  render(<RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />);
  await screen.findByRole('heading', { level: 1 });
}

function expectNewTab(link: HTMLElement) {
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link.getAttribute('href')).toMatch(/^https:\/\//);
}

describe('site header (product §2.1)', () => {
  it('lists Prepaid Fiber first, then the three external products, then More', async () => {
    await renderPage('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const topLevel = Array.from(nav.querySelector('ul')?.children ?? []);
    // The first text of each entry: its label without the "(opens in a new tab)" hint.
    expect(topLevel.map((item) => item.firstElementChild?.firstChild?.textContent)).toEqual([
      'Prepaid Fiber',
      'Fiber',
      'Home Prepaid WiFi',
      'Xtreme',
      'More',
    ]);
    const prepaid = within(nav).getByRole('link', { name: 'Prepaid Fiber' });
    expect(prepaid.getAttribute('href')).toBe('/');
    expect(prepaid.getAttribute('aria-current')).toBe('page');
    for (const name of [/^Fiber/, /^Home Prepaid WiFi/, /^Xtreme/]) {
      expectNewTab(within(nav).getByRole('link', { name }));
    }
  });

  it('opens and closes the phone menu from a keyboard-usable button', async () => {
    const user = userEvent.setup();
    await renderPage();
    const button = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('shows the two LTE-router products under More', async () => {
    const user = userEvent.setup();
    await renderPage();
    const more = screen.getByRole('button', { name: 'More' });
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(list.hidden).toBe(true);
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    links.forEach(expectNewTab);
  });
});

describe('site footer (product §2.1)', () => {
  it('links the company and policy pages, each in a new tab', async () => {
    await renderPage();
    const footer = screen.getByRole('contentinfo');
    for (const name of [
      'About us',
      'Governance',
      'Investor relations',
      'Sustainability',
      'Cookie policy',
      'Privacy policy',
      'Terms of use',
      'Site map',
    ]) {
      expectNewTab(within(footer).getByRole('link', { name: new RegExp(`^${name}`) }));
    }
  });

  it('has three named social links', async () => {
    await renderPage();
    const social = within(screen.getByRole('contentinfo')).getByRole('list', {
      name: 'Social media',
    });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Globe on Facebook',
      'Globe on Instagram',
      'Globe on X',
    ]);
    links.forEach(expectNewTab);
  });
});
