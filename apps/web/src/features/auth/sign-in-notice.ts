import * as z from 'zod';

// A note the sign-in screen shows about how the customer got there, passed in the navigation state.

const ZSignInNotice = z.object({ notice: z.literal('exists') });

/** From signup: the number already has an account, so the customer signs in instead. */
export const SIGN_IN_NOTICE_EXISTS: z.infer<typeof ZSignInNotice> = { notice: 'exists' };

export function hasExistsNotice(state: unknown): boolean {
  return ZSignInNotice.safeParse(state).success;
}
