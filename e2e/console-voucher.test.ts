import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { newCustomer, register, signInOnPage, unexpected, type Customer } from './journey-support';
import { addOperator } from './ops-support';

// ADR 091 in headless Chromium against the real server: a marketing operator (made by `npm run ops --
// add-user`) creates a ₱100-off voucher on /ops at a desk, and a signed-in customer on a 390 px phone
// types that code, in lower case, on Las Piñas City's special offer (₱699, docs/catalog-seed.md) and sees
// ₱599. Marketing's vouchers list, read on a phone, shows the code and fits the screen.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const MARKETER = {
  username: 'e2e-vou-mara',
  role: 'marketing',
  name: 'Mara',
  password: 'marketing-pass-3456',
} as const;

/** `at` in Manila time, as a datetime-local field takes it (YYYY-MM-DDTHH:mm). */
const manilaField = (at: Date) =>
  new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 16);

async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A served house of Las Piñas City on /, as offers.test.ts checks it: the map opens on it. */
async function checkLasPinasHouse(page: Page) {
  await page.goto(`${baseUrl}/`);
  await choose(page, 'Province', 'metro', 'Metro Manila');
  await choose(page, 'City', 'las p', 'Las Piñas City');
  await choose(page, 'Barangay', 'almanza', 'Almanza Uno');
  await page.getByRole('radio', { name: 'House' }).check();
  await textbox(page, 'House no.').fill('12');
  await textbox(page, 'Street').fill('Mabini Street');
  await textbox(page, 'Village/Subdivision').fill('BF Homes');
  await page.getByRole('button', { name: 'Pin My Location' }).click();
  await page.getByRole('button', { name: 'The pin is on my home' }).click();
  await page.getByRole('button', { name: 'Check My Address' }).click();
}

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(skipReason !== '')('marketing makes a voucher that a customer uses', () => {
  let browser: Browser;
  let customer: Customer;
  const code = `CONSOLE${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, MARKETER);
    customer = newCustomer();
    await register(baseUrl, customer);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('created on the Vouchers tab at 1280 px, applied on the special offer at 390 px', async () => {
    const desk = await openPage(browser, { width: 1280 });
    await signInAs(desk.page, MARKETER);
    await desk.page.getByRole('button', { name: 'Vouchers', exact: true }).click();
    await desk.page.getByRole('button', { name: 'New voucher' }).click();
    const editor = desk.page.getByRole('region', { name: 'New voucher' });
    await editor.getByLabel('Voucher code').fill(code);
    await editor.getByLabel('Voucher name').fill('₱100 off your first 30 days');
    await editor.getByRole('radio', { name: 'An amount off' }).check();
    await editor.getByLabel('Amount off (₱)').fill('100');
    await editor
      .getByLabel('Valid from (Manila time)')
      .fill(manilaField(new Date(Date.now() - 86_400_000)));
    await editor
      .getByLabel('Valid until (Manila time)')
      .fill(manilaField(new Date(Date.now() + 30 * 86_400_000)));
    await keepScreenshot(desk.page, 'console-voucher-form-1280');
    await editor.getByRole('button', { name: 'Create voucher' }).click();
    await expect
      .poll(() => desk.page.getByRole('status').first().textContent(), { timeout: 15_000 })
      .toBe(`${code} is saved: customers can use it from its start date.`);
    const card = desk.page.getByRole('listitem', { name: code });
    await expect.poll(() => card.textContent()).toContain('₱100');
    expect(await card.textContent()).toContain('In use');
    await keepScreenshot(desk.page, 'console-voucher-saved-1280');
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();

    // The customer, signed in, checks a served house of Las Piñas and types the code in lower case.
    const phone = await openPage(browser, { width: 390 });
    const { page } = phone;
    await page.goto(`${baseUrl}/serviceability/signin`);
    await signInOnPage(page, customer);
    await page.waitForURL((url) => !url.pathname.endsWith('/signin'));
    await checkLasPinasHouse(page);
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`, { timeout: 20_000 });
    const summary = page.getByRole('definition').last();
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toBe('₱699.00');
    await textbox(page, 'Voucher code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Voucher applied.').waitFor({ timeout: 15_000 });
    // ₱100 off the ₱699 special, priced by the server.
    await expect.poll(() => summary.textContent()).toBe('₱599.00');
    // The discount is one amount on one line (its minus sign once wrapped apart from it at 390 px).
    const discount = page.getByRole('definition').filter({ hasText: '-₱100.00' });
    expect(await discount.textContent()).toBe('-₱100.00');
    const discountLines = await discount.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length;
    });
    expect(discountLines).toBe(1);
    await keepScreenshot(page, 'console-voucher-applied-390');
    expect(unexpected(phone.consoleErrors)).toEqual([]);
    await phone.context.close();

    // Marketing on a phone: the voucher is listed, and nothing is wider than the screen.
    const small = await openPage(browser, { width: 390 });
    await signInAs(small.page, MARKETER);
    await small.page.getByRole('button', { name: 'Vouchers', exact: true }).click();
    await expect
      .poll(() => small.page.getByRole('listitem', { name: code }).textContent(), {
        timeout: 15_000,
      })
      .toContain('₱100');
    const overflow = await small.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(small.page, 'console-voucher-list-390');
    expect(unexpected(small.consoleErrors)).toEqual([]);
    await small.context.close();
  });
});
