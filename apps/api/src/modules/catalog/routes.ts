import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOffersCall } from '@konek/contract/get-offers';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { CityEntry } from './catalog-dependencies';
import { offersByCity, offersByIds, offersForAccount } from './offers-service';
import { registerPricingRoutes } from './pricing-routes';

const MODULE = 'catalog';

export type CatalogPluginOptions = {
  db: Db;
  clock: Clock;
  auth: Auth;
  operatorName: string;
  /** The address lists' cities (location's catalogue), so a city code is known and named. */
  cities: ReadonlyMap<string, CityEntry>;
};

/** product §7.2 /api/v3/catalog/get_offers in its three forms (product §7.1, ADR 012), and preview pricing. */
export const catalogPlugin: FastifyPluginAsyncZod<CatalogPluginOptions> = async (app, options) => {
  const { auth } = options;
  const catalog = {
    db: options.db,
    clock: options.clock,
    operatorName: options.operatorName,
    cities: options.cities,
    // Orders arrive with the orders issue; until then no account has bought anything (product §4.6).
    ordersOfAccount: async () => [],
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
};
