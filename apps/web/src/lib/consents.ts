import {
  PREPAID_TERMS_VERSION,
  PRIVACY_NOTICE_VERSION,
  getConsentsCall,
  recordConsentsCall,
  type TConsent,
  type TConsentKind,
} from '@konek/contract/consents';
import { call } from './call';

// product §2.4 consent checks, kept as the Data Privacy Act asks (ADR 033): the details page records what
// the customer ticked; the privacy notice shows the current choices and lets the optional one be
// withdrawn or given. Both record with the versions on screen now.

export type ConsentChoices = { prepaidTerms?: true; informationSharing?: boolean };

export function recordConsents(userId: string, choices: ConsentChoices) {
  return call(recordConsentsCall, {
    ...(choices.prepaidTerms ? { prepaid_terms: true as const } : {}),
    ...(choices.informationSharing === undefined
      ? {}
      : { information_sharing: choices.informationSharing }),
    terms_version: PREPAID_TERMS_VERSION,
    privacy_notice_version: PRIVACY_NOTICE_VERSION,
    target_id: userId,
  });
}

export function fetchConsents(userId: string, signal?: AbortSignal) {
  return call(getConsentsCall, { target_id: userId }, { signal });
}

/** The latest decision of `kind`, or undefined when none was recorded. */
export function latestConsent(
  consents: readonly TConsent[],
  kind: TConsentKind,
): TConsent | undefined {
  return consents.find((consent) => consent.kind === kind);
}

/** The latest decisions on the prepaid terms and on "Information We Share". */
export function currentConsents(consents: readonly TConsent[]): {
  terms: TConsent | undefined;
  sharing: TConsent | undefined;
} {
  return {
    terms: latestConsent(consents, 'prepaid_terms'),
    sharing: latestConsent(consents, 'information_sharing'),
  };
}
