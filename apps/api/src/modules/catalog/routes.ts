import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOffersCall } from '@konek/contract/get-offers';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { CityEntry, OrdersOfAccount } from './catalog-dependencies';
import { offersByCity, offersByIds, offersForAccount } from './offers-service';
import { registerPricingRoutes } from './pricing-routes';
import { registerMarketingRoutes } from './marketing-routes';

const MODULE = 'catalog';

export type CatalogPluginOptions = {
  db: Db;
  clock: Clock;
  auth: Auth;
  operatorName: string;
  /** The address lists' cities (location's catalogue), so a city code is known and named. */
  cities: ReadonlyMap<string, CityEntry>;
  /** The account's orders (the orders module's, handed in by app.ts: catalog does not import it). */
  ordersOfAccount?: OrdersOfAccount;
  /** Operator tokens (/api/ops): marketing's offers and vouchers (ADR 091). */
  opsAuth?: Auth;
};

/**
 * product §7.2 /api/v3/catalog/get_offers in its three forms (product §7.1, ADR 012), preview pricing, and
 * marketing's offers and vouchers on /api/ops (ADR 091).
 */
export const catalogPlugin: FastifyPluginAsyncZod<CatalogPluginOptions> = async (app, options) => {
  const { auth } = options;
  const catalog = {
    db: options.db,
    clock: options.clock,
    operatorName: options.operatorName,
    cities: options.cities,
    // product §4.6: without the orders module (a test of the catalog alone) no account has bought anything.
    ordersOfAccount: options.ordersOfAccount ?? (async () => []),
  };

  registerCall(app, getOffersCall, { module: MODULE, auth }, async ({ body, principal }) => {
    if (principal && 'target_id' in body) {
      return ok(
        MODULE,
        await offersForAccount(catalog, {
          accountId: body.target_id,
          userId: principal.userId,
          operatorName: body.operator_name,
        }),
      );
    }
    if ('ids' in body) {
      return ok(
        MODULE,
        await offersByIds(catalog, { ids: body.ids, operatorName: body.operator_name }),
      );
    }
    if ('addressbook_id' in body) {
      return ok(
        MODULE,
        await offersByCity(catalog, {
          cityCode: body.addressbook_id,
          operatorName: body.operator_name,
        }),
      );
    }
    throw new Error('get_offers: a signed-in form reached the handler without its caller');
  });

  registerPricingRoutes(app, { catalog, auth });
  if (options.opsAuth)
    registerMarketingRoutes(app, { marketing: catalog, opsAuth: options.opsAuth });
};
