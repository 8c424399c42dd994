import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { areaNamed, checkAddress, houseAt, unexpected, type Area } from './journey-support';
import { addOperator } from './ops-support';

// ADR 089 and ADR 090 in headless Chromium against the real server: an admin (made by `npm run ops --
// add-user`) adds a network planner on the Operators screen and reads the password the server made,
// shown once. The planner signs in with it, checks a NAP file of one active NAP placed where a house in
// Baguio City stands (no coverage there today, docs/coverage-seed.md: its check answers notify me) and
// applies it; the same house, checked again, is offered the plans. The admin then reads the planner's
// history.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const ADMIN = {
  username: 'e2e-cov-alma',
  role: 'admin',
  name: 'Alma',
  password: 'admin-pass-5678',
} as const;
const PLANNER = { username: 'e2e-cov-pepe', name: 'Pepe' };
const NOTIFY_ME = 'Get notified when fibre arrives';

/**
 * A house of Irisan, Baguio City, about 2 km off the barangay's point, so that no other test's Baguio
 * address (the city point, Bakakeng Central, the first barangay) is within the service radius (250 m,
 * SERVICE_RADIUS_METERS) of the NAP placed on it: they keep answering notify me.
 */
const housePoint = (area: Area) => ({
  lat: Number((area.point.lat + 0.0135).toFixed(6)),
  lng: Number((area.point.lng - 0.0125).toFixed(6)),
});

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(skipReason !== '')('an admin adds a planner, who brings fibre to a house', () => {
  let browser: Browser;
  let irisan: Area;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, ADMIN);
    irisan = await areaNamed(baseUrl, {
      province: /Benguet/,
      city: /Baguio/,
      barangay: /^Irisan$/,
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('from notify me to the plans, through the console, at 1280 and 390 px', async () => {
    const at = housePoint(irisan);
    const address = houseAt(irisan, at);

    // Today the house is not covered: notify me.
    const before = await openPage(browser);
    await checkAddress(before.page, baseUrl, address);
    expect(before.page.url()).toBe(`${baseUrl}/serviceability/notifyme`);
    await expect
      .poll(() => before.page.getByRole('heading', { level: 1 }).textContent())
      .toBe(NOTIFY_ME);
    expect(unexpected(before.consoleErrors)).toEqual([]);
    await before.context.close();

    // The admin adds the planner at a desk; the password is shown once.
    const desk = await openPage(browser, { width: 1280 });
    await signInAs(desk.page, ADMIN);
    const form = desk.page.getByRole('form', { name: 'Add an operator' });
    await form.getByLabel('Username').fill(PLANNER.username);
    await form.getByLabel('First name').fill(PLANNER.name);
    await form.getByLabel('Role').selectOption({ label: 'Network planner' });
    await form.getByRole('button', { name: 'Add operator' }).click();
    const made = desk.page.getByRole('status', {
      name: `${PLANNER.username} is added. Their password:`,
    });
    await made.waitFor({ timeout: 15_000 });
    const password = ((await made.locator('code').textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await made.textContent()).toContain(`give it to ${PLANNER.name} now`);
    await keepScreenshot(desk.page, 'console-operators-password-1280');
    await made.getByRole('button', { name: 'Done, the password is handed over' }).click();
    await expect.poll(() => made.count()).toBe(0);
    const row = desk.page.getByRole('row', { name: new RegExp(`^${PLANNER.username}\\b`) });
    await expect.poll(() => row.textContent()).toContain('Can sign in');
    expect(unexpected(desk.consoleErrors)).toEqual([]);

    // The planner, on a phone, checks the file then applies it.
    const phone = await openPage(browser, { width: 390 });
    const { page } = phone;
    await signInAs(page, { username: PLANNER.username, password });
    await page.getByRole('heading', { level: 1, name: 'Coverage: NAP file' }).waitFor();
    const napId = `E2E-IRISAN-${Date.now()}`;
    const csv = [
      'id,latitude,longitude,ports_total,ports_used,status,expected_date,served_buildings,city_code',
      `${napId},${at.lat},${at.lng},16,0,active,,,${irisan.city.address_code}`,
      '',
    ].join('\n');
    await page.getByLabel('NAP file (CSV or GeoJSON)').setInputFiles({
      name: 'irisan.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const check = page.getByRole('button', { name: 'Check the file' });
    await expect.poll(() => check.isEnabled()).toBe(true);
    await check.click();
    const counts = page.getByRole('status');
    await expect
      .poll(() => counts.textContent(), { timeout: 15_000 })
      .toBe('1 new, 0 changed, 0 unchanged, 0 rows with errors.');
    expect(await page.getByText('The file is ready to apply.').isVisible()).toBe(true);
    await keepScreenshot(page, 'console-coverage-checked-390');
    await page.getByRole('button', { name: 'Apply to the network' }).click();
    await page
      .getByText('Applied. Choose another file to import more.')
      .waitFor({ timeout: 15_000 });
    expect(await counts.textContent()).toBe('1 new, 0 changed, 0 unchanged, 0 rows with errors.');
    expect(await page.getByRole('button', { name: 'Apply to the network' }).isDisabled()).toBe(
      true,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'console-coverage-applied-390');
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();

    // The same house, checked again on /: the plans, not notify me.
    for (const width of [390, 1280]) {
      const customer = await openPage(browser, { width });
      await checkAddress(customer.page, baseUrl, address);
      expect(customer.page.url()).toMatch(/\/serviceability\/(prepaid|specialOffer)$/);
      await customer.page
        .getByRole('button', { name: /Choose this plan|Get this offer/ })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await customer.page.getByRole('heading', { name: NOTIFY_ME }).count()).toBe(0);
      await keepScreenshot(customer.page, `console-coverage-customer-plans-${width}`);
      expect(unexpected(customer.consoleErrors)).toEqual([]);
      await customer.context.close();
    }

    // The admin reads the planner's history: their account was made by the admin.
    await desk.page.getByRole('button', { name: `History of ${PLANNER.username}` }).click();
    const history = desk.page.getByRole('list', { name: 'Changes, newest first' });
    await expect.poll(() => history.textContent(), { timeout: 15_000 }).toContain(ADMIN.username);
    await keepScreenshot(desk.page, 'console-operators-history-1280');
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();
  });
});
