import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { offers, voucherOffers, voucherRedemptions, vouchers } from '../../db/schema/catalog';
import { findVouchers, type VoucherRow } from './voucher-store';

// ADR 091: marketing's writes to the vouchers (ADR 013), and their uses as the redemptions record them.

export type VoucherFields = Omit<
  typeof vouchers.$inferInsert,
  'code' | 'redeemedCount' | 'retiredAt'
>;

export type VoucherUses = { reserved: number; spent: number };

/** Every voucher, by code, with the plans it applies to. */
export async function listAdminVouchers(db: Db): Promise<VoucherRow[]> {
  const codes = await db.select({ code: vouchers.code }).from(vouchers).orderBy(asc(vouchers.code));
  const rows = await findVouchers(
    db,
    codes.map((row) => row.code),
  );
  return rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The uses of each voucher (held by unpaid orders, spent by paid ones); codes never used are absent. */
export async function voucherUses(db: Db): Promise<Map<string, VoucherUses>> {
  const rows = await db
    .select({
      code: voucherRedemptions.voucherCode,
      reserved: sql<number>`(count(*) filter (where ${voucherRedemptions.state} = 'reserved'))::int`,
      spent: sql<number>`(count(*) filter (where ${voucherRedemptions.state} = 'spent'))::int`,
    })
    .from(voucherRedemptions)
    .groupBy(voucherRedemptions.voucherCode);
  return new Map(rows.map((row) => [row.code, { reserved: row.reserved, spent: row.spent }]));
}

/** A new voucher; false when the code is taken. */
export async function insertVoucher(
  tx: Db,
  voucher: VoucherFields & { code: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(vouchers)
    .values(voucher)
    .onConflictDoNothing()
    .returning({ code: vouchers.code });
  return inserted.length > 0;
}

export async function updateVoucher(tx: Db, code: string, fields: VoucherFields): Promise<void> {
  await tx.update(vouchers).set(fields).where(eq(vouchers.code, code));
}

export async function retireVoucherRow(tx: Db, code: string, at: Date): Promise<void> {
  await tx.update(vouchers).set({ retiredAt: at }).where(eq(vouchers.code, code));
}

/** The voucher applies to exactly these offers (none: every offer). */
export async function setVoucherOffers(
  tx: Db,
  code: string,
  offerIds: readonly string[],
): Promise<void> {
  await tx.delete(voucherOffers).where(eq(voucherOffers.voucherCode, code));
  if (offerIds.length === 0) return;
  await tx
    .insert(voucherOffers)
    .values(offerIds.map((offerId) => ({ voucherCode: code, offerId })));
}

/** The offers that exist among these ids. */
export async function existingOffers(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(inArray(offers.id, [...ids]));
  return rows.map((row) => row.id);
}
