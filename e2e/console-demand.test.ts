import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { unexpected, withDatabase } from './journey-support';
import { addOperator } from './ops-support';

// ADR 095 in headless Chromium against the real server: a network planner turns the demand layer on
// over the network map, sees the barangays of Metro Manila where households wait as circles with their
// legend, and the table "Where demand is" with the most waiting first, its share served and planned date.
// The households (and a planned NAP) are this test's own and are removed afterwards.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const PLANNER = {
  username: 'e2e-demand-dara',
  role: 'network_planner',
  name: 'Dara',
  password: 'planner-pass-1357',
} as const;
const MARK = `e2e-demand-${Date.now()}`;
const PLANNED_NAP = `E2E-DEMAND-${Date.now()}`;
/** Households per barangay, most first: twelve barangays of Metro Manila with a point of their own. */
const COUNTS = [140, 64, 38, 25, 17, 12, 9, 6, 4, 3, 2, 1];

type Barangay = { barangay: string; city: string; province: string; lat: number; lng: number };
let top: Barangay;

describe.skipIf(skipReason !== '')('a network planner reads where demand is', () => {
  let browser: Browser;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, PLANNER);
    await withDatabase(databaseUrl, async (client) => {
      // Barangays of Makati and Taguig; one without a point of its own is pinned near its city's
      // point, a few hundred metres apart, so the map's circles stand apart.
      const { rows } = await client.query<Barangay>(
        `select b.name as barangay, c.name as city, p.name as province,
                coalesce(b.latitude, c.latitude) as lat, coalesce(b.longitude, c.longitude) as lng
           from barangays b join cities c on c.code = b.city_code
           join provinces p on p.code = c.province_code
          where c.code in ('1380300000', '1381500000')
            and not exists (select 1 from barangays o
                             where o.city_code = b.city_code and o.name = b.name and o.code <> b.code)
          order by b.code`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(COUNTS.length);
      const chosen = COUNTS.map((_, at) => {
        const row = rows[Math.floor((at * rows.length) / COUNTS.length)]!;
        return {
          ...row,
          lat: row.lat + ((at % 4) - 1.5) * 0.018,
          lng: row.lng + (Math.floor(at / 4) - 1) * 0.025,
        };
      });
      top = chosen[0]!;
      for (const [at, barangay] of chosen.entries()) {
        await client.query(
          `insert into notify_requests (application_id, email, first_name, last_name, address_type,
             province, city, barangay, latitude, longitude, epoch_millis, day)
           select 'konek-web', $1 || '-' || $2 || '-' || g || '@example.com', 'E', 'Two', 'House',
                  $3, $4, $5, $6 + (g % 9) * 0.0004, $7 + (g % 5) * 0.0004, '0', '2026-12-05'
             from generate_series(1, $8::int) g`,
          [
            MARK,
            at,
            barangay.province,
            barangay.city,
            barangay.barangay,
            barangay.lat,
            barangay.lng,
            COUNTS[at],
          ],
        );
      }
      await client.query(
        `insert into naps (code, location, port_count, used_ports, status, expected_date)
         values ($1, point($2, $3), 16, 0, 'planned', '2027-06-30')`,
        [PLANNED_NAP, top.lng, top.lat],
      );
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await withDatabase(databaseUrl, async (client) => {
      await client.query(
        `delete from coverage_alerts where notify_request_id in
           (select id from notify_requests where email like $1)`,
        [`${MARK}-%`],
      );
      await client.query('delete from notify_requests where email like $1', [`${MARK}-%`]);
      await client.query('delete from naps where code = $1', [PLANNED_NAP]);
    });
  });

  for (const width of [1280, 390]) {
    it(`draws the demand layer and lists the top barangays at ${width} px`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, { width });
      await page.goto(`${baseUrl}/ops/`);
      await page.getByLabel('Username').fill(PLANNER.username);
      await page.getByLabel('Password').fill(PLANNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('heading', { level: 2, name: 'Network map' })
        .waitFor({ timeout: 15_000 });

      const toggle = page.getByRole('checkbox', {
        name: 'Demand: show households waiting for fibre',
      });
      await toggle.focus();
      await page.keyboard.press('Space');
      const table = page.getByRole('table', { name: /barangays of this view where most/ });
      await table.waitFor({ timeout: 15_000 });
      const first = table.getByRole('row').nth(1);
      expect(await first.getByRole('rowheader').textContent()).toBe(top.barangay);
      expect(await first.getByRole('cell').nth(1).textContent()).toBe(String(COUNTS[0]));
      expect(await first.getByRole('cell').nth(3).textContent()).toBe('June 30, 2027');
      expect(await page.getByText('100 or more households').isVisible()).toBe(true);
      expect(await page.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(12);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, `console-demand-${width}`);
      expect(unexpected(consoleErrors)).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
