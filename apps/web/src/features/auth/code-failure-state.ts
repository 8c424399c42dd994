import * as z from 'zod';
import type { CallFailure } from './api/call-outcome';

// checkotp → nominateyourpin → (verify_challenge refuses the code) → checkotp: the refusal travels back
// in the navigation state, so the code screen shows why (wrong with tries left, expired, too many tries).

const ZCodeFailureState = z.object({
  codeFailure: z.object({
    module: z.string(),
    code: z.number(),
    message: z.string(),
    attemptsLeft: z.number().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});

export function codeFailureState(failure: CallFailure): z.infer<typeof ZCodeFailureState> {
  return { codeFailure: failure };
}

export function readCodeFailure(state: unknown): CallFailure | null {
  const parsed = ZCodeFailureState.safeParse(state);
  return parsed.success ? parsed.data.codeFailure : null;
}
