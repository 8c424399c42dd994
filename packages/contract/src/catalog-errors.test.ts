import { describe, expect, it } from 'vitest';
import { describeError, ERRORS } from './errors';

describe('offer error codes (ADR 012–015)', () => {
  it.each([
    ['vouchers', 1, 'VOUCHER_NOT_FOUND', 404],
    ['vouchers', 2, 'VOUCHER_EXPIRED', 400],
    ['vouchers', 3, 'VOUCHER_NOT_YET_VALID', 400],
    ['vouchers', 4, 'VOUCHER_USED_UP', 409],
    ['vouchers', 5, 'VOUCHER_ALREADY_USED', 409],
    ['vouchers', 6, 'VOUCHER_NOT_APPLICABLE', 400],
    ['catalog', 1, 'OFFER_NOT_FOUND', 404],
    ['catalog', 2, 'ADDRESS_NOT_FOUND', 404],
    ['content', 1, 'PAGE_NOT_FOUND', 404],
  ])('%s code %d is %s (HTTP %d)', (module, code, name, status) => {
    expect(describeError(module, code).name).toBe(name);
    const catalogue: Record<string, Record<string, { status: number }>> = ERRORS;
    expect(catalogue[module]?.[name]?.status).toBe(status);
  });

  it('gives each way a voucher fails its own message', () => {
    const messages = Object.values(ERRORS.vouchers).map((definition) => definition.message);
    expect(new Set(messages).size).toBe(messages.length);
  });
});
