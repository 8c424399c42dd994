import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Page, type Request } from 'playwright-core';
import { AUDITED_KONEK_ENV, launchAuditChromium } from './lib/audit-browser';
import { startKonek, type RunningKonek } from './lib/konek-server';
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';

// `npm run bench:web`: Lighthouse's mobile performance audit (simulated slow 4G, 4× CPU slowdown) of the
// first screen and the journey screens, each run three times in Debian's Chromium against the real
// server; one line per route with the median, and exit code 1 when a goal is missed. A benchmark, never
// part of `npm test`: its numbers depend on the machine, so run it on a quiet one (each line ends with the
// machine's 1-minute load average while it was measured, and Lighthouse's own gauge of its speed).
//
// Beside Lighthouse's simulated figures, each line gives what a phone on that line would see, measured
// (ADR 054): the same route loaded three more times in the same browser with the slow 4G line and the
// 4× slower CPU applied for real (Chromium's network and CPU throttling, Lighthouse's own "devtools"
// settings), the median of its first paint, of its largest paint (the LCP a phone would report) and of
// the moment the screen can be used (the app has replaced the page drawn before it ran, and its main
// has a control). Lighthouse's simulation counts a
// script as delaying the paint whenever it finished loading before the unthrottled page painted (ADR
// 059); this shows the paint and the wait as they happen. A report, not a goal.
//
// Every run starts with an empty HTTP cache, as a phone's first visit does. `/` is measured twice: for a
// new visitor (nothing stored: the first screen a customer meets) and for one who has checked an address
// (the form and step indicator filled from storage); the journey screens open only for a checked address
// (ADR 030), so they keep it. The details, schedule and pay screens are measured for a signed-in customer
// (made in the database, signed in by the session's cookies) who has reached each of them.

const RUNS = 3;
const KB = 1024;

type Goal = { score: number; lcpMs: number; cls: number; firstLoadKb?: number };
const FIRST_SCREEN: Goal = { score: 98, lcpMs: 2000, cls: 0.02, firstLoadKb: 130 };
const JOURNEY_SCREEN: Goal = { score: 95, lcpMs: 2000, cls: 0.02 };

type Visitor = 'new' | 'checked' | 'not covered' | SignedInStep;
/**
 * The later steps open for a signed-in customer whose served address was checked: the details form once
 * a plan is chosen, the calendar once the details are sent (the network reserved), pay once a time is
 * held. One customer goes through them in this order.
 */
const SIGNED_IN_STEPS = ['plan chosen', 'details sent', 'time held'] as const;
type SignedInStep = (typeof SIGNED_IN_STEPS)[number];
const ROUTES: [path: string, visitor: Visitor, goal: Goal][] = [
  ['/', 'new', FIRST_SCREEN],
  ['/', 'checked', JOURNEY_SCREEN],
  ['/serviceability/prepaid', 'checked', JOURNEY_SCREEN],
  ['/serviceability/specialOffer', 'checked', JOURNEY_SCREEN],
  ['/serviceability/entermobile', 'checked', JOURNEY_SCREEN],
  ['/serviceability/signin', 'checked', JOURNEY_SCREEN],
  ['/trackmyorder', 'checked', JOURNEY_SCREEN],
  // The page a visitor is sent to when fibre does not reach their address.
  ['/serviceability/notifyme', 'not covered', JOURNEY_SCREEN],
  ['/serviceability/filloutdetail', 'plan chosen', JOURNEY_SCREEN],
  ['/serviceability/schedule', 'details sent', JOURNEY_SCREEN],
  ['/serviceability/pay', 'time held', JOURNEY_SCREEN],
];

// `npm run bench:web -- / /trackmyorder` audits only the routes named.
const only = process.argv.slice(2);
// BENCH_WEB_REPORTS=<folder>: each run's Lighthouse report is written there as JSON (what the LCP element
// was and what its chain waited for: `largest-contentful-paint-element`, `network-requests`), with the
// trace it was computed from beside it (`*.trace.json`, for Chromium's performance panel).
const REPORTS = process.env['BENCH_WEB_REPORTS'];
// BENCH_WEB_WATERFALL=1: after each route's line, the requests of its first throttled load ("applied"),
// each with when it was asked for and when it ended (ms from the navigation), and when the page was
// usable: what a phone on slow 4G waits for, and what waits for what.
const isWaterfallWanted = process.env['BENCH_WEB_WATERFALL'] === '1';
const routes = only.length === 0 ? ROUTES : ROUTES.filter(([path]) => only.includes(path));

const DIST = path.join(import.meta.dirname, '../apps/web/dist');

/**
 * The first-load JavaScript: the scripts index.html loads and the modules it preloads, each gzipped at
 * level 9 (the served files are compressed on the fly, so this is what a first visit transfers, give or
 * take the compression level). Read from the build, so it does not depend on the machine's load.
 */
function firstLoadKb(): number {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /\ssrc="/.test(tag);
    const isPreload = /\srel="modulepreload"/.test(tag);
    const url = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isScript || isPreload) && url ? [url] : [];
  });
  const bytes = files.reduce(
    (sum, url) => sum + zlib.gzipSync(fs.readFileSync(path.join(DIST, url)), { level: 9 }).length,
    0,
  );
  return bytes / KB;
}

/**
 * `cpuIndex` is Lighthouse's own gauge of the machine's speed (`environment.benchmarkIndex`, a short
 * loop it times before each audit; higher is faster). The simulated phone's CPU work is this machine's
 * work ×4, so the same build scores lower on a slower machine.
 */
type Measurement = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  cpuIndex: number;
};
/** A load with the line and the CPU throttled for real: when it painted and when it could be used. */
type AppliedRun = {
  paintMs: number;
  lcpMs: number;
  usableMs: number;
  /** The load's requests: asked for and ended, in ms from the navigation, and the path. */
  requests: { startMs: number; endMs: number; path: string }[];
};

const ATTEMPTS = 3;

/** `run`, tried again when it fails, up to ATTEMPTS times; each failure but the last is printed. */
async function attempted<T>(what: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(`${what}: attempt ${attempt} of ${ATTEMPTS} failed: ${String(error)}`);
    }
  }
}

/** One audit; Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART), so try again. */
function audit(url: string, port: number): Promise<Measurement> {
  return attempted(`Lighthouse, ${url}`, () => auditOnce(url, port));
}

let reportCount = 0;

async function auditOnce(url: string, port: number): Promise<Measurement> {
  // Lighthouse's own storage reset would also clear the address checked for the journey screens
  // (checkAddressFirst), so the browser is prepared here instead: an empty HTTP cache for every run.
  await withPage(port, (page) => clearCache(page));
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    reportCount += 1;
    const name = `${String(reportCount).padStart(2, '0')}${new URL(url).pathname.replaceAll('/', '_')}.json`;
    fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
    // And the unthrottled trace Lighthouse simulated from: which tasks made the blocking time.
    fs.writeFileSync(
      path.join(REPORTS, name.replace(/\.json$/, '.trace.json')),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details;
  const items: readonly unknown[] = summary && 'items' in summary ? summary.items : [];
  return {
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: scriptTransferBytes(items) / KB,
    cpuIndex: lhr.environment.benchmarkIndex,
  };
}

/** The bytes of JavaScript transferred, from the resource summary's "script" row. */
function scriptTransferBytes(items: readonly unknown[]): number {
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    if (!('resourceType' in item) || item.resourceType !== 'script') continue;
    if ('transferSize' in item && typeof item.transferSize === 'number') return item.transferSize;
  }
  return 0;
}

function describe(
  name: string,
  runs: Measurement[],
  applied: AppliedRun[],
  goal: Goal,
  load: number,
): { line: string; isMet: boolean } {
  const result: Measurement = {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    scriptKb: median(runs.map((run) => run.scriptKb)),
    cpuIndex: median(runs.map((run) => run.cpuIndex)),
  };
  const firstLoad = goal.firstLoadKb === undefined ? undefined : firstLoadKb();
  const misses = [
    result.score < goal.score ? `score < ${goal.score}` : '',
    result.lcpMs > goal.lcpMs ? `LCP > ${goal.lcpMs} ms` : '',
    result.cls > goal.cls ? `CLS > ${goal.cls}` : '',
    firstLoad !== undefined && goal.firstLoadKb !== undefined && firstLoad > goal.firstLoadKb
      ? `first-load JS > ${goal.firstLoadKb} KB`
      : '',
  ].filter(Boolean);
  const line =
    `${name.padEnd(40)} performance ${String(result.score).padStart(3)}  ` +
    `LCP ${(result.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(result.tbtMs)} ms  ` +
    `CLS ${result.cls.toFixed(3)}  JS ${result.scriptKb.toFixed(1)} KB` +
    (firstLoad === undefined ? '' : ` (first load ${firstLoad.toFixed(1)} KB gz)`) +
    `  applied: paint ${seconds(median(applied.map((run) => run.paintMs)))}, ` +
    `LCP ${seconds(median(applied.map((run) => run.lcpMs)))}, ` +
    `usable ${seconds(median(applied.map((run) => run.usableMs)))}` +
    '  ' +
    (misses.length === 0 ? 'ok' : `MISSED: ${misses.join(', ')}`) +
    `  (load ${load.toFixed(2)}, CPU index ${Math.round(result.cpuIndex)})`;
  return { line, isMet: misses.length === 0 };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Lighthouse's mobile slow 4G with its "devtools" throttling: 150 ms of round trip applied per request
 * (×3.75, as Lighthouse does, for the connections' own round trips), 1.6 Mbit/s down and 750 kbit/s up,
 * each ×0.9, and a CPU 4× slower.
 */
const APPLIED_LINE = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const APPLIED_CPU_SLOWDOWN = 4;

/**
 * Marks, in the page, when it can first be used: nothing drawn before the app ran is left (the home
 * page's copy, a screen's intro, the shell) and the app's main holds a control. A string, run in the
 * page: this package is typed for Node, not the DOM.
 */
const MARK_USABLE = `new MutationObserver(function () {
  if (window.konekUsableAt === undefined && !document.querySelector('[data-prerendered],[data-shell]') &&
      document.querySelector('main button, main input, main a[href]')) {
    window.konekUsableAt = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
new PerformanceObserver(function (list) {
  var entries = list.getEntries();
  window.konekLcpAt = entries[entries.length - 1].startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

/**
 * A throttled load, tried again when it does not end: once in a full run on a slow machine (2026-12-02),
 * a page's load event had not come after 120 s, and the run lost every route after it. What the load was
 * still waiting for is printed, so that a page that really never finishes loading shows itself.
 */
function appliedRun(url: string, port: number): Promise<AppliedRun> {
  return attempted(`throttled load, ${url}`, () => appliedRunOnce(url, port));
}

/** One load of `url` with the line and the CPU throttled for real, from an empty HTTP cache. */
async function appliedRunOnce(url: string, port: number): Promise<AppliedRun> {
  let run: AppliedRun = {
    paintMs: Number.NaN,
    lcpMs: Number.NaN,
    usableMs: Number.NaN,
    requests: [],
  };
  await withPage(port, async (page) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.clearBrowserCache');
    await session.send('Network.emulateNetworkConditions', APPLIED_LINE);
    await session.send('Emulation.setCPUThrottlingRate', { rate: APPLIED_CPU_SLOWDOWN });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(MARK_USABLE);
    const requests: AppliedRun['requests'] = [];
    const startedAt = Date.now();
    const askedAt = new Map<Request, number>();
    page.on('request', (request) => askedAt.set(request, Date.now() - startedAt));
    page.on('requestfailed', (request) => askedAt.delete(request));
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      requests.push({
        startMs: askedAt.get(request) ?? 0,
        endMs: Date.now() - startedAt,
        path: pathname,
      });
      askedAt.delete(request);
    });
    const pending = () => [...askedAt.keys()].map((request) => new URL(request.url()).pathname);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 }).catch((error: unknown) => {
      throw new Error(`no load event; still asked for: ${pending().join(', ') || 'nothing'}`, {
        cause: error,
      });
    });
    // A function, not a string: the page's CSP refuses eval.
    await page.waitForFunction(
      () => (globalThis as { konekUsableAt?: number }).konekUsableAt !== undefined,
      null,
      { timeout: 120_000 },
    );
    // The largest paint is final once the app's page is drawn; two frames later its entry has come.
    await page.evaluate(
      `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`,
    );
    const [paintMs, lcpMs, usableMs] = (await page.evaluate(
      `[performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, window.konekLcpAt ?? NaN, window.konekUsableAt]`,
    )) as [number, number, number];
    run = { paintMs, lcpMs, usableMs, requests };
    await session.detach();
  });
  return run;
}

/** A throttled load's requests in the order they were asked for, and when the page was usable. */
function waterfallOf(run: AppliedRun): string {
  const ms = (value: number) => String(Math.round(value)).padStart(6);
  const lines = [...run.requests]
    .sort((a, b) => a.startMs - b.startMs)
    .map((request) => `  ${ms(request.startMs)} ${ms(request.endMs)}  ${request.path}`);
  return [`  asked    ended  (ms), usable at ${Math.round(run.usableMs)} ms`, ...lines].join('\n');
}

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

async function clearCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/** A new visitor: nothing stored for Konek's origin (no address, no session, no cookies). */
async function forgetVisitor(baseUrl: string, port: number): Promise<void> {
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

function visitorName(visitor: Visitor): string {
  if (visitor === 'new') return 'new visitor';
  if (isSignedInStep(visitor)) return `signed in, ${visitor}`;
  return `address ${visitor}`;
}

const isSignedInStep = (visitor: Visitor): visitor is SignedInStep =>
  (SIGNED_IN_STEPS as readonly string[]).includes(visitor);

// Gauged before Konek and Chromium start, whose own start-up would take the machine's time from it.
const machineGauge = describeMachineGauge();
const konek = await startKonek(undefined, AUDITED_KONEK_ENV);
const chrome = await launchAuditChromium();
let isEveryGoalMet = true;
try {
  console.log(
    `Lighthouse mobile, median of ${RUNS} runs, cold HTTP cache, ${konek.baseUrl}; this machine: ${machineGauge}`,
  );
  let visitor: Visitor | null = null;
  for (const [path, routeVisitor, goal] of routes) {
    if (routeVisitor !== visitor && isSignedInStep(routeVisitor)) {
      // The next step of the same customer keeps what the browser holds.
      if (!visitor || !isSignedInStep(visitor)) await forgetVisitor(konek.baseUrl, chrome.port);
      await signedInAt(routeVisitor, visitor, konek, chrome.port);
      visitor = routeVisitor;
    }
    if (routeVisitor !== visitor) {
      await forgetVisitor(konek.baseUrl, chrome.port);
      if (routeVisitor === 'checked') {
        await checkAddressFirst(konek.baseUrl, chrome.port, HOUSES.served);
      }
      if (routeVisitor === 'not covered') {
        await checkAddressFirst(konek.baseUrl, chrome.port, HOUSES.notCovered);
      }
      visitor = routeVisitor;
    }
    const runs: Measurement[] = [];
    const applied: AppliedRun[] = [];
    const loads: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await audit(konek.baseUrl + path, chrome.port));
      loads.push(os.loadavg()[0]!);
    }
    for (let run = 0; run < RUNS; run += 1) {
      applied.push(await appliedRun(konek.baseUrl + path, chrome.port));
    }
    const name = `${path} (${visitorName(routeVisitor)})`;
    const { line, isMet } = describe(name, runs, applied, goal, median(loads));
    console.log(line);
    if (isWaterfallWanted) console.log(waterfallOf(applied[0]!));
    isEveryGoalMet = isMet && isEveryGoalMet;
  }
} finally {
  chrome.kill();
  await konek.close();
}
process.exit(isEveryGoalMet ? 0 : 1);
