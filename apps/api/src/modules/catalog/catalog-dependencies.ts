import type { TOrderProducts } from '@konek/contract/offer-rules';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';

/** A city of the address lists, by its PSGC code. */
export type CityEntry = { code: string; name: string };

/** The account's orders as the purchase rule reads them (product §3 order, §4.6). */
export type OrdersOfAccount = (accountId: string) => Promise<readonly TOrderProducts[]>;

export type CatalogDependencies = {
  db: Db;
  clock: Clock;
  /** The operator identifier every call must name (docs/architecture.md). */
  operatorName: string;
  /** The address lists' cities (location module), so a city code is known and named. */
  cities: ReadonlyMap<string, CityEntry>;
  ordersOfAccount: OrdersOfAccount;
};
