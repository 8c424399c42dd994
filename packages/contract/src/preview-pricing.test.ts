import { describe, expect, it } from 'vitest';
import { ZPreviewPricingRequest } from './preview-pricing';

const body = {
  voucher_codes: ['KONEK800'],
  target_id: 'a3b0c7d2-5f41-4c1a-9e2b-0d6f7e8a9b10',
  target_type: 2,
  operator_name: 'konek',
  entity_ids: [{ id: 'konek-prepaid-50', type: 'offer', quantity: 1 }],
};

describe('ZPreviewPricingRequest (product §7.1 preview pricing)', () => {
  it('accepts the spec payload', () => {
    expect(ZPreviewPricingRequest.parse(body)).toEqual(body);
  });

  it('takes no voucher codes as none', () => {
    const withoutCodes = Object.fromEntries(
      Object.entries(body).filter(([field]) => field !== 'voucher_codes'),
    );
    expect(ZPreviewPricingRequest.parse(withoutCodes).voucher_codes).toEqual([]);
  });

  it.each([
    ['user target', { target_type: 3 }],
    ['no offers', { entity_ids: [] }],
    ['a product type', { entity_ids: [{ id: 'a', type: 'product', quantity: 1 }] }],
    ['quantity 2', { entity_ids: [{ id: 'a', type: 'offer', quantity: 2 }] }],
    [
      'the same offer twice',
      {
        entity_ids: [
          { id: 'a', type: 'offer', quantity: 1 },
          { id: 'a', type: 'offer', quantity: 1 },
        ],
      },
    ],
    ['a blank voucher code', { voucher_codes: ['  '] }],
    ['six voucher codes', { voucher_codes: ['A', 'B', 'C', 'D', 'E', 'F'] }],
  ])('refuses %s', (_name, change) => {
    expect(ZPreviewPricingRequest.safeParse({ ...body, ...change }).success).toBe(false);
  });
});
