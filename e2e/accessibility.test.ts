import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPS_ASSIGN_PATH, OPS_LOGIN_PATH, OPS_TECHNICIANS_PATH } from '@konek/contract/ops';
import { PARTNER_BUILD_LINK_PATH } from '@konek/contract/partner-build-link';
import { PATHS, ROUTES, TERMS_PATH } from '@konek/contract/routes';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { keepScreenshot, launchBrowser, openPage, type PageWatch } from './browser';
import { axeViolations, describeViolations } from './axe';
import {
  areaNamed,
  checkAddress,
  completeDetails,
  houseAt,
  newCustomer,
  post,
  register,
  signedInWithCheckedAddress,
  withDatabase,
  type Area,
  type Customer,
} from './journey-support';
import { addOperator, bookedJob } from './ops-support';

// ADR 084: every route of the contract's route list, Konek's own pages, the 404 page, the sandbox
// checkout and /ops, opened with the state each needs — nothing stored, an address checked, signed in,
// mid-payment, paid, an order with a technician on the way, a code sent — and scanned by axe-core
// (WCAG 2 A/AA and best practices, e2e/axe.ts) at 390 and 1280 px; any violation fails, printed with its
// rule, element and what to do. A route that redirects is scanned where it lands. One browser, one
// server (the e2e global setup), one page at a time: the pages resize in place from 390 to 1280 px.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('skipReason');

const PHONE = 390;
const DESK = 1280;
const APP_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 isapp';

// Names no other file's operators have: the e2e files share one server, and track.test.ts finds its
// technician by first name.
const DISPATCHER = {
  username: 'e2e-axe-dina',
  role: 'dispatcher',
  name: 'Dolores',
  password: 'axe-dispatch-pass-1',
} as const;
const ADMIN = {
  username: 'e2e-axe-amparo',
  role: 'admin',
  name: 'Amparo',
  password: 'axe-admin-pass-12',
} as const;
const TECHNICIAN = {
  username: 'e2e-axe-lorna',
  role: 'technician',
  name: 'Lorna',
  password: 'axe-technician-pass-1',
} as const;

const urlOf = (path: string) => `${baseUrl}${path.replace('&', '%26')}`;
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const onPath = (path: string) => (url: URL) => url.pathname === path;

/** Every route asked for, with the widths it was scanned at (the last test checks none was left out). */
const scanned = new Map<string, Set<number>>();
let scanCount = 0;

/** Two frames and a little more: layout, fonts and the last state update are on screen. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForTimeout(150);
}

/** A page whose scripts axe may join; transitions end at once, so no colour is caught mid-fade. */
async function open(browser: Browser, options: { userAgent?: string } = {}): Promise<PageWatch> {
  const watch = await openPage(browser, { width: PHONE, bypassCsp: true, ...options });
  await watch.page.emulateMedia({ reducedMotion: 'reduce' });
  return watch;
}

type ScanOptions = {
  /** What else must be on the page before it is scanned (data loaded, a map drawn). */
  ready?: (page: Page) => Promise<void>;
  widths?: readonly number[];
  /** Names the state in the report, e.g. "signed in, a day chosen". */
  state?: string;
};

/**
 * Scans the page as it stands at each width (390 then 1280 px by default), recording `route` as
 * scanned. Answers one line per offending element.
 */
async function scan(page: Page, route: string, options: ScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  for (const width of options.widths ?? [PHONE, DESK]) {
    await page.setViewportSize({ width, height: 844 });
    // A page without a level-one heading is scanned all the same: axe names what it lacks.
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await options.ready?.(page);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    const asked = route.split('?')[0]!.replace('&', '%26');
    const where = [
      route,
      landed === asked ? '' : ` → ${landed}`,
      options.state ? ` (${options.state})` : '',
      ` at ${width} px`,
    ].join('');
    found.push(...describeViolations(where, await axeViolations(page)));
    scanCount += 1;
    const widths = scanned.get(route) ?? new Set<number>();
    widths.add(width);
    scanned.set(route, widths);
  }
  return found;
}

/** Opens `route` and waits until the page has stopped loading (up to a few seconds). */
async function visit(page: Page, route: string) {
  await page.goto(urlOf(route));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

// A map tile that is always there: the test server runs without tiles (MAP_TILE_URL is empty), so the
// pages that draw a map are also opened with a tile server answered here, to scan the map as a customer
// on the network sees it (its attribution among others).
const TILE_TEMPLATE = `${baseUrl}/__test-tiles/{z}/{x}/{y}.png`;
const TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** A one-pixel PNG in the light sand of a street map, scaled by Leaflet to a 256 px tile. */
function tilePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0xf2, 0xef, 0xe9]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** From now on, this context's pages get a tile server in their web config (inline and fetched). */
async function withTiles(context: BrowserContext) {
  const tile = tilePng();
  await context.route('**/__test-tiles/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
  );
  const withTileUrl = (text: string) =>
    text
      .replace('"map_tile_url":""', `"map_tile_url":${JSON.stringify(TILE_TEMPLATE)}`)
      .replace(
        '"map_tile_attribution":""',
        `"map_tile_attribution":${JSON.stringify(TILE_ATTRIBUTION)}`,
      );
  await context.route(
    (url) => url.origin === baseUrl && !url.pathname.startsWith('/assets/'),
    async (route) => {
      const request = route.request();
      const isPage = request.resourceType() === 'document';
      const isConfig = request.url().endsWith('/api/web-config');
      if (!isPage && !isConfig) return route.fallback();
      const response = await route.fetch();
      return route.fulfill({ response, body: withTileUrl(await response.text()) });
    },
  );
}

/** The newest code texted to `msisdn` ('' for none yet): other texts (the order's news) are passed over. */
async function latestCode(msisdn: string): Promise<string> {
  const reply = await fetch(`${baseUrl}${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`, {
    headers: { Accept: 'application/json' },
  });
  const { messages }: { messages: { body: string }[] } = await reply.json();
  for (const message of messages) {
    const code = message.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  return '';
}

/** A code texted to `msisdn` other than `previous`, waited for as a person waits for their phone. */
async function codeFor(msisdn: string, previous = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        code = await latestCode(msisdn);
        return code !== '' && code !== previous;
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(true);
  return code;
}

async function opsSignIn(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on /trackmyorder as a customer does: the number, Continue, then the PIN. */
async function signInToTrack(page: Page, customer: Customer, found: string[]) {
  await visit(page, PATHS.trackmyorder);
  await textbox(page, 'Mobile number').fill(customer.local);
  await page.getByRole('button', { name: 'Continue' }).click();
  await textbox(page, 'PIN').waitFor();
  found.push(...(await scan(page, PATHS.trackmyorder, { state: 'the PIN asked for' })));
  await textbox(page, 'PIN').fill(customer.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(onPath(PATHS.trackmyorderOrderstatus), { timeout: 20_000 });
}

/** On the schedule page: the first free period of the day it opened on. */
async function chooseFirstPeriod(page: Page) {
  await page.getByRole('grid').waitFor({ timeout: 20_000 });
  const morning = page.getByRole('button', { name: /^Morning/ });
  await (
    (await morning.isEnabled()) ? morning : page.getByRole('button', { name: /^Afternoon/ })
  ).click();
}

const confirmAndPay = (page: Page) => page.getByRole('button', { name: 'Confirm and Pay' });

/** Confirm and Pay, once it can be pressed, then the sandbox wallet's page. */
async function toTheWallet(page: Page) {
  await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
  await confirmAndPay(page).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'), {
    timeout: 30_000,
  });
}

/** The report of one test: every violation on its own line, or nothing. */
function expectClean(found: string[]) {
  if (found.length > 0) console.error(`axe found ${found.length}:\n${found.join('\n')}`);
  expect(found).toEqual([]);
}

describe.skipIf(skipReason !== '')('every route axe-clean, in headless Chromium', () => {
  let browser: Browser;
  let makati: Area;
  let lasPinas: Area;
  let baguio: Area;
  /** Registered first, so their codes by SMS may be asked for again by the last test (ADR 009). */
  let resetCustomer: Customer;
  let trackCustomer: Customer;
  let registeredAt = 0;
  let workOrderId = '';
  const started = Date.now();

  beforeAll(async () => {
    await addOperator(dataDir, databaseUrl, DISPATCHER);
    await addOperator(dataDir, databaseUrl, TECHNICIAN);
    await addOperator(dataDir, databaseUrl, ADMIN);
    resetCustomer = newCustomer();
    trackCustomer = newCustomer();
    await register(baseUrl, resetCustomer);
    const { userId } = await register(baseUrl, trackCustomer);
    registeredAt = Date.now();
    // A visit starting in a minute: within today in Manila whatever the hour (the technician's list).
    const job = await withDatabase(databaseUrl, (client) =>
      bookedJob(client, userId, new Date(Date.now() + 60_000)),
    );
    workOrderId = job.workOrderId;
    const metroManila = /Metro Manila|NCR/i;
    makati = await areaNamed(baseUrl, {
      province: metroManila,
      city: /Makati/,
      barangay: /^Poblacion$/,
    });
    lasPinas = await areaNamed(baseUrl, {
      province: metroManila,
      city: /Las Pi/,
      barangay: /^Almanza Uno$/,
    });
    // Not the first barangay: address.test.ts counts the requests of that one.
    baguio = await areaNamed(baseUrl, {
      province: /Benguet/,
      city: /Baguio/,
      barangay: /^Bakakeng Central$/,
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    console.log(
      `accessibility: ${scanCount} scans of ${scanned.size} routes and states in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });

  it('a visitor with nothing stored: every route and the 404 page (a gated route where it lands)', async () => {
    const { page, context } = await open(browser);
    const found: string[] = [];
    for (const route of [...ROUTES.map((entry) => entry.path), '/no-such-page']) {
      await visit(page, route);
      found.push(...(await scan(page, route)));
    }
    await visit(page, PATHS.home);
    await page.setViewportSize({ width: DESK, height: 844 });
    await keepScreenshot(page, 'axe-header-1280');
    // The phone's menu, open.
    await page.setViewportSize({ width: PHONE, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    found.push(...(await scan(page, PATHS.home, { state: 'menu open', widths: [PHONE] })));
    // A form that says what is missing: sign in with nothing typed.
    await visit(page, PATHS.signin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await scan(page, PATHS.signin, { state: 'nothing typed' })));
    await context.close();
    expectClean(found);
  }, 300_000);

  it('inside the native app, where the header is hidden: home, help, the 404 page and each layout', async () => {
    // The app differs from the browser only in its bar above the page (and the home page's sign-in
    // band): one page of each layout shows it, at a phone's width and, for home, a wide screen's too.
    const { page, context } = await open(browser, { userAgent: APP_USER_AGENT });
    const found: string[] = [];
    const oneOfEachLayout = new Map(ROUTES.map((entry) => [entry.layout, entry.path]));
    const routes = [PATHS.home, PATHS.help, ...oneOfEachLayout.values(), '/no-such-page'];
    for (const route of routes) {
      await visit(page, route);
      const widths = route === PATHS.home ? [PHONE, DESK] : [PHONE];
      found.push(...(await scan(page, route, { state: 'native app', widths })));
    }
    await page.setViewportSize({ width: PHONE, height: 844 });
    await visit(page, PATHS.home);
    await keepScreenshot(page, 'axe-native-app-home-390');
    await context.close();
    expectClean(found);
  }, 120_000);

  it('an address checked: the offers, the special offer, notify me, and the map with and without tiles', async () => {
    const found: string[] = [];
    const { page, context } = await open(browser);
    await visit(page, PATHS.home);
    await checkAddress(page, baseUrl, houseAt(makati));
    found.push(...(await scan(page, PATHS.loading, { state: 'Makati, served' })));
    found.push(...(await scan(page, PATHS.prepaid, { state: 'Makati, served' })));
    await checkAddress(page, baseUrl, houseAt(baguio));
    await page.waitForURL(onPath(PATHS.notifyme));
    found.push(...(await scan(page, PATHS.notifyme, { state: 'Baguio, not served' })));
    // Not address.test.ts's customer: it counts the requests recorded for its email.
    await textbox(page, 'First name').fill('Lorna');
    await textbox(page, 'Last name').fill('Bautista');
    await textbox(page, 'Email address').fill('lorna.bautista@example.com');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText("Thanks! We'll email you when fibre reaches your area.").waitFor();
    found.push(...(await scan(page, PATHS.notifyme, { state: 'request recorded' })));
    await context.close();

    // The address form's map: once without tiles (the notice), once with them (the attribution).
    for (const tiles of [false, true]) {
      const { page, context } = await open(browser);
      if (tiles) await withTiles(context);
      await visit(page, PATHS.home);
      const choose = async (label: string, typed: string, option: string) => {
        const input = page.getByRole('combobox', { name: label, exact: true });
        await expect.poll(() => input.isEnabled()).toBe(true);
        await input.click();
        await input.fill(typed);
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await choose('Province', 'metro', 'Metro Manila');
      await choose('City', 'las p', 'Las Piñas City');
      await choose('Barangay', 'almanza', 'Almanza Uno');
      await page.getByRole('radio', { name: 'House' }).check();
      await textbox(page, 'House no.').fill('12');
      await textbox(page, 'Street').fill('Mabini Street');
      await page.getByRole('button', { name: 'Pin My Location' }).click();
      const state = tiles ? 'the map, with tiles' : 'the map, no tiles';
      found.push(
        ...(await scan(page, PATHS.home, {
          state,
          ready: async (each) => {
            await each.locator('.leaflet-marker-icon').first().waitFor();
            if (tiles) await each.locator('.leaflet-control-attribution a').first().waitFor();
          },
        })),
      );
      if (!tiles) {
        // The map opens on the city point, which is served (docs/coverage-seed.md): a special offer.
        await page.getByRole('button', { name: 'The pin is on my home' }).click();
        await page.getByRole('button', { name: 'Check My Address' }).click();
        await page.waitForURL(onPath(PATHS.specialOffer), { timeout: 20_000 });
        found.push(...(await scan(page, PATHS.specialOffer, { state: 'Las Piñas, served' })));
      }
      await context.close();
    }
    expectClean(found);
  }, 180_000);

  it('a new customer: the code, the PIN, details, schedule, pay, the wallet and every payment outcome', async () => {
    const found: string[] = [];
    const { page, context } = await open(browser);
    const customer = newCustomer();
    await visit(page, PATHS.home);
    await checkAddress(page, baseUrl, houseAt(makati));
    await page
      .getByRole('button', { name: /Choose this plan|Get this offer/ })
      .first()
      .click();

    await page.waitForURL(onPath(PATHS.entermobile));
    found.push(...(await scan(page, PATHS.entermobile, { state: 'a plan chosen' })));
    await textbox(page, 'Mobile number').fill(customer.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(onPath(PATHS.enterotp));
    found.push(...(await scan(page, PATHS.enterotp, { state: 'a code sent' })));
    await textbox(page, '6-digit code').fill(await codeFor(customer.msisdn));
    await page.waitForURL(onPath(PATHS.nominateyourpin));
    found.push(...(await scan(page, PATHS.nominateyourpin, { state: 'the number confirmed' })));
    await textbox(page, 'First name').fill('Maria');
    await textbox(page, 'Last name').fill('Santos');
    await textbox(page, 'PIN').fill(customer.pin);
    await textbox(page, 'Confirm PIN').fill(customer.pin);
    await page.getByRole('button', { name: 'Create my account' }).click();

    await page.waitForURL(onPath(PATHS.filloutdetail), { timeout: 20_000 });
    await textbox(page, 'First name').waitFor();
    found.push(...(await scan(page, PATHS.filloutdetail, { state: 'signed in' })));
    await completeDetails(page, 'maria.santos@gmail.com');
    await page.getByRole('radio', { name: 'No' }).check();
    found.push(...(await scan(page, PATHS.filloutdetail, { state: 'a representative asked for' })));
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(onPath(PATHS.schedule), { timeout: 30_000 });
    await page.getByRole('grid').waitFor({ timeout: 20_000 });
    found.push(...(await scan(page, PATHS.schedule, { state: 'the calendar' })));
    await chooseFirstPeriod(page);
    found.push(...(await scan(page, PATHS.schedule, { state: 'a period chosen' })));
    await keepScreenshot(page, 'axe-schedule-calendar-1280');
    await page.setViewportSize({ width: PHONE, height: 844 });
    await keepScreenshot(page, 'axe-schedule-calendar-390');
    await page.getByRole('button', { name: 'Set schedule' }).click();

    await page.waitForURL(onPath(PATHS.pay), { timeout: 30_000 });
    await expect.poll(() => confirmAndPay(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    found.push(...(await scan(page, PATHS.pay, { state: 'a time booked' })));

    // Each answer of the wallet, then Try again.
    const outcomes = [
      [/^Decline/, PATHS.failed],
      [/^Cancel and return/, PATHS.ordercancelled],
      [/^Expire now/, PATHS.timeout],
    ] as const;
    for (const [button, result] of outcomes) {
      await toTheWallet(page);
      if (result === PATHS.failed) {
        found.push(...(await scan(page, '/sandbox/checkout', { state: 'the wallet asks' })));
      }
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(onPath(result), { timeout: 30_000 });
      found.push(...(await scan(page, result, { state: 'the wallet answered' })));
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.waitForURL(onPath(PATHS.pay));
    }

    // Back from the wallet before it answered: the waiting page, then paid in another tab.
    await toTheWallet(page);
    const checkoutUrl = page.url();
    const sessionId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('konek.payment') ?? '{}').paymentSessionId as string,
    );
    await page.goto(`${baseUrl}${PATHS.payloading}?payment_session_id=${sessionId}`);
    found.push(...(await scan(page, PATHS.payloading, { state: 'the wallet has not answered' })));
    const wallet = await context.newPage();
    await wallet.goto(checkoutUrl);
    await wallet.getByRole('button', { name: /^Pay PHP/ }).click();
    await page.waitForURL(onPath(PATHS.thanks), { timeout: 30_000 });
    await page.locator('dt:text-is("Order number") + dd').waitFor({ timeout: 20_000 });
    found.push(...(await scan(page, PATHS.thanks, { state: 'paid' })));
    await wallet.goto(checkoutUrl);
    found.push(...(await scan(wallet, '/sandbox/checkout', { state: 'already paid' })));
    await context.close();

    // The special offer, paid: its own confirmation page.
    const special = await open(browser, {});
    const buyer = newCustomer();
    await register(baseUrl, buyer);
    await signedInWithCheckedAddress(special.page, baseUrl, buyer, houseAt(lasPinas));
    await special.page.waitForURL(onPath(PATHS.filloutdetail), { timeout: 20_000 });
    await completeDetails(special.page);
    await special.page.getByRole('button', { name: 'Submit' }).click();
    await special.page.waitForURL(onPath(PATHS.schedule), { timeout: 30_000 });
    await chooseFirstPeriod(special.page);
    await special.page.getByRole('button', { name: 'Set schedule' }).click();
    await special.page.waitForURL(onPath(PATHS.pay), { timeout: 30_000 });
    await toTheWallet(special.page);
    await special.page.getByRole('button', { name: /^Pay PHP/ }).click();
    await special.page.waitForURL(onPath(PATHS.specialOfferOrderconfirmed), { timeout: 30_000 });
    await special.page.locator('dt:text-is("Order number") + dd').waitFor({ timeout: 20_000 });
    found.push(...(await scan(special.page, PATHS.specialOfferOrderconfirmed, { state: 'paid' })));
    await special.context.close();
    expectClean(found);
  }, 300_000);

  it("a partner's link: the number filled in, the code, the PIN", async () => {
    const found: string[] = [];
    const { page, context } = await open(browser);
    const customer = newCustomer();
    const built = await post(baseUrl, PARTNER_BUILD_LINK_PATH, {
      msisdn: customer.msisdn,
      campaign: 'summer_fibre',
    });
    await page.goto(`${baseUrl}${String(built['url'])}`);
    await page.waitForURL(onPath(PATHS.partnerEntermobile));
    found.push(...(await scan(page, PATHS.partnerRedirect, { state: 'a good link' })));
    found.push(...(await scan(page, PATHS.partnerEntermobile, { state: 'the number filled in' })));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(onPath(PATHS.partnerEnterotp));
    found.push(...(await scan(page, PATHS.partnerEnterotp, { state: 'a code sent' })));
    await textbox(page, '6-digit code').fill(await codeFor(customer.msisdn));
    await page.waitForURL(onPath(PATHS.partnerNominateyourpin));
    found.push(
      ...(await scan(page, PATHS.partnerNominateyourpin, { state: 'the number confirmed' })),
    );
    await page.goto(`${baseUrl}${PATHS.partnerRedirect}?payload=not.a.real.link.payload`);
    await page.waitForURL(onPath(PATHS.partnerDecryptionerror));
    found.push(...(await scan(page, PATHS.partnerDecryptionerror, { state: 'a broken link' })));
    await context.close();
    expectClean(found);
  }, 120_000);

  it('a customer with an order: status, order, the technician on the way (map with and without tiles), still there', async () => {
    const found: string[] = [];
    const phone = await open(browser);
    await withTiles(phone.context);
    const { page } = phone;
    await signInToTrack(page, trackCustomer, found);
    const status = page.getByRole('region', { name: 'Installation status' }).getByRole('status');
    await expect
      .poll(() => status.first().textContent(), { timeout: 20_000 })
      .toBe('Order Confirmed');
    found.push(...(await scan(page, PATHS.trackmyorderOrderstatus, { state: 'paid, booked' })));
    await visit(page, PATHS.trackmyorderViewmyorder);
    await page.locator('dt:text-is("Installation address") + dd').waitFor({ timeout: 20_000 });
    found.push(...(await scan(page, PATHS.trackmyorderViewmyorder, { state: 'paid, booked' })));

    // The dispatcher assigns the job; the technician sets off from their phone page (/ops).
    const desk = await post(baseUrl, OPS_LOGIN_PATH, {
      username: DISPATCHER.username,
      password: DISPATCHER.password,
    });
    const token = String(desk['api_token']);
    const staff = await post(baseUrl, OPS_TECHNICIANS_PATH, {}, token);
    const technicians = staff['technicians'] as { user_id: string; first_name: string }[];
    const lorna = technicians.find((technician) => technician.first_name === TECHNICIAN.name);
    const assigned = await post(
      baseUrl,
      OPS_ASSIGN_PATH,
      { work_order_id: workOrderId, technician_id: lorna?.user_id },
      token,
    );
    expect(assigned['code']).toBe(0);
    const technicianPhone = await open(browser);
    await technicianPhone.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await technicianPhone.context.setGeolocation({
      latitude: 14.58,
      longitude: 121.0244,
      accuracy: 15,
    });
    await opsSignIn(technicianPhone.page, TECHNICIAN);
    const card = technicianPhone.page.getByRole('listitem', { name: /^Job KNK-/ }).first();
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('To visit');
    found.push(
      ...(await scan(technicianPhone.page, '/ops', { state: 'technician, a job to visit' })),
    );
    await card.getByRole('button', { name: 'On my way' }).click();
    await technicianPhone.page
      .getByRole('region', { name: 'Location sharing' })
      .getByText('Sharing your location')
      .waitFor({ timeout: 15_000 });
    found.push(...(await scan(technicianPhone.page, '/ops', { state: 'technician, on the way' })));

    const mapReady = async (each: Page) => {
      await each
        .locator('.leaflet-tooltip', { hasText: TECHNICIAN.name })
        .waitFor({ timeout: 20_000 });
    };
    await visit(page, PATHS.trackmyorderTrackmytechnician);
    found.push(
      ...(await scan(page, PATHS.trackmyorderTrackmytechnician, {
        state: 'on the way, map with tiles',
        ready: mapReady,
      })),
    );
    // The same customer on another phone, where the map has no tiles.
    const other = await open(browser);
    await signInToTrack(other.page, trackCustomer, []);
    await visit(other.page, PATHS.trackmyorderTrackmytechnician);
    found.push(
      ...(await scan(other.page, PATHS.trackmyorderTrackmytechnician, {
        state: 'on the way, map without tiles',
        ready: mapReady,
      })),
    );
    // Back to a phone's width after the wide scan: the name is inside the map, not cut off at its top.
    await other.page.setViewportSize({ width: PHONE, height: 844 });
    await mapReady(other.page);
    await settle(other.page);
    const mapBox = await other.page.locator('.leaflet-container').boundingBox();
    const labelBox = await other.page
      .locator('.leaflet-tooltip', { hasText: TECHNICIAN.name })
      .boundingBox();
    expect(labelBox!.y).toBeGreaterThanOrEqual(mapBox!.y);
    expect(labelBox!.x).toBeGreaterThanOrEqual(mapBox!.x);
    expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(mapBox!.x + mapBox!.width);
    await other.page.getByText(/^Map tiles are unavailable/).waitFor();
    await keepScreenshot(other.page, 'axe-technician-map-390');
    await other.context.close();

    // Left alone: "Are you still there?", then signed out.
    await page.evaluate(() =>
      localStorage.setItem(
        'konek.track-idle',
        JSON.stringify({ idleSeconds: 1, answerSeconds: 60 }),
      ),
    );
    await visit(page, PATHS.trackmyorderViewmyorder);
    await page.waitForURL(onPath(PATHS.trackmyorderStillthere), { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Are you still there?' }).waitFor();
    found.push(...(await scan(page, PATHS.trackmyorderStillthere, { state: 'the question' })));
    await page.evaluate(() =>
      localStorage.setItem(
        'konek.track-idle',
        JSON.stringify({ idleSeconds: 1, answerSeconds: 1 }),
      ),
    );
    await visit(page, PATHS.trackmyorderViewmyorder);
    await page
      .getByRole('heading', { name: "You've been signed out" })
      .waitFor({ timeout: 20_000 });
    found.push(...(await scan(page, PATHS.trackmyorderStillthere, { state: 'signed out' })));
    await phone.context.close();
    await technicianPhone.context.close();

    // The dispatchers' desk: the board, then the support requests.
    const dispatcher = await open(browser);
    await opsSignIn(dispatcher.page, DISPATCHER);
    await dispatcher.page
      .getByRole('listitem', { name: /^Job KNK-/ })
      .first()
      .waitFor({ timeout: 15_000 });
    found.push(...(await scan(dispatcher.page, '/ops', { state: 'dispatcher, the board' })));
    await dispatcher.page.getByRole('button', { name: 'Map' }).click();
    await dispatcher.page.getByRole('region', { name: 'Map of the jobs shown' }).waitFor();
    found.push(...(await scan(dispatcher.page, '/ops', { state: 'dispatcher, the jobs map' })));
    await dispatcher.page.getByRole('button', { name: 'List' }).click();
    await dispatcher.page.getByRole('button', { name: /Support requests/ }).click();
    await dispatcher.page.getByRole('heading', { level: 1, name: 'Support requests' }).waitFor();
    found.push(...(await scan(dispatcher.page, '/ops', { state: 'dispatcher, support requests' })));
    await dispatcher.context.close();
    const admin = await open(browser);
    await opsSignIn(admin.page, ADMIN);
    await admin.page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor();
    await admin.page.getByRole('rowheader', { name: /^e2e-axe-amparo/ }).waitFor();
    found.push(...(await scan(admin.page, '/ops', { state: 'admin, the operators' })));
    await admin.context.close();
    const signIn = await open(browser);
    await signIn.page.goto(`${baseUrl}/ops/`);
    found.push(...(await scan(signIn.page, '/ops', { state: 'signed out' })));
    await signIn.context.close();
    expectClean(found);
  }, 240_000);

  it('a forgotten PIN, on /serviceability and on /trackmyorder: the code checked, a new PIN, changed', async () => {
    // ADR 009: a new code for a number no sooner than a minute after its sign-up code.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, registeredAt + 61_000 - Date.now())),
    );
    const found: string[] = [];
    const { page, context } = await open(browser);
    await visit(page, PATHS.forgotPin);
    await textbox(page, 'Mobile number').fill(resetCustomer.local);
    found.push(...(await scan(page, PATHS.forgotPin, { state: 'a number typed' })));
    const before = await latestCode(resetCustomer.msisdn);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.waitForURL(onPath(PATHS.checkotp));
    found.push(...(await scan(page, PATHS.checkotp, { state: 'a reset code sent' })));
    await textbox(page, '6-digit code').fill(await codeFor(resetCustomer.msisdn, before));
    await page.waitForURL(onPath(PATHS.nominateyourpin));
    found.push(...(await scan(page, PATHS.nominateyourpin, { state: 'a new PIN after a reset' })));
    await textbox(page, 'PIN').fill('975310');
    await textbox(page, 'Confirm PIN').fill('975310');
    await page.getByRole('button', { name: 'Save my new PIN' }).click();
    await page.waitForURL(onPath(PATHS.pinchanged));
    found.push(...(await scan(page, PATHS.pinchanged, { state: 'the PIN changed' })));
    await context.close();

    const track = await open(browser);
    await visit(track.page, PATHS.trackmyorder);
    await textbox(track.page, 'Mobile number').fill(trackCustomer.local);
    await track.page.getByRole('button', { name: 'Continue' }).click();
    await textbox(track.page, 'PIN').waitFor();
    // By keyboard: leaving the empty PIN field shows its message, which moves the link under a pointer.
    await track.page.getByRole('link', { name: 'Forgot PIN?' }).focus();
    await track.page.keyboard.press('Enter');
    await track.page.waitForURL(onPath(PATHS.trackmyorderForgetpin));
    found.push(
      ...(await scan(track.page, PATHS.trackmyorderForgetpin, { state: 'the number known' })),
    );
    const previous = await latestCode(trackCustomer.msisdn);
    await track.page.getByRole('button', { name: 'Send me a code' }).click();
    await track.page.waitForURL(onPath(PATHS.trackmyorderEnterotp));
    found.push(
      ...(await scan(track.page, PATHS.trackmyorderEnterotp, { state: 'a reset code sent' })),
    );
    await textbox(track.page, '6-digit code').fill(await codeFor(trackCustomer.msisdn, previous));
    await track.page.waitForURL(onPath(PATHS.trackmyorderNominateyourpin));
    found.push(
      ...(await scan(track.page, PATHS.trackmyorderNominateyourpin, { state: 'the code checked' })),
    );
    await textbox(track.page, 'PIN').fill('864209');
    await textbox(track.page, 'Confirm PIN').fill('864209');
    await track.page.getByRole('button', { name: 'Save my new PIN' }).click();
    await track.page.waitForURL(onPath(PATHS.trackmyorderPinchanged));
    found.push(
      ...(await scan(track.page, PATHS.trackmyorderPinchanged, { state: 'the PIN changed' })),
    );
    await track.context.close();
    expectClean(found);
  }, 180_000);

  it('left out no route of the list, at either width', () => {
    const expected = [
      ...ROUTES.map((entry) => entry.path),
      '/no-such-page',
      '/ops',
      '/sandbox/checkout',
    ];
    const missing = expected.filter(
      (route) => !scanned.get(route)?.has(PHONE) || !scanned.get(route)?.has(DESK),
    );
    expect(missing).toEqual([]);
    expect(scanned.has(TERMS_PATH.replace('%26', '&'))).toBe(true);
  });
});
