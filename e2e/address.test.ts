import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MESSAGE_EDGE_SPACE,
  MESSAGE_REQUIRED_ADDRESS,
  MESSAGE_SPECIAL_CHARACTERS,
} from '@konek/contract/validation';
import { MAP_NUDGE_DEGREES } from '@konek/contract/constants';
import { GEOCODE_SEARCH_PATH, ZGeocodeSearchResponse } from '@konek/contract/geocode';
import { keepScreenshot, launchBrowser, openPage } from './browser';
import { areaNamed, post } from './journey-support';

// product §2.3 check-address journey against the real server and its demo network (docs/coverage-seed.md):
// Las Piñas and Makati are served, Baguio City is not, and 'Sampaguita Residences Tower 1' in Poblacion,
// Makati is a listed building. The server runs without map tiles, so the map shows none.

const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');

const MAP_NAME = 'Map: place the red pin on your home';
const PREPAID_HEADING = 'Choose your prepaid fibre plan';
const SPECIAL_OFFER_HEADING = 'Your special offer';
const LANDMARK_HINT = 'Something near your home that helps our technician find it.';

async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

/** Chooses the first barangay the list offers and answers its name. */
async function chooseFirstBarangay(page: Page): Promise<string> {
  const input = page.getByRole('combobox', { name: 'Barangay', exact: true });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  const first = page.getByRole('option').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  return name;
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function zipCode(page: Page): Promise<string> {
  return textbox(page, 'Zip code').inputValue();
}

async function fillHouse(page: Page) {
  await page.getByRole('radio', { name: 'House' }).check();
  await textbox(page, 'House no.').fill('12');
  await textbox(page, 'Street').fill('Mabini Street');
  await textbox(page, 'Village/Subdivision').fill('BF Homes');
}

/** The field's error line, read through its aria-describedby. */
async function messageOf(page: Page, label: string): Promise<string | null> {
  return textbox(page, label).evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });
}

async function openMap(page: Page) {
  await page.getByRole('button', { name: 'Pin My Location' }).click();
  await page.getByRole('application', { name: MAP_NAME }).waitFor();
  await page.locator('.leaflet-marker-icon').waitFor();
  // The first pin position arrives from an asynchronous place search: wait until it stops moving, so a
  // drag starts from where the pin really is.
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = await pinnedCoordinates(page);
        const isSettled = now !== '' && now === previous;
        previous = now;
        return isSettled;
      },
      { interval: 300, timeout: 10_000 },
    )
    .toBe(true);
}

async function pinnedCoordinates(page: Page): Promise<string> {
  return (await page.getByTestId('pinned-location').locator('p').nth(1).textContent()) ?? '';
}

/** Drags the red pin by (dx, dy) pixels with the mouse, as a person would. */
async function dragPin(page: Page, dx: number, dy: number) {
  const box = await page.locator('.leaflet-marker-icon').boundingBox();
  if (!box) throw new Error('the pin is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

describe.skipIf(skipReason !== '')('check-address journey in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('House on a served address: area, pin, check, offers', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'las p', 'Las Piñas City');
    await choose(page, 'Barangay', 'almanza', 'Almanza Uno');
    await expect.poll(() => zipCode(page)).toBe('1750');
    await fillHouse(page);
    await textbox(page, 'Landmark').fill('Beside the chapel');
    await keepScreenshot(page, 'address-house-landmark-390');
    await openMap(page);
    // product §4.2: the seeded geography has no point of Almanza Uno's own (its detail gives its city's), so
    // the map service is searched for "barangay, city, province" and the pin sits on its first answer,
    // nudged off the place's label.
    const almanzaUno = await areaNamed(baseUrl, {
      province: /Metro Manila/,
      city: /Las Pi/,
      barangay: /^Almanza Uno$/,
    });
    const found = ZGeocodeSearchResponse.parse(
      await post(baseUrl, GEOCODE_SEARCH_PATH, {
        query: `${almanzaUno.barangay.address_name}, ${almanzaUno.city.address_name}, ${almanzaUno.province.address_name}`,
        limit: 5,
      }),
    ).places[0]!;
    expect(await pinnedCoordinates(page)).toBe(
      `${(found.latitude + MAP_NUDGE_DEGREES).toFixed(5)}, ${found.longitude.toFixed(5)}`,
    );
    const before = await pinnedCoordinates(page);
    await dragPin(page, 24, 16);
    await expect.poll(() => pinnedCoordinates(page)).not.toBe(before);

    const check = page.waitForRequest((request) =>
      request.url().endsWith('/api/v3/location/serviceability_check'),
    );
    await page.getByRole('button', { name: 'Check My Address' }).click();
    const body: unknown = (await check).postDataJSON();
    expect(body).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
    // Las Piñas has a special offer (docs/catalog-seed.md), so a serviceable address lands on it
    // (product §1, §4.6); e2e/offers.test.ts checks its prices.
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(SPECIAL_OFFER_HEADING);
    const saved: unknown = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('konek.address') ?? '{}'),
    );
    expect(saved).toMatchObject({
      radioTypeValue: 'House',
      area: { city: { address_name: 'Las Piñas City' }, zipCode: '1750' },
      house: { houseNo: '12', street: 'Mabini Street', village: 'BF Homes' },
      landmark: 'Beside the chapel',
      pilot: true,
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a listed building skips the map: Check My Address goes straight to the offers', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/serviceability`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'makati', 'Makati City');
    await choose(page, 'Barangay', 'pobla', 'Poblacion');
    await page.getByRole('radio', { name: 'Building' }).check();
    // By keyboard: the listed towers come before "Use “Sampaguita”", so ArrowDown lands on one.
    const buildingName = page.getByRole('combobox', { name: 'Building Name', exact: true });
    await buildingName.click();
    // Typed as fast as a machine types: every letter stays (the select keeps the text at once).
    await buildingName.pressSequentially('Sampaguita');
    await page.getByRole('option', { name: 'Use “Sampaguita”' }).waitFor();
    await keepScreenshot(page, 'address-building-combobox-1280');
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Sampaguita Residences Tower 1',
      'Sampaguita Residences Tower 2',
      'Use “Sampaguita”',
    ]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => buildingName.inputValue()).toBe('Sampaguita Residences Tower 1');
    await expect.poll(() => textbox(page, 'Street').inputValue()).toBe('Ayala Avenue');
    await choose(page, 'Floor', '5', '5');
    await textbox(page, 'Unit No.').fill('12B');
    const submit = page.getByRole('button', { name: 'Check My Address' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pin My Location' }).count()).toBe(0);
    expect(await page.getByRole('application', { name: MAP_NAME }).count()).toBe(0);
    const check = page.waitForRequest((request) =>
      request.url().endsWith('/api/v3/location/serviceability_check'),
    );
    await submit.click();
    expect((await check).postDataJSON()).toMatchObject({ floor: '5' });
    // Makati has no special offer (docs/catalog-seed.md): the prepaid plans.
    await page.waitForURL(`${baseUrl}/serviceability/prepaid`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(PREPAID_HEADING);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows each product §5 message on blur, with its exact text', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'makati', 'Makati City');
    await choose(page, 'Barangay', 'pobla', 'Poblacion');
    await page.getByRole('radio', { name: 'House' }).check();
    const cases: [string, string, string | null][] = [
      ['House no.', '', MESSAGE_REQUIRED_ADDRESS],
      ['House no.', ' 12', MESSAGE_EDGE_SPACE],
      ['House no.', 'A#1', MESSAGE_SPECIAL_CHARACTERS],
      ['House no.', '12-B/3', null],
      ['Street', '', MESSAGE_REQUIRED_ADDRESS],
      ['Street', 'Mabini St ', MESSAGE_EDGE_SPACE],
      ['Street', 'Mabini; St', MESSAGE_SPECIAL_CHARACTERS],
      ['Street', 'Rizal St. & Mabini (Ext.)', null],
      ['Village/Subdivision', '', null],
      ['Village/Subdivision', 'BF@Homes', MESSAGE_SPECIAL_CHARACTERS],
      // Optional: no error, only its hint under it.
      ['Landmark', '', LANDMARK_HINT],
      ['Landmark', 'Near the 7-Eleven!', MESSAGE_SPECIAL_CHARACTERS],
      ['Landmark', "Beside Aling Nena's store & the chapel", LANDMARK_HINT],
    ];
    const check = async ([label, value, message]: [string, string, string | null]) => {
      const field = textbox(page, label);
      await field.fill(value);
      await field.focus();
      await field.blur();
      await expect
        .poll(() => messageOf(page, label), { message: `${label} ${JSON.stringify(value)}` })
        .toBe(message);
    };
    for (const entry of cases) await check(entry);
    await page.getByRole('radio', { name: 'Building' }).check();
    for (const entry of [
      ['Unit No.', '', MESSAGE_REQUIRED_ADDRESS],
      ['Unit No.', ' 12B', MESSAGE_EDGE_SPACE],
      ['Unit No.', '12@B', MESSAGE_SPECIAL_CHARACTERS],
    ] satisfies [string, string, string][]) {
      await check(entry);
    }
    await context.close();
  });

  it('a long barangay name takes the whole row on a phone and ends in an ellipsis', async () => {
    const { page, context } = await openPage(browser, { width: 390 });
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'Ilocos Norte', 'Ilocos Norte');
    await choose(page, 'City', 'Laoag', 'Laoag City');
    const longName = 'Bgy. No. 24, Nstra. Sra. De Consolacion';
    await choose(page, 'Barangay', 'Consolacion', longName);
    await page.getByText('Mandatory fields').click();
    const barangay = page.getByRole('combobox', { name: 'Barangay', exact: true });
    const province = page.getByRole('combobox', { name: 'Province', exact: true });
    const width = async (locator: typeof barangay) => (await locator.boundingBox())?.width ?? 0;
    expect(await width(barangay)).toBe(await width(province));
    expect(await barangay.evaluate((input) => getComputedStyle(input).textOverflow)).toBe(
      'ellipsis',
    );
    await context.close();
  });

  it('on a 360 and a 390 px phone each property type is written in full, clear of its radio dot', async () => {
    for (const width of [360, 390]) {
      const { page, context } = await openPage(browser, { width });
      await page.goto(`${baseUrl}/`);
      await choose(page, 'Province', 'metro', 'Metro Manila');
      await choose(page, 'City', 'makati', 'Makati City');
      await choose(page, 'Barangay', 'pobla', 'Poblacion');
      await page.getByRole('radio', { name: 'Building' }).check();
      for (const name of ['House', 'Building']) {
        const label = page.locator('label').getByText(name, { exact: true });
        const overflow = await label.evaluate((span) => span.scrollWidth - span.clientWidth);
        expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });

  it('changing the province clears city, barangay, zip code and the property fields', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'las p', 'Las Piñas City');
    await choose(page, 'Barangay', 'almanza', 'Almanza Uno');
    await expect.poll(() => zipCode(page)).toBe('1750');
    await fillHouse(page);
    await choose(page, 'Province', 'cavite', 'Cavite');
    const city = page.getByRole('combobox', { name: 'City', exact: true });
    const barangay = page.getByRole('combobox', { name: 'Barangay', exact: true });
    expect(await city.inputValue()).toBe('');
    expect(await barangay.inputValue()).toBe('');
    expect(await barangay.isDisabled()).toBe(true);
    expect(await zipCode(page)).toBe('');
    expect(await page.getByRole('radio', { name: 'House' }).count()).toBe(0);
    expect(await textbox(page, 'House no.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pin My Location' }).isDisabled()).toBe(true);
    // And a refresh keeps what is there now.
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Province', exact: true }).inputValue())
      .toBe('Cavite');
    expect(await city.inputValue()).toBe('');
    await context.close();
  });

  it('not served: notify-me records the request and shows the waitlist count', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'benguet', 'Benguet');
    await choose(page, 'City', 'baguio', 'Baguio City');
    const barangayName = await chooseFirstBarangay(page);
    await expect.poll(() => zipCode(page)).not.toBe('');
    await fillHouse(page);
    await openMap(page);
    await dragPin(page, -20, 10);
    await page.getByRole('button', { name: 'Check My Address' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/notifyme`);
    await page
      .getByText('Our fibre network does not reach this address yet.', { exact: false })
      .waitFor();
    await page.getByText(`${barangayName}, Baguio City, Benguet`, { exact: false }).waitFor();

    await textbox(page, 'First name').fill('Maria');
    await textbox(page, 'Last name').fill('Dela Cruz');
    await textbox(page, 'Email address').fill('maria.delacruz@example.com');
    await textbox(page, 'Mobile number (optional)').fill('9171234567');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText("Thanks! We'll email you when fibre reaches your area.").waitFor();
    await page.getByText(`1 household in ${barangayName} has asked for fibre`).waitFor();
    expect(consoleErrors).toEqual([]);

    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select email, first_name, last_name, msisdn, address_type, province, city, barangay, house_number, street, village, application_id, page_location from notify_requests where email = $1',
        ['maria.delacruz@example.com'],
      );
      expect(rows).toEqual([
        {
          email: 'maria.delacruz@example.com',
          first_name: 'Maria',
          last_name: 'Dela Cruz',
          msisdn: '639171234567',
          address_type: 'House',
          province: 'Benguet',
          city: 'Baguio City',
          barangay: barangayName,
          house_number: '12',
          street: 'Mabini Street',
          village: 'BF Homes',
          application_id: 'konek-web',
          page_location: `${baseUrl}/serviceability/notifyme`,
        },
      ]);
    } finally {
      await client.end();
    }
    await context.close();
  });

  it('the map: named, tile-less but usable, the pin drags and moves by keyboard, Edit unlocks', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'quezon', 'Quezon City');
    await chooseFirstBarangay(page);
    await fillHouse(page);
    await openMap(page);
    await page.getByText('Place the red pin exactly on your home.').waitFor();
    await page.getByText('Map tiles are unavailable; drag the pin to your home.').waitFor();
    expect(await textbox(page, 'House no.').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('combobox', { name: 'Province', exact: true }).isDisabled()).toBe(
      true,
    );

    const start = await pinnedCoordinates(page);
    await dragPin(page, 40, -30);
    await expect.poll(() => pinnedCoordinates(page)).not.toBe(start);
    const dragged = await pinnedCoordinates(page);
    await page.getByRole('application', { name: MAP_NAME }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => pinnedCoordinates(page)).not.toBe(dragged);

    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByRole('application', { name: MAP_NAME }).count()).toBe(0);
    expect(await textbox(page, 'House no.').getAttribute('readonly')).toBeNull();
    await textbox(page, 'House no.').fill('14');
    expect(await page.getByRole('button', { name: 'Pin My Location' }).isEnabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the map takes focus, the opening pin needs a deliberate confirm, and a disabled button says why', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const pinButton = page.getByRole('button', { name: 'Pin My Location' });
    const reasonOf = (button: typeof pinButton) =>
      button.evaluate((element) => {
        const id = element.getAttribute('aria-describedby');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      });
    await expect
      .poll(() => reasonOf(pinButton))
      .toBe('Choose your province, city and barangay to continue.');
    await choose(page, 'Province', 'ilocos n', 'Ilocos Norte');
    await choose(page, 'City', 'laoag', 'Laoag City');
    // The longest barangay name in the PSGC list ends with an ellipsis in its field at 390 px.
    await choose(page, 'Barangay', 'Bgy. No. 24', 'Bgy. No. 24, Nstra. Sra. De Consolacion');
    const barangay = page.getByRole('combobox', { name: 'Barangay', exact: true });
    expect(
      await barangay.evaluate(
        (input) =>
          getComputedStyle(input).textOverflow === 'ellipsis' &&
          input.scrollWidth > input.clientWidth,
      ),
    ).toBe(true);
    await expect.poll(() => reasonOf(pinButton)).toBe('Choose House or Building to continue.');
    await page.getByRole('radio', { name: 'House' }).check();
    await expect
      .poll(() => reasonOf(pinButton))
      .toBe('Fill in or correct House no. and Street to continue.');
    await textbox(page, 'House no.').fill('12');
    await textbox(page, 'Street').fill('Rizal St.');
    await expect.poll(() => reasonOf(pinButton)).toBeNull();

    // Enter on Pin My Location opens the map and moves focus onto it.
    await pinButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('application', { name: MAP_NAME }).waitFor();
    await page.locator('.leaflet-marker-icon').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('application');
    // A second Enter does not check the guess the map opened with.
    const check = page.getByRole('button', { name: 'Check My Address' });
    await page.keyboard.press('Enter');
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await check.isDisabled()).toBe(true);
    expect(await reasonOf(check)).toBe(
      'Move the pin onto your home, or confirm that it is there, to continue.',
    );
    // Moving the pin with the arrow keys is placing it.
    const before = await pinnedCoordinates(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => pinnedCoordinates(page)).not.toBe(before);
    await expect.poll(() => check.isEnabled()).toBe(true);
    expect(await reasonOf(check)).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an opening pin already on the home is confirmed with its own button', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/`);
    await choose(page, 'Province', 'metro', 'Metro Manila');
    await choose(page, 'City', 'las p', 'Las Piñas City');
    await choose(page, 'Barangay', 'almanza', 'Almanza Uno');
    await fillHouse(page);
    await openMap(page);
    const check = page.getByRole('button', { name: 'Check My Address' });
    expect(await check.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'The pin is on my home' }).click();
    await expect.poll(() => check.isEnabled()).toBe(true);
    await check.click();
    await page.waitForURL(`${baseUrl}/serviceability/specialOffer`);
    await context.close();
  });
});
