import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { OPS_LOGIN_PATH, type TOpsRole } from '@konek/contract/ops';
import { runOpsCommand } from '../apps/api/src/ops-command';
import { createPinHasher } from '../apps/api/src/modules/identity/service';
import { systemClock } from '../apps/api/src/platform/clock';
import { AUDITED_KONEK_ENV, launchAuditChromium } from './lib/audit-browser';
import { startKonek } from './lib/konek-server';
import { describeMachineGauge } from './lib/machine-gauge';
import { median } from './lib/median';
import { clearHttpCache } from './lib/web-visitors';

// `npm run bench:console`: Lighthouse's DESKTOP performance audit (lighthouse/core/config/desktop-config.js:
// 1350×940, dense 4G, no CPU slowdown) of the operators' page /ops/ as each role first sees it, in
// Debian's Chromium against the real server (embedded PostgreSQL, built web app, seeded demo data).
// One operator per role is made in the database as `npm run ops -- add-user` makes one, signed in
// through the API, and the session is put in sessionStorage ('konek-ops-session', as ops-app.tsx reads
// it) before the page's own scripts run, so the audit measures the role's screen, not the sign-in form.
// Each audit starts with an empty HTTP cache. The median of three runs per screen; goal ≥ 90, exit code
// 1 when a screen misses it. A benchmark, never part of `npm test`.

const RUNS = 3;
const GOAL = 90;
const SESSION_KEY = 'konek-ops-session';
// Production refuses a pepper shorter than 32 characters; this one is the benchmark's own.
const PEPPER = 'bench-ops-console-pepper-0123456789';
const PASSWORD = 'bench-console-pass-2468';

/** The screen each role lands on (ops-app.tsx RoleScreens); the dispatcher's calendar and desk are views opened on demand. */
const SCREENS: [role: TOpsRole, screen: string][] = [
  ['admin', 'operators'],
  ['network_planner', 'coverage (NAP file)'],
  ['marketing', 'offers'],
  ['dispatcher', "the day's jobs and payment issues"],
  ['technician', 'today’s jobs'],
];

const usernameOf = (role: TOpsRole) => `bench-${role.replace('_', '-')}`;

type Session = { token: string; user: unknown };
type Measurement = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number };

async function signIn(baseUrl: string, role: TOpsRole): Promise<Session> {
  const reply = await fetch(`${baseUrl}${OPS_LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: usernameOf(role), password: PASSWORD }),
  });
  const body = (await reply.json()) as { api_token?: string; user?: unknown };
  if (typeof body.api_token !== 'string') {
    throw new Error(`${role} could not sign in: ${JSON.stringify(body)}`);
  }
  return { token: body.api_token, user: body.user };
}

/** One audit in a fresh tab whose sessionStorage holds `session` from the page's first script on. */
async function auditOnce(
  browser: Browser,
  port: number,
  url: string,
  session: Session,
): Promise<Measurement> {
  await clearHttpCache(port);
  const page = await browser.newPage();
  try {
    // Lighthouse starts on about:blank, whose storage cannot be written. (A script as text: the
    // benchmark's TypeScript has no DOM.)
    await page.evaluateOnNewDocument(
      `if (location.pathname.startsWith('/ops')) sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))});`,
    );
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      desktopConfig,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    // The role's screen was measured, not the sign-in form.
    const signedIn = await page.evaluate(`document.body.innerText.includes('Sign out')`);
    if (signedIn !== true) throw new Error(`${url}: the page was not signed in`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART): up to three attempts. */
async function audit(browser: Browser, port: number, url: string, session: Session) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(browser, port, url, session);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`Lighthouse, ${url}: attempt ${attempt} of 3 failed: ${String(error)}`);
    }
  }
}

const medianOf = (runs: Measurement[], key: keyof Measurement) =>
  median(runs.map((run) => run[key]));

const machineGauge = describeMachineGauge();
const passwords = createPinHasher(Buffer.from(PEPPER, 'utf8'));
const konek = await startKonek(
  async (database) => {
    for (const [role] of SCREENS) {
      const code = await runOpsCommand(
        ['add-user', '--username', usernameOf(role), '--role', role, '--name', 'Bench'],
        {
          db: database.db,
          clock: systemClock,
          passwords,
          readPassword: () => Promise.resolve(PASSWORD),
          print: () => undefined,
        },
      );
      if (code !== 0) throw new Error(`add-user ${role} exited with ${code}`);
    }
  },
  { ...AUDITED_KONEK_ENV, PIN_PEPPER: PEPPER },
);
const chrome = await launchAuditChromium();
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
let isEveryGoalMet = true;
try {
  console.log(
    `Lighthouse desktop, /ops/ signed in, median of ${RUNS} runs each, cold HTTP cache; goal ≥ ${GOAL}; ` +
      `this machine: ${machineGauge}`,
  );
  for (const [role, screen] of SCREENS) {
    const session = await signIn(konek.baseUrl, role);
    const runs: Measurement[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await audit(browser, chrome.port, `${konek.baseUrl}/ops/`, session));
    }
    const score = medianOf(runs, 'score');
    const isMet = score >= GOAL;
    isEveryGoalMet = isMet && isEveryGoalMet;
    console.log(
      `${`${role}: ${screen}`.padEnd(62)} ${String(score).padStart(3)} ` +
        `(runs ${runs.map((one) => one.score).join('/')}; ` +
        `FCP ${(medianOf(runs, 'fcpMs') / 1000).toFixed(2)} s, ` +
        `LCP ${(medianOf(runs, 'lcpMs') / 1000).toFixed(2)} s, ` +
        `TBT ${Math.round(medianOf(runs, 'tbtMs'))} ms, CLS ${medianOf(runs, 'cls').toFixed(3)})  ` +
        `${isMet ? 'ok' : `MISSED: < ${GOAL}`}`,
    );
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await konek.close();
}
process.exit(isEveryGoalMet ? 0 : 1);
