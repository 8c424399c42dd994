import type { TAccountInfo } from '@konek/contract/get-account';
import { DomainError } from '../../platform/domain-error';
import { requireOperator } from '../../platform/operator';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { msisdnOfUser } from '../identity/service';
import { addressesOf } from '../address-book/service';
import { accountIdsOf, findAccount, findAccountOwner, upsertAccount } from './store';

// product §9 target type 2: a user's account with the operator. Registration creates it; add_account
// (product §4.3: when the session has no account id) returns the same one, so it is safe to repeat.

/** The user's account with `providerId`, created on first use. */
export function ensureAccount(
  db: Db,
  clock: Clock,
  userId: string,
  providerId: string,
): Promise<string> {
  return upsertAccount(db, userId, providerId, clock.now());
}

/** product §7.1 add account: only the configured operator's accounts exist here. */
export async function addAccount(
  db: Db,
  clock: Clock,
  request: { userId: string; providerId: string; operatorName: string },
): Promise<string> {
  requireOperator(request.providerId, request.operatorName, 'account_properties.provider_id');
  return ensureAccount(db, clock, request.userId, request.providerId);
}

export function accountIdsOfUser(db: Db, userId: string): Promise<string[]> {
  return accountIdsOf(db, userId);
}

/** For the ownership check of account targets (platform/auth/target-ownership.ts). */
export function ownerOfAccount(db: Db, accountId: string): Promise<string | null> {
  return findAccountOwner(db, accountId);
}

/** product §7.1 get account (session); product §3: account_info.addresses by id, each with its type. */
export async function accountInfo(db: Db, accountId: string): Promise<TAccountInfo> {
  const account = await findAccount(db, accountId);
  // The route checked ownership first, so a missing account here means it vanished meanwhile.
  const msisdn = account && (await msisdnOfUser(db, account.userId));
  if (!account || msisdn === undefined) throw new DomainError('common', 'NOT_FOUND');
  return {
    account_id: account.id,
    user_id: account.userId,
    provider_id: account.providerId,
    msisdn,
    addresses: Object.fromEntries(
      (await addressesOf(db, account.id)).map((address) => [address.id, address]),
    ),
    created_at: account.createdAt.toISOString(),
  };
}
