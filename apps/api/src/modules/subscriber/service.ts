import { addMobilePrefix } from '@konek/contract/msisdn';
import type { TSubscriberProfile } from '@konek/contract/get-prepaid-account';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { isRecentlyVerifiedReference } from '../otp/service';
import { findSubscriber } from './store';

/** product §3: the birthday is shown DD/MM/YYYY (stored as an ISO date). */
export function formatBirthday(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * product §7.1 get account (prepaid): the operator's profile of a subscriber, only for the holder of the
 * number — shown by the reference_id of a code verified for it in the last 30 minutes (ADR 011).
 */
export async function subscriberProfile(
  db: Db,
  clock: Clock,
  request: { localMsisdn: string; referenceId: string },
): Promise<TSubscriberProfile> {
  const msisdn = addMobilePrefix(request.localMsisdn);
  if (!(await isRecentlyVerifiedReference(db, clock, request.referenceId, msisdn))) {
    throw new DomainError('subscriber', 'REFERENCE_NOT_VERIFIED');
  }
  const subscriber = await findSubscriber(db, msisdn);
  if (!subscriber) throw new DomainError('subscriber', 'PROFILE_NOT_FOUND');
  return {
    first_name: subscriber.firstName,
    middle_name: subscriber.middleName,
    last_name: subscriber.lastName,
    gender: subscriber.gender,
    birthday: formatBirthday(subscriber.birthday),
    email: subscriber.email,
    mother_maiden_name: subscriber.motherMaidenName,
  };
}
