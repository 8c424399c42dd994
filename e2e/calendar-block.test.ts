import type { Browser } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manilaDayOf } from '@konek/contract/slot-period';
import { axeViolations, describeViolations } from './axe';
import { launchBrowser, openPage } from './browser';
import { newCustomer, register, unexpected, withDatabase, type Customer } from './journey-support';
import { addOperator, bookedJob } from './ops-support';

// ADR 092 in headless Chromium against the real server: a customer's paid order is booked on a morning
// a few days ahead (written into the database as ops-support's bookedJob writes one, with a real
// appointment in that morning's slot). The dispatcher, at 1280 px, blocks that morning network-wide for
// a typhoon — the preview lists the order, then the block is confirmed — and the customer, on a 390 px
// phone, reads on /trackmyorder why the installation cannot go ahead and the way to choose a new time.
// Both pages are scanned with axe-core (ADR 084).

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const DISPATCHER = {
  username: 'e2e-cal-dina',
  role: 'dispatcher',
  name: 'Dina',
  password: 'dispatch-pass-9012',
} as const;
const REASON = 'Typhoon Pepito: signal no. 3 in the south';

/**
 * A morning slot with a free place on the calendar's last day, taken for a confirmed appointment: the
 * test blocks that morning network-wide, and the other test files, which share this server and book
 * the first free times, have nothing booked so far ahead.
 */
async function bookMorning(client: pg.Client, userId: string) {
  const slot = await client.query<{ id: string; starts_at: Date; ends_at: Date }>(
    `select id, starts_at, ends_at from installation_slots
      where period = 'am' and starts_at > now() + interval '3 days' and taken < capacity
      order by starts_at desc, id limit 1`,
  );
  const { id: slotId, starts_at: startsAt, ends_at: endsAt } = slot.rows[0]!;
  const job = await bookedJob(client, userId, startsAt);
  const order = await client.query<{ id: string; account_id: string }>(
    `select o.id, o.account_id from orders o
      where o.account_id = (select id from accounts where user_id = $1) order by created_at desc limit 1`,
    [userId],
  );
  const { id: orderId, account_id: accountId } = order.rows[0]!;
  const reservation = await client.query<{ id: string }>(
    `select id from resource_reservations where account_id = $1 order by created_at desc limit 1`,
    [accountId],
  );
  const appointment = await client.query<{ id: string }>(
    `insert into appointments (reservation_id, account_id, resource_reservation_id, slot_id,
       activity_type, status, expires_at, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, 'Installation', 'confirmed', null, now(), now())
     returning id`,
    [accountId, reservation.rows[0]!.id, slotId],
  );
  await client.query('update installation_slots set taken = taken + 1 where id = $1', [slotId]);
  await client.query(
    `update orders set appointment_id = $2, installation_starts_at = $3, installation_ends_at = $4
      where id = $1`,
    [orderId, appointment.rows[0]!.id, startsAt, endsAt],
  );
  return { orderNumber: job.orderNumber, day: manilaDayOf(startsAt.toISOString()) };
}

describe.skipIf(skipReason !== '')('a dispatcher blocks a morning', () => {
  let browser: Browser;
  let customer: Customer;
  let booked: { orderNumber: string; day: string };

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    customer = newCustomer();
    const { userId } = await register(baseUrl, customer);
    booked = await withDatabase(databaseUrl, (client) => bookMorning(client, userId));
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    // The block is lifted again, so the next test files find that morning as the calendar offers it.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `update calendar_blocks set unblocked_at = now(), unblocked_by = blocked_by
          where reason = $1 and unblocked_at is null`,
        [REASON],
      ),
    );
  });

  it('and the customer booked then sees why on /trackmyorder at 390 px', async () => {
    const desk = await openPage(browser, { width: 1280, bypassCsp: true });
    await desk.page.goto(`${baseUrl}/ops/`);
    await desk.page.getByLabel('Username').fill(DISPATCHER.username);
    await desk.page.getByLabel('Password').fill(DISPATCHER.password);
    await desk.page.getByRole('button', { name: 'Sign in' }).click();
    await desk.page.getByRole('button', { name: 'Calendar' }).click();

    const form = desk.page.getByRole('form', { name: 'Block a period' });
    await form.getByLabel('Day to block').fill(booked.day);
    await form.getByLabel('Period').selectOption({ label: 'Morning' });
    await form.getByLabel('Where').selectOption({ label: 'Whole network' });
    await form.getByLabel('Reason customers will read').fill(REASON);
    await form.getByRole('button', { name: 'Preview affected bookings' }).click();
    const affected = desk.page.getByRole('list', { name: 'Affected bookings' });
    await expect
      .poll(() => affected.getByRole('listitem', { name: booked.orderNumber }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    // ADR 084: the calendar, its preview open, is axe-clean.
    expect(describeViolations('/ops calendar', await axeViolations(desk.page))).toEqual([]);
    await desk.page.getByRole('button', { name: 'Confirm block' }).click();
    await expect
      .poll(() => desk.page.getByRole('status').first().textContent())
      .toContain('Blocked. 1 booking lost its time');
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();

    // The dispatcher's calendar on a 390 px phone: the block is listed and nothing is wider than the
    // screen (the day's table scrolls inside its own region).
    const small = await openPage(browser, { width: 390 });
    await small.page.goto(`${baseUrl}/ops/`);
    await small.page.getByLabel('Username').fill(DISPATCHER.username);
    await small.page.getByLabel('Password').fill(DISPATCHER.password);
    await small.page.getByRole('button', { name: 'Sign in' }).click();
    await small.page.getByRole('button', { name: 'Calendar' }).click();
    const blocks = small.page.getByRole('list', { name: 'Blocks ahead' });
    await expect.poll(() => blocks.textContent(), { timeout: 15_000 }).toContain(REASON);
    const calendarOverflow = await small.page
      .getByRole('region', { name: 'Installation calendar' })
      .evaluate((section) => section.scrollWidth - section.clientWidth);
    expect(calendarOverflow).toBeLessThanOrEqual(0);
    await small.context.close();

    const phone = await openPage(browser, { width: 390, bypassCsp: true });
    const { page } = phone;
    await page.goto(`${baseUrl}/trackmyorder`);
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(customer.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'PIN', exact: true }).fill(customer.pin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/trackmyorder/orderstatus`, { timeout: 20_000 });
    const card = page.getByRole('region', { name: 'Installation status' });
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .toContain('We cannot install at your booked time');
    expect(await card.textContent()).toContain(`Reason: ${REASON}`);
    const choose = card.getByRole('link', { name: 'Choose a new time' });
    expect(await choose.isVisible()).toBe(true);
    expect(describeViolations('/trackmyorder', await axeViolations(page))).toEqual([]);
    // At 390 px nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();
  });
});
