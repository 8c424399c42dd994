import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { AUDITED_KONEK_ENV, launchAuditChromium } from './lib/audit-browser';
import { startKonek } from './lib/konek-server';
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';
import { startReferencePage } from './lib/reference-page';
import { clearHttpCache, prepareVisitor, visitorName, type Visitor } from './lib/web-visitors';

// `npm run bench:web` (ADR 087): Lighthouse's mobile performance audit (simulated slow 4G, 4× CPU
// slowdown) of the first screen and the journey screens in Debian's Chromium against the real server,
// each measured against a bare React page (bench/reference: a heading, a short form, a button; built by
// the repository's own Vite and React, served gzip) audited in alternation with it — reference, route,
// reference, route… — so both meet the same machine in the same minutes. One line per route: Konek's
// median score as a share of the reference's median, and exit code 1 when a goal is missed. A
// benchmark, never part of `npm test`. Every audit starts with an empty HTTP cache, as a phone's first
// visit does. `/` is measured for a new visitor (the first screen a customer meets) and for one who has
// checked an address; the journey screens open only for a checked address (ADR 030), the details,
// schedule and pay screens for a signed-in customer who has reached each of them.

const RUNS = 3;
const KB = 1024;

/** The least share of the reference's score; the first screen also keeps its JavaScript small. */
type Goal = { ratio: number; firstLoadKb?: number };
const FIRST_SCREEN: Goal = { ratio: 0.97, firstLoadKb: 130 };
const JOURNEY_SCREEN: Goal = { ratio: 0.95 };

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
// BENCH_WEB_REPORTS=<folder>: each audit's Lighthouse report is written there as JSON (what the LCP
// element was and what its chain waited for), with the trace it was computed from beside it
// (`*.trace.json`, for Chromium's performance panel).
const REPORTS = process.env['BENCH_WEB_REPORTS'];
const routes = only.length === 0 ? ROUTES : ROUTES.filter(([path]) => only.includes(path));

const DIST = process.env['WEB_DIST_DIR'] ?? path.join(import.meta.dirname, '../apps/web/dist');

/**
 * The first-load JavaScript: the scripts index.html loads and the modules it preloads, and the app's
 * chunk the entry asks for at once (`start-*.js`: React, the router, the shell), each gzipped at level
 * 9. Read from the build, so it does not depend on the machine's load.
 */
function firstLoadKb(): number {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const named = tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /\ssrc="/.test(tag);
    const isPreload = /\srel="modulepreload"/.test(tag);
    const url = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isScript || isPreload) && url ? [url] : [];
  });
  const app = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((name) => /^start-[\w-]+\.js$/.test(name))
    .map((name) => `/assets/${name}`);
  const files = new Set([...named, ...app]);
  const bytes = [...files].reduce(
    (sum, url) => sum + zlib.gzipSync(fs.readFileSync(path.join(DIST, url)), { level: 9 }).length,
    0,
  );
  return bytes / KB;
}

type Measurement = { score: number; lcpMs: number; tbtMs: number; cls: number };

const ATTEMPTS = 3;
let reportCount = 0;

/** One audit; Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART), so it tries again. */
async function audit(url: string, port: number): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(
        `Lighthouse, ${url}: attempt ${attempt} of ${ATTEMPTS} failed: ${String(error)}`,
      );
    }
  }
}

async function auditOnce(url: string, port: number): Promise<Measurement> {
  // Lighthouse's own storage reset would also clear what the visitor stored, so the browser is
  // prepared here instead: an empty HTTP cache for every audit.
  await clearHttpCache(port);
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
    fs.writeFileSync(
      path.join(REPORTS, name.replace(/\.json$/, '.trace.json')),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

const medianOf = (runs: Measurement[], key: keyof Measurement) =>
  median(runs.map((run) => run[key]));

const figures = (runs: Measurement[]) =>
  `${String(medianOf(runs, 'score')).padStart(3)} (LCP ${(medianOf(runs, 'lcpMs') / 1000).toFixed(2)} s, ` +
  `TBT ${Math.round(medianOf(runs, 'tbtMs'))} ms, CLS ${medianOf(runs, 'cls').toFixed(3)})`;

/** A route's line: its figures, the reference's, the share, and what was missed. */
function describe(name: string, konek: Measurement[], reference: Measurement[], goal: Goal) {
  const ratio = medianOf(konek, 'score') / medianOf(reference, 'score');
  const firstLoad = goal.firstLoadKb === undefined ? undefined : firstLoadKb();
  const misses = [
    ratio < goal.ratio ? `score < ${goal.ratio} of the reference's` : '',
    firstLoad !== undefined && firstLoad > (goal.firstLoadKb ?? Infinity)
      ? `first-load JS > ${goal.firstLoadKb} KB`
      : '',
  ].filter(Boolean);
  const line =
    `${name.padEnd(48)} ${ratio.toFixed(2)} of the reference  ` +
    `Konek ${figures(konek)}  reference ${figures(reference)}` +
    (firstLoad === undefined ? '' : `  first load ${firstLoad.toFixed(1)} KB gz`) +
    `  ${misses.length === 0 ? 'ok' : `MISSED: ${misses.join(', ')}`}` +
    `  (load ${os.loadavg()[0]!.toFixed(2)})`;
  return { line, isMet: misses.length === 0 };
}

// Gauged before the servers and Chromium start, whose own start-up would take the machine's time from it.
const machineGauge = describeMachineGauge();
const reference = await startReferencePage();
const konek = await startKonek(undefined, { ...AUDITED_KONEK_ENV, WEB_DIST_DIR: DIST });
const chrome = await launchAuditChromium();
let isEveryGoalMet = true;
try {
  console.log(
    `Lighthouse mobile, median of ${RUNS} runs each, reference and route in turns, cold HTTP cache; ` +
      `this machine: ${machineGauge}`,
  );
  let visitor: Visitor | null = null;
  for (const [path, routeVisitor, goal] of routes) {
    await prepareVisitor(routeVisitor, visitor, konek, chrome.port);
    visitor = routeVisitor;
    const konekRuns: Measurement[] = [];
    const referenceRuns: Measurement[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      referenceRuns.push(await audit(`${reference.baseUrl}/`, chrome.port));
      konekRuns.push(await audit(konek.baseUrl + path, chrome.port));
    }
    const { line, isMet } = describe(
      `${path} (${visitorName(routeVisitor)})`,
      konekRuns,
      referenceRuns,
      goal,
    );
    console.log(line);
    isEveryGoalMet = isMet && isEveryGoalMet;
  }
} finally {
  chrome.kill();
  await konek.close();
  await reference.close();
}
process.exit(isEveryGoalMet ? 0 : 1);
