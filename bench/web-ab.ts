import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { AUDITED_KONEK_ENV, launchAuditChromium } from './lib/audit-browser';
import { startKonek, type RunningKonek } from './lib/konek-server';
import { median } from './lib/median';
import {
  clearHttpCache,
  forgetVisitor,
  prepareVisitor,
  visitorName,
  type Visitor,
} from './lib/web-visitors';

// `node --import tsx bench/web-ab.ts <built web A> <built web B> [route] [pairs] [visitor]`: two builds of
// the web app (copies of apps/web/dist), each served by its own Konek, audited by Lighthouse in turns (A
// then B, then B then A, ...) with an empty HTTP cache, as `visitor` (bench/lib/web-visitors.ts: new,
// checked, not covered, plan chosen, …; a new visitor by default), and the two medians side by side. On a
// shared machine one audit's blocking time varies threefold from one run to the next; taking both builds
// in the same minutes, in alternation, is the fairest comparison that machine allows. A tool for a
// decision, never part of `npm test` or of `npm run bench`.

const [distA, distB, route = '/', pairsText = '10', visitorText = 'new'] = process.argv.slice(2);
const visitor = visitorText as Visitor;
if (!distA || !distB) {
  console.error('usage: node --import tsx bench/web-ab.ts <dist A> <dist B> [route] [pairs]');
  process.exit(2);
}
const PAIRS = Number(pairsText);
// AB_REPORTS=<folder>: each audit's Lighthouse report is written there as JSON (A-1.json, B-1.json, …).
const REPORTS = process.env['AB_REPORTS'];

type Audit = { score: number; tbtMs: number; lcpMs: number };
type Build = { name: 'A' | 'B'; server: RunningKonek; audits: Audit[] };

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

const ATTEMPTS = 3;

/** One audit of the build; Lighthouse sometimes loses a trace (NO_NAVSTART), so it tries again. */
async function audit(build: Build): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // A new visitor stays new: whatever the last load stored is forgotten.
    if (visitor === 'new') await forgetVisitor(build.server.baseUrl, chrome.port);
    await clearHttpCache(chrome.port);
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
  for (const build of builds) await prepareVisitor(visitor, null, build.server, chrome.port);
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const [first, second] = pair % 2 === 0 ? builds : [builds[1], builds[0]];
    await audit(first);
    await audit(second);
  }
} finally {
  chrome.kill();
  await Promise.all(builds.map((build) => build.server.close()));
}

console.log(
  `Lighthouse mobile, ${route}, ${visitorName(visitor)}, ${PAIRS} runs of each build in alternation`,
);
for (const { name, audits } of builds) {
  const tbts = audits.map((a) => a.tbtMs).sort((x, y) => x - y);
  const lcps = audits.map((a) => a.lcpMs / 1000).sort((x, y) => x - y);
  console.log(
    `${name} (${audits.length} audits): performance ${median(audits.map((a) => a.score))}  ` +
      `TBT ${median(tbts).toFixed(0)} ms (${tbts.map((t) => t.toFixed(0)).join(' ')})  ` +
      `LCP ${median(lcps).toFixed(2)} s (${lcps.map((t) => t.toFixed(2)).join(' ')})`,
  );
}
const [scoreA, scoreB] = builds.map(({ audits }) => median(audits.map((a) => a.score)));
console.log(`B's score is ${((scoreB ?? 0) / (scoreA ?? 1)).toFixed(3)} of A's`);
