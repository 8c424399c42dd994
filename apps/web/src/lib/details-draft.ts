import * as z from 'zod';
import { readParsed, writeJson } from './browser-storage';

// product §2.4: what the customer typed on the details page is never lost — not on a refresh, not when
// a step of the submit fails and they come back. It is kept in this tab's sessionStorage (personal data
// does not outlive the tab) under the signed-in user's id, so another customer signing in on the same tab
// starts empty. The schedule step reads the representative from it (product §4.4).

export const DETAILS_DRAFT_STORAGE_KEY = 'konek.details-draft';

export const PRESENCE_ANSWERS = ['Yes', 'No'] as const;
export type TPresenceAnswer = (typeof PRESENCE_ANSWERS)[number];

export const ZDetailsValues = z.object({
  firstName: z.string(),
  lastName: z.string(),
  suffix: z.string(),
  email: z.string(),
  /** "Will you personally be present during the installation?"; null until answered. */
  isPresent: z.enum(PRESENCE_ANSWERS).nullable(),
  representative: z.object({
    firstName: z.string(),
    lastName: z.string(),
    mobileNumber: z.string(),
  }),
  consents: z.object({ prepaidTerms: z.boolean(), informationSharing: z.boolean() }),
});
export type TDetailsValues = z.infer<typeof ZDetailsValues>;

const ZDraft = z.object({ userId: z.string(), values: ZDetailsValues });

/** The draft the user `userId` left in this tab, or null. */
export function readDetailsDraft(
  userId: string,
  storage: Storage = window.sessionStorage,
): TDetailsValues | null {
  const draft = readParsed(storage, DETAILS_DRAFT_STORAGE_KEY, ZDraft);
  return draft?.userId === userId ? draft.values : null;
}

export function saveDetailsDraft(
  userId: string,
  values: TDetailsValues,
  storage: Storage = window.sessionStorage,
): void {
  writeJson(storage, DETAILS_DRAFT_STORAGE_KEY, { userId, values });
}
