import { getProfileCall, type TUserProfile } from '@konek/contract/update-info';
import { call } from './call';

/** What the details step saved (names, the representative); null when unread or never saved. */
export async function fetchProfile(
  userId: string,
  signal?: AbortSignal,
): Promise<TUserProfile | null> {
  const result = await call(getProfileCall, { target_id: userId }, { signal });
  return result.ok ? result.reply.profile : null;
}
