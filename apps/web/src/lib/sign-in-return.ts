import * as z from 'zod';

// product §2.4 / §2.5: the details and schedule pages need a signed-in customer. One who is not signed in
// goes to the sign-in page and, once signed in, comes back to the page they opened (with its query, e.g.
// update=true). The page travels in the navigation's state, never in the URL.

const ZSignInReturn = z.object({
  // Only a page of the journey or the privacy notice (the customer's consent choices): a state some
  // other code wrote cannot send the customer elsewhere.
  returnTo: z.string().regex(/^\/(serviceability\/[A-Za-z]+|privacy)(\?[\w=&-]*)?$/),
});

export function signInReturnState(returnTo: string): z.infer<typeof ZSignInReturn> {
  return { returnTo };
}

/** The page to go back to after signing in, or null. */
export function readSignInReturn(state: unknown): string | null {
  const parsed = ZSignInReturn.safeParse(state);
  return parsed.success ? parsed.data.returnTo : null;
}
