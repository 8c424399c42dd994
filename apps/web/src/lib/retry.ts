import pRetry from 'p-retry';
import { SUCCESS_CODE } from '@konek/contract/envelope';

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
): Promise<TReply> {
  const latest: { reply?: TReply } = {};
  try {
    return await pRetry(
      async () => {
        const reply = await call();
        latest.reply = reply;
        if (reply.code !== SUCCESS_CODE) throw new UnsuccessfulReply();
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
