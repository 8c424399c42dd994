import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPS_ASSIGN_PATH, OPS_LOGIN_PATH, OPS_TECHNICIANS_PATH } from '@konek/contract/ops';
import { launchBrowser, openPage, type PageWatch } from './browser';
import {
  areaNamed,
  completeDetails,
  houseAt,
  newCustomer,
  post,
  register,
  signedInWithCheckedAddress,
  unexpected,
  withDatabase,
  type Customer,
} from './journey-support';
import { addOperator, bookedJob } from './ops-support';

// ADR 047–051: the customer's /trackmyorder pages against the real server, driven by the
// technicians' page /ops/ in a second browser context. Customer A has a paid order written into the
// database (ops-support's bookedJob, a visit starting in a minute); the dispatcher assigns it through
// /api/ops, the technician moves it on their phone page, whose positions come from the context's
// emulated geolocation (the page sends at most one every 5 s, so the test waits that long between
// points). Customer B pays through the whole journey (a real appointment to move), then their visit's
// period is put into the past in the database: orderstatus decides the miss when read (ADR 047).

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const SHOTS = '/tmp/track-shots';

const DISPATCHER = {
  username: 'e2e-track-dina',
  role: 'dispatcher',
  name: 'Dina',
  password: 'dispatch-pass-5678',
} as const;
const TECHNICIAN = {
  username: 'e2e-track-rosa',
  role: 'technician',
  name: 'Rosa',
  password: 'technician-pass-2',
} as const;

// bookedJob's home is at 14.5547, 121.0244: the technician sets off about 2.8 km north, then comes
// within about 600 m.
const FAR = { latitude: 14.58, longitude: 121.0244, accuracy: 15 };
const NEAR = { latitude: 14.56, longitude: 121.0244, accuracy: 15 };

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The status line of the card named `region` (a region labelled by its heading; alerts follow it). */
const statusIn = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).getByRole('status').first().textContent();

/** Intl writes narrow and thin spaces around times; the tests compare plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ').trim();

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  // From the top: the sticky header of a scrolled page would otherwise be drawn mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 844 });
    // Leaflet measures its box again on resize; give it and the layout a moment.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/e2e-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width, height });
}

/** A mark on the page's window: still there later means the page was never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { __trackNoReload: true }));
}
const stillMarked = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __trackNoReload?: boolean }).__trackNoReload === true,
  );

async function opsToken(user: { username: string; password: string }): Promise<string> {
  const reply = await post(baseUrl, OPS_LOGIN_PATH, user);
  const token = reply['api_token'];
  if (typeof token !== 'string') throw new Error(`ops login failed: ${JSON.stringify(reply)}`);
  return token;
}

/** Signs in on /trackmyorder as a customer does: the number, Continue, then the PIN. */
async function signInToTrack(page: Page, customer: Customer) {
  await page.goto(`${baseUrl}/trackmyorder`);
  await textbox(page, 'Mobile number').fill(customer.local);
  await page.getByRole('button', { name: 'Continue' }).click();
  await textbox(page, 'PIN').fill(customer.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/trackmyorder/orderstatus`, { timeout: 20_000 });
}

/** The whole journey at 390 px up to thanks (as pay.test.ts): a real order, appointment and context. */
async function payForAnOrder(
  page: Page,
): Promise<{ customer: Customer; userId: string; booked: 'Morning' | 'Afternoon' }> {
  const area = await areaNamed(baseUrl, {
    province: /Metro Manila|NCR/i,
    city: /Makati/,
    barangay: /^Poblacion$/,
  });
  const customer = newCustomer();
  const { userId } = await register(baseUrl, customer);
  await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(area));
  await page.waitForURL(`${baseUrl}/serviceability/filloutdetail`, { timeout: 20_000 });
  await completeDetails(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${baseUrl}/serviceability/schedule`, { timeout: 30_000 });
  await page.getByRole('grid').waitFor({ timeout: 20_000 });
  const morning = page.getByRole('button', { name: /^Morning/ });
  const period = (await morning.isEnabled())
    ? morning
    : page.getByRole('button', { name: /^Afternoon/ });
  const booked = (await morning.isEnabled()) ? 'Morning' : 'Afternoon';
  await period.click();
  await page.getByRole('button', { name: 'Set schedule' }).click();
  await page.waitForURL(`${baseUrl}/serviceability/pay`, { timeout: 30_000 });
  const pay = page.getByRole('button', { name: 'Confirm and Pay' });
  await expect.poll(() => pay.isEnabled(), { timeout: 20_000 }).toBe(true);
  await pay.click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'), {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
  await page.waitForURL((url) => url.pathname === '/serviceability/thanks', { timeout: 30_000 });
  return { customer, userId, booked };
}

describe.skipIf(skipReason !== '')('track my order in headless Chromium', () => {
  let browser: Browser;
  let customerA: Customer;
  let workOrderId = '';
  let orderNumber = '';
  /** Customer A's phone, kept open from sign-in to "Installed". */
  let phoneA: PageWatch;
  /** Customer B's phone after paying, kept for the missed visit, viewmyorder and stillthere. */
  let phoneB: PageWatch;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    await addOperator(dataDir, databaseUrl, TECHNICIAN);
    customerA = newCustomer();
    const { userId } = await register(baseUrl, customerA);
    // Within today in Manila whatever the hour: a visit starting in a minute (the technician's list).
    const job = await withDatabase(databaseUrl, (client) =>
      bookedJob(client, userId, new Date(Date.now() + 60_000)),
    );
    workOrderId = job.workOrderId;
    orderNumber = job.orderNumber;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('a customer with a paid order signs in on /trackmyorder and sees "Order Confirmed"', async () => {
    phoneA = await openPage(browser, { width: 390 });
    const { page } = phoneA;
    await signInToTrack(page, customerA);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 20_000 })
      .toBe('Order Confirmed');
    await page.getByText(`Order ${orderNumber}`).waitFor();
    await page.getByText('Booked installation time').waitFor();
    await shoot(page, 'orderstatus-confirmed');
    expect(unexpected(phoneA.consoleErrors)).toEqual([]);
  }, 60_000);

  it('follows the technician without a reload: on the way, position and ETA, arrived, installed', async () => {
    const { page } = phoneA;
    await markWindow(page);

    // The dispatcher assigns the job to Rosa through /api/ops.
    const desk = await opsToken(DISPATCHER);
    const staff = await post(baseUrl, OPS_TECHNICIANS_PATH, {}, desk);
    const technicians = staff['technicians'] as { user_id: string; first_name: string }[];
    const rosa = technicians.find((technician) => technician.first_name === 'Rosa');
    const assigned = await post(
      baseUrl,
      OPS_ASSIGN_PATH,
      { work_order_id: workOrderId, technician_id: rosa?.user_id },
      desk,
    );
    expect(assigned['code']).toBe(0);

    // Rosa's phone: the technicians' page at 390 px, sharing its (emulated) position.
    const rosaPhone = await openPage(browser, { width: 390 });
    await rosaPhone.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await rosaPhone.context.setGeolocation(FAR);
    const ops = rosaPhone.page;
    await ops.goto(`${baseUrl}/ops/`);
    await ops.getByLabel('Username').fill(TECHNICIAN.username);
    await ops.getByLabel('Password').fill(TECHNICIAN.password);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    const card = ops.getByRole('listitem', { name: `Job ${orderNumber}` });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('To visit');

    await card.getByRole('button', { name: 'On my way' }).click();
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 10_000 })
      .toBe('Awaiting Installation');

    await page.getByRole('link', { name: 'Track my technician' }).click();
    await page.waitForURL(`${baseUrl}/trackmyorder/trackmytechnician`);
    await expect.poll(() => statusIn(page, 'Technician'), { timeout: 10_000 }).toBe('On the way');
    const eta = page.getByText(/^About \d+ min away$|^Arriving now$/);
    await expect.poll(() => eta.textContent(), { timeout: 15_000 }).toMatch(/^About \d+ min/);
    const farEta = await eta.textContent();
    const rosaMarker = page.locator('.leaflet-tooltip', { hasText: 'Rosa' });
    await rosaMarker.waitFor({ timeout: 10_000 });
    const farBox = await page.locator('.leaflet-marker-icon').last().boundingBox();
    await shoot(page, 'trackmytechnician-far');

    // The page sends a position at most every 5 s: the next point after that.
    await page.waitForTimeout(5_500);
    await rosaPhone.context.setGeolocation(NEAR);
    await expect.poll(() => eta.textContent(), { timeout: 15_000 }).not.toBe(farEta);
    const nearEta = await eta.textContent();
    expect(Number(nearEta?.match(/\d+/)?.[0] ?? 0)).toBeLessThan(Number(farEta?.match(/\d+/)?.[0]));
    // The map kept both in view: the technician's marker moved on the screen too.
    await expect
      .poll(async () => page.locator('.leaflet-marker-icon').last().boundingBox())
      .not.toEqual(farBox);
    await rosaMarker.waitFor();
    await shoot(page, 'trackmytechnician-near');

    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect.poll(() => statusIn(page, 'Technician'), { timeout: 10_000 }).toBe('Arrived');
    await page.getByText('Rosa has arrived at your home.').waitFor();
    expect(await rosaMarker.count()).toBe(0);

    await page.getByRole('link', { name: 'Back to order status' }).click();
    await expect.poll(() => statusIn(page, 'Installation status')).toBe('Awaiting Installation');
    await card.getByRole('button', { name: 'Completed' }).click();
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 10_000 })
      .toBe('Installed');
    await page.getByText('Your fibre is installed. Enjoy your connection!').waitFor();
    expect(await stillMarked(page)).toBe(true);
    await shoot(page, 'orderstatus-installed');

    expect(unexpected(phoneA.consoleErrors)).toEqual([]);
    expect(unexpected(rosaPhone.consoleErrors)).toEqual([]);
    await rosaPhone.context.close();
    await phoneA.context.close();
  }, 90_000);

  it('a missed visit shows the free days and lets the customer pick a new time', async () => {
    phoneB = await openPage(browser, { width: 390 });
    const { page } = phoneB;
    const { userId, booked } = await payForAnOrder(page);
    // The visit's period ended an hour ago with nobody coming.
    const moved = await withDatabase(databaseUrl, (client) =>
      client.query(
        `update orders o set installation_starts_at = now() - interval '4 hours',
           installation_ends_at = now() - interval '1 hour'
         from accounts a where a.id = o.account_id and a.user_id = $1 and o.paid_at is not null`,
        [userId],
      ),
    );
    expect(moved.rowCount).toBe(1);

    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 20_000 })
      .toBe('Reschedule Installation [provider initiated]');
    await page.getByText('We missed your installation visit').waitFor();
    await page.getByText(/We've added 3 free days to your plan/).waitFor();
    await shoot(page, 'orderstatus-missed');

    await page.getByRole('button', { name: 'Pick a new time' }).click();
    const panel = page.getByRole('region', { name: 'Choose a new installation time' });
    await panel.getByRole('grid').waitFor({ timeout: 20_000 });
    await shoot(page, 'orderstatus-missed-calendar');
    // Another time than the one booked (still free in the calendar: only the order's times were moved):
    // the other period of the first day, or else the first free day of the next month.
    const other = panel.getByRole('button', {
      name: new RegExp(`^${booked === 'Morning' ? 'Afternoon' : 'Morning'}`),
    });
    if (await other.isEnabled()) await other.click();
    else {
      await panel.getByRole('button', { name: 'Next month' }).click();
      await panel
        .getByRole('button', { name: /installation slots available$/ })
        .first()
        .click();
      const morning = panel.getByRole('button', { name: /^Morning/ });
      await (
        (await morning.isEnabled()) ? morning : panel.getByRole('button', { name: /^Afternoon/ })
      ).click();
    }
    const day = plain(
      await panel
        .locator('p')
        .filter({ hasText: /, \d{4}$/ })
        .first()
        .textContent(),
    );
    await panel.getByRole('button', { name: 'Set new time' }).click();

    await page.getByText('Installation time changed').waitFor({ timeout: 20_000 });
    const changed = plain(
      await page.getByText(/^Your installation is now booked for /).textContent(),
    );
    expect(changed).toContain(day);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 10_000 })
      .toBe('Order Confirmed');
    // The new time is the booked one now.
    const newTime = changed.replace(/^Your installation is now booked for /, '').replace(/\.$/, '');
    const bookedNow = plain(
      await page.getByText('Booked installation time').locator('xpath=..').textContent(),
    );
    expect(bookedNow).toBe(`Booked installation time${newTime}`);
    await shoot(page, 'orderstatus-rescheduled');

    await page.getByRole('link', { name: 'View my order' }).click();
    await page.waitForURL(`${baseUrl}/trackmyorder/viewmyorder`);
    const address = page.locator('dt:text-is("Installation address") + dd');
    await expect.poll(() => address.textContent(), { timeout: 10_000 }).toContain('Poblacion');
    const time = plain(await page.locator('dt:text-is("Installation time") + dd').textContent());
    expect(time).toBe(newTime);
    await shoot(page, 'viewmyorder');
    expect(unexpected(phoneB.consoleErrors)).toEqual([]);
  }, 150_000);

  it('asks "Are you still there?" after the idle time: "Yes, I\'m here" keeps the page, no answer signs out', async () => {
    const { page } = phoneB;
    await page.evaluate(() =>
      localStorage.setItem(
        'konek.track-idle',
        JSON.stringify({ idleSeconds: 2, answerSeconds: 4 }),
      ),
    );
    await page.goto(`${baseUrl}/trackmyorder/viewmyorder`);
    await page.waitForURL(`${baseUrl}/trackmyorder/stillthere`, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Are you still there?' }).waitFor();
    await shoot(page, 'stillthere');
    await page.getByRole('button', { name: "Yes, I'm here" }).click();
    await page.waitForURL(`${baseUrl}/trackmyorder/viewmyorder`);
    await page.getByRole('heading', { level: 1, name: 'View my order' }).waitFor();

    // Left alone again: asked again, then signed out when nobody answers.
    await page.waitForURL(`${baseUrl}/trackmyorder/stillthere`, { timeout: 10_000 });
    await page
      .getByRole('heading', { name: "You've been signed out" })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Sign in again' }).waitFor();
    await shoot(page, 'stillthere-signed-out');
    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    await page.waitForURL(`${baseUrl}/trackmyorder`);
    await textbox(page, 'Mobile number').waitFor();
    expect(unexpected(phoneB.consoleErrors)).toEqual([]);
    await phoneB.context.close();
  }, 60_000);
});
