import { describe, expect, it } from 'vitest';
import { percentOf, priceOrder, type PriceLine, type PricedVoucher } from './price-order';

const defaultPlan: PriceLine = {
  offerId: 'plan-50',
  actualCentavos: 149900,
  finalCentavos: 149900,
};
const special: PriceLine = { offerId: 'special', actualCentavos: 149900, finalCentavos: 69900 };

const amountOff = (code: string, centavos: number, offerIds: string[] = []): PricedVoucher => ({
  code,
  offerIds,
  discount: { kind: 'amount', centavos },
});
const percentOff = (
  code: string,
  percent: number,
  maxCentavos: number | null = null,
  offerIds: string[] = [],
): PricedVoucher => ({ code, offerIds, discount: { kind: 'percent', percent, maxCentavos } });

describe('priceOrder (product §3 pricing preview, ADR 013)', () => {
  it('without vouchers: the original price and the final price to pay', () => {
    expect(priceOrder([special], [])).toEqual({
      originalCentavos: 149900,
      subTotalCentavos: 69900,
      discounts: [],
    });
  });

  it('takes an amount off exactly: ₱1,499 − ₱800 = ₱699', () => {
    expect(priceOrder([defaultPlan], [amountOff('KONEK800', 80000)])).toEqual({
      originalCentavos: 149900,
      subTotalCentavos: 69900,
      discounts: [{ code: 'KONEK800', centavos: 80000 }],
    });
  });

  it('takes a percentage of the final price, to the centavo', () => {
    const price = priceOrder([defaultPlan], [percentOff('KONEK10', 10)]);
    expect(price.discounts).toEqual([{ code: 'KONEK10', centavos: 14990 }]);
    expect(price.subTotalCentavos).toBe(134910);
  });

  it('caps a percentage at its maximum', () => {
    const price = priceOrder([defaultPlan], [percentOff('HALF', 50, 30000)]);
    expect(price.discounts[0]!.centavos).toBe(30000);
    expect(price.subTotalCentavos).toBe(119900);
  });

  it('never takes more than the price: the sub-total stops at zero', () => {
    const price = priceOrder([special], [amountOff('BIG', 100000), amountOff('MORE', 5000)]);
    expect(price.discounts).toEqual([
      { code: 'BIG', centavos: 69900 },
      { code: 'MORE', centavos: 0 },
    ]);
    expect(price.subTotalCentavos).toBe(0);
  });

  it('applies vouchers in order, each to what is left to pay', () => {
    const price = priceOrder(
      [defaultPlan],
      [amountOff('KONEK800', 80000), percentOff('KONEK10', 10)],
    );
    // 10% of ₱1,499 is ₱149.90, and ₱699 is left after the first: all of it can go.
    expect(price.discounts.map((discount) => discount.centavos)).toEqual([80000, 14990]);
    expect(price.subTotalCentavos).toBe(54910);
  });

  it('discounts only the offers a voucher applies to', () => {
    const price = priceOrder(
      [defaultPlan, special],
      [amountOff('SPECIAL-ONLY', 100000, ['special'])],
    );
    expect(price.originalCentavos).toBe(299800);
    expect(price.discounts[0]!.centavos).toBe(69900);
    expect(price.subTotalCentavos).toBe(149900);
  });

  it('is exact where pesos in floating point are not (0.1 + 0.2)', () => {
    const lines: PriceLine[] = [
      { offerId: 'a', actualCentavos: 10, finalCentavos: 10 },
      { offerId: 'b', actualCentavos: 20, finalCentavos: 20 },
    ];
    expect(priceOrder(lines, []).subTotalCentavos).toBe(30);
  });
});

describe('percentOf', () => {
  it.each([
    [149900, 10, 14990],
    [69905, 10, 6991],
    [69904, 10, 6990],
    [1, 50, 1],
    [1, 49, 0],
    [0, 100, 0],
    [249900, 100, 249900],
  ])('%d centavos × %d%% = %d', (centavos, percent, expected) => {
    expect(percentOf(centavos, percent)).toBe(expected);
  });
});
