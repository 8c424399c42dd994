import pRetry from 'p-retry';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import type { CallFailure, CallResult } from './call';

// product §7.1 / §9: some calls are retried while their reply's code is not 0 (reserve resource, time slots,
// reserve appointment: up to 3 attempts, 1 s apart). The last reply is returned whatever its code, so the
// caller decides where a final failure goes (product §8 flow failures).

export type RetryOptions = {
  /** Total number of calls, the first included. */
  attempts: number;
  delayMs: number;
};

class UnsuccessfulReply extends Error {
  constructor() {
    super('The reply code was not 0');
    this.name = 'UnsuccessfulReply';
  }
}

export async function retryUntilSuccess<TReply extends { code: number }>(
  call: () => Promise<TReply>,
  { attempts, delayMs }: RetryOptions,
  /** A reply that asking again cannot change: the attempts end with it. */
  isFinal?: (reply: TReply) => boolean,
): Promise<TReply> {
  const latest: { reply?: TReply } = {};
  try {
    return await pRetry(
      async () => {
        const reply = await call();
        latest.reply = reply;
        if (reply.code !== SUCCESS_CODE && !isFinal?.(reply)) throw new UnsuccessfulReply();
        return reply;
      },
      {
        retries: Math.max(0, attempts - 1),
        factor: 1,
        minTimeout: delayMs,
        maxTimeout: delayMs,
        randomize: false,
        // A thrown error (e.g. "Auth expired") is not a reply: it ends the attempts at once.
        shouldRetry: (error) => error instanceof UnsuccessfulReply,
      },
    );
  } catch (error) {
    if (error instanceof UnsuccessfulReply && latest.reply) return latest.reply;
    throw error;
  }
}

/**
 * A failure another attempt may turn into a success: no answer at all, a server error, or "too many
 * requests". A refusal the server gave for the request itself (a 4xx: the slot was taken, the network
 * is full) is its answer, and asking again a second later only delays telling the customer.
 */
export function mayPassOnRetry(failure: Pick<CallFailure, 'status' | 'unreachable'>): boolean {
  return failure.unreachable || failure.status >= 500 || failure.status === 429;
}

/**
 * One of lib/call.ts's calls, attempted up to `attempts` times `delayMs` apart while it fails in a way
 * that may pass (product §9 retries); resolves with the last result.
 */
export async function retryCall<T>(
  attempt: () => Promise<CallResult<T>>,
  options: RetryOptions,
): Promise<CallResult<T>> {
  const last = await retryUntilSuccess(
    async () => {
      const result = await attempt();
      return { code: result.ok ? SUCCESS_CODE : failureCode(result), result };
    },
    options,
    ({ result }) => !result.ok && !mayPassOnRetry(result),
  );
  return last.result;
}

/** A failure always counts as not 0, even one whose envelope said 0 with an error status. */
function failureCode(failure: CallFailure): number {
  return failure.code === SUCCESS_CODE ? failure.status : failure.code;
}
