import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  SANDBOX_OUTBOX_PATH,
  ZSandboxOutboxResponse,
  type TSandboxOutboxResponse,
} from '@konek/contract/sandbox-outbox';
import { keepScreenshot, launchBrowser, openPage, SCREENSHOT_DIR } from './browser';
import {
  areaNamed,
  checkAddress,
  chooseFirstPlan,
  houseAt,
  unexpected,
  withDatabase,
  type Area,
} from './journey-support';
import { addOperator } from './ops-support';

// ADR 094 in headless Chromium against the real server: a household in Irisan, Baguio City (no coverage
// there today, docs/coverage-seed.md) joins the waitlist on the notify-me page; a network planner imports
// a NAP at its house; the background workers send it one SMS and one email (read from the sandbox
// outbox); the email's open link lands on the plans for that address, from where the customer goes on
// to the account step; its unsubscribe link says the messages stop. The NAP is deleted afterwards, so
// the other files sharing the server keep their coverage.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const PLANNER = {
  username: 'e2e-alerts-nina',
  role: 'network_planner',
  name: 'Nina',
  password: 'planner-pass-2468',
} as const;
const NOTIFY_ME = 'Get notified when fibre arrives';
/** The background workers poll every second; a busy machine may take a while. */
const SENT_WITHIN_MS = 60_000;

/**
 * A house of Irisan about 2 km off the barangay's point and some 750 m west of the house
 * console-coverage.test.ts serves, so neither file's NAP (250 m radius) reaches the other's house or
 * any other test's Baguio address.
 */
const housePoint = (area: Area) => ({
  lat: Number((area.point.lat + 0.0135).toFixed(6)),
  lng: Number((area.point.lng - 0.0195).toFixed(6)),
});

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function outbox(query: { msisdn?: string; email?: string }): Promise<TSandboxOutboxResponse> {
  const search = new URLSearchParams(query);
  const response = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?${search.toString()}`, {
    headers: { Accept: 'application/json' },
  });
  return ZSandboxOutboxResponse.parse(await response.json());
}

/** A link of a message, on the test server's origin (the message names the configured public one). */
function linkIn(text: string, query: 'arrived' | 'unsubscribe'): string {
  const found = new RegExp(`https?://[^\\s/]+/\\?${query}=([^\\s>]+)`).exec(text);
  if (!found) throw new Error(`no ${query} link in: ${text}`);
  return `${baseUrl}/?${query}=${found[1]}`;
}

/** With E2E_SCREENSHOT_DIR set, keeps what the screen shows (the top of the page) as `<name>.png`. */
async function keepView(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(skipReason !== '')('a waiting household is told when fibre arrives', () => {
  let browser: Browser;
  let irisan: Area;
  const napId = `E2E-ALERT-${Date.now()}`;
  const stamp = String(Date.now()).slice(-7);
  const email = `waitlist.${stamp}@example.com`;
  const local = `917${stamp}`;
  const msisdn = `63${local}`;

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, PLANNER);
    irisan = await areaNamed(baseUrl, {
      province: /Benguet/,
      city: /Baguio/,
      barangay: /^Irisan$/,
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await withDatabase(databaseUrl, (client) =>
      client.query('delete from naps where code = $1', [napId]),
    );
  });

  it('notify me, a NAP imported, one SMS and one email, the plans from the link, unsubscribe', async () => {
    const at = housePoint(irisan);
    const address = houseAt(irisan, at);

    // Not covered today: the household joins the waitlist on the notify-me page.
    const household = await openPage(browser);
    await checkAddress(household.page, baseUrl, address);
    expect(household.page.url()).toBe(`${baseUrl}/serviceability/notifyme`);
    await household.page.getByRole('heading', { level: 1, name: NOTIFY_ME }).waitFor();
    await textbox(household.page, 'First name').fill('Rosa');
    await textbox(household.page, 'Last name').fill('Balagtas');
    await textbox(household.page, 'Email address').fill(email);
    await textbox(household.page, 'Mobile number (optional)').fill(local);
    await household.page.getByRole('button', { name: 'Notify me' }).click();
    await household.page
      .getByText("Thanks! We'll email you when fibre reaches your area.")
      .waitFor({ timeout: 15_000 });
    expect(unexpected(household.consoleErrors)).toEqual([]);
    await household.context.close();

    // The planner imports a NAP at the house.
    const desk = await openPage(browser, { width: 1280 });
    await signInAs(desk.page, PLANNER);
    await desk.page.getByRole('heading', { level: 1, name: 'Coverage: NAP file' }).waitFor();
    const csv = [
      'id,latitude,longitude,ports_total,ports_used,status,expected_date,served_buildings,city_code',
      `${napId},${at.lat},${at.lng},16,0,active,,,${irisan.city.address_code}`,
      '',
    ].join('\n');
    await desk.page.getByLabel('NAP file (CSV or GeoJSON)').setInputFiles({
      name: 'irisan-alerts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const check = desk.page.getByRole('button', { name: 'Check the file' });
    await expect.poll(() => check.isEnabled()).toBe(true);
    await check.click();
    await desk.page.getByText('The file is ready to apply.').waitFor({ timeout: 15_000 });
    await desk.page.getByRole('button', { name: 'Apply to the network' }).click();
    await desk.page
      .getByText('Applied. Choose another file to import more.')
      .waitFor({ timeout: 15_000 });

    // The workers send the SMS and the email, each once.
    const deadline = Date.now() + SENT_WITHIN_MS;
    let sent = await outbox({ msisdn, email });
    while ((sent.messages.length === 0 || sent.emails.length === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      sent = await outbox({ msisdn, email });
    }
    expect(sent.messages).toHaveLength(1);
    expect(sent.emails).toHaveLength(1);
    // Another sweep (the periodic one, another change) does not tell the household again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    sent = await outbox({ msisdn, email });
    expect(sent.messages).toHaveLength(1);
    expect(sent.emails).toHaveLength(1);
    const [sms] = sent.messages;
    const [mail] = sent.emails;
    expect(sms?.body).toContain('fibre has reached your address');
    expect(mail?.subject).toBe('Fibre has reached your address');
    const open = linkIn(mail?.text ?? '', 'arrived');
    const stop = linkIn(mail?.text ?? '', 'unsubscribe');
    expect(linkIn(sms?.body ?? '', 'arrived')).toBe(open);

    // The planner's panel counts them.
    const panel = desk.page.getByRole('region', { name: 'Coverage alerts' });
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(async () => Number(await panel.locator('dt:text-is("Sent") + dd').textContent()), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    // The panel at a desk and on a phone: nothing wider than the screen.
    for (const width of [1280, 390]) {
      await desk.page.setViewportSize({ width, height: 844 });
      await panel.scrollIntoViewIfNeeded();
      const overflow = await desk.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (SCREENSHOT_DIR) {
        await panel.screenshot({ path: `${SCREENSHOT_DIR}/coverage-alerts-panel-${width}.png` });
      }
    }
    expect(unexpected(desk.consoleErrors)).toEqual([]);
    await desk.context.close();

    // The email's link opens the plans for the house, in a browser that never saw it, then the account
    // step once a plan is chosen.
    for (const width of [390, 1280]) {
      const customer = await openPage(browser, { width });
      await customer.page.goto(open);
      await customer.page.waitForURL(/\/serviceability\/(prepaid|specialOffer)$/, {
        timeout: 30_000,
      });
      expect(await customer.page.getByRole('heading', { name: NOTIFY_ME }).count()).toBe(0);
      const saved = await customer.page.evaluate(() =>
        window.localStorage.getItem('konek.address'),
      );
      expect(JSON.parse(saved ?? 'null')).toMatchObject({
        radioTypeValue: 'House',
        area: {
          province: irisan.province,
          city: irisan.city,
          barangay: irisan.barangay,
          zipCode: irisan.zipCode,
        },
        house: { houseNo: '12', street: 'Rizal & Mabini St.', village: '' },
        searchResult: { lat: at.lat, lng: at.lng },
      });
      await customer.page
        .getByRole('button', { name: /Choose this plan|Get this offer/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await keepScreenshot(customer.page, `coverage-alerts-plans-${width}`);
      // Back from the plans is the home page without the link: it does not open the address again.
      await customer.page.goBack();
      await customer.page.waitForURL(`${baseUrl}/`);
      await customer.page.goForward();
      await customer.page.waitForURL(/\/serviceability\/(prepaid|specialOffer)$/);
      await chooseFirstPlan(customer.page);
      await customer.page.waitForURL(`${baseUrl}/serviceability/entermobile`, { timeout: 15_000 });
      expect(unexpected(customer.consoleErrors)).toEqual([]);
      await customer.context.close();
    }

    // The unsubscribe link stops the messages and says so, with the home page below.
    for (const width of [390, 1280]) {
      const customer = await openPage(browser, { width });
      await customer.page.goto(stop);
      await customer.page
        .getByText("You won't get more messages from us about fibre reaching your address.", {
          exact: false,
        })
        .waitFor({ timeout: 15_000 });
      expect(customer.page.url()).toBe(`${baseUrl}/`);
      expect(
        await customer.page.getByRole('form', { name: 'Check your address' }).isVisible(),
      ).toBe(true);
      await keepView(customer.page, `coverage-alerts-unsubscribed-${width}`);
      expect(unexpected(customer.consoleErrors)).toEqual([]);
      await customer.context.close();
    }
    const unsubscribed = await withDatabase(databaseUrl, (client) =>
      client.query('select email from waitlist_unsubscribes where email = $1', [email]),
    );
    expect(unsubscribed.rows).toEqual([{ email }]);
  });

  it('a link Konek did not make, and the wait while an address opens, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, { width });
      // The address is held back a moment, to see the wait.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v3/waitlist/arrived_address', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/?arrived=open.1.forged`);
      await page
        .getByRole('heading', { level: 1, name: 'Opening your address…' })
        .waitFor({ timeout: 15_000 });
      // The token has left the address bar already.
      await expect.poll(() => page.url()).toBe(`${baseUrl}/`);
      await keepView(page, `coverage-alerts-opening-${width}`);
      release();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 15_000 });
      expect(await alert.textContent()).toContain("This link isn't valid any more.");
      await keepView(page, `coverage-alerts-link-invalid-${width}`);
      await alert.getByRole('button', { name: 'Enter my address' }).click();
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.getElementById('check-address-form')?.contains(document.activeElement),
          ),
        )
        .toBe(true);

      await page.goto(`${baseUrl}/?unsubscribe=unsubscribe.1.forged`);
      const refused = page.getByRole('alert');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.textContent()).toContain("We couldn't unsubscribe you");
      await keepView(page, `coverage-alerts-unsubscribe-invalid-${width}`);
      expect(unexpected(consoleErrors)).toEqual([]);
      await context.close();
    }
  });
});
