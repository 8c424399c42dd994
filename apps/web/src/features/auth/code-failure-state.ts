import * as z from 'zod';
import { ZErrorReply } from '@konek/contract/call';
import type { CallFailure } from '../../lib/call';

// checkotp → nominateyourpin → (verify_challenge refuses the code) → checkotp: the refusal travels back
// in the navigation state, so the code screen shows why (wrong with tries left, expired, too many tries).

const ZCodeFailureState = z.object({
  codeFailure: z.object({
    status: z.number(),
    module: z.string(),
    code: z.number(),
    message: z.string(),
    unreachable: z.boolean(),
    /** The server's envelope with the tries left or the wait it names (failureDetails). */
    reply: ZErrorReply.optional(),
  }),
});

export function codeFailureState(failure: CallFailure): z.infer<typeof ZCodeFailureState> {
  const { status, module, code, message, unreachable, reply } = failure;
  return {
    codeFailure: { status, module, code, message, unreachable, ...(reply ? { reply } : {}) },
  };
}

export function readCodeFailure(state: unknown): CallFailure | null {
  const parsed = ZCodeFailureState.safeParse(state);
  return parsed.success ? parsed.data.codeFailure : null;
}
