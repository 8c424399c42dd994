import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayText } from '@konek/contract/formats';
import { manilaDayOf } from '@konek/contract/slot-period';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { newCustomer, register, unexpected, withDatabase } from './journey-support';
import { addOperator, bookedJob } from './ops-support';

// ADR 051: the operators' page /ops/ against the real server. Operators are made by `npm run
// ops -- add-user`; a paid order with a visit today is written into the database. The dispatcher
// assigns it on the board, the technician signs in on a phone, sees it, sets off (the page starts
// watching the phone's position) and moves it to arrived and completed.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const DISPATCHER = {
  username: 'e2e-dina',
  role: 'dispatcher',
  name: 'Dina',
  password: 'dispatch-pass-1234',
} as const;
const TECHNICIAN = {
  username: 'e2e-tomas',
  role: 'technician',
  name: 'Tomas',
  password: 'technician-pass-1',
} as const;

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(skipReason !== '')('the technicians’ page in headless Chromium', () => {
  let browser: Browser;
  let orderNumber = '';

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    await addOperator(dataDir, databaseUrl, TECHNICIAN);
    const { userId } = await register(baseUrl, newCustomer());
    // Within today in Manila (UTC+8) whatever the hour: a visit starting in a minute.
    const job = await withDatabase(databaseUrl, (client) =>
      bookedJob(client, userId, new Date(Date.now() + 60_000)),
    );
    orderNumber = job.orderNumber;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a wrong password with a message', async () => {
    const { page, context } = await openPage(browser);
    await signInAs(page, { username: TECHNICIAN.username, password: 'not-the-password' });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The username or password is incorrect.');
    await context.close();
  });

  it('lets the dispatcher assign the job, and the technician move it through the visit', async () => {
    const desk = await openPage(browser, { width: 1280 });
    await signInAs(desk.page, DISPATCHER);
    const select = desk.page.getByRole('combobox', { name: `Technician for ${orderNumber}` });
    await expect.poll(() => select.isEnabled(), { timeout: 15_000 }).toBe(true);
    await select.selectOption({ label: 'Tomas' });
    await expect
      .poll(() => desk.page.getByText(`${orderNumber} assigned to Tomas.`).isVisible())
      .toBe(true);
    await desk.context.close();

    const phone = await openPage(browser);
    await phone.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await phone.context.setGeolocation({ latitude: 14.57, longitude: 121.0, accuracy: 15 });
    const { page } = phone;
    await signInAs(page, TECHNICIAN);
    const card = page.getByRole('listitem', { name: `Job ${orderNumber}` });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('To visit');
    expect(await card.textContent()).toContain('12 Dela Rosa Street');

    await card.getByRole('button', { name: 'On my way' }).click();
    await expect.poll(() => card.textContent()).toContain('On the way');
    await expect
      .poll(() => page.getByRole('region', { name: 'Location sharing' }).textContent())
      .toContain('Sharing your location');

    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect.poll(() => card.textContent()).toContain('On site');
    expect(await page.getByRole('region', { name: 'Location sharing' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Completed' }).click();
    await expect.poll(() => card.textContent()).toContain('Installed');
    expect(await card.getByRole('button').count()).toBe(0);

    const status = await withDatabase(databaseUrl, (client) =>
      client.query<{ status: string }>(
        `select w.status from work_orders w join orders o on o.id = w.order_id
         where 'KNK-' || lpad(o.number::text, 8, '0') = $1`,
        [orderNumber],
      ),
    );
    expect(status.rows[0]?.status).toBe('Completed');
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();
  });

  it('lets a dispatcher close a day to installations with a reason, and open it again (ADR 083)', async () => {
    const desk = await openPage(browser, { width: 1280 });
    const { page } = desk;
    await signInAs(page, DISPATCHER);
    await page.getByRole('button', { name: 'Calendar' }).click();
    const section = page.getByRole('region', { name: 'Days closed to installations' });
    await section.getByRole('list', { name: 'Closed days' }).waitFor({ timeout: 15_000 });
    // A day two months on, past the calendar's weeks, so no test's booking is on it; a Sunday or a
    // day the law closes is refused as closed already, and the next day is tried.
    let closed = '';
    for (let ahead = 60; ahead < 67 && !closed; ahead += 1) {
      const day = manilaDayOf(new Date(Date.now() + ahead * 86_400_000).toISOString());
      await section.getByLabel('Day to close').fill(day);
      await section.getByLabel('Reason').fill('Typhoon signal no. 3 (e2e)');
      await section.getByRole('button', { name: 'Close this day' }).click();
      const said = section.getByRole('status').or(section.getByRole('alert'));
      await said.waitFor();
      if ((await said.getAttribute('role')) === 'status') closed = day;
    }
    expect(closed).not.toBe('');
    const card = section.getByRole('listitem', { name: dayText(closed) });
    await expect.poll(() => card.textContent()).toContain('Typhoon signal no. 3 (e2e)');
    expect(await card.textContent()).toContain('Closed by Dina');
    await keepScreenshot(page, 'ops-closed-days-1280');
    await card.getByRole('button', { name: 'Open this day again' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('is open again');
    await expect.poll(() => card.count()).toBe(0);
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();
  });

  it('narrows the board and shows the day’s jobs on a map, on a phone and at a desk', async () => {
    for (const width of [390, 1280]) {
      const desk = await openPage(browser, { width });
      await signInAs(desk.page, DISPATCHER);
      const { page } = desk;
      await page.getByRole('listitem', { name: `Job ${orderNumber}` }).waitFor();
      await page.getByRole('combobox', { name: 'Status' }).waitFor();
      await keepScreenshot(page, `ops-board-filters-${width}`);
      await page.getByRole('button', { name: 'Map' }).click();
      const map = page.getByRole('region', { name: 'Map of the jobs shown' });
      await map.waitFor();
      await expect.poll(() => map.getByRole('button', { name: orderNumber }).count()).toBe(1);
      await keepScreenshot(page, `ops-board-map-${width}`);
      await page.getByRole('button', { name: 'List' }).click();
      await page.getByRole('listitem', { name: `Job ${orderNumber}` }).waitFor();
      expect(unexpected(desk.consoleErrors)).toEqual([]);
      await desk.context.close();
    }
  });
});
