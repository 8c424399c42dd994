import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { dateText, slotText } from '@konek/contract/formats';
import { manilaDayOf } from '@konek/contract/slot-period';
import { keepScreenshotsAtBothWidths, launchBrowser, openPage, type PageWatch } from './browser';
import {
  areaNamed,
  completeDetails,
  houseAt,
  newCustomer,
  register,
  signedInWithCheckedAddress,
  unexpected,
  withDatabase,
  type Customer,
} from './journey-support';
import { addOperator } from './ops-support';

// ADR 080 against the real server, one unhappy path end to end: a customer pays through the whole
// journey; a dispatcher marks the job Delayed-ForCancellation on the operators' page; the customer's
// order page says what that means and offers to keep the order with a new time or cancel with a refund;
// the customer keeps it and picks a new time, and the SMS names the new day. Then the new visit is missed
// (its period put into the past in the database): the free days are shown, and kept after yet another
// new time. And a paid order that lost its time (written so in the database, as the payment listener
// leaves it) shows "Choose a new time", which leads through the schedule and pay pages to a booked visit.
// With E2E_SCREENSHOT_DIR set, the order status page is kept at 390 and 1280 px for each.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const DISPATCHER = {
  username: 'e2e-statuses-dina',
  role: 'dispatcher',
  name: 'Dina',
  password: 'dispatch-pass-8080',
} as const;

const DELAYED_LABEL = 'Delayed Installation Customer or provider related';

/** The status line of the card named `region` (alerts with role status follow it). */
const statusIn = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).getByRole('status').first().textContent();

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ').trim();

/** The texts in the sandbox outbox for the customer, newest first. */
async function textsTo(customer: Customer): Promise<string[]> {
  const reply = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${customer.msisdn}`, {
    headers: { Accept: 'application/json' },
  });
  const { messages }: { messages: { body: string }[] } = await reply.json();
  return messages.map((message) => message.body);
}

type Booked = { orderId: string; orderNumber: string; startsAt: Date; endsAt: Date };

/** The customer's paid order as the database holds it. */
async function bookedOrder(userId: string): Promise<Booked> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{
      id: string;
      number: string;
      installation_starts_at: Date;
      installation_ends_at: Date;
    }>(
      `select o.id, o.number, o.installation_starts_at, o.installation_ends_at
         from orders o join accounts a on a.id = o.account_id
        where a.user_id = $1 and o.paid_at is not null`,
      [userId],
    );
    const row = rows[0]!;
    return {
      orderId: row.id,
      orderNumber: `KNK-${String(row.number).padStart(8, '0')}`,
      startsAt: row.installation_starts_at,
      endsAt: row.installation_ends_at,
    };
  });
}

/**
 * When the order's booked slot starts: what the time picker shows as booked, even after a test moved
 * the order's visit into the past by hand.
 */
async function bookedSlotStart(userId: string): Promise<Date> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ starts_at: Date }>(
      `select s.starts_at from orders o join accounts a on a.id = o.account_id
         join appointments p on p.id = o.appointment_id join installation_slots s on s.id = p.slot_id
        where a.user_id = $1 and o.paid_at is not null`,
      [userId],
    );
    return rows[0]!.starts_at;
  });
}

const slotOf = (booked: Booked) => ({
  start_time: booked.startsAt.toISOString(),
  end_time: booked.endsAt.toISOString(),
});

/** The Manila day (YYYY-MM-DD) of an instant. */
const manilaDay = (at: Date) => manilaDayOf(at.toISOString());

/** The whole journey at 390 px up to thanks (as track.test.ts): a real order, appointment and context. */
async function payForAnOrder(page: Page): Promise<{ customer: Customer; userId: string }> {
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
  await (
    (await morning.isEnabled()) ? morning : page.getByRole('button', { name: /^Afternoon/ })
  ).click();
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
  return { customer, userId };
}

/**
 * In the panel that opened, another time than `booked`: the other period of the day the calendar opened
 * on, or else the first free day of the next month. Answers the new time as the page says it.
 */
async function pickAnotherTime(page: Page, booked: Booked): Promise<void> {
  const panel = page.getByRole('region', { name: 'Choose a new installation time' });
  await panel.getByRole('grid').waitFor({ timeout: 20_000 });
  const bookedPeriod = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Manila', hour: '2-digit' }).format(
      booked.startsAt,
    ),
  );
  const other = panel.getByRole('button', {
    name: new RegExp(`^${bookedPeriod < 12 ? 'Afternoon' : 'Morning'}`),
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
  await panel.getByRole('button', { name: 'Set new time' }).click();
  await page.getByText('Installation time changed').waitFor({ timeout: 20_000 });
}

describe.skipIf(skipReason !== '')('every installation status has a way forward', () => {
  let browser: Browser;
  /** Customer A's phone, from paying to the missed visit. */
  let phone: PageWatch;
  let customer: Customer;
  let userId = '';

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('a dispatcher marks the job for cancellation; the customer keeps it with a new time, and the SMS names the new day', async () => {
    phone = await openPage(browser, { width: 390 });
    const { page } = phone;
    ({ customer, userId } = await payForAnOrder(page));
    const booked = await bookedOrder(userId);
    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 20_000 })
      .toBe('Order Confirmed');

    // The dispatcher, on the operators' page, finds the job on its day and marks it.
    const desk = await openPage(browser, { width: 1280 });
    await desk.page.goto(`${baseUrl}/ops/`);
    await desk.page.getByLabel('Username').fill(DISPATCHER.username);
    await desk.page.getByLabel('Password').fill(DISPATCHER.password);
    await desk.page.getByRole('button', { name: 'Sign in' }).click();
    await desk.page.getByLabel('Day', { exact: true }).fill(manilaDay(booked.startsAt));
    const card = desk.page.getByRole('listitem', { name: `Job ${booked.orderNumber}` });
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Set status' }).click();
    const form = card.getByRole('form', { name: `Set the status of ${booked.orderNumber}` });
    await form.getByLabel('New status').selectOption('Delayed-ForCancellation');
    await form
      .getByLabel('Note (optional)')
      .fill('The subdivision has not approved the cable route');
    await form.getByRole('button', { name: 'Set status' }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 10_000 })
      .toContain('Marked for cancellation');
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();

    // The customer's page follows without a reload, says what it means and what they can do.
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 15_000 })
      .toBe(DELAYED_LABEL);
    const status = page.getByRole('region', { name: 'Installation status' });
    await status.getByText(/We may not be able to install fibre at your home as booked/).waitFor();
    await status.getByRole('button', { name: 'Cancel and get a refund' }).waitFor();
    await keepScreenshotsAtBothWidths(page, 'orderstatus-delayed-for-cancellation');

    const before = await textsTo(customer);
    await status.getByRole('button', { name: 'Keep my order and pick a new time' }).click();
    // The calendar opens on the booked day.
    const panel = page.getByRole('region', { name: 'Choose a new installation time' });
    await panel.getByRole('grid').waitFor({ timeout: 20_000 });
    await panel
      .getByRole('button', {
        name: new RegExp(`${dateText(manilaDayOf(booked.startsAt.toISOString()))}, selected`),
      })
      .waitFor();
    await pickAnotherTime(page, booked);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 10_000 })
      .toBe('Order Confirmed');
    const moved = await bookedOrder(userId);
    expect(moved.startsAt.getTime()).not.toBe(booked.startsAt.getTime());

    // One text, naming the new day and time.
    await expect
      .poll(async () => (await textsTo(customer)).length, { timeout: 10_000 })
      .toBe(before.length + 1);
    const [latest] = await textsTo(customer);
    expect(latest).toContain(`is now booked for ${slotText(slotOf(moved))}`);
    expect(latest).toContain(booked.orderNumber);
    expect(unexpected(phone.consoleErrors)).toEqual([]);
  }, 180_000);

  it('a missed visit shows its free days, and keeps them in the page and the timeline after a new time', async () => {
    const { page } = phone;
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `update orders o set installation_starts_at = now() - interval '4 hours',
           installation_ends_at = now() - interval '1 hour'
         from accounts a where a.id = o.account_id and a.user_id = $1 and o.paid_at is not null`,
        [userId],
      ),
    );
    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 20_000 })
      .toBe('Reschedule Installation [provider initiated]');
    await page.getByText('We missed your installation visit').waitFor();
    await page.getByText(/We've added 3 free days to your plan/).waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText(/missed — 3 free days added$/).waitFor();
    await keepScreenshotsAtBothWidths(page, 'orderstatus-missed-with-credit');

    const missed = await bookedOrder(userId);
    await page.getByRole('button', { name: 'Pick a new time' }).click();
    // The other period than the slot still booked (the visit's hours above were moved by hand).
    await pickAnotherTime(page, { ...missed, startsAt: await bookedSlotStart(userId) });
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 10_000 })
      .toBe('Order Confirmed');
    await page.getByText('3 free days added to your plan for the visit we missed.').waitFor();
    await timeline.getByText(/missed — 3 free days added$/).waitFor();
    expect(plain(await timeline.textContent())).toContain('Installation scheduled for');
    await keepScreenshotsAtBothWidths(page, 'orderstatus-credit-kept');
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();
  }, 120_000);

  it('a paid order that lost its time offers "Choose a new time", through schedule and pay to a booked visit', async () => {
    const watch = await openPage(browser, { width: 390 });
    const { page } = watch;
    const paid = await payForAnOrder(page);
    // As the payment listener leaves a paid order whose place was taken meanwhile: no time, no work
    // order, no confirmation yet, and its appointment ended.
    await withDatabase(databaseUrl, async (client) => {
      const { orderId } = await bookedOrder(paid.userId);
      const { rows } = await client.query<{ id: string }>(
        'select id from work_orders where order_id = $1',
        [orderId],
      );
      const workOrderId = rows[0]!.id;
      for (const table of ['work_order_changes', 'work_order_notices', 'technician_positions']) {
        await client.query(`delete from ${table} where work_order_id = $1`, [workOrderId]);
      }
      await client.query('delete from work_orders where id = $1', [workOrderId]);
      await client.query(
        `update installation_slots s set taken = taken - 1 from appointments p, orders o
          where o.id = $1 and p.id = o.appointment_id and s.id = p.slot_id`,
        [orderId],
      );
      await client.query(
        `update appointments p set status = 'expired' from orders o
          where o.id = $1 and p.id = o.appointment_id`,
        [orderId],
      );
      await client.query(
        `update orders set state = 2, installation_starts_at = null, installation_ends_at = null
          where id = $1`,
        [orderId],
      );
    });
    const before = await textsTo(paid.customer);

    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    const status = page.getByRole('region', { name: 'Installation status' });
    await status
      .getByText(/We received your payment, but the installation time you chose was taken/)
      .waitFor({ timeout: 20_000 });
    expect(await page.getByText("We couldn't load your order").count()).toBe(0);
    await keepScreenshotsAtBothWidths(page, 'orderstatus-needs-new-time');

    await status.getByRole('link', { name: 'Choose a new time' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/schedule`, { timeout: 20_000 });
    await page.getByText(/there is nothing more to pay/).waitFor();
    await page.getByRole('grid').waitFor({ timeout: 20_000 });
    const morning = page.getByRole('button', { name: /^Morning/ });
    await (
      (await morning.isEnabled()) ? morning : page.getByRole('button', { name: /^Afternoon/ })
    ).click();
    await page.getByRole('button', { name: 'Set schedule' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/pay`, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/pay'), { timeout: 30_000 });

    const rebooked = await bookedOrder(paid.userId);
    expect(rebooked.startsAt).not.toBeNull();
    await expect
      .poll(async () => (await textsTo(paid.customer)).length, { timeout: 10_000 })
      .toBe(before.length + 1);
    const [confirmation] = await textsTo(paid.customer);
    expect(confirmation).toContain(`Installation: ${slotText(slotOf(rebooked))}`);

    await page.goto(`${baseUrl}/trackmyorder/orderstatus`);
    await expect
      .poll(() => statusIn(page, 'Installation status'), { timeout: 20_000 })
      .toBe('Order Confirmed');
    expect(unexpected(watch.consoleErrors)).toEqual([]);
    await watch.context.close();
  }, 180_000);
});
