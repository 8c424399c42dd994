import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CLIENT_STORAGE_GET_PATH,
  ZClientStorageGetResponse,
} from '@konek/contract/client-storage-get';
import { dayText } from '@konek/contract/formats';
import { keepScreenshot, launchBrowser, openPage, SCREENSHOT_DIR } from './browser';
import {
  areaNamed,
  completeDetails,
  heading,
  houseAt,
  newCustomer,
  post,
  register,
  signedInWithCheckedAddress,
  ticks,
  unexpected,
  withDatabase,
  type Area,
} from './journey-support';

// Journey step 3 (product §2.5, §4.4) against the real server and its demo installation calendar (ADR
// 035): from the details step to pay through the calendar, a period that is full cannot be chosen, an
// area without a free place goes to noavailableslots, and a place taken by someone else between loading
// and Set schedule is said plainly on a fresh calendar.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const skipReason = inject('skipReason');

const DETAILS = `${baseUrl}/serviceability/filloutdetail`;
const SCHEDULE = `${baseUrl}/serviceability/schedule`;

const period = (page: Page, name: 'Morning' | 'Afternoon') =>
  page.getByRole('button', { name: new RegExp(`^${name}`) });
const setSchedule = (page: Page) => page.getByRole('button', { name: 'Set schedule' });

/** A signed-in customer at `area` who has filled out their details and reached the schedule step. */
async function reachSchedule(page: Page, area: Area) {
  const customer = newCustomer();
  const session = await register(baseUrl, customer);
  await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(area));
  await page.waitForURL(DETAILS);
  await completeDetails(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  return session;
}

/** The Manila day (YYYY-MM-DD) the calendar has selected. */
async function selectedDay(page: Page): Promise<string> {
  const day = await page
    .locator('[role="gridcell"][aria-selected="true"]')
    .getAttribute('data-day');
  if (!day) throw new Error('no day selected');
  return day;
}

/** The first period the selected day has a place in. */
async function firstOpenPeriod(page: Page): Promise<'Morning' | 'Afternoon'> {
  return (await period(page, 'Morning').isEnabled()) ? 'Morning' : 'Afternoon';
}

async function zoneOf(area: Area): Promise<string> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ work_zone_code: string }>(
      'select work_zone_code from work_zone_cities where city_code = $1',
      [area.city.address_code],
    );
    const zone = rows[0]?.work_zone_code;
    if (!zone) throw new Error(`${area.city.address_name} is in no work zone`);
    return zone;
  });
}

/** Takes every place of the slots `where` names (booked through other channels); answers how to undo it. */
async function fillSlots(where: string, values: unknown[]): Promise<() => Promise<void>> {
  const before = await withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; taken: number }>(
      `select id, taken from installation_slots where ${where}`,
      values,
    );
    await client.query('update installation_slots set taken = capacity where id = any($1)', [
      rows.map((row) => row.id),
    ]);
    return rows;
  });
  return () =>
    withDatabase(databaseUrl, async (client) => {
      for (const slot of before) {
        await client.query('update installation_slots set taken = $2 where id = $1', [
          slot.id,
          slot.taken,
        ]);
      }
    });
}

describe.skipIf(skipReason !== '')('the schedule step in headless Chromium', () => {
  let browser: Browser;
  let lasPinas: Area;
  beforeAll(async () => {
    browser = await launchBrowser();
    lasPinas = await areaNamed(baseUrl, {
      province: /Metro Manila|NCR/i,
      city: /Las Pi/,
      barangay: /^Almanza Uno$/,
    });
  });
  afterAll(() => browser?.close());

  it.each([390, 1280])('from the details to pay through the calendar at %i px', async (width) => {
    const { page, context, consoleErrors } = await openPage(browser, { width });
    const { token, userId } = await reachSchedule(page, lasPinas);
    await page.waitForURL(SCHEDULE, { timeout: 20_000 });
    await expect.poll(() => heading(page)).toBe('Schedule installation');
    await page.getByText('Please select an installation date and time below.').waitFor();
    await page.getByRole('grid').waitFor();
    // The calendar opens on the first day with a free place, already chosen; each day says if it can be booked.
    expect(await page.getByRole('button', { name: /, selected$/ }).count()).toBe(1);
    // Sundays have no installation (ADR 035): their names say so, and they cannot be pressed.
    const closedDays = page.getByRole('button', { name: /^Sunday, .*, no installation slots$/ });
    expect(await closedDays.count()).toBeGreaterThan(0);
    expect(await closedDays.first().isDisabled()).toBe(true);
    // ADR 083: nor do the special non-working days of December 2026 (Proclamation No. 1006, s. 2025).
    for (const day of ['2026-12-08', '2026-12-24', '2026-12-31']) {
      const closed = page.getByRole('button', { name: `${dayText(day)}, no installation slots` });
      if ((await closed.count()) > 0) expect(await closed.isDisabled()).toBe(true);
      expect(
        await page
          .getByRole('button', { name: `${dayText(day)}, installation slots available` })
          .count(),
      ).toBe(0);
    }
    expect(await setSchedule(page).isDisabled()).toBe(true);
    const name = await firstOpenPeriod(page);
    await period(page, name).click();
    expect(await period(page, name).getAttribute('aria-pressed')).toBe('true');
    await page.getByText(new RegExp(`^Installation on \\w+day, .*, ${name} \\(`)).waitFor();
    await keepScreenshot(page, `schedule-${width}`);
    await setSchedule(page).click();
    await page.waitForURL(`${baseUrl}/serviceability/pay`, { timeout: 20_000 });
    expect(await ticks(page)).toEqual([true, true, true, true, false]);

    const stored = ZClientStorageGetResponse.parse(
      await post(
        baseUrl,
        CLIENT_STORAGE_GET_PATH,
        { target_id: userId, target_type: 3, context: 'serviceability' },
        token,
      ),
    );
    expect(stored.result_set[0]?.value).toMatchObject({
      appointment_booking: true,
      journey_path: '/serviceability/pay',
      appointmentTime: expect.stringMatching(
        new RegExp(
          `^[A-Z][a-z]+ \\d{2}, \\d{4} - ${name} - \\d{1,2}:00 [AP]M - \\d{1,2}:00 [AP]M$`,
        ),
      ),
    });
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('a period that is full that day is disabled and cannot be chosen', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await reachSchedule(page, lasPinas);
    await page.waitForURL(SCHEDULE, { timeout: 20_000 });
    await page.getByRole('grid').waitFor();
    // The demo calendar has periods already full (ADR 035): look through the days for one.
    let full: 'Morning' | 'Afternoon' | null = null;
    for (let month = 0; month < 3 && full === null; month += 1) {
      const days = page.getByRole('button', { name: /installation slots available$|, selected$/ });
      for (let index = 0; index < (await days.count()) && full === null; index += 1) {
        await days.nth(index).click();
        if (await period(page, 'Morning').isDisabled()) full = 'Morning';
        else if (await period(page, 'Afternoon').isDisabled()) full = 'Afternoon';
      }
      if (full === null) await page.getByRole('button', { name: 'Next month' }).click();
    }
    if (full === null) throw new Error('no day with a full period in the demo calendar');
    expect(await period(page, full).textContent()).toContain('Fully booked');
    await period(page, full).click({ force: true });
    expect(await period(page, full).getAttribute('aria-pressed')).toBe('false');
    expect(await setSchedule(page).isDisabled()).toBe(true);
    await context.close();
  });

  it('an area without a free place goes to noavailableslots, which offers to check again', async () => {
    const cebu = await areaNamed(baseUrl, {
      province: /^Cebu$/,
      city: /^Cebu City$/,
      barangay: /.+/,
    });
    const undo = await fillSlots('work_zone_code = $1', [await zoneOf(cebu)]);
    try {
      const { page, context } = await openPage(browser);
      await reachSchedule(page, cebu);
      await page.waitForURL(`${baseUrl}/serviceability/noavailableslots`, { timeout: 20_000 });
      await expect.poll(() => heading(page)).toBe('No installation slots available');
      await page.getByText(/stays reserved for you until/).waitFor();
      expect(
        await page
          .getByRole('main')
          .getByRole('link', { name: 'Check again' })
          .getAttribute('href'),
      ).toBe('/serviceability/schedule');
      // ADR 044: ask to be told when a slot opens; the screen says it was saved.
      await page.getByRole('button', { name: 'Tell me when a slot opens' }).click();
      await page.getByRole('status').getByText("You're on the list").waitFor();
      expect(await page.getByRole('status').textContent()).toMatch(/SMS to 09\d{2}\s\d{3}\s\d{4} /);
      if (SCREENSHOT_DIR) {
        await keepScreenshot(page, 'noavailableslots-390');
        await page.setViewportSize({ width: 1280, height: 844 });
        await keepScreenshot(page, 'noavailableslots-1280');
      }
      await context.close();
    } finally {
      await undo();
    }
  });

  it('a place taken by someone else before Set schedule: a clear message and a fresh calendar', async () => {
    const quezonCity = await areaNamed(baseUrl, {
      province: /Metro Manila|NCR/i,
      city: /Quezon City/,
      barangay: /^Loyola Heights$/,
    });
    const { page, context } = await openPage(browser);
    await reachSchedule(page, quezonCity);
    await page.waitForURL(SCHEDULE, { timeout: 20_000 });
    await page.getByRole('grid').waitFor();
    const day = await selectedDay(page);
    const name = await firstOpenPeriod(page);
    await period(page, name).click();
    // Someone else books the last places of that period now.
    const startsAt = `${day}T${name === 'Morning' ? '01' : '06'}:00:00Z`;
    const undo = await fillSlots('work_zone_code = $1 and starts_at = $2', [
      await zoneOf(quezonCity),
      startsAt,
    ]);
    try {
      await setSchedule(page).click();
      await page.getByText(/someone else just booked that time/).waitFor();
      expect(page.url()).toBe(SCHEDULE);
      // The fresh calendar no longer offers it: the period is disabled, or the whole day is.
      const sameDay = page.locator(`[role="gridcell"][data-day="${day}"] button`);
      await expect
        .poll(async () => (await sameDay.isDisabled()) || (await period(page, name).isDisabled()))
        .toBe(true);
      expect(await setSchedule(page).isDisabled()).toBe(true);
    } finally {
      await undo();
    }
    await context.close();
  });
});
