import * as z from 'zod';

// product §8, docs/architecture.md: every reply carries { code, module, message, ...result }; code 0 is success.
export const ZEnvelope = z.object({
  code: z.number().int(),
  module: z.string(),
  message: z.string(),
});

export type TEnvelope = z.infer<typeof ZEnvelope>;

export const SUCCESS_CODE = 0;

/** A successful reply's schema: the envelope plus the call's result fields. */
export function envelopeWith<T extends z.ZodRawShape>(result: T) {
  return ZEnvelope.extend(result);
}
