import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import {
  areaNamed,
  completeDetails,
  heading,
  houseAt,
  newCustomer,
  register,
  signedInWithCheckedAddress,
  signInOnPage,
  unexpected,
  withDatabase,
  type Area,
  type Customer,
} from './journey-support';

// Journey step 4 (ADR 045) against the real server, its orders and the local payment gateway's
// sandbox checkout (ADR 038): the whole journey from the home page to thanks on a phone, each outcome at
// the wallet (decline, cancel, expiry) reaching its own page with a way to try again, and a refresh while
// waiting for the wallet still ending on the confirmation.

const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');
const databaseUrl = inject('databaseUrl');

const PAY = `${baseUrl}/serviceability/pay`;
const SCHEDULE = `${baseUrl}/serviceability/schedule`;
const DETAILS = `${baseUrl}/serviceability/filloutdetail`;

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const confirmAndPay = (page: Page) => page.getByRole('button', { name: 'Confirm and Pay' });
const onPage = (page: Page, path: string) => (url: URL) => url.pathname === path;

async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

/** The newest SMS to `msisdn` whose text matches `pattern`, waited for like a person waits. */
async function textMessage(msisdn: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const reply = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
          headers: { Accept: 'application/json' },
        });
        const { messages }: { messages: { body: string }[] } = await reply.json();
        found = messages.find((message) => pattern.test(message.body))?.body ?? '';
        return found;
      },
      { timeout: 15_000, interval: 300 },
    )
    .not.toBe('');
  return found;
}

/** On the schedule page: the first day's first free period, then Set schedule, until pay shows. */
async function bookFirstTime(page: Page) {
  await page.waitForURL(SCHEDULE, { timeout: 30_000 });
  await page.getByRole('grid').waitFor({ timeout: 20_000 });
  const morning = page.getByRole('button', { name: /^Morning/ });
  const period = (await morning.isEnabled())
    ? morning
    : page.getByRole('button', { name: /^Afternoon/ });
  await period.click();
  await page.getByRole('button', { name: 'Set schedule' }).click();
  await page.waitForURL(PAY, { timeout: 30_000 });
  await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
}

/** A customer registered through the API who fills out their details and books a time, up to pay. */
async function reachPay(page: Page, area: Area): Promise<Customer> {
  const customer = newCustomer();
  await register(baseUrl, customer);
  await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(area));
  await page.waitForURL(DETAILS, { timeout: 20_000 });
  await completeDetails(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await bookFirstTime(page);
  return customer;
}

/** Confirm and Pay, then the sandbox wallet's page for this payment. */
async function toTheWallet(page: Page) {
  await confirmAndPay(page).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'), {
    timeout: 30_000,
  });
}

/** On the sandbox wallet's page: one of its buttons, then back on Konek's `path`. */
async function atTheWallet(page: Page, button: RegExp, path: string) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(onPage(page, path), { timeout: 30_000 });
}

async function h1(page: Page, text: string) {
  await expect.poll(() => heading(page), { timeout: 20_000 }).toBe(text);
}

describe.skipIf(skipReason !== '')('Confirm and Pay in headless Chromium', () => {
  let browser: Browser;
  let makati: Area;
  let lasPinas: Area;
  beforeAll(async () => {
    browser = await launchBrowser();
    makati = await areaNamed(baseUrl, {
      province: /Metro Manila|NCR/i,
      city: /Makati/,
      barangay: /^Poblacion$/,
    });
    lasPinas = await areaNamed(baseUrl, {
      province: /Metro Manila|NCR/i,
      city: /Las Pi/,
      barangay: /^Almanza Uno$/,
    });
  });
  afterAll(() => browser?.close());

  it('from the home page to thanks at 390 px: address, account with the texted code, details, schedule, pay', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 390 });
    const customer = newCustomer();

    // Check Address (Makati has no special offer: the plans page, then thanks rather than the special's page).
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'makati', 'Makati City');
    await choose(page, 'Barangay', 'poblacion', 'Poblacion');
    await page.getByRole('radio', { name: 'House' }).check();
    await textbox(page, 'House no.').fill('12');
    await textbox(page, 'Street').fill('Mabini Street');
    await page.getByRole('button', { name: 'Pin My Location' }).click();
    await page.getByRole('button', { name: 'The pin is on my home' }).click();
    await page.getByRole('button', { name: 'Check My Address' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/prepaid`, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Choose this plan' }).first().click();

    // Create Account with the code from the SMS outbox.
    await page.waitForURL(`${baseUrl}/serviceability/entermobile`);
    await textbox(page, 'Mobile number').fill(customer.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/enterotp`);
    const code = (await textMessage(customer.msisdn, /\b\d{6}\b/)).match(/\b(\d{6})\b/)?.[1];
    await textbox(page, '6-digit code').fill(code ?? '');
    await page.waitForURL(`${baseUrl}/serviceability/nominateyourpin`);
    await textbox(page, 'First name').fill('Maria');
    await textbox(page, 'Last name').fill('Santos');
    await textbox(page, 'PIN').fill(customer.pin);
    await textbox(page, 'Confirm PIN').fill(customer.pin);
    await page.getByRole('button', { name: 'Create my account' }).click();

    // Fill Out Form, Select Schedule.
    await page.waitForURL(DETAILS, { timeout: 20_000 });
    await completeDetails(page, 'maria.santos@gmail.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await bookFirstTime(page);

    // Confirm and Pay: the plan and its price, the installation, who is present, the wallets.
    await h1(page, 'Confirm and pay');
    const breakdown = page.getByLabel('Price breakdown');
    const planPrice = (await breakdown.locator('dd').first().textContent()) ?? '';
    expect(planPrice).toMatch(/₱\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByText(/^12 Mabini Street/).waitFor();
    await page.getByText(/Poblacion, Makati City/).waitFor();
    await page.getByText(/^You, Maria Santos/).waitFor();
    await page.getByText(/^\w+day, \w+ \d{1,2}, \d{4}, (Morning|Afternoon) \(/).waitFor();
    const wallets = page.getByRole('group', { name: 'Choose your e-wallet' }).getByRole('radio');
    expect(await wallets.count()).toBe(4);
    expect(await page.getByRole('radio', { name: /GCash/ }).isChecked()).toBe(true);
    // A voucher from the catalogue (docs/catalog-seed.md): 10% off, shown as a discount line.
    await textbox(page, 'Voucher code').fill('KONEK10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await breakdown.getByText(/^-₱\d+\.\d{2}$/).waitFor();
    const total = (await breakdown.locator('dd').last().textContent()) ?? '';
    expect(total).toMatch(/^₱[\d,]+\.\d{2}$/);
    expect(total).not.toBe(planPrice);
    await page.getByRole('radio', { name: /Maya/ }).check();
    await keepScreenshot(page, 'pay-390');

    await toTheWallet(page);
    // The sandbox wallet asks for exactly what the pay page said.
    await page.getByRole('button', { name: `Pay PHP ${total.slice(1)}` }).waitFor();
    await atTheWallet(page, /^Pay PHP/, '/serviceability/thanks');

    await h1(page, 'Thank you for your order!');
    const orderNumber = (await page.locator('dt:text-is("Order number") + dd').textContent()) ?? '';
    expect(orderNumber).not.toBe('');
    await page.locator('dt:text-is("Amount paid") + dd').getByText(total).waitFor();
    await page
      .locator('dt:text-is("Installation") + dd')
      .getByText(/(Morning|Afternoon)/)
      .waitFor();
    // The confirmation SMS names the order.
    await textMessage(customer.msisdn, new RegExp(orderNumber));
    await keepScreenshot(page, 'thanks-390');
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();

    // Signing in again (another phone): the paid order's status, not the details form again.
    const other = await openPage(browser, { width: 390 });
    await other.page.goto(`${baseUrl}/serviceability/signin`);
    await signInOnPage(other.page, customer);
    await other.page.waitForURL(`${baseUrl}/trackmyorder/orderstatus`, { timeout: 20_000 });
    await other.page.getByText(`Order ${orderNumber}`).waitFor({ timeout: 20_000 });
    expect(unexpected(other.consoleErrors)).toEqual([]);
    await other.context.close();
  });

  it('a cancelled, an expired and a declined payment reach their pages and can try again until paid', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 390 });
    await reachPay(page, makati);

    await toTheWallet(page);
    await atTheWallet(page, /^Cancel and return/, '/serviceability/ordercancelled');
    await h1(page, 'Order cancelled');
    await page.getByText(/Nothing was charged/).waitFor();
    await page.getByRole('link', { name: 'Try again' }).click();

    await page.waitForURL(PAY);
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await toTheWallet(page);
    await atTheWallet(page, /^Expire now/, '/serviceability/timeout');
    await h1(page, 'Your payment time ran out');
    await page.getByRole('link', { name: 'Try again' }).click();

    await page.waitForURL(PAY);
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await toTheWallet(page);
    await atTheWallet(page, /^Decline/, '/serviceability/failed');
    await h1(page, 'Payment failed');
    await page.getByText(/funds/i).first().waitFor();
    await keepScreenshot(page, 'failed-390');
    await page.getByRole('link', { name: 'Try again' }).click();

    await page.waitForURL(PAY);
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await toTheWallet(page);
    await atTheWallet(page, /^Pay PHP/, '/serviceability/thanks');
    await h1(page, 'Thank you for your order!');
    // Paid once: Confirm and Pay again shows the order instead of a new payment.
    await page.goto(PAY);
    await page.waitForURL(onPage(page, '/serviceability/thanks'), { timeout: 20_000 });
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('a voucher, a declined payment, Try again: the voucher stays, the total too, and it is paid', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 390 });
    await reachPay(page, makati);
    const breakdown = page.getByLabel('Price breakdown');
    await textbox(page, 'Voucher code').fill('KONEK10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await breakdown.getByText(/^-₱\d+\.\d{2}$/).waitFor();
    const discounted = (await breakdown.locator('dd').last().textContent()) ?? '';

    const confirmClicks = () =>
      withDatabase(databaseUrl, async (client) => {
        const { rows } = await client.query<{ count: number }>(
          "select count(*)::int as count from analytics_events where tag = 'pay_confirm'",
        );
        return rows[0]!.count;
      });
    const clicksBefore = await confirmClicks();
    await toTheWallet(page);
    // The click that left for the wallet's page reached the server, though the page was gone.
    await expect.poll(confirmClicks, { timeout: 10_000 }).toBeGreaterThan(clicksBefore);
    await atTheWallet(page, /^Decline/, '/serviceability/failed');
    await h1(page, 'Payment failed');
    await page.getByRole('link', { name: 'Try again' }).click();

    // Back on pay: the voucher line and the discounted total, and Confirm and Pay can be pressed.
    await page.waitForURL(PAY);
    await breakdown.getByText('KONEK10', { exact: false }).waitFor({ timeout: 20_000 });
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await breakdown.locator('dd').last().textContent()).toBe(discounted);
    await keepScreenshot(page, 'pay-after-decline-390');
    // A reload (or another phone) keeps it too.
    await page.reload();
    await breakdown.getByText('KONEK10', { exact: false }).waitFor({ timeout: 20_000 });
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);

    await toTheWallet(page);
    await page.getByRole('button', { name: `Pay PHP ${discounted.slice(1)}` }).waitFor();
    await atTheWallet(page, /^Pay PHP/, '/serviceability/thanks');
    await h1(page, 'Thank you for your order!');
    await page.locator('dt:text-is("Amount paid") + dd').getByText(discounted).waitFor();
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('a refresh while waiting for the wallet still ends on the confirmation (the special offer, 1280 px)', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await reachPay(page, lasPinas);
    // ADR 083: the booked time reads as every slot does, with its weekday.
    await page.getByText(/^\w+day, \w+ \d{1,2}, \d{4}, (Morning|Afternoon) \(/).waitFor();
    await keepScreenshot(page, 'pay-1280');
    await toTheWallet(page);
    const checkoutUrl = page.url();
    // Back on Konek before the wallet has answered (the customer returned early): payloading waits.
    const sessionId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('konek.payment') ?? '{}').paymentSessionId as string,
    );
    await page.goto(`${baseUrl}/serviceability/payloading?payment_session_id=${sessionId}`);
    await h1(page, 'Confirming your payment');
    await page.reload();
    await h1(page, 'Confirming your payment');
    expect(new URL(page.url()).pathname).toBe('/serviceability/payloading');

    // The customer pays in another tab; the waiting page finds out by itself.
    const wallet = await context.newPage();
    await wallet.goto(checkoutUrl);
    await wallet.getByRole('button', { name: /^Pay PHP/ }).click();
    await page.waitForURL(onPage(page, '/serviceability/specialOfferOrderconfirmed'), {
      timeout: 30_000,
    });
    await h1(page, 'Your special offer is confirmed!');
    await page.locator('dt:text-is("Order number") + dd').waitFor();
    await keepScreenshot(page, 'special-offer-confirmed-1280');
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });
});
