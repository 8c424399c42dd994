import crypto from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { TAlertLinkKind } from '@konek/contract/coverage-alert';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { JobQueue } from '../../platform/db/job-queue';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import { servingPlaceOf, type CoverageDecider } from '../location/service';
import {
  alertCounts,
  insertAlerts,
  lockAlert,
  requestAddress,
  requeueFailed,
  setAlertStatus,
  unsubscribeEmail,
  waitingHouseholds,
  type AlertCounts,
  type AlertToSend,
  type WaitingHousehold,
} from './store';

// ADR 094: coverage-arrival alerts. A change to the plant (a NAP file applied, a NAP or building edited)
// queues one sweep in its own transaction; the sweep, run by one replica, decides every waiting
// household's pin with the serviceability check's own rule and queues one alert per channel for each
// household now served. Sending is throttled by budgets counted in PostgreSQL, and an alert whose hand-over
// was cut short by a crash is marked failed, never sent again by itself.

export const SWEEP_QUEUE = 'coverage-sweep';
export const SEND_QUEUE = 'coverage-alert';
/** Households decided per page of the sweep, and alert rows made per transaction. */
const SWEEP_PAGE = 1000;
/** Tries of one alert's hand-over before it is failed (the operator can retry it). */
export const SEND_RETRY_LIMIT = 4;
/** A hand-over that takes longer is taken as cut short. */
const SEND_EXPIRE_SECONDS = 60;
/** The periodic sweep: a port freed by an expired hold serves without any change to the plant. */
const SWEEP_CRON = '*/10 * * * *';

export type SendBudgets = { smsPerMinute: number; emailPerMinute: number };

export type AlertMessages = {
  sms: (to: string, body: string) => Promise<void>;
  email: (message: {
    to: string;
    subject: string;
    text: string;
    headers: Record<string, string>;
  }) => Promise<void>;
};

export type CoverageAlertDependencies = {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  decider: CoverageDecider;
  /** Resolves once every plant change committed before the call is in the coverage index. */
  syncCoverage: () => Promise<void>;
  send: AlertMessages;
  budgets: SendBudgets;
  /** Signs the links of the messages (opening the address, unsubscribing). */
  linkKey: Uint8Array;
  publicBaseUrl: string;
  log: { warn: (object: object, message: string) => void };
};

// ── Links ────────────────────────────────────────────────────────────────────────────────────────

const signature = (key: Uint8Array, payload: string) =>
  crypto.createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);

/** A link token: the request id and what it may do, signed; no expiry (an unsubscribe link must last). */
export function alertLinkToken(key: Uint8Array, kind: TAlertLinkKind, requestId: number): string {
  const payload = `${kind}.${requestId}`;
  return `${payload}.${signature(key, payload)}`;
}

const invalidLink = () =>
  new DomainError(
    'coverage_alert',
    'LINK_INVALID',
    { errors: [{ field: 'token', message: 'is not a link Konek made' }] },
    'token: is not a link Konek made',
  );

/** The request a token names; coverage_alert.LINK_INVALID when it was not made by Konek. */
export function requestOfToken(key: Uint8Array, kind: TAlertLinkKind, token: string): number {
  const [tokenKind, id, mac] = token.split('.');
  const requestId = Number(id);
  const expected = signature(key, `${tokenKind}.${id}`);
  const isSigned =
    mac !== undefined &&
    mac.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected));
  if (tokenKind !== kind || !Number.isSafeInteger(requestId) || !isSigned) {
    throw invalidLink();
  }
  return requestId;
}

// ── The sweep ────────────────────────────────────────────────────────────────────────────────────

/** Queues a sweep in the plant change's transaction (one for a burst of changes). */
export async function queueSweep(queue: JobQueue, tx: Db): Promise<void> {
  await queue.boss.insert(
    [{ name: SWEEP_QUEUE, data: {}, singletonKey: 'sweep', singletonSeconds: 2 }],
    queue.inTransaction(tx),
  );
}

/** Decides every waiting household; queues the alerts of those now served. Answers how many households. */
export async function sweep(deps: CoverageAlertDependencies): Promise<number> {
  await deps.syncCoverage();
  let after = 0;
  let told = 0;
  for (;;) {
    const page = await waitingHouseholds(deps.db, after, SWEEP_PAGE);
    if (page.length === 0) return told;
    after = page.at(-1)!.requestId;
    const now = deps.clock.now();
    const served: WaitingHousehold[] = [];
    for (const household of page) {
      const place = await servingPlaceOf(
        deps.decider,
        { latitude: household.latitude, longitude: household.longitude },
        household.floor ?? undefined,
        now,
      );
      if (place.kind !== 'unserved') served.push(household);
    }
    if (served.length === 0) continue;
    await deps.db.transaction(async (tx) => {
      const ids = await insertAlerts(tx, served, now);
      await queueSends(deps.queue, tx, ids);
    });
    told += served.length;
  }
}

/** Households read per query when every waiting household is asked for. */
const WAITING_PAGE = 20_000;

/**
 * ADR 095: every household still waiting (the sweep's own definition: its latest notify-me request, not
 * alerted since, not unsubscribed), for the planner's demand map.
 */
export async function allWaitingHouseholds(db: Db): Promise<WaitingHousehold[]> {
  const all: WaitingHousehold[] = [];
  for (let after = 0; ;) {
    const page = await waitingHouseholds(db, after, WAITING_PAGE);
    all.push(...page);
    if (page.length < WAITING_PAGE) return all;
    after = page.at(-1)!.requestId;
  }
}

export type { WaitingHousehold } from './store';

async function queueSends(queue: JobQueue, tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await queue.boss.insert(
    ids.map((id) => ({
      name: SEND_QUEUE,
      data: { alertId: id },
      retryLimit: SEND_RETRY_LIMIT,
      retryBackoff: true,
      retryDelay: 30,
      expireInSeconds: SEND_EXPIRE_SECONDS,
    })),
    queue.inTransaction(tx),
  );
}

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────

export const ALERT_SUBJECT = 'Fibre has reached your address';

function messagesOf(deps: CoverageAlertDependencies, alert: AlertToSend) {
  const open = `${deps.publicBaseUrl}/?arrived=${alertLinkToken(deps.linkKey, 'open', alert.requestId)}`;
  const stop = `${deps.publicBaseUrl}/?unsubscribe=${alertLinkToken(deps.linkKey, 'unsubscribe', alert.requestId)}`;
  return {
    sms: `Konek: fibre has reached your address. Check it and order: ${open} Stop these messages: ${stop}`,
    email: {
      subject: ALERT_SUBJECT,
      text: [
        `Hi ${alert.firstName},`,
        '',
        'You asked us to tell you when Konek fibre reaches your address. It has.',
        `Open this link to see the plans for your address and order: ${open}`,
        '',
        `You are getting this because you joined the waitlist. Stop these messages: ${stop}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${stop}>` },
    },
  };
}

class BudgetSpent extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('alert budget spent');
  }
}

function sendBudget(deps: CoverageAlertDependencies, channel: AlertToSend['channel']): Budget {
  return {
    key: `coverage-alert:${channel}`,
    limit: channel === 'sms' ? deps.budgets.smsPerMinute : deps.budgets.emailPerMinute,
    window: 'minute',
    refusal: (retryAfterSeconds) => new BudgetSpent(retryAfterSeconds),
  };
}

type SendOutcome = 'sent' | 'skipped' | 'later' | 'gone';

/** One alert: checked, budgeted and marked sending in one transaction, then handed to the provider. */
export async function sendAlert(
  deps: CoverageAlertDependencies,
  alertId: number,
  isLastTry: boolean,
): Promise<SendOutcome> {
  const now = deps.clock.now();
  let later: number | undefined;
  const alert = await deps.db
    .transaction(async (tx) => {
      const locked = await lockAlert(tx, alertId);
      if (locked === null) return null; // another worker has it
      if (locked.status === 'sending') {
        // The last hand-over never reported back (a crash): it may have arrived, so never again by itself.
        await setAlertStatus(tx, alertId, {
          status: 'failed',
          lastError: 'interrupted while handing over; it may have arrived',
        });
        return null;
      }
      if (locked.status !== 'queued') return null;
      if (locked.unsubscribed || locked.hasOrdered) {
        await setAlertStatus(tx, alertId, {
          status: 'skipped',
          lastError: locked.unsubscribed ? 'unsubscribed' : 'has ordered',
        });
        return { ...locked, status: 'skipped' as const };
      }
      await spendBudgets(tx, now, [sendBudget(deps, locked.channel)]);
      await setAlertStatus(tx, alertId, { status: 'sending', countAttempt: true });
      return locked;
    })
    .catch((error: unknown) => {
      if (!(error instanceof BudgetSpent)) throw error;
      later = error.retryAfterSeconds;
      return null;
    });
  if (later !== undefined) {
    await deps.db.transaction((tx) => queueSendsAfter(deps.queue, tx, alertId, later!));
    return 'later';
  }
  if (alert === null) return 'gone';
  if (alert.status === 'skipped') return 'skipped';

  const message = messagesOf(deps, alert);
  try {
    if (alert.channel === 'sms') await deps.send.sms(alert.msisdn!, message.sms);
    else await deps.send.email({ to: alert.email, ...message.email });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the provider refused it';
    await setAlertStatus(deps.db, alertId, {
      status: isLastTry ? 'failed' : 'queued',
      lastError: reason.slice(0, 300),
    });
    throw error; // pg-boss tries again later, with backoff
  }
  await setAlertStatus(deps.db, alertId, { status: 'sent', sentAt: deps.clock.now() });
  return 'sent';
}

async function queueSendsAfter(
  queue: JobQueue,
  tx: Db,
  alertId: number,
  seconds: number,
): Promise<void> {
  await queue.boss.insert(
    [
      {
        name: SEND_QUEUE,
        data: { alertId },
        retryLimit: SEND_RETRY_LIMIT,
        retryBackoff: true,
        retryDelay: 30,
        expireInSeconds: SEND_EXPIRE_SECONDS,
        startAfter: new Date(Date.now() + seconds * 1000),
      },
    ],
    queue.inTransaction(tx),
  );
}

// ── The operator's view and the household's links ──────────────────────────────────────────────

export function countAlerts(db: Db): Promise<AlertCounts> {
  return alertCounts(db);
}

/** Failed alerts queued again (all, or the ids given); answers how many. */
export async function retryFailed(
  deps: Pick<CoverageAlertDependencies, 'db' | 'queue'>,
  ids: readonly number[] | 'all',
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const requeued = await requeueFailed(tx, ids);
    await queueSends(deps.queue, tx, requeued);
    return requeued.length;
  });
}

/** The unsubscribe link: the email hears nothing more from the waitlist, from the next send on. */
export async function unsubscribe(
  deps: Pick<CoverageAlertDependencies, 'db' | 'clock' | 'linkKey'>,
  token: string,
): Promise<void> {
  const requestId = requestOfToken(deps.linkKey, 'unsubscribe', token);
  const request = await requestAddress(deps.db, requestId);
  if (request === undefined) {
    throw invalidLink();
  }
  await unsubscribeEmail(deps.db, String(request['email']), deps.clock.now());
}

/** The address an alert's link opens (the household's own request). */
export async function arrivedAddress(
  deps: Pick<CoverageAlertDependencies, 'db' | 'linkKey'>,
  token: string,
): Promise<Record<string, string | number | null>> {
  const requestId = requestOfToken(deps.linkKey, 'open', token);
  const request = await requestAddress(deps.db, requestId);
  if (request === undefined) {
    throw invalidLink();
  }
  return Object.fromEntries(Object.entries(request).filter(([column]) => column !== 'email'));
}

// ── Workers ──────────────────────────────────────────────────────────────────────────────────────

/** The sweep and send workers of this process, and the periodic sweep (one across replicas). */
export async function startCoverageAlertWorkers(
  deps: CoverageAlertDependencies,
  options: { sendBatch: number; sendLoops: number },
): Promise<void> {
  const { boss } = deps.queue;
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: 'singleton' });
  await boss.createQueue(SEND_QUEUE, { name: SEND_QUEUE });
  await boss.schedule(SWEEP_QUEUE, SWEEP_CRON, {}, { tz: 'Asia/Manila' });
  await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await sweep(deps);
  });
  const sendJobs = async (jobs: PgBoss.JobWithMetadata<{ alertId: number }>[]) => {
    // Each job on its own: a refused alert is failed (and tried again later) without its batch.
    for (const job of jobs) {
      try {
        await sendAlert(deps, job.data.alertId, job.retryCount >= job.retryLimit);
      } catch (error) {
        deps.log.warn({ err: error, alertId: job.data.alertId }, 'coverage alert not sent');
        await boss.fail(SEND_QUEUE, job.id, {});
      }
    }
  };
  // A few loops per process hand alerts over side by side (a provider's answer takes a while).
  for (let loop = 0; loop < options.sendLoops; loop += 1) {
    await boss.work<{ alertId: number }>(
      SEND_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: options.sendBatch, includeMetadata: true },
      sendJobs,
    );
  }
}
