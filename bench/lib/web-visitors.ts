import { chromium, type Page } from 'playwright-core';
import type { RunningKonek } from './konek-server';

// Who the web benchmarks (bench/web.ts, bench/web-ab.ts) audit a route as: a new visitor (nothing
// stored), one who has checked an address (the journey screens open only for a checked address, ADR
// 030; notify-me for one fibre does not reach), or a signed-in customer who has reached a later step
// (made in the database, signed in by the session's cookies). Prepared in the audit browser itself.

/**
 * The later steps open for a signed-in customer whose served address was checked: the details form once
 * a plan is chosen, the calendar once the details are sent (the network reserved), pay once a time is
 * held. One customer goes through them in this order.
 */
const SIGNED_IN_STEPS = ['plan chosen', 'details sent', 'time held'] as const;
type SignedInStep = (typeof SIGNED_IN_STEPS)[number];
export type Visitor = 'new' | 'checked' | 'not covered' | SignedInStep;

/** Runs `act` in a new tab of the audit browser, then closes the tab and lets go of the browser. */
async function withPage(port: number, act: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    try {
      await act(page);
    } finally {
      // A failed load's tab too: left open, it would go on loading beside the next audits.
      await page.close();
    }
  } finally {
    // Disconnects; the browser itself stays for the audits.
    await browser.close();
  }
}

/** An empty HTTP cache, as a phone's first visit has. */
export async function clearHttpCache(port: number): Promise<void> {
  await withPage(port, (page) => clearCache(page));
}

async function clearCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/** A new visitor: nothing stored for Konek's origin (no address, no session, no cookies). */
export async function forgetVisitor(baseUrl: string, port: number): Promise<void> {
  await withPage(port, async (page) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'all' });
    await session.detach();
  });
}

/** Two houses of docs/coverage-seed.md: a served one in Las Piñas, and one in Baguio City that is not. */
const HOUSES = {
  served: {
    radioTypeValue: 'House',
    area: {
      province: { address_name: 'Metro Manila', address_code: '1300000000' },
      city: { address_name: 'Las Piñas City', address_code: '1380200000' },
      barangay: { address_name: 'Almanza Uno', address_code: '1380200001' },
      zipCode: '1750',
    },
    house: { houseNo: '12', street: 'Mabini Street', village: '' },
    condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
    searchResult: { lat: 14.45056, lng: 120.98278, details: 'Almanza Uno, Las Piñas City' },
    landmark: '',
    regionDescription: 'National Capital Region (NCR)',
    pilot: true,
  },
  notCovered: {
    radioTypeValue: 'House',
    area: {
      province: { address_name: 'Benguet', address_code: '1401100000' },
      city: { address_name: 'Baguio City', address_code: '1430300000' },
      barangay: { address_name: 'Ambiong', address_code: '1430300003' },
      zipCode: '2600',
    },
    house: { houseNo: '12', street: 'Session Road', village: '' },
    condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
    searchResult: { lat: 16.41, lng: 120.6, details: 'Ambiong, Baguio City' },
    landmark: '',
    regionDescription: 'Cordillera Administrative Region (CAR)',
    pilot: false,
  },
};

/**
 * Checks a house in the audit browser as the check-address form does — the address saved, then the
 * loading screen asks the server — so the journey screens (a served house) or notify-me (one that is
 * not) open.
 */
async function checkAddressFirst(
  baseUrl: string,
  port: number,
  address: (typeof HOUSES)[keyof typeof HOUSES],
): Promise<void> {
  await withPage(port, async (page) => {
    await page.goto(`${baseUrl}/`);
    const at = address.searchResult;
    // A string, run in the page: this package is typed for Node, not the DOM.
    await page.evaluate(
      `localStorage.setItem('konek.address', ${JSON.stringify(JSON.stringify(address))})`,
    );
    await page.goto(
      `${baseUrl}/serviceability/loading?lat=${at.lat}&lng=${at.lng}&pilot=${address.pilot}`,
    );
    await page.waitForURL((url) => !url.pathname.endsWith('/loading'));
  });
}

/**
 * Takes a signed-in customer to `step`, from the step before it when the browser is there already (else
 * from the start: a customer made in the database, the session's cookies, the served house checked): the
 * plan chosen, the details sent, a time held — each as the customer does it on the page before.
 */
async function signedInAt(
  step: SignedInStep,
  from: Visitor | null,
  konek: RunningKonek,
  port: number,
): Promise<void> {
  const target = SIGNED_IN_STEPS.indexOf(step);
  const isNext = from !== null && SIGNED_IN_STEPS.indexOf(from as SignedInStep) === target - 1;
  const first = isNext ? target : 0;
  if (first === 0) await signIn(konek, port);
  for (const next of SIGNED_IN_STEPS.slice(first, target + 1)) {
    await withPage(port, (page) => TAKE_STEP[next](page, konek.baseUrl));
  }
}

/** A customer made in the database, signed in by the session's cookies (names as lib/cookies.ts). */
async function signIn(konek: RunningKonek, port: number): Promise<void> {
  const customer = await konek.newCustomer();
  await withPage(port, async (page) => {
    const cookie = (name: string, value: string) => ({ name, value, url: konek.baseUrl });
    await page
      .context()
      .addCookies([
        cookie('token', customer.token),
        cookie('userid', customer.userId),
        cookie('accountid', customer.accountId),
      ]);
  });
  await checkAddressFirst(konek.baseUrl, port, HOUSES.served);
}

const TAKE_STEP: Record<SignedInStep, (page: Page, baseUrl: string) => Promise<void>> = {
  'plan chosen': async (page, baseUrl) => {
    await page.goto(`${baseUrl}/serviceability/prepaid`);
    await page
      .getByRole('button', { name: /Choose this plan|Get this offer/ })
      .first()
      .click();
    await page.waitForURL(`${baseUrl}/serviceability/filloutdetail`);
  },
  'details sent': async (page, baseUrl) => {
    await page.goto(`${baseUrl}/serviceability/filloutdetail`);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('maria@gmail.com');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/schedule`);
  },
  'time held': async (page, baseUrl) => {
    await page.goto(`${baseUrl}/serviceability/schedule`);
    const morning = page.getByRole('button', { name: /^Morning/ });
    await morning.waitFor();
    const period = (await morning.isEnabled())
      ? morning
      : page.getByRole('button', { name: /^Afternoon/ });
    await period.click();
    await page.getByRole('button', { name: 'Set schedule' }).click();
    await page.waitForURL(`${baseUrl}/serviceability/pay`);
  },
};

export function visitorName(visitor: Visitor): string {
  if (visitor === 'new') return 'new visitor';
  if (isSignedInStep(visitor)) return `signed in, ${visitor}`;
  return `address ${visitor}`;
}

const isSignedInStep = (visitor: Visitor): visitor is SignedInStep =>
  (SIGNED_IN_STEPS as readonly string[]).includes(visitor);

/**
 * Makes the audit browser hold `visitor` for Konek's origin, from `previous` (what it holds now, null
 * for nothing known): the next step of the same signed-in customer keeps what the browser holds.
 */
export async function prepareVisitor(
  visitor: Visitor,
  previous: Visitor | null,
  konek: RunningKonek,
  port: number,
): Promise<void> {
  if (visitor === previous) return;
  if (isSignedInStep(visitor)) {
    if (!previous || !isSignedInStep(previous)) await forgetVisitor(konek.baseUrl, port);
    await signedInAt(visitor, previous, konek, port);
    return;
  }
  await forgetVisitor(konek.baseUrl, port);
  if (visitor === 'checked') await checkAddressFirst(konek.baseUrl, port, HOUSES.served);
  if (visitor === 'not covered') await checkAddressFirst(konek.baseUrl, port, HOUSES.notCovered);
}
