import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import {
  offerCategories,
  offerCategoryCities,
  offerCategoryOffers,
  offers,
} from '../../db/schema/catalog';
import type { TOfferCategoryKind } from '@konek/contract/get-offers';

export type OfferRow = typeof offers.$inferSelect & {
  /** The categories (of those asked for) that hold the offer. */
  categoryIds: string[];
};

export type CategoryRow = {
  id: string;
  name: string;
  kind: TOfferCategoryKind;
  cityCodes: string[];
};

/** Every category with the cities it is tied to (a handful of rows). */
export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select({
      id: offerCategories.id,
      name: offerCategories.name,
      kind: offerCategories.kind,
      cityCodes: sql<
        string[]
      >`coalesce(array_agg(${offerCategoryCities.cityCode} order by ${offerCategoryCities.cityCode}) filter (where ${offerCategoryCities.cityCode} is not null), '{}')`,
    })
    .from(offerCategories)
    .leftJoin(offerCategoryCities, eq(offerCategoryCities.categoryId, offerCategories.id))
    .groupBy(offerCategories.id)
    .orderBy(asc(offerCategories.id));
}

const offerColumns = {
  id: offers.id,
  name: offers.name,
  less: offers.less,
  inclusions: offers.inclusions,
  freebies: offers.freebies,
  actualPriceCentavos: offers.actualPriceCentavos,
  finalPriceCentavos: offers.finalPriceCentavos,
  sortPriority: offers.sortPriority,
  activeFrom: offers.activeFrom,
  activeUntil: offers.activeUntil,
  status: offers.status,
  categoryIds: sql<
    string[]
  >`array_agg(${offerCategoryOffers.categoryId} order by ${offerCategoryOffers.categoryId})`,
};

/** The offers held by any of these categories, each with those of the categories that hold it. */
export async function listOffersInCategories(
  db: Db,
  categoryIds: readonly string[],
): Promise<OfferRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select(offerColumns)
    .from(offers)
    .innerJoin(offerCategoryOffers, eq(offerCategoryOffers.offerId, offers.id))
    .where(inArray(offerCategoryOffers.categoryId, [...categoryIds]))
    .groupBy(offers.id)
    .orderBy(asc(offers.id));
}

/** The offers with these ids, each with all its categories (an offer in no category is not sold). */
export async function listOffersByIds(db: Db, ids: readonly string[]): Promise<OfferRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(offerColumns)
    .from(offers)
    .innerJoin(offerCategoryOffers, eq(offerCategoryOffers.offerId, offers.id))
    .where(inArray(offers.id, [...ids]))
    .groupBy(offers.id)
    .orderBy(asc(offers.id));
}
