import { and, asc, eq } from 'drizzle-orm';
import type { TAddressParts } from '@konek/contract/address-book';
import type { Db } from '../../platform/db/database';
import { isUuid } from '../../platform/auth/is-uuid';
import { accountAddresses } from '../../db/schema/address-book';

export type StoredAddress = typeof accountAddresses.$inferSelect;

/** The account's address of `type`, its row locked until the transaction ends. */
export async function lockAddressOfType(
  tx: Db,
  accountId: string,
  type: number,
): Promise<StoredAddress | undefined> {
  const [row] = await tx
    .select()
    .from(accountAddresses)
    .where(and(eq(accountAddresses.accountId, accountId), eq(accountAddresses.type, type)))
    .for('update');
  return row;
}

/** The account's address `id`, locked; undefined when the account has no such address. */
export async function lockAddress(
  tx: Db,
  accountId: string,
  id: string,
): Promise<StoredAddress | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(accountAddresses)
    .where(and(eq(accountAddresses.id, id), eq(accountAddresses.accountId, accountId)))
    .for('update');
  return row;
}

/** A new address, or undefined when another request made the account's address of this type first. */
export async function insertAddress(
  tx: Db,
  values: {
    accountId: string;
    type: number;
    barangayCode: string;
    parts: TAddressParts;
    at: Date;
  },
): Promise<StoredAddress | undefined> {
  const [row] = await tx
    .insert(accountAddresses)
    .values({
      accountId: values.accountId,
      type: values.type,
      barangayCode: values.barangayCode,
      parts: values.parts,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateAddress(
  tx: Db,
  id: string,
  values: { barangayCode: string; parts: TAddressParts; at: Date },
): Promise<StoredAddress> {
  const [row] = await tx
    .update(accountAddresses)
    .set({ barangayCode: values.barangayCode, parts: values.parts, updatedAt: values.at })
    .where(eq(accountAddresses.id, id))
    .returning();
  return row!;
}

/** The account's addresses (of `type` when given), first saved first. */
export async function listAddresses(
  db: Db,
  accountId: string,
  type?: number,
): Promise<StoredAddress[]> {
  return db
    .select()
    .from(accountAddresses)
    .where(
      type === undefined
        ? eq(accountAddresses.accountId, accountId)
        : and(eq(accountAddresses.accountId, accountId), eq(accountAddresses.type, type)),
    )
    .orderBy(asc(accountAddresses.createdAt), asc(accountAddresses.id));
}
