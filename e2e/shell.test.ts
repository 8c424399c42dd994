import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getAddressesPath } from '@konek/contract/get-addresses';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { ROUTES } from '@konek/contract/routes';
import { launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');

describe.skipIf(skipReason !== '')('site frame in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the home page inside the header and footer', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('I-check ang iyong address para makita ang special offer!');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(
      await page.getByRole('link', { name: 'Konek Prepaid Fiber' }).first().getAttribute('href'),
    ).toBe('/?st=t');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders every route of product §2.2 with its heading and no console error', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    for (const route of ROUTES) {
      const url = route.path.replace('&', '%26');
      const response = await page.goto(`${baseUrl}${url}`);
      expect(response?.status(), url).toBe(200);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      expect((await heading.first().textContent())?.trim().length, url).toBeGreaterThan(0);
      expect(consoleErrors, url).toEqual([]);
    }
    await context.close();
  });

  it("the footer's policy links open Konek's own pages; nothing points at another company", async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const footer = page.getByRole('contentinfo');
    const pages: [link: string, path: string, heading: string][] = [
      ['Privacy policy', '/privacy', 'Privacy notice'],
      ['Terms of use', '/terms-of-use', 'Terms of use'],
      ['Cookie policy', '/cookies', 'Cookie policy'],
      ['About us', '/about', 'About Konek'],
    ];
    for (const [link, path, heading] of pages) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    }
    // The operator's own site links are configured nowhere here (OPERATOR_SITE_LINKS), so none show.
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    const elsewhere = hrefs.filter(
      (href) => !href.startsWith(baseUrl) && !href.startsWith('mailto:'),
    );
    expect(elsewhere).toEqual([]);
    expect(hrefs.some((href) => href.includes('globe.com.ph'))).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the privacy notice says who processes what, the rights, and how to reach the officer', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/privacy`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Privacy notice');
    for (const section of ['Who processes your data', 'What we collect', 'How long we keep it']) {
      expect(await page.getByRole('heading', { name: section }).count(), section).toBe(1);
    }
    expect(await page.getByRole('heading', { name: 'Your rights' }).count()).toBe(1);
    const contact = page.getByTestId('dpo-contact');
    expect(await contact.textContent()).toContain('Maria Santos');
    expect(await contact.getByRole('link').getAttribute('href')).toBe('mailto:dpo@konek.example');
    await context.close();
  });

  it('shows the 404 page with status 404 for an unknown path', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByText('This page could not be found').waitFor();
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it('hides the header inside the native app', async () => {
    const { page, context } = await openPage(browser, {
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156.0 Mobile isapp',
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    await context.close();
  });

  it('reports no error for a call the browser cancelled because the visitor left the page', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    // The error reports a page sends, kept where the next page can read them (a report sent while a page
    // is left goes out with keepalive, unseen by the test's request events).
    await context.addInitScript((reportPath: string) => {
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input) === reportPath) {
          const sent = JSON.parse(localStorage.getItem('test:reports') ?? '[]') as unknown[];
          localStorage.setItem('test:reports', JSON.stringify([...sent, init?.body]));
        }
        return send(input, init);
      };
    }, REPORT_CLIENT_ERROR_PATH);
    // The provinces' list is on its way (held here) when the visitor follows a link to another page.
    let isListAsked = false;
    await context.route(`**${getAddressesPath('konek')}`, async (route) => {
      isListAsked = true;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => isListAsked, { timeout: 15_000 }).toBe(true);
    await page.goto(`${baseUrl}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('test:reports'))).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('records a page view in the database', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/trackmyorder`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Leaving the page flushes the analytics batch.
    await page.goto('about:blank');
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await client.query(
                "select count(*)::int as n from analytics_events where event_type = 'page_view' and page_location like '%/trackmyorder'",
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    await context.close();
  });
});
