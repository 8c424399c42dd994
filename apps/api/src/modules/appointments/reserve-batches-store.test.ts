import { describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { reserveInBatches } from './reserve-batches-store';
import type { ReserveInOneStatement } from './store';

// ADR 065: when bookings go to the database, and with which others. The database is a stand-in that
// records each statement and answers when told to; what a statement does is appointments.test.ts's.

type Sent = { isBatch: boolean; accounts: string[]; answer: () => void };

function recordingPool(): { pool: Pool; sent: Sent[] } {
  const sent: Sent[] = [];
  const query = (config: { name: string; values: unknown[] }) =>
    new Promise((resolve) => {
      const isBatch = config.name.startsWith('konek_reserve_appointments');
      const accounts = isBatch ? (config.values[2] as string[]) : [config.values[2] as string];
      const refusal = { outcome: 'TIME_SLOT_NOT_FOUND' };
      const r = isBatch ? accounts.map(() => refusal) : refusal;
      sent.push({ isBatch, accounts, answer: () => resolve({ rows: [{ r }] }) });
    });
  return { pool: { query } as unknown as Pool, sent };
}

function booking(accountId: string): ReserveInOneStatement {
  const now = new Date('2026-12-01T01:00:00Z');
  return {
    userId: `user-${accountId}`,
    tokenStart: now.getTime(),
    accountId,
    slotId: null,
    startsAt: null,
    endsAt: null,
    isPeriodValid: true,
    now,
    firstBookableDay: now,
    expiresAt: now,
    activityType: 'Installation',
  };
}

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));
const accounts = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `account-${from + index}`);

describe('reserve_appointment batches (ADR 065)', () => {
  it('sends the bookings of one turn of the event loop together, the first not alone', async () => {
    const { pool, sent } = recordingPool();
    const answers = accounts(0, 5).map((account) => reserveInBatches(pool, booking(account)));
    expect(sent).toHaveLength(0);

    await endOfTurn();
    expect(sent.map(({ isBatch, accounts }) => ({ isBatch, accounts }))).toEqual([
      { isBatch: true, accounts: accounts(0, 5) },
    ]);
    sent[0]!.answer();
    expect(await Promise.all(answers)).toEqual(
      accounts(0, 5).map(() => ({ outcome: 'TIME_SLOT_NOT_FOUND' })),
    );
  });

  it('sends a booking alone when it is the only one, at the end of its turn', async () => {
    const { pool, sent } = recordingPool();
    const answer = reserveInBatches(pool, booking('alone'));
    await endOfTurn();
    expect(sent.map(({ isBatch, accounts }) => ({ isBatch, accounts }))).toEqual([
      { isBatch: false, accounts: ['alone'] },
    ]);
    sent[0]!.answer();
    expect(await answer).toEqual({ outcome: 'TIME_SLOT_NOT_FOUND' });
  });

  it('starts a second statement while one is out only for a full batch, and never a fourth', async () => {
    const { pool, sent } = recordingPool();
    const all: Promise<unknown>[] = [];
    const arrive = async (from: number, count: number) => {
      all.push(...accounts(from, count).map((account) => reserveInBatches(pool, booking(account))));
      await endOfTurn();
    };

    await arrive(0, 3);
    expect(sent.map((statement) => statement.accounts.length)).toEqual([3]);
    // Fifteen wait while the first statement is out: not yet a full batch, so they wait.
    await arrive(3, 15);
    expect(sent.map((statement) => statement.accounts.length)).toEqual([3]);
    // The sixteenth fills a batch, which goes at once beside the first.
    await arrive(18, 1);
    expect(sent.map((statement) => statement.accounts.length)).toEqual([3, 16]);
    // Two more full batches: one goes (three out), the other waits for a statement to come back.
    await arrive(19, 32);
    expect(sent.map((statement) => statement.accounts.length)).toEqual([3, 16, 16]);

    sent[0]!.answer();
    await endOfTurn();
    expect(sent.map((statement) => statement.accounts.length)).toEqual([3, 16, 16, 16]);
    expect(sent[3]!.accounts).toEqual(accounts(35, 16));

    for (const statement of sent.slice(1)) statement.answer();
    expect(await Promise.all(all)).toHaveLength(51);
  });
});
