import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '@konek/contract/routes';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { SUBMIT_SUPPORT_REQUEST_PATH } from '@konek/contract/submit-support-request';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { newCustomer, post, register, unexpected, withDatabase } from './journey-support';
import { addOperator, bookedJob } from './ops-support';

// ADR 079 against the real server: every route of the contract's route list, opened at 390 px by a
// visitor with nothing stored (a gated route may send them to sign in or home: the page they land on
// counts), shows a visible, named way to help — in the browser and inside the native app, whose header
// is hidden. Then the way round: a message sent on the help page's form reaches the dispatchers' desk on
// /ops, is closed with an answer, and the answer is in the SMS outbox for the number the customer gave.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const PHONE = 390;
const DESK = 1280;
const APP_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 isapp';

const DISPATCHER = {
  username: 'e2e-help-desk',
  role: 'dispatcher',
  name: 'Dina',
  password: 'help-desk-pass-1234',
} as const;

/** The route's address as a browser asks for it (the terms page is written terms%26conditions). */
const urlOf = (path: string) => `${baseUrl}${path.replace('&', '%26')}`;

/** The page's header (or app bar) Help link, once the page it landed on has its heading. */
async function helpOn(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  return page.getByRole('link', { name: 'Help', exact: true });
}

/** Visible, with its whole box inside a phone's width. */
async function expectOnScreen(page: Page, help: ReturnType<Page['getByRole']>, url: string) {
  await expect.poll(() => help.isVisible(), { message: url }).toBe(true);
  // The home page's first copy (index.html) is replaced by the app's own: the box is read once the
  // link stands still on the page that stays.
  let box: Awaited<ReturnType<typeof help.boundingBox>> = null;
  await expect
    .poll(
      async () => {
        box = await help.boundingBox();
        return box !== null;
      },
      { message: url },
    )
    .toBe(true);
  expect(box!.x, url).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, url).toBeLessThanOrEqual(PHONE);
  expect(box!.height, url).toBeGreaterThanOrEqual(24);
  expect(await help.getAttribute('href'), url).toBe('/help');
}

/** A whole-page picture draws the sticky header where the page is scrolled to: at the top, then. */
async function keepWholePage(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, name);
}

describe.skipIf(skipReason !== '')('help on every screen, in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it(`shows a named Help link on every route of the list at ${PHONE} px`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: PHONE });
    for (const route of [...ROUTES.map((entry) => entry.path), '/no-such-page']) {
      const url = urlOf(route);
      await expectOnScreen(page, await helpOn(page, url), url);
    }
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  }, 300_000);

  it(`shows it inside the native app too, where the header is hidden, at ${PHONE} px`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      width: PHONE,
      userAgent: APP_USER_AGENT,
    });
    for (const route of [...ROUTES.map((entry) => entry.path), '/no-such-page']) {
      const url = urlOf(route);
      const help = await helpOn(page, url);
      expect(await page.getByRole('banner').count(), url).toBe(0);
      await expectOnScreen(page, help, url);
      if (route === '/serviceability/failed') await keepScreenshot(page, `help-in-app-${PHONE}`);
    }
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows the help entry on a result screen, beside its actions', async () => {
    for (const width of [PHONE, DESK]) {
      const { page, context } = await openPage(browser, { width });
      await page.goto(urlOf('/serviceability/servererror'));
      const card = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
      const getHelp = card.getByRole('link', { name: 'Get help' });
      await expect.poll(() => getHelp.isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe(
        '/help#contact',
      );
      await keepScreenshot(page, `help-entry-servererror-${width}`);
      await context.close();
    }
  });

  it('takes a message on the help page that a dispatcher answers on /ops, by SMS', async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    const customer = newCustomer();
    const typedNumber = `0${customer.local.slice(0, 3)} ${customer.local.slice(3, 6)} ${customer.local.slice(6)}`;
    const message = 'My barangay is not on the list. Can you check Purok 3?';

    // The customer, on a phone, opens Help from the header and writes from the form at its end.
    const phone = await openPage(browser, { width: PHONE });
    await phone.page.goto(urlOf('/'));
    await phone.page.getByRole('link', { name: 'Help', exact: true }).click();
    await phone.page.waitForURL(`${baseUrl}/help`);
    await phone.page.getByText('How long do I have to pay?').click();
    await keepWholePage(phone.page, `help-page-${PHONE}`);
    await phone.page.getByRole('link', { name: 'Contact us' }).first().click();
    const form = phone.page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => form.getByText('This is a required field.').count())
      .toBeGreaterThanOrEqual(4);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ana Lim');
    await form.getByRole('textbox', { name: 'Mobile number' }).fill(typedNumber);
    await form.getByRole('combobox', { name: 'Topic' }).click();
    await phone.page.getByRole('option', { name: 'Checking my address' }).click();
    await form.getByRole('textbox', { name: 'Your message' }).fill(message);
    await form.getByRole('button', { name: 'Send message' }).click();
    const sent = form.getByRole('status');
    await expect.poll(() => sent.textContent(), { timeout: 15_000 }).toMatch(/HELP-\d{8}/);
    const reference = /HELP-\d{8}/.exec((await sent.textContent()) ?? '')![0];
    await keepWholePage(phone.page, `help-form-sent-${PHONE}`);
    await phone.page.setViewportSize({ width: DESK, height: 900 });
    await keepWholePage(phone.page, `help-form-sent-${DESK}`);
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();

    const wide = await openPage(browser, { width: DESK });
    await wide.page.goto(urlOf('/help'));
    await wide.page.getByRole('heading', { level: 1 }).waitFor();
    await keepScreenshot(wide.page, `help-page-${DESK}`);
    await wide.context.close();

    // A signed-in customer with a booked visit writes too (through the API, as the form sends it): the
    // server attaches their order, which the desk shows beside the message.
    const ordered = newCustomer();
    const session = await register(baseUrl, ordered);
    const { orderNumber, accountId } = await withDatabase(databaseUrl, async (client) => {
      const job = await bookedJob(client, session.userId, new Date(Date.now() + 26 * 60 * 60_000));
      const { rows } = await client.query<{ id: string }>(
        'select id from accounts where user_id = $1',
        [session.userId],
      );
      return { orderNumber: job.orderNumber, accountId: rows[0]!.id };
    });
    const withOrder = await post(
      baseUrl,
      SUBMIT_SUPPORT_REQUEST_PATH,
      {
        name: 'Ana Lim',
        mobile_number: `0${ordered.local}`,
        topic: 'installation',
        message: 'Can the technician come after 10 AM? I take my child to school.',
        target_id: accountId,
        target_type: 2,
      },
      session.token,
    );
    expect(withOrder['support_request']).toMatchObject({ order_number: orderNumber });

    // The dispatcher finds both on the desk with what the customers wrote, and answers the first.
    const answer = 'We checked Purok 3: fibre arrives there in March. We will text you then.';
    for (const width of [PHONE, DESK]) {
      const desk = await openPage(browser, { width });
      await desk.page.goto(`${baseUrl}/ops/`);
      await desk.page.getByLabel('Username').fill(DISPATCHER.username);
      await desk.page.getByLabel('Password').fill(DISPATCHER.password);
      await desk.page.getByRole('button', { name: 'Sign in' }).click();
      await desk.page.getByRole('button', { name: /Support requests/ }).click();
      const card = desk.page.getByRole('listitem', { name: `Request ${reference}` });
      await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await card.textContent()).toContain(message);
      const ordersCard = desk.page
        .getByRole('listitem')
        .filter({ hasText: 'I take my child to school.' });
      expect(await ordersCard.textContent()).toContain(orderNumber);
      expect(await ordersCard.textContent()).toMatch(/Installation \w+day/);
      await keepScreenshot(desk.page, `ops-support-requests-${width}`);
      if (width === DESK) {
        await card
          .getByRole('textbox', { name: new RegExp(`Answer to ${reference}`) })
          .fill(answer);
        await card.getByRole('button', { name: 'Close and text the answer' }).click();
        await expect.poll(() => desk.page.getByText(`${reference} closed.`).isVisible()).toBe(true);
        await expect
          .poll(() =>
            desk.page.getByRole('listitem', { name: `Closed request ${reference}` }).isVisible(),
          )
          .toBe(true);
        await keepScreenshot(desk.page, `ops-support-closed-${width}`);
      }
      expect(unexpected(desk.consoleErrors)).toEqual([]);
      await desk.context.close();
    }

    // The answer reached the number the customer typed, once.
    const outbox = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${customer.msisdn}`, {
      headers: { Accept: 'application/json' },
    });
    const { messages }: { messages: { body: string }[] } = await outbox.json();
    expect(messages.map((each) => each.body)).toEqual([`Konek (${reference}): ${answer}`]);
  }, 120_000);
});
