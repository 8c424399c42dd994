import {
  CONSENT_KINDS,
  PREPAID_TERMS_VERSION,
  PRIVACY_NOTICE_VERSION,
  type TConsent,
  type TConsentKind,
  type TRecordConsentsRequest,
} from '@konek/contract/consents';
import { NOTIFICATION_IDENTIFIER_TYPE_EMAIL } from '@konek/contract/get-user';
import type { TUpdateInfoRequest, TUserProfile } from '@konek/contract/update-info';
import type { TUpdateNotificationInfoResponse } from '@konek/contract/update-notification-info';
import { isAcceptedEmailStatus, MESSAGE_EMAIL, SUFFIX_OPTIONS } from '@konek/contract/validation';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { changeUserName, msisdnOfUser, saveNotificationIdentifier } from '../identity/service';
import { validateEmail, verificationRecord, type EmailLookups } from '../email-validation/service';
import {
  findProfile,
  insertConsents,
  listConsents,
  lockUserConsents,
  upsertProfile,
  type NewConsent,
  type StoredConsent,
  type StoredProfile,
} from './store';

// product §7.1 update info and update notification info, §2.4 consent checks: what the details page saves
// per user. Each call is safe to repeat: it sets the state it names.

export type ProfileDependencies = { db: Db; clock: Clock; emailLookups: EmailLookups };

const fieldError = (field: string, message: string) =>
  new DomainError('common', 'VALIDATION_FAILED', { field }, `${field}: ${message}`);

const isSuffix = (value: string | null): value is TUserProfile['suffix'] =>
  value === null || SUFFIX_OPTIONS.some((option) => option === value);

function toProfile(stored: StoredProfile, phone: string): TUserProfile {
  const { alternateFirstName, alternateLastName, alternatePhone } = stored;
  return {
    first_name: stored.firstName,
    last_name: stored.lastName,
    suffix: isSuffix(stored.suffix) ? stored.suffix : null,
    phone,
    alternate_contact:
      alternateFirstName !== null && alternateLastName !== null && alternatePhone !== null
        ? {
            first_name: alternateFirstName,
            last_name: alternateLastName,
            phone_number: alternatePhone,
          }
        : null,
  };
}

/**
 * product §7.1 update info: the name (also the user's, so the header greets it), the suffix, and the
 * representative — absent or null clears it (the customer will be present). The phone must be the
 * account's own number: it is read-only on the page (product §2.4).
 */
export async function updateInfo(
  deps: ProfileDependencies,
  userId: string,
  request: Pick<
    TUpdateInfoRequest,
    'first_name' | 'last_name' | 'phone' | 'suffix' | 'alternate_contact'
  >,
): Promise<TUserProfile> {
  const msisdn = await msisdnOfUser(deps.db, userId);
  if (msisdn === undefined) throw new DomainError('common', 'NOT_FOUND');
  if (request.phone !== msisdn)
    throw fieldError('phone', 'this is not the number of this account.');
  const alternate = request.alternate_contact ?? null;
  const stored = await deps.db.transaction(async (tx) => {
    await changeUserName(tx, userId, {
      firstName: request.first_name,
      lastName: request.last_name,
    });
    return upsertProfile(tx, {
      userId,
      firstName: request.first_name,
      lastName: request.last_name,
      suffix: request.suffix ?? null,
      alternateFirstName: alternate?.first_name ?? null,
      alternateLastName: alternate?.last_name ?? null,
      alternatePhone: alternate?.phone_number ?? null,
      at: deps.clock.now(),
    });
  });
  return toProfile(stored, msisdn);
}

/** The profile update_info saved, or null before the first one. */
export async function profileOf(db: Db, userId: string): Promise<TUserProfile | null> {
  const [stored, msisdn] = await Promise.all([findProfile(db, userId), msisdnOfUser(db, userId)]);
  return stored && msisdn !== undefined ? toProfile(stored, msisdn) : null;
}

/**
 * product §7.1 update notification info: the email where order news goes, checked again here (the page
 * checks it first, product §5). A refused status is a 400 naming the field with the page's message; when
 * the validation service could not answer, the address is saved as "unverified" (ADR 032).
 */
export async function updateNotificationEmail(
  deps: ProfileDependencies,
  userId: string,
  email: string,
  ipAddress: string,
): Promise<TUpdateNotificationInfoResponse> {
  const result = await validateEmail(
    deps.emailLookups,
    { userId, clientAddress: ipAddress },
    email,
  );
  if (!isAcceptedEmailStatus(result.status)) {
    throw fieldError('notification_identifier', MESSAGE_EMAIL);
  }
  const verification = verificationRecord(result);
  await saveNotificationIdentifier(deps.db, {
    userId,
    identifierType: NOTIFICATION_IDENTIFIER_TYPE_EMAIL,
    identifier: email,
    verification,
    at: deps.clock.now(),
  });
  return {
    code: 0,
    module: 'user',
    message: 'OK',
    notification_identifier: email,
    notification_identifier_type: NOTIFICATION_IDENTIFIER_TYPE_EMAIL,
    verification,
  };
}

/** ADR 033: the history a reply carries (decisions change rarely; identical repeats are not stored). */
const HISTORY_LIMIT = 100;

const toConsent = (row: StoredConsent): TConsent => ({
  kind: row.kind,
  granted: row.granted,
  terms_version: row.termsVersion,
  privacy_notice_version: row.privacyNoticeVersion,
  recorded_at: row.recordedAt.toISOString(),
});

function consentsReply(rows: StoredConsent[]) {
  const history = rows.map(toConsent);
  const consents = CONSENT_KINDS.flatMap((kind) => {
    const latest = history.find((decision) => decision.kind === kind);
    return latest ? [latest] : [];
  });
  return { consents, history };
}

export async function consentsOf(db: Db, userId: string) {
  return consentsReply(await listConsents(db, userId, HISTORY_LIMIT));
}

/**
 * ADR 033: each decision is a new row; the prepaid terms can only be given, the information sharing
 * given or withdrawn. Only the versions shown now are accepted. A decision equal to the current one
 * (same answer, same versions) is not recorded again, so a retry adds nothing.
 */
export async function recordConsents(
  deps: Pick<ProfileDependencies, 'db' | 'clock'>,
  userId: string,
  request: Pick<
    TRecordConsentsRequest,
    'prepaid_terms' | 'information_sharing' | 'terms_version' | 'privacy_notice_version'
  >,
) {
  if (request.terms_version !== PREPAID_TERMS_VERSION) {
    throw fieldError('terms_version', `the prepaid terms shown now are ${PREPAID_TERMS_VERSION}.`);
  }
  if (request.privacy_notice_version !== PRIVACY_NOTICE_VERSION) {
    throw fieldError(
      'privacy_notice_version',
      `the privacy notice shown now is ${PRIVACY_NOTICE_VERSION}.`,
    );
  }
  const decisions: [TConsentKind, boolean][] = [];
  if (request.prepaid_terms !== undefined) decisions.push(['prepaid_terms', request.prepaid_terms]);
  if (request.information_sharing !== undefined) {
    decisions.push(['information_sharing', request.information_sharing]);
  }
  if (decisions.length === 0) {
    throw fieldError('body', 'name prepaid_terms or information_sharing.');
  }
  const at = deps.clock.now();
  const rows = await deps.db.transaction(async (tx) => {
    await lockUserConsents(tx, userId);
    const current = consentsReply(await listConsents(tx, userId, HISTORY_LIMIT)).consents;
    const changed: NewConsent[] = decisions
      .filter(([kind, granted]) => {
        const latest = current.find((decision) => decision.kind === kind);
        return !(
          latest &&
          latest.granted === granted &&
          latest.terms_version === request.terms_version &&
          latest.privacy_notice_version === request.privacy_notice_version
        );
      })
      .map(([kind, granted]) => ({
        userId,
        kind,
        granted,
        termsVersion: request.terms_version,
        privacyNoticeVersion: request.privacy_notice_version,
        recordedAt: at,
      }));
    await insertConsents(tx, changed);
    return listConsents(tx, userId, HISTORY_LIMIT);
  });
  return consentsReply(rows);
}
