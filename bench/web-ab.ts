import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { AUDITED_KONEK_ENV, launchAuditChromium } from './lib/audit-browser';
import { startKonek, type RunningServer } from './lib/konek-server';
import { median } from './lib/median';

// `node --import tsx bench/web-ab.ts <built web A> <built web B> [route] [pairs]`: two builds of the web
// app (copies of apps/web/dist), each served by its own Konek, audited by Lighthouse in turns (A then B,
// then B then A, ...) as a new visitor with an empty HTTP cache, and the two medians side by side. On a
// shared machine one audit's blocking time varies threefold from one run to the next; taking both builds
// in the same minutes, in alternation, is the fairest comparison that machine allows. A tool for a
// decision, never part of `npm test` or of `npm run bench`.

const [distA, distB, route = '/', pairsText = '10'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node --import tsx bench/web-ab.ts <dist A> <dist B> [route] [pairs]');
  process.exit(2);
}
const PAIRS = Number(pairsText);
// AB_REPORTS=<folder>: each audit's Lighthouse report is written there as JSON (A-1.json, B-1.json, …).
const REPORTS = process.env['AB_REPORTS'];

type Audit = { score: number; tbtMs: number; lcpMs: number };
type Build = { name: 'A' | 'B'; server: RunningServer; audits: Audit[] };

const builds: [Build, Build] = [
  {
    name: 'A',
    server: await startKonek(undefined, { ...AUDITED_KONEK_ENV, WEB_DIST_DIR: distA }),
    audits: [],
  },
  {
    name: 'B',
    server: await startKonek(undefined, { ...AUDITED_KONEK_ENV, WEB_DIST_DIR: distB }),
    audits: [],
  },
];
const chrome = await launchAuditChromium();

/** A first visit: the HTTP cache emptied and nothing stored for the build's origin. */
async function forgetEverything(origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
  } finally {
    await browser.close();
  }
}

const ATTEMPTS = 3;

/** One audit of the build; Lighthouse sometimes loses a trace (NO_NAVSTART), so it tries again. */
async function audit(build: Build): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    await forgetEverything(build.server.baseUrl);
    const result = await lighthouse(build.server.baseUrl + route, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result || result.lhr.runtimeError) continue;
    if (REPORTS) {
      fs.writeFileSync(
        path.join(REPORTS, `${build.name}-${build.audits.length + 1}.json`),
        JSON.stringify(result.lhr),
      );
    }
    const numeric = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
    build.audits.push({
      score: Math.round((result.lhr.categories['performance']?.score ?? 0) * 100),
      tbtMs: numeric('total-blocking-time'),
      lcpMs: numeric('largest-contentful-paint'),
    });
    return;
  }
  throw new Error(`build ${build.name}: no audit of ${route} in ${ATTEMPTS} attempts`);
}

try {
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const [first, second] = pair % 2 === 0 ? builds : [builds[1], builds[0]];
    await audit(first);
    await audit(second);
  }
} finally {
  chrome.kill();
  await Promise.all(builds.map((build) => build.server.close()));
}

console.log(`Lighthouse mobile, ${route}, new visitor, ${PAIRS} runs of each build in alternation`);
for (const { name, audits } of builds) {
  const tbts = audits.map((a) => a.tbtMs).sort((x, y) => x - y);
  const lcps = audits.map((a) => a.lcpMs / 1000).sort((x, y) => x - y);
  console.log(
    `${name} (${audits.length} audits): performance ${median(audits.map((a) => a.score))}  ` +
      `TBT ${median(tbts).toFixed(0)} ms (${tbts.map((t) => t.toFixed(0)).join(' ')})  ` +
      `LCP ${median(lcps).toFixed(2)} s (${lcps.map((t) => t.toFixed(2)).join(' ')})`,
  );
}
