import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { cities } from './geography';
import { accounts } from './identity';

// ADR 012–013: the offers catalogue (product §1 three kinds of offers, §3 offer) and vouchers.
// Money is integer centavos. Speed and free days stay in the offer's text, where the spec's rules read
// them (product §9 "up to N Mbps", "Free N Days").

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** product §3 offer: data{name, less, inclusions, freebies, actual_offer_price, sort_priority}. */
export const offers = pgTable(
  'offers',
  {
    /** A stable slug ("konek-prepaid-50"): the id the client keeps and orders with. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Marketing text under the price; "Special Offer" in it marks a special offer (product §4.6). */
    less: text('less').notNull().default(''),
    inclusions: text('inclusions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    freebies: text('freebies')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The price before discount (data.actual_offer_price). */
    actualPriceCentavos: integer('actual_price_centavos').notNull(),
    /** What the customer pays (amount_breakdown.final). */
    finalPriceCentavos: integer('final_price_centavos').notNull(),
    /** Higher first (product §4.6). */
    sortPriority: integer('sort_priority').notNull().default(0),
    /** Offered from / until (exclusive); null: no bound. */
    activeFrom: at('active_from'),
    activeUntil: at('active_until'),
    /**
     * ADR 091: marketing's state. Only a published offer is sold (within its window); a draft is not yet,
     * a retired one no longer — orders that hold it keep it.
     */
    status: text('status', { enum: ['draft', 'published', 'retired'] })
      .notNull()
      .default('published'),
  },
  (table) => [
    check('offers_status_check', sql`${table.status} in ('draft', 'published', 'retired')`),
    check(
      'offers_prices_check',
      sql`${table.finalPriceCentavos} >= 0 and ${table.finalPriceCentavos} <= ${table.actualPriceCentavos}`,
    ),
    check(
      'offers_window_check',
      sql`${table.activeFrom} is null or ${table.activeUntil} is null or ${table.activeFrom} < ${table.activeUntil}`,
    ),
  ],
);

/** product §1: the default offer, city-specific special offers and voucher-code offers. */
export const offerCategories = pgTable('offer_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['default', 'special', 'voucher'] }).notNull(),
});

/** Which offers a category holds (data.categories). */
export const offerCategoryOffers = pgTable(
  'offer_category_offers',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => offerCategories.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.offerId] }),
    index('offer_category_offers_offer_idx').on(table.offerId),
  ],
);

/**
 * The cities a category is for (differentiated acquisition offers). A category without rows here is
 * offered in every city.
 */
export const offerCategoryCities = pgTable(
  'offer_category_cities',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => offerCategories.id, { onDelete: 'cascade' }),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.code),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.cityCode] }),
    index('offer_category_cities_city_idx').on(table.cityCode),
  ],
);

/**
 * product §3 pricing preview discount_info{voucher_name, voucher_misc_params{LESS, Freebie, Freebie_3pp}}.
 * A discount is an amount or a percentage (optionally capped). `redeemed_count` is the total-limit
 * counter; redemptions take the voucher's row lock, so the limits hold across replicas.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    /** Upper case, no spaces (codes are matched after normaliseCode). */
    code: text('code').primaryKey(),
    voucherName: text('voucher_name').notNull(),
    discountKind: text('discount_kind', { enum: ['amount', 'percent'] }).notNull(),
    discountCentavos: integer('discount_centavos'),
    discountPercent: integer('discount_percent'),
    /** A cap for percentage discounts; null: none. */
    maxDiscountCentavos: integer('max_discount_centavos'),
    freebie: text('freebie'),
    freebie3pp: text('freebie_3pp'),
    validFrom: at('valid_from').notNull(),
    /** Exclusive. */
    validUntil: at('valid_until').notNull(),
    perAccountLimit: integer('per_account_limit').notNull().default(1),
    /** null: no total limit. */
    totalLimit: integer('total_limit'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    /** ADR 091: when marketing retired it; a retired code is refused as expired. null: in use. */
    retiredAt: at('retired_at'),
  },
  (table) => [
    check('vouchers_code_check', sql`${table.code} = upper(${table.code}) and ${table.code} <> ''`),
    check(
      'vouchers_discount_check',
      sql`(${table.discountKind} = 'amount' and ${table.discountCentavos} > 0 and ${table.discountPercent} is null)
        or (${table.discountKind} = 'percent' and ${table.discountPercent} between 1 and 100 and ${table.discountCentavos} is null)`,
    ),
    check('vouchers_window_check', sql`${table.validFrom} < ${table.validUntil}`),
    check('vouchers_per_account_check', sql`${table.perAccountLimit} >= 1`),
    check(
      'vouchers_redeemed_check',
      sql`${table.redeemedCount} >= 0 and (${table.totalLimit} is null or ${table.redeemedCount} <= ${table.totalLimit})`,
    ),
  ],
);

/** The offers a voucher applies to. A voucher without rows here applies to every offer. */
export const voucherOffers = pgTable(
  'voucher_offers',
  {
    voucherCode: text('voucher_code')
      .notNull()
      .references(() => vouchers.code, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.voucherCode, table.offerId] })],
);

/**
 * One voucher used by one account (ADR 013). Preview never writes here; order creation does, through
 * the catalog module's reserveVoucher. The count per (voucher, account) is the per-account limit.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherCode: text('voucher_code')
      .notNull()
      .references(() => vouchers.code),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The order that holds or spent it; one redemption per voucher and order. */
    orderId: text('order_id'),
    /**
     * ADR 077: reserved while the order can still be paid, spent once it is paid; an order that ends
     * unpaid (or is refunded) deletes its rows, giving the use back.
     */
    state: text('state', { enum: ['reserved', 'spent'] })
      .notNull()
      .default('spent'),
    redeemedAt: at('redeemed_at').notNull(),
  },
  (table) => [
    index('voucher_redemptions_voucher_account_idx').on(table.voucherCode, table.accountId),
    unique('voucher_redemptions_voucher_order_unique').on(table.voucherCode, table.orderId),
  ],
);
