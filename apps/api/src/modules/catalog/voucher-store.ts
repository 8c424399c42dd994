import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { voucherOffers, voucherRedemptions, vouchers } from '../../db/schema/catalog';

export type VoucherRow = typeof vouchers.$inferSelect & { offerIds: string[] };

const voucherColumns = {
  code: vouchers.code,
  voucherName: vouchers.voucherName,
  discountKind: vouchers.discountKind,
  discountCentavos: vouchers.discountCentavos,
  discountPercent: vouchers.discountPercent,
  maxDiscountCentavos: vouchers.maxDiscountCentavos,
  freebie: vouchers.freebie,
  freebie3pp: vouchers.freebie3pp,
  validFrom: vouchers.validFrom,
  validUntil: vouchers.validUntil,
  perAccountLimit: vouchers.perAccountLimit,
  totalLimit: vouchers.totalLimit,
  redeemedCount: vouchers.redeemedCount,
  retiredAt: vouchers.retiredAt,
  offerIds: sql<
    string[]
  >`coalesce(array_agg(${voucherOffers.offerId} order by ${voucherOffers.offerId}) filter (where ${voucherOffers.offerId} is not null), '{}')`,
};

/** The vouchers with these codes (codes as stored: normalised). */
export async function findVouchers(db: Db, codes: readonly string[]): Promise<VoucherRow[]> {
  if (codes.length === 0) return [];
  return db
    .select(voucherColumns)
    .from(vouchers)
    .leftJoin(voucherOffers, eq(voucherOffers.voucherCode, vouchers.code))
    .where(inArray(vouchers.code, [...codes]))
    .groupBy(vouchers.code);
}

/** The voucher, its row locked until the transaction ends (redemptions of one voucher take turns). */
export async function lockVoucher(db: Db, code: string): Promise<VoucherRow | undefined> {
  await db
    .select({ code: vouchers.code })
    .from(vouchers)
    .where(eq(vouchers.code, code))
    .for('update');
  const [row] = await findVouchers(db, [code]);
  return row;
}

/** The account's uses of each of these vouchers, spent and reserved (codes it never used are absent). */
export async function countAccountRedemptions(
  db: Db,
  accountId: string,
  codes: readonly string[],
): Promise<Map<string, { spent: number; reserved: number }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({
      code: voucherRedemptions.voucherCode,
      state: voucherRedemptions.state,
      uses: count(),
    })
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.accountId, accountId),
        inArray(voucherRedemptions.voucherCode, [...codes]),
      ),
    )
    .groupBy(voucherRedemptions.voucherCode, voucherRedemptions.state);
  const uses = new Map<string, { spent: number; reserved: number }>();
  for (const row of rows) {
    const entry = uses.get(row.code) ?? { spent: 0, reserved: 0 };
    entry[row.state] += row.uses;
    uses.set(row.code, entry);
  }
  return uses;
}

/** Records one reserved use and counts it against the voucher's total. */
export async function insertRedemption(
  db: Db,
  redemption: { code: string; accountId: string; orderId: string; at: Date },
): Promise<void> {
  await db
    .update(vouchers)
    .set({ redeemedCount: sql`${vouchers.redeemedCount} + 1` })
    .where(eq(vouchers.code, redemption.code));
  await db.insert(voucherRedemptions).values({
    voucherCode: redemption.code,
    accountId: redemption.accountId,
    orderId: redemption.orderId,
    state: 'reserved',
    redeemedAt: redemption.at,
  });
}

export async function spendRedemptionsOfOrder(db: Db, orderId: string): Promise<void> {
  await db
    .update(voucherRedemptions)
    .set({ state: 'spent' })
    .where(eq(voucherRedemptions.orderId, orderId));
}

/** Deletes the order's uses and gives each back to its voucher's total. */
export async function deleteRedemptionsOfOrder(db: Db, orderId: string): Promise<void> {
  const gone = await db
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.orderId, orderId))
    .returning({ code: voucherRedemptions.voucherCode });
  for (const { code } of gone) {
    await db
      .update(vouchers)
      .set({ redeemedCount: sql`${vouchers.redeemedCount} - 1` })
      .where(eq(vouchers.code, code));
  }
}
