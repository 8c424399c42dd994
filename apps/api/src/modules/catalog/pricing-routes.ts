import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PREVIEW_PRICING_PATH,
  ZPreviewPricingRequest,
  ZPreviewPricingResponse,
} from '@konek/contract/preview-pricing';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { CatalogDependencies } from './catalog-dependencies';
import { previewPricing } from './preview-pricing';

// spec §7.2 lists preview_pricing under /api/v3/orderoe/; its replies carry the order module's name.
const MODULE = 'order';

export type PricingRoutesOptions = { catalog: CatalogDependencies; auth: Auth };

/** spec §7.1 preview pricing (account target, ADR 013). */
export const pricingRoutes: FastifyPluginAsyncZod<PricingRoutesOptions> = async (
  app,
  { catalog, auth },
) => {
  app.post(
    PREVIEW_PRICING_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZPreviewPricingRequest,
        response: { 200: ZPreviewPricingResponse },
      },
    },
    async (request) => {
      const body = request.body;
      await auth.requireAccountTarget(request, body.target_id);
      const totalPrice = await previewPricing(catalog, {
        accountId: body.target_id,
        operatorName: body.operator_name,
        voucherCodes: body.voucher_codes,
        offerIds: body.entity_ids.map((entity) => entity.id),
      });
      return ok(MODULE, { total_price: totalPrice });
    },
  );
};
