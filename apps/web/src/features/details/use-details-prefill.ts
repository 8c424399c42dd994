import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSubscriberProfile } from '@konek/contract/get-prepaid-account';
import {
  NOTIFICATION_IDENTIFIER_TYPE_EMAIL,
  getUserCall,
  type TUserInfo,
} from '@konek/contract/get-user';
import { toDisplayMobile } from '@konek/contract/validation';
import { call } from '../../lib/call';
import { readDetailsDraft } from '../../lib/details-draft';
import { getSession } from '../../lib/session';
import { loadJourney } from '../../lib/session-journey';
import { webConfigQuery } from '../../lib/web-config';
import { fetchSavedDetails, type SavedDetails } from './api/get-saved-details';
import { fetchSubscriberProfile } from './api/get-subscriber-profile';
import { EMPTY_DETAILS, type DetailsValues } from './details-schema';

// product §2.4: the form starts from what Konek knows. What the customer typed in this tab comes first
// (nothing is lost on a refresh); otherwise the names come from the operator's subscriber profile when
// a verified reference id is at hand (right after sign-up), else from the account (get_user), and the
// email from the account's notification identifiers (or the profile). In update mode (update=true) what
// the customer saved is what is updated: get_profile's names, suffix and representative, and the consents
// they gave.

export function prefilledValues(
  user: TUserInfo | null,
  profile: TSubscriberProfile | null,
  isUpdate: boolean,
): DetailsValues {
  const accountEmail = user?.notification_identifiers.find(
    (entry) => entry.identifier_type === NOTIFICATION_IDENTIFIER_TYPE_EMAIL,
  )?.identifier;
  const accountNames = user
    ? { firstName: user.properties.first_name, lastName: user.properties.last_name }
    : null;
  const profileNames = profile
    ? { firstName: profile.first_name, lastName: profile.last_name }
    : null;
  const names = (isUpdate ? (accountNames ?? profileNames) : (profileNames ?? accountNames)) ?? {
    firstName: '',
    lastName: '',
  };
  return { ...EMPTY_DETAILS, ...names, email: accountEmail ?? profile?.email ?? '' };
}

/** Update mode: the values prefilled from the account, with what the customer saved on top. */
export function savedValues(base: DetailsValues, saved: SavedDetails): DetailsValues {
  const { profile, consents } = saved;
  const representative = profile?.alternate_contact;
  return {
    ...base,
    ...(profile
      ? {
          firstName: profile.first_name,
          lastName: profile.last_name,
          suffix: profile.suffix ?? base.suffix,
          isPresent: representative ? 'No' : 'Yes',
        }
      : {}),
    representative: representative
      ? {
          firstName: representative.first_name,
          lastName: representative.last_name,
          mobileNumber: toDisplayMobile(representative.phone_number),
        }
      : base.representative,
    consents: {
      prepaidTerms: consents.terms?.granted === true,
      informationSharing: consents.sharing?.granted === true,
    },
  };
}

async function loadPrefill(
  userId: string,
  isUpdate: boolean,
  loadOssSegment: () => Promise<string>,
  signal: AbortSignal,
): Promise<DetailsValues> {
  const draft = readDetailsDraft(userId);
  if (draft) return draft;
  const session = getSession();
  const [userResult, journey] = await Promise.all([
    call(getUserCall, { target_id: userId }, { signal }),
    loadJourney(),
  ]);
  const user = userResult.ok ? userResult.reply.user_info : (session?.user ?? null);
  const msisdn = session?.mobileId ?? user?.msisdns[0];
  const referenceId = journey?.referenceId;
  const profile =
    referenceId && msisdn && !isUpdate
      ? await fetchSubscriberProfile(await loadOssSegment(), msisdn, referenceId, signal)
      : null;
  const base = prefilledValues(user, profile, isUpdate);
  return isUpdate ? savedValues(base, await fetchSavedDetails(userId, signal)) : base;
}

/** The form's starting values; pending while the account and profile are read. */
export function useDetailsPrefill(userId: string, isUpdate: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['details-prefill', userId, isUpdate],
    queryFn: ({ signal }) =>
      loadPrefill(
        userId,
        isUpdate,
        async () => (await queryClient.fetchQuery(webConfigQuery)).ossSegment,
        signal,
      ),
    // Read once when the page opens: afterwards the form (and its draft) is the truth.
    staleTime: Infinity,
    gcTime: 0,
  });
}
