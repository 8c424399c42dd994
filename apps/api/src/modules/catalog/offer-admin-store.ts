import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import {
  offerCategories,
  offerCategoryCities,
  offerCategoryOffers,
  offers,
} from '../../db/schema/catalog';

// ADR 091: marketing's writes to the offers catalogue. A city special's cities are its own category
// (`city-special-<offer id>`, kind special), so an offer sold in a few cities needs no shared category;
// the shared categories (the default offer, the voucher plans, a city's specials) are chosen by id.

export type OfferStatus = (typeof offers.$inferSelect)['status'];

/** An offer with all it is sold through: the shared categories, and its own city special's cities. */
export type AdminOfferRow = typeof offers.$inferSelect & {
  categoryIds: string[];
  cityCodes: string[];
};

export type OfferFields = Omit<typeof offers.$inferInsert, 'id' | 'status'>;

/** The id of the category that holds an offer's own city special. */
export const ownCategoryId = (offerId: string): string => `city-special-${offerId}`;
const OWN_PREFIX = 'city-special-';
/** Whether a category is an offer's own city special (not one to choose for another offer). */
export const isOwnCategory = (categoryId: string): boolean => categoryId.startsWith(OWN_PREFIX);

const adminColumns = {
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
  categoryIds: sql<string[]>`coalesce((
    select array_agg(${offerCategoryOffers.categoryId} order by ${offerCategoryOffers.categoryId})
      from ${offerCategoryOffers}
     where ${offerCategoryOffers.offerId} = ${offers.id}
       and ${offerCategoryOffers.categoryId} <> ${OWN_PREFIX} || ${offers.id}), '{}')`,
  cityCodes: sql<string[]>`coalesce((
    select array_agg(${offerCategoryCities.cityCode} order by ${offerCategoryCities.cityCode})
      from ${offerCategoryCities}
     where ${offerCategoryCities.categoryId} = ${OWN_PREFIX} || ${offers.id}), '{}')`,
};

/** Every offer, drafts and retired ones too, by id. */
export function listAdminOffers(db: Db): Promise<AdminOfferRow[]> {
  return db.select(adminColumns).from(offers).orderBy(asc(offers.id));
}

/** The offer, its row locked until the transaction ends (changes of one offer take turns). */
export async function lockAdminOffer(tx: Db, id: string): Promise<AdminOfferRow | undefined> {
  const [row] = await tx.select(adminColumns).from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function readAdminOffer(tx: Db, id: string): Promise<AdminOfferRow | undefined> {
  const [row] = await tx.select(adminColumns).from(offers).where(eq(offers.id, id));
  return row;
}

/** A new draft; false when the id is taken. */
export async function insertDraftOffer(
  tx: Db,
  offer: OfferFields & { id: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(offers)
    .values({ ...offer, status: 'draft' })
    .onConflictDoNothing()
    .returning({ id: offers.id });
  return inserted.length > 0;
}

export async function updateOffer(tx: Db, id: string, fields: OfferFields): Promise<void> {
  await tx.update(offers).set(fields).where(eq(offers.id, id));
}

export async function setOfferStatus(tx: Db, id: string, status: OfferStatus): Promise<void> {
  await tx.update(offers).set({ status }).where(eq(offers.id, id));
}

/** The shared categories that exist among these ids (an offer's own city special is none of them). */
export async function existingSharedCategories(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: offerCategories.id })
    .from(offerCategories)
    .where(inArray(offerCategories.id, [...ids]));
  return rows.map((row) => row.id).filter((id) => !isOwnCategory(id));
}

/**
 * Puts the offer in exactly these shared categories, and its own city special in exactly these cities
 * (none: the own category goes).
 */
export async function placeOffer(
  tx: Db,
  offer: { id: string; name: string },
  placement: { categoryIds: readonly string[]; cityCodes: readonly string[] },
): Promise<void> {
  const own = ownCategoryId(offer.id);
  await tx
    .delete(offerCategoryOffers)
    .where(
      placement.categoryIds.length === 0
        ? eq(offerCategoryOffers.offerId, offer.id)
        : and(
            eq(offerCategoryOffers.offerId, offer.id),
            notInArray(offerCategoryOffers.categoryId, [...placement.categoryIds]),
          ),
    );
  if (placement.categoryIds.length > 0) {
    await tx
      .insert(offerCategoryOffers)
      .values(placement.categoryIds.map((categoryId) => ({ categoryId, offerId: offer.id })))
      .onConflictDoNothing();
  }
  if (placement.cityCodes.length === 0) {
    await tx.delete(offerCategories).where(eq(offerCategories.id, own));
    return;
  }
  await tx
    .insert(offerCategories)
    .values({ id: own, name: `${offer.name} (city special)`, kind: 'special' })
    .onConflictDoUpdate({ target: offerCategories.id, set: { name: sql`excluded.name` } });
  await tx.delete(offerCategoryCities).where(eq(offerCategoryCities.categoryId, own));
  await tx
    .insert(offerCategoryCities)
    .values(placement.cityCodes.map((cityCode) => ({ categoryId: own, cityCode })));
  await tx
    .insert(offerCategoryOffers)
    .values({ categoryId: own, offerId: offer.id })
    .onConflictDoNothing();
}
