import * as z from 'zod';
import {
  MESSAGE_MOBILE,
  mobileNumber,
  optionalTextField,
  toInternationalMsisdn,
} from '@konek/contract/validation';

// The pcp/utils form: the customer's number (product §5 mobile rule) and the optional attribution codes a
// link may carry (ADR 010: 1–64 letters, digits, _, . or -).

/** The contract's rule is written for developers; this says the same to a partner. */
// A catalogue message: FieldMessage shows it translated (ADR 027).
export const MESSAGE_ATTRIBUTION_CODE =
  /*i18n*/ 'Use up to 64 letters, digits, dots, dashes or underscores.';

const attributionCode = optionalTextField([
  [(value) => /^[A-Za-z0-9_.-]{1,64}$/.test(value), MESSAGE_ATTRIBUTION_CODE],
]);

export const ZPartnerLinkForm = z.object({
  mobileNumber: mobileNumber.check((ctx) => {
    if (toInternationalMsisdn(ctx.value) === null) {
      ctx.issues.push({ code: 'custom', message: MESSAGE_MOBILE, input: ctx.value });
    }
  }),
  campaign: attributionCode,
  agentCode: attributionCode,
});
export type PartnerLinkForm = z.infer<typeof ZPartnerLinkForm>;
