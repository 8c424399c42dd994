import {
  opsCreateOfferCall,
  opsCreateVoucherCall,
  opsEditOfferCall,
  opsEditVoucherCall,
  opsOffersCall,
  opsPublishOfferCall,
  opsRetireOfferCall,
  opsRetireVoucherCall,
  opsVouchersCall,
} from '@konek/contract/ops-offers';
import { ok } from '../../platform/reply';
import { registerCall, type CallApp } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { requireOperator } from '../operators/service';
import {
  createOffer,
  createVoucher,
  editOffer,
  editVoucher,
  marketingOffers,
  marketingVouchers,
  publishOffer,
  retireOffer,
  retireVoucher,
  type MarketingDependencies,
} from './marketing-service';

const OPS_MODULE = 'ops';

/** ADR 091: marketing's offers and vouchers under /api/ops, for the marketing role only. */
export function registerMarketingRoutes(
  app: CallApp,
  { marketing, opsAuth }: { marketing: MarketingDependencies; opsAuth: Auth },
): void {
  const call = { module: OPS_MODULE, auth: opsAuth };
  const marketer = (principal: Parameters<typeof requireOperator>[1]) =>
    requireOperator(marketing.db, principal, ['marketing']);

  registerCall(app, opsOffersCall, call, async ({ principal }) => {
    await marketer(principal);
    return ok(OPS_MODULE, await marketingOffers(marketing));
  });
  registerCall(app, opsCreateOfferCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { offer: await createOffer(marketing, operator.id, body) });
  });
  registerCall(app, opsEditOfferCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { offer: await editOffer(marketing, operator.id, body) });
  });
  registerCall(app, opsPublishOfferCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { offer: await publishOffer(marketing, operator.id, body.id) });
  });
  registerCall(app, opsRetireOfferCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { offer: await retireOffer(marketing, operator.id, body.id) });
  });

  registerCall(app, opsVouchersCall, call, async ({ principal }) => {
    await marketer(principal);
    return ok(OPS_MODULE, { vouchers: await marketingVouchers(marketing) });
  });
  registerCall(app, opsCreateVoucherCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { voucher: await createVoucher(marketing, operator.id, body) });
  });
  registerCall(app, opsEditVoucherCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { voucher: await editVoucher(marketing, operator.id, body) });
  });
  registerCall(app, opsRetireVoucherCall, call, async ({ body, principal }) => {
    const operator = await marketer(principal);
    return ok(OPS_MODULE, { voucher: await retireVoucher(marketing, operator.id, body.code) });
  });
}
