import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import {
  areaNamed,
  houseAt,
  newCustomer,
  register,
  unexpected,
  type SavedAddress,
} from './journey-support';

// ADR 042: every page but the home page (ADR 087) is first drawn from the page alone — the shell, or the
// screen's intro where the build drew one — before any JavaScript has run; the app then replaces it. A
// visitor whose first render would differ never sees the intro.

const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');

const COPY = '[data-prerendered]';
const SHELL = '[data-shell]';

/** Holds the app's entry back until the returned function is called; the page is only index.html. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the first paint's stylesheet has loaded: the browser draws nothing before it (a
 * stylesheet in <head> holds the first paint), but a test reading the page earlier would see it unstyled.
 */
async function firstPaintStyled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/first-paint-')),
  );
}

describe.skipIf(skipReason !== '')('the first paint (ADR 042)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each([
    ['a session', { cookie: 'token', path: '/serviceability/signin' }],
    [
      'the native app',
      {
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile isapp',
        path: '/serviceability/signin',
      },
    ],
    ['a page without an intro', { path: '/serviceability/specialOffer' }],
  ] as const)('draws the shell for %s, and no intro', async (_name, visitor) => {
    const { page, context } = await openPage(browser, {
      ...('userAgent' in visitor ? { userAgent: visitor.userAgent } : {}),
    });
    if ('cookie' in visitor) {
      await context.addCookies([{ name: visitor.cookie, value: 'x', url: baseUrl }]);
    }
    const release = await holdTheApp(page);
    // The entry is held back, so the page never finishes loading: wait for the copy itself.
    await page.goto(`${baseUrl}${visitor.path}`, { waitUntil: 'commit' });
    await firstPaintStyled(page);
    // ADR 042: the header and footer around a skeleton, before any JavaScript has run.
    const shell = page.locator(SHELL);
    await shell.locator('header').waitFor({ state: 'visible' });
    expect(await shell.locator('footer').isVisible()).toBe(true);
    expect(await page.locator(`${COPY} h1`).isVisible()).toBe(false);
    // The shell claims nothing about the visitor: no sign-in entry (they may be signed in), no step.
    expect(await shell.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await shell.getByRole('navigation', { name: 'Order progress' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shell.waitFor({ state: 'detached' });
    await page.locator(COPY).first().waitFor({ state: 'detached' });
    await context.close();
  });

  it.each([
    [
      '/serviceability/signin',
      'Sign in',
      'Welcome back! Sign in with your mobile number and your 6-digit PIN to continue your order.',
    ],
  ])(
    "draws %s's heading and lead before the app has run (ADR 042), then the app's screen replaces them",
    async (path, title, lead) => {
      const { page, context, consoleErrors } = await openPage(browser);
      // Whatever the visitor stored: the intro is the same for them.
      await page.addInitScript(() => localStorage.setItem('konek.address', '{}'));
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
      await firstPaintStyled(page);

      const copy = page.locator(COPY).first();
      await copy.locator('h1').waitFor();
      expect(await copy.locator('h1').textContent()).toBe(title);
      expect(await copy.getByText(lead).isVisible()).toBe(true);
      expect(await page.locator(SHELL).isVisible()).toBe(false);
      // The intro only: the form is the app's, and the header's buttons wait for it.
      expect(await copy.locator('form').count()).toBe(0);
      expect(await copy.locator('header button').first().getAttribute('inert')).toBe('');

      release();
      await page.getByRole('textbox', { name: 'Mobile number', exact: true }).waitFor();
      await page.locator(COPY).first().waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([title]);
      expect(await page.getByText(lead).isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it.each([['/serviceability/signin', 'Sign in']])(
    'draws %s from the page and its one stylesheet: no script file before the first paint (ADR 055)',
    async (path, title) => {
      const { page, context, consoleErrors } = await openPage(browser);
      // Every file of the build but the first paint's stylesheet refused: what is drawn comes from the
      // page and that stylesheet.
      await page.route(/\/assets\/(?!first-paint-[\w-]+\.css$)/, (route) => route.abort());
      await page.goto(`${baseUrl}${path}`);
      const heading = page.locator(`${COPY} h1`).first();
      await heading.waitFor();
      expect(await heading.textContent()).toBe(title);
      expect(await heading.isVisible()).toBe(true);
      // In the app's type and layout, not the browser's defaults.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
        'BlinkMacSystemFont',
      );
      expect(await page.locator(SHELL).isVisible()).toBe(false);
      // The page's own script ran (the policy allows it by its hash): no refusal in the console.
      expect(consoleErrors.filter((line) => !line.startsWith('Failed to load resource'))).toEqual(
        [],
      );

      // And for a signed-in visitor it hid the copy, which would greet them as signed out.
      await context.addCookies([{ name: 'token', value: 'x', url: baseUrl }]);
      await page.reload();
      await page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
      expect(await page.locator(`${COPY} h1`).first().isVisible()).toBe(false);
      await context.close();
    },
  );

  describe('the intros that show what the visitor stored (ADR 058)', () => {
    const PREPAID = '/serviceability/prepaid';
    const GOOD_NEWS = 'Good news: fibre reaches your address in';
    /** A served house in Las Piñas (docs/coverage-seed.md), as the check-address form saves it. */
    let address: SavedAddress;
    beforeAll(async () => {
      const lasPinas = await areaNamed(baseUrl, {
        province: /Metro Manila|NCR/i,
        city: /Las Pi/,
        barangay: /^Almanza Uno$/,
      });
      address = houseAt(lasPinas);
    });
    const served = {
      serviceable: true,
      qualification_result: 'qualified',
      served_by: 'nap',
      unavailability_reason: null,
      alternate_proposal: null,
      distance_meters: 40,
    };
    const MINUTE = 60_000;

    type Edit = (address: SavedAddress) => unknown;
    /**
     * Stores the checked address (or `storedAddress` of it) and an answer for it (or for `answerFor`
     * of it), `ageMs` old, before the page loads.
     */
    async function store(
      page: Page,
      answer: { result: unknown; ageMs: number; answerFor?: Edit; storedAddress?: Edit },
    ): Promise<void> {
      const stored = {
        address: JSON.stringify(answer.storedAddress?.(address) ?? address),
        outcome: JSON.stringify({
          address: answer.answerFor?.(address) ?? address,
          result: answer.result,
          checkedAt: Date.now() - answer.ageMs,
        }),
      };
      await page.addInitScript((values) => {
        localStorage.setItem('konek.address', values.address);
        localStorage.setItem('konek.serviceability', values.outcome);
      }, stored);
    }

    it("draws the heading and the lead with the checked city before the app has run, then the app's screen replaces them", async () => {
      const { page, context, consoleErrors } = await openPage(browser);
      await store(page, { result: served, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}${PREPAID}`, { waitUntil: 'commit' });
      await firstPaintStyled(page);

      const copy = page.locator(COPY).first();
      await copy.locator('h1').waitFor();
      expect(await copy.locator('h1').textContent()).toBe('Choose your prepaid fibre plan');
      const lead = `${GOOD_NEWS} ${address.area.city.address_name}. Pick the plan that suits your home — no contract, no monthly bill.`;
      expect(await copy.getByText(lead).isVisible()).toBe(true);
      expect(await page.locator(SHELL).isVisible()).toBe(false);

      release();
      await page.getByRole('button', { name: 'Choose this plan' }).first().waitFor();
      await page.locator(COPY).first().waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([
        'Choose your prepaid fibre plan',
      ]);
      expect(await page.getByText(lead).isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it("draws notify-me's heading, reason and address before the app has run, for an address fibre does not reach", async () => {
      const { page, context, consoleErrors } = await openPage(browser);
      const notCovered = {
        ...served,
        serviceable: false,
        qualification_result: 'unqualified',
        served_by: null,
        unavailability_reason: {
          code: 'no_free_port',
          label: 'Every fibre port near you is taken.',
        },
      };
      await store(page, { result: notCovered, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}/serviceability/notifyme`, { waitUntil: 'commit' });
      await firstPaintStyled(page);

      const copy = page.locator(COPY).first();
      await copy.locator('h1').waitFor();
      const title = 'Get notified when fibre arrives';
      const reason =
        "Every fibre port near you is taken. Leave your details and we'll tell you as soon as you can order.";
      expect(await copy.locator('h1').textContent()).toBe(title);
      expect(await copy.getByText(reason).isVisible()).toBe(true);
      const { area, house } = address;
      const home = `${house.houseNo} ${house.street}`;
      const areaLine = `${area.barangay.address_name}, ${area.city.address_name}, ${area.province.address_name} ${area.zipCode}`;
      expect(await copy.getByText(home, { exact: true }).isVisible()).toBe(true);
      expect(await copy.getByText(areaLine, { exact: true }).isVisible()).toBe(true);
      expect(await page.locator(SHELL).isVisible()).toBe(false);

      release();
      await page.getByRole('button', { name: 'Notify me' }).waitFor();
      await page.locator(COPY).first().waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([title]);
      expect(await page.getByText(reason).isVisible()).toBe(true);
      expect(await page.getByText(home, { exact: true }).isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it.each([
      ['an answer older than ten minutes', { result: served, ageMs: 11 * MINUTE }],
      [
        'an answer for the address before it was edited',
        {
          result: served,
          ageMs: MINUTE,
          answerFor: (place: SavedAddress) => ({
            ...place,
            searchResult: { ...place.searchResult, lat: place.searchResult.lat + 0.01 },
          }),
        },
      ],
      [
        'a "not covered" answer',
        { result: { ...served, serviceable: false, served_by: null }, ageMs: MINUTE },
      ],
      ['an answer this browser never saw', { result: null, ageMs: MINUTE }],
      [
        'a stored address not in the expected shape',
        {
          result: served,
          ageMs: MINUTE,
          storedAddress: (place: SavedAddress) => ({ ...place, searchResult: null }),
        },
      ],
    ] as const)(
      'claims nothing for %s: the shell is drawn until the app decides',
      async (_name, answer) => {
        const { page, context } = await openPage(browser);
        await store(page, answer);
        const release = await holdTheApp(page);
        await page.goto(`${baseUrl}${PREPAID}`, { waitUntil: 'commit' });
        await firstPaintStyled(page);
        await page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
        expect(await page.locator(`${COPY} h1`).isVisible()).toBe(false);
        expect(await page.getByText(GOOD_NEWS).isVisible()).toBe(false);
        release();
        await context.close();
      },
    );

    it("draws the mobile-number page's heading and lead before the app has run, only for a visitor with a served address", async () => {
      const lead =
        "We'll use it to sign you in, or to create your account if you're new, and to send you updates about your order.";
      const { page, context, consoleErrors } = await openPage(browser);
      await store(page, { result: served, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}/serviceability/entermobile`, { waitUntil: 'commit' });
      await firstPaintStyled(page);
      const copy = page.locator(COPY).first();
      await copy.locator('h1').waitFor();
      expect(await copy.locator('h1').textContent()).toBe('Enter your mobile number');
      expect(await copy.getByText(lead).isVisible()).toBe(true);
      release();
      await page.getByRole('textbox', { name: 'Mobile number', exact: true }).waitFor();
      await page.locator(COPY).first().waitFor({ state: 'detached' });
      expect(await page.getByText(lead).isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
      await context.close();

      // Without a checked address the app sends the visitor to check one: the page claims nothing.
      const other = await openPage(browser);
      const releaseOther = await holdTheApp(other.page);
      await other.page.goto(`${baseUrl}/serviceability/entermobile`, { waitUntil: 'commit' });
      await firstPaintStyled(other.page);
      await other.page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
      expect(await other.page.locator(`${COPY} h1`).isVisible()).toBe(false);
      releaseOther();
      await other.context.close();
    });

    it('draws the shell on notify-me for an address fibre reaches, whose page says so instead', async () => {
      const { page, context } = await openPage(browser);
      await store(page, { result: served, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}/serviceability/notifyme`, { waitUntil: 'commit' });
      await firstPaintStyled(page);
      await page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
      expect(await page.locator(`${COPY} h1`).isVisible()).toBe(false);
      release();
      await page.getByRole('heading', { name: 'Fibre reaches your address now' }).waitFor();
      await context.close();
    });

    it("draws the schedule page's heading and note before the app has run, for a signed-in customer only (ADR 072)", async () => {
      const note =
        'Please have any permits your building or subdivision requires ready on the day, and note that the technician may mount the modem on a wall near where the fibre enters your home.';
      const session = await register(baseUrl, newCustomer());
      const { page, context, consoleErrors } = await openPage(browser);
      await context.addCookies([
        { name: 'token', value: session.token, url: baseUrl },
        { name: 'userid', value: session.userId, url: baseUrl },
      ]);
      await store(page, { result: served, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}/serviceability/schedule`, { waitUntil: 'commit' });
      await firstPaintStyled(page);
      const copy = page.locator(COPY).first();
      await copy.locator('h1').waitFor();
      expect(await copy.locator('h1').textContent()).toBe('Schedule installation');
      expect(await copy.getByText(note).isVisible()).toBe(true);
      // The header names the customer once the app has asked who they are: until then, no account entry.
      expect(await copy.locator('header [data-tag$="_account_menu"]').count()).toBe(0);
      release();
      await page.locator(COPY).first().waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Schedule installation' }).waitFor();
      expect(await page.getByText(note).isVisible()).toBe(true);
      expect(unexpected(consoleErrors)).toEqual([]);
      await context.close();

      // Signed out, the app sends the visitor to sign in first: the page draws the shell.
      const other = await openPage(browser);
      await store(other.page, { result: served, ageMs: MINUTE });
      const releaseOther = await holdTheApp(other.page);
      await other.page.goto(`${baseUrl}/serviceability/schedule`, { waitUntil: 'commit' });
      await firstPaintStyled(other.page);
      await other.page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
      expect(await other.page.locator(`${COPY} h1`).isVisible()).toBe(false);
      releaseOther();
      await other.context.close();
    });

    it('claims nothing to a signed-in visitor either, whose header the intro would not show', async () => {
      const { page, context } = await openPage(browser);
      await context.addCookies([{ name: 'token', value: 'x', url: baseUrl }]);
      await store(page, { result: served, ageMs: MINUTE });
      const release = await holdTheApp(page);
      await page.goto(`${baseUrl}${PREPAID}`, { waitUntil: 'commit' });
      await firstPaintStyled(page);
      await page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
      expect(await page.getByText(GOOD_NEWS).isVisible()).toBe(false);
      release();
      await context.close();
    });
  });

  it('keeps the sign-in intro hidden for a signed-in visitor, whom the page tells so instead', async () => {
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: 'token', value: 'x', url: baseUrl }]);
    const release = await holdTheApp(page);
    await page.goto(`${baseUrl}/serviceability/signin`, { waitUntil: 'commit' });
    await firstPaintStyled(page);
    await page.locator(SHELL).locator('header').waitFor({ state: 'visible' });
    expect(await page.locator(`${COPY} h1`).isVisible()).toBe(false);
    release();
    await context.close();
  });

  it('loads few script files for an account screen before it renders (ADR 054)', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/trackmyorder`);
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).waitFor();
    // The analytics tracker and the files it imports come after the first paint (ADR 042).
    const tracker = scripts.filter((path) => /\/analytics-/.test(path));
    const trackerFiles = await staticImportsOf(baseUrl, tracker);
    const screenFiles = [...new Set(scripts)].filter((path) => !trackerFiles.has(path));
    // Over HTTP/1.1 a browser asks six at a time: the page loaded 28 files before ADR 054.
    expect(screenFiles.length).toBeGreaterThan(0);
    expect(screenFiles.length, screenFiles.join(' ')).toBeLessThanOrEqual(16);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('carries the web config in the page, so the first render asks the server for nothing', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/web-config') configRequests.push(request.url());
    });
    await page.goto(`${baseUrl}/trackmyorder`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The footer's own pages are drawn from it (the operator's links too, when configured).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    const config = await page.evaluate(
      () => document.getElementById('konek-web-config')?.textContent ?? '',
    );
    expect(JSON.parse(config)).toMatchObject({ oss_segment: expect.any(String) });
    expect(configRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** The script files a set of built modules import, themselves included, followed through every file. */
async function staticImportsOf(baseUrl: string, paths: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const waiting = [...paths];
  while (waiting.length > 0) {
    const path = waiting.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await (await fetch(`${baseUrl}${path}`)).text();
    for (const [, file] of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      waiting.push(new URL(`./${file}`, `${baseUrl}${path}`).pathname);
    }
  }
  return seen;
}
