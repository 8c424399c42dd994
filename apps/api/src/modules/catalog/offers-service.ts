import type { TAddressEntry } from '@konek/contract/get-addresses';
import type { TOffers } from '@konek/contract/get-offers';
import type { TOrderProducts } from '@konek/contract/offer-rules';
import { DomainError } from '../../platform/domain-error';
import type { CatalogDependencies } from './catalog-dependencies';
import { journeyCityCode } from './account-city';
import { buildOffers, isOnSale } from './offer-replies';
import {
  listCategories,
  listOffersByIds,
  listOffersInCategories,
  type CategoryRow,
} from './offer-store';
import { requireOperator } from '../../platform/operator';

export type OffersReply = { offers: TOffers; city: TAddressEntry | null };

/**
 * product §1: a category tied to cities (differentiated acquisition offers) is offered in those cities
 * only; one tied to none (the default offer, voucher offers) in every city. Without a city, only those.
 */
function categoriesOffered(categories: readonly CategoryRow[], cityCode: string | null) {
  return categories.filter(
    (category) =>
      category.cityCodes.length === 0 ||
      (cityCode !== null && category.cityCodes.includes(cityCode)),
  );
}

async function offersOfCity(
  deps: CatalogDependencies,
  cityCode: string | null,
  orders: readonly TOrderProducts[],
): Promise<TOffers> {
  const categories = categoriesOffered(await listCategories(deps.db), cityCode);
  const rows = await listOffersInCategories(
    deps.db,
    categories.map((category) => category.id),
  );
  const now = deps.clock.now();
  return buildOffers(
    rows.filter((row) => isOnSale(row, now)),
    categories,
    orders,
  );
}

function cityEntry(deps: CatalogDependencies, cityCode: string | null): TAddressEntry | null {
  const city = cityCode === null ? undefined : deps.cities.get(cityCode);
  return city ? { address_name: city.name, address_code: city.code } : null;
}

/** product §7.1 get offers {ids, operator_name}: the offers on sale among these ids; others are left out. */
export async function offersByIds(
  deps: CatalogDependencies,
  request: { ids: readonly string[]; operatorName: string },
): Promise<OffersReply> {
  requireOperator(request.operatorName, deps.operatorName);
  const now = deps.clock.now();
  const rows = (await listOffersByIds(deps.db, [...new Set(request.ids)])).filter((row) =>
    isOnSale(row, now),
  );
  return { offers: buildOffers(rows, await listCategories(deps.db), []), city: null };
}

/** product §7.1 get offers {addressbook_id, operator_name}, §4.2: the offers of the chosen city. */
export async function offersByCity(
  deps: CatalogDependencies,
  request: { cityCode: string; operatorName: string },
): Promise<OffersReply> {
  requireOperator(request.operatorName, deps.operatorName);
  const city = cityEntry(deps, request.cityCode);
  if (!city) {
    throw new DomainError(
      'catalog',
      'ADDRESS_NOT_FOUND',
      { field: 'addressbook_id' },
      `addressbook_id: no city has the address code ${request.cityCode}.`,
    );
  }
  return { offers: await offersOfCity(deps, request.cityCode, []), city };
}

/**
 * product §7.1 get offers {target_id, target_type 2}: the offers of the account's city (ADR 012: the city
 * of the checked address), with those it already bought marked (product §4.6).
 */
export async function offersForAccount(
  deps: CatalogDependencies,
  request: { accountId: string; userId: string; operatorName: string | undefined },
): Promise<OffersReply> {
  requireOperator(request.operatorName, deps.operatorName);
  const city = cityEntry(deps, await journeyCityCode(deps.db, request.userId));
  const orders = await deps.ordersOfAccount(request.accountId);
  return {
    offers: await offersOfCity(deps, city?.address_code ?? null, orders),
    city,
  };
}
