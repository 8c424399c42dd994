import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createOtpPath } from '@konek/contract/create-otp';
import { ZGetAddressesDetailResponse, getAddressesPath } from '@konek/contract/get-addresses';
import {
  GET_BUILDING_LIST_PATH,
  ZGetBuildingListResponse,
} from '@konek/contract/get-building-list';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';

// What the details and schedule journeys need from the real server: customers registered the way the web
// app registers them (codes read from the SMS outbox), real area codes and points from the address lists,
// addresses checked as the loading screen checks them, and the database for the conditions a test seeds
// (a NAP that fills up, an installation period taken by someone else).

export type Customer = { local: string; msisdn: string; pin: string };

const usedNumbers = new Set<string>();

/** A number no other test uses: 0918 and seven random digits (accounts.test.ts uses 0917). */
export function newCustomer(pin = '246813'): Customer {
  let local: string;
  do {
    local = `918${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  } while (usedNumbers.has(local));
  usedNumbers.add(local);
  return { local, msisdn: `63${local}`, pin };
}

export async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const reply = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json: unknown = await reply.json();
  if (typeof json !== 'object' || json === null) throw new Error(`${path}: no JSON object`);
  return Object.fromEntries(Object.entries(json));
}

export type Settings = { ossSegment: string; applicationId: string; operatorName: string };

export async function settings(baseUrl: string): Promise<Settings> {
  const reply = await fetch(`${baseUrl}${WEB_CONFIG_PATH}`);
  const config: { oss_segment: string; application_id: string; operator_name: string } =
    await reply.json();
  return {
    ossSegment: config.oss_segment,
    applicationId: config.application_id,
    operatorName: config.operator_name,
  };
}

/** The newest code texted to `msisdn`, waited for like a person waits for their phone. */
async function nextCode(baseUrl: string, msisdn: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const reply = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
      headers: { Accept: 'application/json' },
    });
    const { messages }: { messages: { body: string }[] } = await reply.json();
    const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code for ${msisdn} in the outbox`);
}

/** Registers `customer` (Ana Lim) through the API as the web app does; answers the session. */
export async function register(
  baseUrl: string,
  customer: Customer,
): Promise<{ token: string; userId: string }> {
  const { ossSegment, applicationId } = await settings(baseUrl);
  const sent = await post(baseUrl, createOtpPath(ossSegment), { msisdn: customer.msisdn });
  if (sent['code'] !== 0) throw new Error(`create_otp refused: ${JSON.stringify(sent)}`);
  const code = await nextCode(baseUrl, customer.msisdn);
  await post(baseUrl, verifyOtpPath(ossSegment), {
    msisdn: customer.msisdn,
    code,
    reference_id: sent['reference_id'],
  });
  const session = await post(baseUrl, LOGIN_PATH, {
    application_id: applicationId,
    login_id: customer.msisdn,
    login_type: 2,
    login_secret: await hashPin(customer.msisdn, customer.pin),
    user_properties: { first_name: 'Ana', last_name: 'Lim' },
  });
  const token = session['api_token'];
  const userId = session['user_id'];
  if (typeof token !== 'string' || typeof userId !== 'string') {
    throw new Error(`register failed: ${JSON.stringify(session)}`);
  }
  return { token, userId };
}

type Option = { address_name: string; address_code: string };

async function optionsOf(baseUrl: string, body: object): Promise<Option[]> {
  const { ossSegment } = await settings(baseUrl);
  const reply = await post(baseUrl, getAddressesPath(ossSegment), body);
  const result = reply['result'];
  if (!Array.isArray(result)) throw new Error(`no list for ${JSON.stringify(body)}`);
  return result.filter(
    (entry): entry is Option =>
      typeof entry === 'object' && entry !== null && 'address_code' in entry,
  );
}

function pick(options: Option[], name: RegExp): Option {
  const found = options.find((option) => name.test(option.address_name));
  if (!found) throw new Error(`no option matches ${name}`);
  return found;
}

export type Area = {
  province: Option;
  city: Option;
  barangay: Option;
  zipCode: string;
  regionDescription: string;
  pilot: boolean;
  /** The barangay's point (a NAP stands at each barangay point of the seeded cities). */
  point: { lat: number; lng: number };
};

/** A real area from the address lists, by names (docs/coverage-seed.md). */
export async function areaNamed(
  baseUrl: string,
  names: { province: RegExp; city: RegExp; barangay: RegExp },
): Promise<Area> {
  const province = pick(await optionsOf(baseUrl, { address_type: 'province' }), names.province);
  const city = pick(
    await optionsOf(baseUrl, { address_type: 'city', address_code: province.address_code }),
    names.city,
  );
  const barangay = pick(
    await optionsOf(baseUrl, { address_type: 'barangay', address_code: city.address_code }),
    names.barangay,
  );
  const { ossSegment } = await settings(baseUrl);
  const detail = ZGetAddressesDetailResponse.parse(
    await post(baseUrl, getAddressesPath(ossSegment), {
      address_type: 'barangay',
      address_code: barangay.address_code,
    }),
  );
  return {
    province,
    city,
    barangay,
    zipCode: detail.result.zip_code,
    regionDescription: detail.result.region_description,
    pilot: detail.result.properties.gfiber_pilot,
    point: { lat: detail.result.latitude, lng: detail.result.longitude },
  };
}

/** A listed building of the area (docs/coverage-seed.md), with its point. */
export async function buildingOf(baseUrl: string, area: Area, name: string) {
  const { operatorName } = await settings(baseUrl);
  const reply = ZGetBuildingListResponse.parse(
    await post(baseUrl, GET_BUILDING_LIST_PATH, {
      operator_name: operatorName,
      province: area.province.address_code,
      city: area.city.address_code,
      barangay: area.barangay.address_code,
    }),
  );
  const building = reply.buildingList.find((entry) => entry.buildingName === name);
  if (!building) throw new Error(`${name} is not listed`);
  return building;
}

/** The check-address form's saved address (journey-store's shape) for a house at `at`. */
export function houseAt(
  area: Area,
  at: { lat: number; lng: number } = area.point,
  house = { houseNo: '12', street: 'Rizal & Mabini St.', village: '' },
) {
  return {
    radioTypeValue: 'House',
    area: {
      province: area.province,
      city: area.city,
      barangay: area.barangay,
      zipCode: area.zipCode,
    },
    house,
    condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
    searchResult: { ...at, details: `${area.barangay.address_name}, ${area.city.address_name}` },
    landmark: '',
    regionDescription: area.regionDescription,
    pilot: area.pilot,
  };
}

export type SavedAddress = ReturnType<typeof houseAt>;

/** Saves `address` as the check-address form does, then checks it as Check My Address does. */
export async function checkAddress(page: Page, baseUrl: string, address: SavedAddress) {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/`);
  await page.evaluate(
    (value) => window.localStorage.setItem('konek.address', value),
    JSON.stringify(address),
  );
  const { lat, lng } = address.searchResult;
  await page.goto(`${baseUrl}/serviceability/loading?lat=${lat}&lng=${lng}&pilot=${address.pilot}`);
  await page.waitForURL((url) => !url.pathname.endsWith('/loading'));
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** On the sign-in page: the number and PIN, as the customer types them. */
export async function signInOnPage(page: Page, customer: Customer) {
  await textbox(page, 'Mobile number').fill(`0${customer.local}`);
  await textbox(page, 'PIN').fill(customer.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A signed-in browser for `customer` whose address was just checked (and a plan chosen). */
export async function signedInWithCheckedAddress(
  page: Page,
  baseUrl: string,
  customer: Customer,
  address: SavedAddress,
) {
  await page.goto(`${baseUrl}/serviceability/signin`);
  await signInOnPage(page, customer);
  await page.waitForURL((url) => !url.pathname.endsWith('/signin'));
  await checkAddress(page, baseUrl, address);
  await chooseFirstPlan(page);
}

/** On the offers page after a check: the first plan (or the special offer), as the customer chooses. */
export async function chooseFirstPlan(page: Page) {
  await page
    .getByRole('button', { name: /Choose this plan|Get this offer/ })
    .first()
    .click();
}

export async function heading(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).textContent();
}

/** Per step of the indicator, whether it shows a tick. */
export async function ticks(page: Page): Promise<boolean[]> {
  const steps = page.getByRole('navigation', { name: 'Order progress' }).getByRole('listitem');
  await steps.first().waitFor();
  return steps.evaluateAll((items) =>
    items.map((item) => item.querySelector('[data-icon="check"]') !== null),
  );
}

/** The details form made complete from its pre-fill: the email, present at home, terms agreed. */
export async function completeDetails(page: Page, email = 'ana.lim@gmail.com') {
  await textbox(page, 'Email address').fill(email);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }).check();
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
}

/** Runs `work` with a connection to the server's database (closed afterwards). */
export async function withDatabase<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Console errors other than the browser's own line for each refused call (404, 409, …). */
export function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter((line) => !line.startsWith('Failed to load resource'));
}
