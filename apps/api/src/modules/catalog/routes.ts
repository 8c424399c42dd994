import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GET_OFFERS_PATH, ZGetOffersRequest, ZGetOffersResponse } from '@konek/contract/get-offers';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { CatalogDependencies } from './catalog-dependencies';
import { offersByCity, offersByIds, offersForAccount } from './offers-service';

const MODULE = 'catalog';

export type CatalogRoutesOptions = { catalog: CatalogDependencies; auth: Auth };

/** spec §7.2 /api/v3/catalog/get_offers in its three forms (spec §7.1, ADR 012). */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, auth },
) => {
  app.post(
    GET_OFFERS_PATH,
    {
      schema: { tags: [MODULE], body: ZGetOffersRequest, response: { 200: ZGetOffersResponse } },
    },
    async (request) => {
      const body = request.body;
      if ('target_id' in body) {
        const principal = await auth.requireAccountTarget(request, body.target_id);
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
      return ok(
        MODULE,
        await offersByCity(catalog, {
          cityCode: body.addressbook_id,
          operatorName: body.operator_name,
        }),
      );
    },
  );
};
