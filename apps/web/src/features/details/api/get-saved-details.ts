import type { TConsent } from '@konek/contract/consents';
import { getProfileCall, type TUserProfile } from '@konek/contract/update-info';
import { call } from '../../../lib/call';
import { currentConsents, fetchConsents } from '../../../lib/consents';

export type SavedDetails = {
  /** What update_info saved (names, suffix, representative); null before the first save. */
  profile: TUserProfile | null;
  /** The latest decision of each consent. */
  consents: { terms: TConsent | undefined; sharing: TConsent | undefined };
};

/**
 * product §2.4 update=true: what the customer saved before — get_profile (Konek's own call beside
 * update_info) and their consents — so updating starts from it. A call that fails reads as nothing saved.
 */
export async function fetchSavedDetails(
  userId: string,
  signal?: AbortSignal,
): Promise<SavedDetails> {
  const [profile, consents] = await Promise.all([
    call(getProfileCall, { target_id: userId }, { signal }),
    fetchConsents(userId, signal),
  ]);
  return {
    profile: profile.ok ? profile.reply.profile : null,
    consents: consents.ok
      ? currentConsents(consents.reply.consents)
      : { terms: undefined, sharing: undefined },
  };
}
