import * as z from 'zod';

// pcp/redirect → pcp/decryptionerror: why the link could not be used (ADR 010: it does not decrypt, or
// it has expired) travels in the navigation state so the error screen can say which.

export const LINK_PROBLEMS = ['invalid', 'expired'] as const;
export type LinkProblem = (typeof LINK_PROBLEMS)[number];

const ZLinkProblemState = z.object({ linkProblem: z.enum(LINK_PROBLEMS) });

export function linkProblemState(problem: LinkProblem): z.infer<typeof ZLinkProblemState> {
  return { linkProblem: problem };
}

export function readLinkProblem(state: unknown): LinkProblem {
  const parsed = ZLinkProblemState.safeParse(state);
  return parsed.success ? parsed.data.linkProblem : 'invalid';
}
