import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database';
import {
  offerCategories,
  offerCategoryCities,
  offerCategoryOffers,
  offers,
  voucherOffers,
  vouchers,
} from '../../schema/catalog';
import { pageConfigs } from '../../schema/content';
import { CATEGORIES, OFFERS } from './demo-offers';
import { VOUCHERS } from './demo-vouchers';
import { HOME_PAGE_CONFIG } from './home-page-config';

/**
 * Writes the demo catalogue: offers, categories and vouchers are upserted by id or code, and their
 * memberships replaced. A voucher's redemption counter is only set when the voucher is new, so
 * re-seeding never gives back redemptions customers already spent.
 */
export async function importCatalog(
  db: Db,
): Promise<{ offers: number; vouchers: number; categories: number }> {
  await db
    .insert(offers)
    .values(OFFERS.map((offer) => ({ activeFrom: null, activeUntil: null, ...offer })))
    .onConflictDoUpdate({
      target: offers.id,
      set: {
        name: sql`excluded.name`,
        less: sql`excluded.less`,
        inclusions: sql`excluded.inclusions`,
        freebies: sql`excluded.freebies`,
        actualPriceCentavos: sql`excluded.actual_price_centavos`,
        finalPriceCentavos: sql`excluded.final_price_centavos`,
        sortPriority: sql`excluded.sort_priority`,
        activeFrom: sql`excluded.active_from`,
        activeUntil: sql`excluded.active_until`,
      },
    });

  const categoryIds = CATEGORIES.map((category) => category.id);
  await db
    .insert(offerCategories)
    .values(CATEGORIES.map(({ id, name, kind }) => ({ id, name, kind })))
    .onConflictDoUpdate({
      target: offerCategories.id,
      set: { name: sql`excluded.name`, kind: sql`excluded.kind` },
    });
  await db.delete(offerCategoryOffers).where(inArray(offerCategoryOffers.categoryId, categoryIds));
  await db.delete(offerCategoryCities).where(inArray(offerCategoryCities.categoryId, categoryIds));
  await db
    .insert(offerCategoryOffers)
    .values(
      CATEGORIES.flatMap((category) =>
        category.offerIds.map((offerId) => ({ categoryId: category.id, offerId })),
      ),
    );
  const cityRows = CATEGORIES.flatMap((category) =>
    category.cityCodes.map((cityCode) => ({ categoryId: category.id, cityCode })),
  );
  if (cityRows.length > 0) await db.insert(offerCategoryCities).values(cityRows);

  const voucherCodes = VOUCHERS.map((voucher) => voucher.code);
  await db
    .insert(vouchers)
    .values(VOUCHERS.map(({ offerIds: _offerIds, ...voucher }) => voucher))
    .onConflictDoUpdate({
      target: vouchers.code,
      set: {
        voucherName: sql`excluded.voucher_name`,
        discountKind: sql`excluded.discount_kind`,
        discountCentavos: sql`excluded.discount_centavos`,
        discountPercent: sql`excluded.discount_percent`,
        maxDiscountCentavos: sql`excluded.max_discount_centavos`,
        freebie: sql`excluded.freebie`,
        freebie3pp: sql`excluded.freebie_3pp`,
        validFrom: sql`excluded.valid_from`,
        validUntil: sql`excluded.valid_until`,
        perAccountLimit: sql`excluded.per_account_limit`,
        totalLimit: sql`excluded.total_limit`,
      },
    });
  await db.delete(voucherOffers).where(inArray(voucherOffers.voucherCode, voucherCodes));
  const voucherOfferRows = VOUCHERS.flatMap((voucher) =>
    voucher.offerIds.map((offerId) => ({ voucherCode: voucher.code, offerId })),
  );
  if (voucherOfferRows.length > 0) await db.insert(voucherOffers).values(voucherOfferRows);

  await db
    .insert(pageConfigs)
    .values({ ...HOME_PAGE_CONFIG, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: pageConfigs.id,
      set: { name: sql`excluded.name`, content: sql`excluded.content`, updatedAt: new Date() },
    });

  return { offers: OFFERS.length, vouchers: VOUCHERS.length, categories: CATEGORIES.length };
}
