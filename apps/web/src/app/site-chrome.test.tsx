import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TSiteLinks } from '@konek/contract/site-links';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { ok, stubApi } from '../lib/fake-api-for-tests';
import { webConfigReply } from '../lib/web-config-fixtures-for-tests';
import { appRoutes } from './router';

/** Every operator page configured, as a deployment with OPERATOR_SITE_LINKS would answer. */
const ALL_LINKS: TSiteLinks = {
  fiber: 'https://operator.example/fiber',
  home_prepaid_wifi: 'https://operator.example/home-prepaid-wifi',
  xtreme: 'https://operator.example/xtreme',
  pocket_wifi: 'https://operator.example/pocket-wifi',
  home_prepaid_wifi_lte_advanced: 'https://operator.example/lte-advanced',
  about: 'https://operator.example/about',
  governance: 'https://operator.example/governance',
  investor_relations: 'https://operator.example/investors',
  sustainability: 'https://operator.example/sustainability',
  cookie_policy: 'https://operator.example/cookies',
  privacy_policy: 'https://operator.example/privacy',
  terms_of_use: 'https://operator.example/terms',
  site_map: 'https://operator.example/sitemap',
  facebook: 'https://www.facebook.com/operator',
  instagram: 'https://www.instagram.com/operator',
  x: 'https://x.com/operator',
};

/** The server's web config with these operator links. */
function configureLinks(siteLinks: TSiteLinks) {
  stubApi({ [WEB_CONFIG_PATH]: () => ok(webConfigReply({ siteLinks })) });
}

async function renderPage(path = '/trackmyorder') {
  render(<RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />);
  // The screens are lazy chunks: the first visit also transforms them.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}

function expectNewTab(link: HTMLElement) {
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link.getAttribute('href')).toMatch(/^https:\/\//);
}

describe('site header (product §2.1)', () => {
  it('lists Prepaid Fiber first, then the three external products, then More', async () => {
    configureLinks(ALL_LINKS);
    await renderPage('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: /^Fiber/ });
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
    configureLinks(ALL_LINKS);
    const user = userEvent.setup();
    await renderPage();
    const more = await screen.findByRole('button', { name: 'More' });
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
  it('links the company and policy pages of the operator when configured, each in a new tab', async () => {
    configureLinks(ALL_LINKS);
    await renderPage();
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: /^Governance/ });
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
    configureLinks(ALL_LINKS);
    await renderPage();
    const social = await within(screen.getByRole('contentinfo')).findByRole('list', {
      name: 'Social media',
    });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Konek on Facebook',
      'Konek on Instagram',
      'Konek on X',
    ]);
    links.forEach(expectNewTab);
  });

  it('links the own privacy notice, cookie policy, terms of use and about page by default', async () => {
    configureLinks({});
    await renderPage();
    const footer = screen.getByRole('contentinfo');
    const own = [
      ['About us', '/about'],
      ['Cookie policy', '/cookies'],
      ['Privacy policy', '/privacy'],
      ['Terms of use', '/terms-of-use'],
    ] as const;
    for (const [name, path] of own) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(path);
      expect(link.getAttribute('target')).toBeNull();
    }
  });

  it('hides an operator link that has no URL', async () => {
    const someLinks = Object.fromEntries(
      Object.entries(ALL_LINKS).filter(([key]) => !['site_map', 'governance', 'x'].includes(key)),
    );
    configureLinks(someLinks);
    await renderPage();
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: /^Investor relations/ });
    expect(within(footer).queryByRole('link', { name: /^Site map/ })).toBeNull();
    expect(within(footer).queryByRole('link', { name: /^Governance/ })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Konek on X' })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Konek on Facebook' })).toBeTruthy();
  });

  it('shows no operator product, More or social link when none is configured', async () => {
    configureLinks({});
    await renderPage('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const topLevel = Array.from(nav.querySelector('ul')?.children ?? []);
    expect(topLevel.map((item) => item.firstElementChild?.textContent)).toEqual(['Prepaid Fiber']);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Social media' })).toBeNull();
    expect(
      within(screen.getByRole('contentinfo')).queryByRole('link', { name: /^Governance/ }),
    ).toBeNull();
  });
});
