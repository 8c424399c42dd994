import { previewPricingCall } from '@konek/contract/preview-pricing';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { CatalogDependencies } from './catalog-dependencies';
import { previewPricing } from './preview-pricing';

// product §7.2 lists preview_pricing under /api/v3/orderoe/; its replies carry the order module's name.
const MODULE = 'order';

/** product §7.1 preview pricing (account target, ADR 013); part of the catalog plugin. */
export function registerPricingRoutes(
  app: CallApp,
  { catalog, auth }: { catalog: CatalogDependencies; auth: Auth },
): void {
  registerCall(app, previewPricingCall, { module: MODULE, auth }, async ({ body }) => {
    const totalPrice = await previewPricing(catalog, {
      accountId: body.target_id,
      operatorName: body.operator_name,
      voucherCodes: body.voucher_codes,
      offerIds: body.entity_ids.map((entity) => entity.id),
    });
    return ok(MODULE, { total_price: totalPrice });
  });
}
