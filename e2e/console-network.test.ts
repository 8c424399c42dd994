import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { unexpected, withDatabase } from './journey-support';
import { addOperator } from './ops-support';

// ADR 090 (the map and in-place edits) in headless Chromium against the real server: a network planner
// signs in, finds a NAP of their own on the map by its code, opens it from its marker, changes the ports
// in use, saves, and sees the marker's free ports change and the change in the NAP's History. A planned
// NAP beside it shows its area shaded and labelled with its expected date. Both NAPs stand in the sea
// west of Mindoro, where no other test checks an address, and are removed afterwards.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const PLANNER = {
  username: 'e2e-net-nilo',
  role: 'network_planner',
  name: 'Nilo',
  password: 'planner-pass-2468',
} as const;
const ACTIVE = { code: `E2E-NET-${Date.now()}`, latitude: 13.0, longitude: 118.0 };
const PLANNED = {
  code: `${ACTIVE.code}-P`,
  latitude: 13.0025,
  longitude: 118.001,
  expected: '2027-06-30',
};

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(PLANNER.username);
  await page.getByLabel('Password').fill(PLANNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 2, name: 'Network map' }).waitFor({ timeout: 15_000 });
}

describe.skipIf(skipReason !== '')('a network planner edits a NAP on the map', () => {
  let browser: Browser;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, PLANNER);
    await withDatabase(databaseUrl, async (client) => {
      await client.query(
        `insert into naps (code, location, port_count, used_ports, status, expected_date)
         values ($1, point($2, $3), 8, 2, 'active', null),
                ($4, point($5, $6), 16, 0, 'planned', $7::date)`,
        [
          ACTIVE.code,
          ACTIVE.longitude,
          ACTIVE.latitude,
          PLANNED.code,
          PLANNED.longitude,
          PLANNED.latitude,
          PLANNED.expected,
        ],
      );
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await withDatabase(databaseUrl, (client) =>
      client.query('delete from naps where code = any($1)', [[ACTIVE.code, PLANNED.code]]),
    );
  });

  // At 1280 px 2 of 8 ports in use become 5 (3 free); at 390 px all 8 (full).
  for (const [width, before, after, words] of [
    [1280, 2, 5, '3 of 8 ports free'],
    [390, 5, 8, '0 of 8 ports free'],
  ] as const) {
    it(`finds, opens, edits and saves a NAP, and reads its history, at ${width} px`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, { width });
      await signIn(page);

      // Found by its code: the map goes to it and its form opens; closed, it is opened from its marker.
      await page.getByLabel('Find a NAP by its code').fill(ACTIVE.code);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      let form = page.getByRole('region', { name: `Edit NAP ${ACTIVE.code}` });
      await form.waitFor({ timeout: 15_000 });
      await form.getByRole('button', { name: 'Close', exact: true }).click();
      const marker = page.getByRole('button', {
        name: `${ACTIVE.code}: ${8 - before} of 8 ports free`,
      });
      await marker.waitFor({ timeout: 15_000 });
      await marker.click();
      form = page.getByRole('region', { name: `Edit NAP ${ACTIVE.code}` });
      await form.waitFor();
      expect(await form.getByLabel('Ports in use').inputValue()).toBe(String(before));
      expect(await form.getByLabel('Status').inputValue()).toBe('active');

      // The planned NAP beside it: its area labelled with its date, its marker saying it.
      await page.getByText('Planned: June 30, 2027').waitFor({ timeout: 15_000 });
      expect(
        await page
          .getByRole('button', { name: `${PLANNED.code}: planned, expected June 30, 2027` })
          .count(),
      ).toBe(1);
      expect(
        await page
          .getByText(/^Shaded circle: the area a planned NAP will serve \(\d+ m\)/)
          .isVisible(),
      ).toBe(true);

      await form.getByLabel('Ports in use').fill(String(after));
      await form.getByRole('button', { name: 'Save the NAP' }).click();
      await expect
        .poll(() => form.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe('Saved. The address check answers from it within seconds.');
      await page
        .getByRole('button', { name: `${ACTIVE.code}: ${words}` })
        .waitFor({ timeout: 15_000 });
      expect(await form.getByText(`${ACTIVE.code}: ${words}`).isVisible()).toBe(true);

      await form.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('list', { name: 'Changes, newest first' });
      await expect
        .poll(() => history.locator('li').first().textContent(), { timeout: 15_000 })
        .toContain(`${before} → ${after}`);
      expect(await history.locator('li').first().textContent()).toContain(PLANNER.username);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, `console-network-${width}`);
      expect(unexpected(consoleErrors)).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
