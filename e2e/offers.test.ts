import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_APPLICATION_ID, DEFAULT_OSS_SEGMENT, LOGIN_TYPE } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { launchBrowser, openPage } from './browser';

// Offers against the real server and its demo catalogue (docs/catalog-seed.md): the home page's
// default offer is the ₱1,499 50 Mbps plan; Las Piñas City's top special offer is ₱1,499 → ₱699.

const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');

const MAP_NAME = 'Map: place the red pin on your home';

async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A serviceable house in Las Piñas City (docs/coverage-seed.md), checked as a person would. */
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
  await page.getByRole('application', { name: MAP_NAME }).waitFor();
  await page.locator('.leaflet-marker-icon').waitFor();
  // The map opens on the city point, which is served: the customer says the pin is right.
  await page.getByRole('button', { name: 'The pin is on my home' }).click();
  await page.getByRole('button', { name: 'Check My Address' }).click();
}

async function postJson(path: string, body: object): Promise<Record<string, unknown>> {
  const reply = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed: Record<string, unknown> = await reply.json();
  expect(parsed.code, JSON.stringify(parsed)).toBe(0);
  return parsed;
}

/**
 * A new customer signed up through the real calls (the SMS code read from the sandbox outbox), and the
 * browser given their session cookies as a sign-in leaves them (product §4.1, §9 cookies).
 */
async function signUpInto(context: BrowserContext): Promise<void> {
  const msisdn = `639${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
  const created = await postJson(createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn });
  const outbox = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
    headers: { accept: 'application/json' },
  });
  const { messages }: { messages: { body: string }[] } = await outbox.json();
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1] ?? '';
  await postJson(verifyOtpPath(DEFAULT_OSS_SEGMENT), {
    msisdn,
    code,
    reference_id: created.reference_id,
  });
  const login = await postJson(LOGIN_PATH, {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: await hashPin(msisdn, '482916'),
    user_properties: { first_name: 'Maria', last_name: 'Santos' },
  });
  const cookie = (name: string, value: unknown) => ({ name, value: String(value), url: baseUrl });
  await context.addCookies([
    cookie('token', login.api_token),
    cookie('userid', login.user_id),
    cookie('accountid', login.account_id),
  ]);
}

describe.skipIf(skipReason !== '')('offers in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('home shows the default offer of page configuration 27 with its price', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/`);
    const offer = page.getByRole('article', { name: 'Konek Fiber Prepaid up to 50 Mbps' });
    await offer.waitFor();
    expect(await offer.getByText('₱1,499.00', { exact: true }).count()).toBe(1);
    expect(await offer.getByText('up to 50 Mbps', { exact: true }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a serviceable address in a special-offer city lands on the special offer', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await checkLasPinasHouse(page);
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`);
    const offer = page.getByRole('article', { name: 'Konek Fiber Prepaid Special up to 100 Mbps' });
    await offer.waitFor();
    // product §9: the original price struck through and the final price, both from the server.
    expect(await offer.locator('s').textContent()).toBe('Regular price ₱1,499.00');
    expect(await offer.getByText('Now ₱699.00', { exact: true }).count()).toBe(1);
    expect(await offer.getByText('up to 100 Mbps', { exact: true }).count()).toBe(1);
    expect(await offer.getByText('30 free days', { exact: true }).count()).toBe(1);

    await page.getByRole('link', { name: 'See all plans' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/prepaid`);
    // The plan list loads after the navigation: wait for it rather than counting an empty page.
    await expect
      .poll(() => page.getByRole('button', { name: 'Choose this plan' }).count(), {
        timeout: 10_000,
      })
      .toBe(5);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens the terms and conditions in a new tab', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    // The plans open for an address fibre was found to reach (ADR 030).
    await checkLasPinasHouse(page);
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`);
    await page.goto(`${baseUrl}/serviceability/prepaid`);
    const link = page.getByRole('link', { name: /Prepaid Terms & Conditions/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    const [terms] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await terms.waitForLoadState();
    expect(terms.url()).toBe(`${baseUrl}/serviceability/terms%26conditions`);
    await expect
      .poll(() => terms.getByRole('heading', { level: 1 }).textContent())
      .toBe('Prepaid Terms & Conditions');
    expect(page.url()).toBe(`${baseUrl}/serviceability/prepaid`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signed in, a voucher changes the total and a bad one shows its message', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await signUpInto(context);
    await checkLasPinasHouse(page);
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`);
    const summary = page.getByRole('definition').last();
    await expect.poll(() => summary.textContent()).toBe('₱699.00');

    const voucher = textbox(page, 'Voucher code');
    await voucher.fill('konek 10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Voucher applied.').waitFor();
    // docs/catalog-seed.md: 10% off the ₱699 special is ₱629.10, priced by the server.
    await expect.poll(() => summary.textContent()).toBe('₱629.10');

    await voucher.fill('WELCOME2024');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('This voucher code has expired.');
    // The expired voucher's 400 reply is the expected answer; Chromium logs every 4xx it loads.
    const unexpected = consoleErrors.filter((error) => !error.includes('status of 400'));
    expect(unexpected).toEqual([]);
    await context.close();
  });
});
