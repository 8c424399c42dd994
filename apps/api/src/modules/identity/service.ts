import type { Db } from '../../platform/db/database';
import {
  findTokensRevokedUpTo,
  findUserById,
  renameUser,
  upsertNotificationIdentifier,
} from './store';

// Identity's face to the rest of the API: what other modules and the composition root may ask of it.
// Identity imports no module that imports it: the account module reads a user's number here, and
// identity reaches accounts only through the `UserAccounts` the composition root hands it (ADR 088).

/** For authenticate: the user's revocation cutoff (undefined: no such user). */
export function tokensRevokedUpTo(db: Db, userId: string): Promise<Date | null | undefined> {
  return findTokensRevokedUpTo(db, userId);
}

/** The user's mobile number, or undefined when there is no such user. */
export async function msisdnOfUser(db: Db, userId: string): Promise<string | undefined> {
  return (await findUserById(db, userId))?.msisdn;
}

/** ADR 092: the user's first name (as the header greets it), or undefined when there is no such user. */
export async function firstNameOfUser(db: Db, userId: string): Promise<string | undefined> {
  return (await findUserById(db, userId))?.firstName;
}

/** product §7.1 update info: the user's name as the header greets it. */
export function changeUserName(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  return renameUser(db, userId, name.firstName, name.lastName);
}

/** product §7.1 update notification info (ADR 032: with what the validation said of it). */
export function saveNotificationIdentifier(
  db: Db,
  entry: {
    userId: string;
    identifierType: string;
    identifier: string;
    verification: string;
    at: Date;
  },
): Promise<void> {
  return upsertNotificationIdentifier(db, entry);
}

export type { PinHasher } from './pin-secret';
export type { UserAccounts } from './identity-dependencies';
/** ADR 046: operator passwords are hashed exactly as PINs are. */
export { createPinHasher } from './pin-secret';
