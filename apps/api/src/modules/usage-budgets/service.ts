import type { Db } from '../../platform/db/database';
import { deleteEndedWindows, spendInWindow } from './store';

// Budgets counted in PostgreSQL (ADR 022): every replica sees the same counts, with or without Redis.

const WINDOW_MS = { minute: 60 * 1000, hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 } as const;
const ENDED_ROWS_PER_CLEANUP = 100;

export type Budget = {
  /** What is counted and for whom, e.g. `sms:address:203.0.113.9`; the window is added to it. */
  key: string;
  /** Units allowed per window. */
  limit: number;
  /** Units this call spends; 1 unless given. */
  amount?: number;
  /** Fixed windows aligned to UTC: the count restarts at each full minute, hour or day. */
  window: keyof typeof WINDOW_MS;
  /** The error to throw (a DomainError), given the seconds until this budget's window ends. */
  refusal: (retryAfterSeconds: number) => Error;
};

/**
 * Spends the units of every budget inside the caller's transaction, or throws the refusal of the
 * exhausted budget that frees up last (so the wait it names is enough for all of them). Throwing rolls
 * the transaction back, so a refused call spends nothing.
 */
export async function spendBudgets(tx: Db, now: Date, budgets: readonly Budget[]): Promise<void> {
  let refused: { budget: Budget; retryAfterSeconds: number } | undefined;
  let startedWindow = false;
  for (const budget of budgets) {
    const amount = budget.amount ?? 1;
    const size = WINDOW_MS[budget.window];
    const start = Math.floor(now.getTime() / size) * size;
    const end = start + size;
    const used =
      amount > budget.limit
        ? undefined
        : await spendInWindow(tx, {
            key: `${budget.key}:${budget.window}`,
            windowStart: new Date(start),
            windowEndsAt: new Date(end),
            amount,
            limit: budget.limit,
          });
    if (used === amount) startedWindow = true;
    if (used === undefined) {
      const retryAfterSeconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
      if (!refused || retryAfterSeconds > refused.retryAfterSeconds) {
        refused = { budget, retryAfterSeconds };
      }
    }
  }
  if (refused) throw refused.budget.refusal(refused.retryAfterSeconds);
  // A window just started somewhere: a good moment to drop rows of windows that have ended.
  if (startedWindow) await deleteEndedWindows(tx, now, ENDED_ROWS_PER_CLEANUP);
}
