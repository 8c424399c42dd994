import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { mobileText } from '@konek/contract/number-formats';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import {
  areaNamed,
  buildingOf,
  checkAddress,
  chooseFirstPlan,
  completeDetails,
  heading,
  houseAt,
  newCustomer,
  register,
  signInOnPage,
  signedInWithCheckedAddress,
  ticks,
  unexpected,
  withDatabase,
  type Area,
} from './journey-support';

// Journey step 2 (product §2.4, §4.3, §5) against the real server: a signed-in customer with a chosen
// plan fills out their details and reaches the schedule step; the representative, each rule's message,
// update mode, and the failures a real server gives (an area it does not know, a NAP that filled up
// between the check and the submit), and a refresh in the middle of the submit.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const skipReason = inject('skipReason');

const DETAILS = `${baseUrl}/serviceability/filloutdetail`;
const SCHEDULE = `${baseUrl}/serviceability/schedule`;
const PAY = `${baseUrl}/serviceability/pay`;

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const personal = (page: Page) => page.getByRole('group', { name: 'Personal information' });
const representative = (page: Page) =>
  page.getByRole('group', { name: 'Nominate an Authorized Representative' });

/** The line under a field: its error, else its hint. */
async function messageOf(field: ReturnType<Page['getByRole']>): Promise<string | null> {
  const id = await field.getAttribute('aria-describedby');
  if (!id) return null;
  return field.page().locator(`[id="${id}"]`).textContent();
}

async function accountOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  const account = cookies.find((cookie) => cookie.name === 'accountid')?.value;
  if (!account) throw new Error('no account cookie');
  return account;
}

/** The code texted to `msisdn`, waited for like a person waits for their phone. */
async function textedCode(msisdn: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const reply = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
          headers: { Accept: 'application/json' },
        });
        const { messages }: { messages: { body: string }[] } = await reply.json();
        code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000, interval: 300 },
    )
    .not.toBe('');
  return code;
}

async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

async function submitAndWaitFor(page: Page, url: string) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(url, { timeout: 20_000 });
}

describe.skipIf(skipReason !== '')('the details step in headless Chromium', () => {
  let browser: Browser;
  let lasPinas: Area;
  beforeAll(async () => {
    browser = await launchBrowser();
    lasPinas = await areaNamed(baseUrl, {
      province: /Metro Manila|NCR/i,
      city: /Las Pi/,
      barangay: /^Almanza Uno$/,
    });
  });
  afterAll(() => browser?.close());

  it('House, 390 px: from a chosen plan, through sign-in, to the schedule step', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    const { page, context, consoleErrors } = await openPage(browser);
    await checkAddress(page, baseUrl, houseAt(lasPinas));
    await chooseFirstPlan(page);
    await page.waitForURL(`${baseUrl}/serviceability/entermobile`);
    // A returning customer opens the details step: it needs sign-in, and comes back after it.
    await page.goto(DETAILS);
    await page.waitForURL(`${baseUrl}/serviceability/signin`);
    await signInOnPage(page, customer);
    await page.waitForURL(DETAILS);
    await expect.poll(() => heading(page)).toBe('Fill out your details');
    expect(await ticks(page)).toEqual([true, true, false, false, false]);
    const mobile = personal(page).getByRole('textbox', { name: 'Mobile number' });
    await expect.poll(() => textbox(page, 'First name').first().inputValue()).toBe('Ana');
    expect(await personal(page).getByRole('textbox', { name: 'Last name' }).inputValue()).toBe(
      'Lim',
    );
    expect(await mobile.inputValue()).toBe(mobileText(`0${customer.local}`));
    expect(await mobile.getAttribute('readonly')).not.toBeNull();
    // The address came without the city's offers, so the plans page showed them all: Back returns there.
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/prepaid',
    );
    await completeDetails(page);
    await submitAndWaitFor(page, SCHEDULE);
    await expect.poll(() => heading(page)).toBe('Schedule installation');
    await page.getByRole('grid').waitFor();
    expect(await ticks(page)).toEqual([true, true, true, false, false]);

    const accountId = await accountOf(context);
    const saved = await withDatabase(databaseUrl, async (client) => ({
      addresses: (
        await client.query('select parts from account_addresses where account_id = $1', [accountId])
      ).rows,
      reservations: (
        await client.query(
          "select status from resource_reservations where account_id = $1 and status = 'held'",
          [accountId],
        )
      ).rowCount,
    }));
    expect(saved.addresses).toEqual([
      {
        parts: expect.objectContaining({
          house_number: '12',
          street: 'Rizal &amp; Mabini St.',
          village: 'none',
          barangay: 'Almanza Uno',
        }),
      },
    ]);
    expect(saved.reservations).toBe(1);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('Building, 1280 px: a listed building reaches the schedule step', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    const building = await buildingOf(baseUrl, lasPinas, 'Yakal Heights');
    const address = {
      ...houseAt(lasPinas, { lat: building.latitude, lng: building.longitude }),
      radioTypeValue: 'Condominium',
      house: { houseNo: '', street: '', village: '' },
      condominium: {
        buildingName: building.buildingName,
        street: building.streetName,
        floor: '5',
        unitNo: '5-B',
      },
    };
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await signedInWithCheckedAddress(page, baseUrl, customer, address);
    await page.waitForURL(DETAILS);
    await completeDetails(page);
    await keepScreenshot(page, 'details-1280');
    await submitAndWaitFor(page, SCHEDULE);
    await page.getByRole('grid').waitFor();
    const accountId = await accountOf(context);
    const parts = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select parts from account_addresses where account_id = $1',
        [accountId],
      );
      return rows[0]?.parts;
    });
    expect(parts).toMatchObject({
      building_name: 'Yakal Heights',
      floor: '5',
      unit_no: '5-B',
      landmark: 'none',
    });
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('a landmark typed on the address form reaches the pay page; a number without a profile is no error', async () => {
    const customer = newCustomer();
    const { page, context, consoleErrors } = await openPage(browser);
    const reports: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(REPORT_CLIENT_ERROR_PATH)) reports.push(request.postDataJSON());
    });

    // Check My Address with a landmark.
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'las p', 'Las Piñas City');
    await choose(page, 'Barangay', 'almanza', 'Almanza Uno');
    await page.getByRole('radio', { name: 'House' }).check();
    await textbox(page, 'House no.').fill('12');
    await textbox(page, 'Street').fill('Mabini Street');
    await textbox(page, 'Landmark').fill('Beside the chapel & bakery');
    await page.getByRole('button', { name: 'Pin My Location' }).click();
    await page.getByRole('button', { name: 'The pin is on my home' }).click();
    await page.getByRole('button', { name: 'Check My Address' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`, { timeout: 20_000 });
    await chooseFirstPlan(page);

    // A new account: this number has no subscriber profile (ADR 011), so the details start empty.
    await page.waitForURL(`${baseUrl}/serviceability/entermobile`);
    await textbox(page, 'Mobile number').fill(customer.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/enterotp`);
    await textbox(page, '6-digit code').fill(await textedCode(customer.msisdn));
    await page.waitForURL(`${baseUrl}/serviceability/nominateyourpin`);
    await textbox(page, 'First name').fill('Maria');
    await textbox(page, 'Last name').fill('Santos');
    await textbox(page, 'PIN').fill(customer.pin);
    await textbox(page, 'Confirm PIN').fill(customer.pin);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL(DETAILS, { timeout: 20_000 });
    await expect.poll(() => textbox(page, 'First name').first().inputValue()).toBe('Maria');
    await page.getByText('Landmark: Beside the chapel & bakery').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(reports).toEqual([]);
    // The plan was chosen on the special offer: Back returns there, not to all the plans.
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/specialOffer',
    );
    await keepScreenshot(page, 'details-390');

    await completeDetails(page, 'maria.santos@gmail.com');
    await submitAndWaitFor(page, SCHEDULE);
    await page.getByRole('grid').waitFor({ timeout: 20_000 });
    const morning = page.getByRole('button', { name: /^Morning/ });
    const period = (await morning.isEnabled())
      ? morning
      : page.getByRole('button', { name: /^Afternoon/ });
    await period.click();
    await page.getByRole('button', { name: 'Set schedule' }).click();
    await page.waitForURL(PAY, { timeout: 30_000 });
    await page.getByText('Landmark: Beside the chapel & bakery').waitFor({ timeout: 20_000 });
    await keepScreenshot(page, 'pay-landmark-390');

    const parts = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select parts from account_addresses where account_id = $1',
        [await accountOf(context)],
      );
      return rows[0]?.parts;
    });
    expect(parts).toMatchObject({ house_number: '12', landmark: 'Beside the chapel &amp; bakery' });
    expect(reports).toEqual([]);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('"No" to presence asks for the representative, checks it, and saves it as 639…', async () => {
    const customer = newCustomer();
    const { userId } = await register(baseUrl, customer);
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(lasPinas));
    await page.waitForURL(DETAILS);
    await completeDetails(page);
    expect(await representative(page).count()).toBe(0);
    await page.getByRole('radio', { name: 'No' }).check();
    await representative(page).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const repMobile = representative(page).getByRole('textbox', { name: 'Mobile number' });
    for (const [typed, message] of [
      ['', 'This is a required field.'],
      ['0917 ABC 4567', 'Please enter only a number.'],
      ['0917 123', "That's not a valid mobile number."],
    ] as const) {
      await repMobile.fill(typed);
      await repMobile.blur();
      await expect.poll(() => messageOf(repMobile)).toBe(message);
    }
    await representative(page).getByRole('textbox', { name: 'First name' }).fill('Ma. Teresa');
    await representative(page).getByRole('textbox', { name: 'Last name' }).fill('Dela Cruz-Santos');
    await repMobile.fill('+63 917 765 4321');
    await repMobile.blur();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submitAndWaitFor(page, SCHEDULE);
    const profile = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select alternate_first_name, alternate_last_name, alternate_phone from user_profiles where user_id = $1',
        [userId],
      );
      return rows[0];
    });
    expect(profile).toEqual({
      alternate_first_name: 'Ma. Teresa',
      alternate_last_name: 'Dela Cruz-Santos',
      alternate_phone: '639177654321',
    });
    await context.close();
  });

  it('shows each rule of product §5 with its message, in the spec order', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(lasPinas));
    await page.waitForURL(DETAILS);
    const firstName = personal(page).getByRole('textbox', { name: 'First name' });
    const email = textbox(page, 'Email address');
    const cases: [ReturnType<Page['getByRole']>, string, string | null][] = [
      [firstName, '', 'This is a required field.'],
      [firstName, ' Ana', "Please don't enter space at the beginning and end."],
      [firstName, 'Ana2', 'Special characters are not allowed.'],
      [firstName, 'José', null],
      [email, 'ana@', 'Please enter a valid email address.'],
      [email, ' ana@gmail.com', "Please don't enter space at the beginning and end."],
      // The validation service: do_not_mail is refused, catch-all accepted (README sandbox addresses).
      [email, 'donotmail@example.com', 'Please enter a valid email address.'],
      [email, 'catch_all@example.com', 'We send your order confirmation and receipts here.'],
      // The service could not answer: the customer is not stuck.
      [email, 'unavailable@example.com', 'We send your order confirmation and receipts here.'],
    ];
    for (const [field, typed, message] of cases) {
      await field.fill(typed);
      await field.blur();
      if (message === null) {
        await expect.poll(() => field.getAttribute('aria-invalid')).toBeNull();
      } else {
        await expect.poll(() => messageOf(field)).toBe(message);
      }
    }
    // The terms: ticked and unticked, the checkbox says it is required; Submit says what is missing.
    const terms = page.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' });
    await terms.check();
    await terms.uncheck();
    await terms.blur();
    await expect.poll(() => messageOf(terms)).toBe('This is a required field.');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await messageOf(submit)).toContain('your agreement to the Prepaid Terms & Conditions');
    await context.close();
  });

  it('update=true updates the saved address and details instead of adding new ones', async () => {
    const customer = newCustomer();
    const { userId } = await register(baseUrl, customer);
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(lasPinas));
    await page.waitForURL(DETAILS);
    await completeDetails(page);
    await submitAndWaitFor(page, SCHEDULE);
    // The house number changes (the coverage stays the same) and the customer updates their details.
    await page.evaluate(() => {
      const saved = JSON.parse(window.localStorage.getItem('konek.address') ?? '{}');
      saved.house.houseNo = '14-B';
      window.localStorage.setItem('konek.address', JSON.stringify(saved));
    });
    await page.goto(`${DETAILS}?update=true`);
    await page.getByText(/You are updating the details of your order/).waitFor();
    const lastName = personal(page).getByRole('textbox', { name: 'Last name' });
    await lastName.fill('Lim-Reyes');
    await lastName.blur();
    await submitAndWaitFor(page, SCHEDULE);
    const accountId = await accountOf(context);
    const saved = await withDatabase(databaseUrl, async (client) => ({
      addresses: (
        await client.query(
          "select parts->>'house_number' as house from account_addresses where account_id = $1",
          [accountId],
        )
      ).rows,
      profile: (
        await client.query('select last_name from user_profiles where user_id = $1', [userId])
      ).rows,
    }));
    expect(saved.addresses).toEqual([{ house: '14-B' }]);
    expect(saved.profile).toEqual([{ last_name: 'Lim-Reyes' }]);
    await context.close();
  });

  it('an area the server does not know goes to addresserror, which says to choose it again', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    // A barangay code that is in no list, at a served point: the check passes, saving the address fails.
    const unknownArea = {
      ...lasPinas,
      barangay: { address_name: 'Almanza Tres', address_code: '1380199999' },
    };
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(unknownArea));
    await page.waitForURL(DETAILS);
    await completeDetails(page);
    await submitAndWaitFor(page, `${baseUrl}/serviceability/addresserror`);
    await expect.poll(() => heading(page)).toBe("We couldn't save your address");
    await page.getByText(/choose your province, city and barangay again/).waitFor();
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Edit my address' })
        .getAttribute('href'),
    ).toBe('/serviceability');
    await context.close();
  });

  it('a NAP that filled up between the check and the submit goes to locationerror, then notify-me', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    const davao = await areaNamed(baseUrl, {
      province: /Davao del Sur/,
      city: /Davao City/,
      barangay: /.+/,
    });
    const address = houseAt(davao);
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, address);
    await page.waitForURL(DETAILS);
    await completeDetails(page);
    // Meanwhile every port near the home is taken (installed lines of other customers).
    const { lat, lng } = address.searchResult;
    const filled = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: number; used_ports: number }>(
        `select id, used_ports from naps
           where status = 'active' and used_ports < port_count and location <-> point($1, $2) < 0.01`,
        [lng, lat],
      );
      await client.query(
        'update naps set used_ports = port_count, first_hold_expires_at = null where id = any($1)',
        [rows.map((row) => row.id)],
      );
      return rows;
    });
    try {
      expect(filled.length).toBeGreaterThan(0);
      await submitAndWaitFor(page, `${baseUrl}/serviceability/locationerror`);
      await page.getByText(/no free connection right now/).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Notify me' }).click();
      // Nothing is claimed any more: the server is asked again, and says the network is full.
      await page.waitForURL(`${baseUrl}/serviceability/notifyme`);
      await expect.poll(() => heading(page)).toBe('Get notified when fibre arrives');
    } finally {
      // The other customers' lines go again, so the demo network is as it was.
      await withDatabase(databaseUrl, async (client) => {
        for (const nap of filled) {
          await client.query('update naps set used_ports = $2 where id = $1', [
            nap.id,
            nap.used_ports,
          ]);
        }
      });
    }
    await context.close();
  });

  it('a refresh in the middle of the submit loses nothing, and Submit again goes on', async () => {
    const customer = newCustomer();
    await register(baseUrl, customer);
    const { page, context } = await openPage(browser);
    await signedInWithCheckedAddress(page, baseUrl, customer, houseAt(lasPinas));
    await page.waitForURL(DETAILS);
    await completeDetails(page, 'ana.lim@gmail.com');
    await page.getByRole('radio', { name: 'No' }).check();
    await representative(page).getByRole('textbox', { name: 'First name' }).fill('José');
    await representative(page).getByRole('textbox', { name: 'Last name' }).fill('Rizal');
    await representative(page)
      .getByRole('textbox', { name: 'Mobile number' })
      .fill('0917 765 4321');
    await page.getByRole('checkbox', { name: 'Information We Share' }).check();
    // The network reservation is slow today: the customer refreshes while it runs.
    let reserveStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      reserveStarted = resolve;
    });
    await page.route(`**${RESERVE_RESOURCE_PATH}`, async (route) => {
      reserveStarted();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await started;
    await page.reload();
    await page.unroute(`**${RESERVE_RESOURCE_PATH}`);
    await expect.poll(() => textbox(page, 'Email address').inputValue()).toBe('ana.lim@gmail.com');
    expect(await page.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    expect(
      await representative(page).getByRole('textbox', { name: 'First name' }).inputValue(),
    ).toBe('José');
    expect(
      await representative(page).getByRole('textbox', { name: 'Mobile number' }).inputValue(),
    ).toBe('0917 765 4321');
    expect(
      await page.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }).isChecked(),
    ).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Information We Share' }).isChecked()).toBe(
      true,
    );
    await submitAndWaitFor(page, SCHEDULE);
    const accountId = await accountOf(context);
    const counts = await withDatabase(databaseUrl, async (client) => ({
      addresses: (
        await client.query('select id from account_addresses where account_id = $1', [accountId])
      ).rowCount,
      reservations: (
        await client.query(
          "select id from resource_reservations where account_id = $1 and status = 'held'",
          [accountId],
        )
      ).rowCount,
    }));
    expect(counts).toEqual({ addresses: 1, reservations: 1 });
    await context.close();
  });
});
