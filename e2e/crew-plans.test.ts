import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { SCREENSHOT_DIR, launchBrowser, openPage } from './browser';
import { unexpected, withDatabase } from './journey-support';
import { addOperator } from './ops-support';

// ADR 092 in headless Chromium against the real server: a dispatcher, at 1280 px, raises one weekday's
// afternoon places in Davao's weekly plan on the Crews screen and sees it saved, then changes one day's
// morning places in Davao in the calendar's day view and sees the new figure in its row; on a 390 px
// phone the same edit is made again, and nothing is wider than the screen. Davao and the calendar's last
// day are used, and afterAll puts back the plan and the day's places, so the other test files, which
// share this server and book the first free times, find the slots as the calendar made them.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const DISPATCHER = {
  username: 'e2e-crews-dina',
  role: 'dispatcher',
  name: 'Dina',
  password: 'crews-pass-9012',
} as const;
const ZONE = { code: 'DAVAO', name: 'Davao' };
/** Saturday afternoons in the weekly plan. */
const WEEKDAY = 6;

type Saved = {
  planPlaces: number;
  /** Davao's morning on the calendar's last day with nobody booked: its slot and places. */
  slot: { id: string; day: string; capacity: number };
};

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(DISPATCHER.username);
  await page.getByLabel('Password').fill(DISPATCHER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Calendar' }).click();
}

/** Opens the day in the calendar's day view and answers its Davao morning's places field. */
async function davaoMorningOn(page: Page, day: string) {
  await page
    .getByRole('region', { name: 'Installation calendar' })
    .getByLabel('Day', { exact: true })
    .fill(day);
  const input = page.getByRole('textbox', { name: `Places, Morning, ${ZONE.name}` });
  await input.waitFor({ timeout: 15_000 });
  return input;
}

/** With E2E_SCREENSHOT_DIR set, keeps the day view (its heading through its table) as `<name>.png`. */
async function keepDayView(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await page.getByRole('heading', { name: 'Places on a day' }).boundingBox();
  const table = await page.getByRole('region', { name: /^Places on / }).boundingBox();
  if (!top || !table) return;
  // Down to the History of a period when one is open below the table.
  const history = page.getByRole('region', { name: /^History of / });
  const below = (await history.count()) > 0 ? await history.boundingBox() : null;
  const bottom = Math.max(table.y + table.height, below ? below.y + below.height : 0);
  const width = page.viewportSize()?.width ?? 390;
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: top.y - 16, width, height: bottom - top.y + 32 },
  });
}

describe.skipIf(skipReason !== '')("a dispatcher changes the crews' places", () => {
  let browser: Browser;
  let saved: Saved;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    saved = await withDatabase(databaseUrl, async (client) => {
      const plan = await client.query<{ places: number }>(
        `select places from crew_plans where work_zone_code = $1 and weekday = $2 and period = 'pm'`,
        [ZONE.code, WEEKDAY],
      );
      const slot = await client.query<{ id: string; day: string; capacity: number }>(
        `select id, capacity,
                to_char((starts_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day
           from installation_slots
          where work_zone_code = $1 and period = 'am' and taken = 0 and capacity > 0
            and not konek_blocked_period(work_zone_code, starts_at, period)
          order by starts_at desc limit 1`,
        [ZONE.code],
      );
      return { planPlaces: plan.rows[0]!.places, slot: slot.rows[0]! };
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (!saved) return;
    // The plan and the day's places as they were, so the next test files find the calendar's slots.
    await withDatabase(databaseUrl, async (client) => {
      await client.query(
        `update crew_plans set places = $3 where work_zone_code = $1 and weekday = $2 and period = 'pm'`,
        [ZONE.code, WEEKDAY, saved.planPlaces],
      );
      await client.query(
        `update installation_slots set capacity = greatest($3, taken)
          where work_zone_code = $1 and period = 'pm' and capacity > 0 and day_places is null
            and extract(dow from (starts_at at time zone 'UTC') + interval '8 hours') = $2`,
        [ZONE.code, WEEKDAY, saved.planPlaces],
      );
      await client.query(
        `update installation_slots set capacity = greatest($2, taken), day_places = null where id = $1`,
        [saved.slot.id, saved.slot.capacity],
      );
    });
  });

  it('changes a weekly plan and one day’s places, and sees them, at 1280 and 390 px', async () => {
    const desk = await openPage(browser, { width: 1280, bypassCsp: true });
    const { page } = desk;
    await signIn(page);

    // (1) The weekly plan: Saturday afternoons in Davao get one place more.
    const plan = page.getByRole('form', { name: `Crew plan, ${ZONE.name}` });
    const saturday = plan.getByRole('textbox', {
      name: `Places, Saturday afternoon, ${ZONE.name}`,
    });
    await saturday.waitFor({ timeout: 15_000 });
    expect(await saturday.inputValue()).toBe(String(saved.planPlaces));
    await saturday.fill(String(saved.planPlaces + 1));
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await expect
      .poll(() => plan.getByRole('status').textContent(), { timeout: 15_000 })
      .toContain('Plan saved.');
    expect(await saturday.inputValue()).toBe(String(saved.planPlaces + 1));

    // (2) One day's morning places, in the day view's row.
    const places = saved.slot.capacity === 3 ? 4 : 3;
    const morning = await davaoMorningOn(page, saved.slot.day);
    expect(await morning.inputValue()).toBe(String(saved.slot.capacity));
    await morning.fill(String(places));
    await morning.press('Enter');
    await expect
      .poll(() => page.getByText(`Morning, ${ZONE.name}: ${places} places on this day.`).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    const row = page.getByRole('row').filter({ has: morning });
    expect(await row.getByRole('cell').first().textContent()).toContain('Davao');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(`${places}set for this day`);
    // The day's change is in the period's History (ADR 089).
    await row.getByRole('button', { name: /^History of Morning, Davao, / }).click();
    const history = page.getByRole('region', { name: /^History of Morning, Davao, / });
    await expect
      .poll(() => history.textContent(), { timeout: 15_000 })
      .toContain(`Changed by ${DISPATCHER.username}`);
    expect(await history.textContent()).toContain(`Places${saved.slot.capacity} → ${places}`);
    // ADR 084: the calendar with the edit made is axe-clean.
    expect(describeViolations('/ops calendar', await axeViolations(page))).toEqual([]);
    await keepDayView(page, 'day-places-1280');
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();

    // On a 390 px phone: the day's places are changed again in the row; nothing is wider than the screen
    // (the day's table scrolls inside its own region).
    const phone = await openPage(browser, { width: 390 });
    await signIn(phone.page);
    const small = await davaoMorningOn(phone.page, saved.slot.day);
    expect(await small.inputValue()).toBe(String(places));
    await small.fill(String(places + 1));
    await phone.page.getByRole('button', { name: `Save places, Morning, ${ZONE.name}` }).click();
    await expect
      .poll(
        () =>
          phone.page.getByText(`Morning, ${ZONE.name}: ${places + 1} places on this day.`).count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    const overflow = await phone.page
      .getByRole('region', { name: 'Installation calendar' })
      .evaluate((section) => section.scrollWidth - section.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepDayView(phone.page, 'day-places-390');
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();
  });
});
