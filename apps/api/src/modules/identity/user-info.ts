import type { TUserInfo } from '@konek/contract/get-user';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import type { UserAccounts } from './identity-dependencies';
import { findUserById, notificationIdentifiersOf } from './store';

/** product §7.1 get user → user_info; product §3 userDetail reads properties and notification_identifiers. */
export async function userInfo(db: Db, accounts: UserAccounts, userId: string): Promise<TUserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('common', 'NOT_FOUND');
  const identifiers = await notificationIdentifiersOf(db, userId);
  return {
    user_id: user.id,
    msisdns: [user.msisdn],
    properties: { first_name: user.firstName, last_name: user.lastName },
    notification_identifiers: identifiers.map((entry) => ({
      identifier_type: entry.identifierType,
      identifier: entry.identifier,
    })),
    account_ids: await accounts.idsOf(db, userId),
    created_at: user.createdAt.toISOString(),
  };
}
