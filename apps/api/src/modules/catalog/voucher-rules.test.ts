import { describe, expect, it } from 'vitest';
import { appliesToOffer, voucherProblem, type VoucherUse } from './voucher-rules';

const voucher: VoucherUse = {
  validFrom: new Date('2025-01-01T00:00:00+08:00'),
  validUntil: new Date('2026-01-01T00:00:00+08:00'),
  perAccountLimit: 1,
  totalLimit: 100,
  redeemedCount: 0,
  offerIds: ['plan-50'],
};
const context = {
  now: new Date('2025-06-01T00:00:00+08:00'),
  accountRedemptions: 0,
  offerIds: ['plan-50'],
};

describe('voucherProblem (ADR 013)', () => {
  it('is null for a usable voucher', () => {
    expect(voucherProblem(voucher, context)).toBeNull();
  });

  it.each([
    ['one millisecond before it starts', '2024-12-31T15:59:59.999Z', 'VOUCHER_NOT_YET_VALID'],
    ['the moment it starts', '2024-12-31T16:00:00.000Z', null],
    ['its last millisecond', '2025-12-31T15:59:59.999Z', null],
    ['the moment it ends', '2025-12-31T16:00:00.000Z', 'VOUCHER_EXPIRED'],
  ])('%s → %s', (_name, now, expected) => {
    expect(voucherProblem(voucher, { ...context, now: new Date(now) })).toBe(expected);
  });

  it('is used up when the total limit is reached, and never with no total limit', () => {
    expect(voucherProblem({ ...voucher, redeemedCount: 99 }, context)).toBeNull();
    expect(voucherProblem({ ...voucher, redeemedCount: 100 }, context)).toBe('VOUCHER_USED_UP');
    expect(
      voucherProblem({ ...voucher, totalLimit: null, redeemedCount: 1_000_000 }, context),
    ).toBeNull();
  });

  it('counts the account’s own uses against the per-account limit', () => {
    expect(voucherProblem(voucher, { ...context, accountRedemptions: 1 })).toBe(
      'VOUCHER_ALREADY_USED',
    );
    const twice = { ...voucher, perAccountLimit: 2 };
    expect(voucherProblem(twice, { ...context, accountRedemptions: 1 })).toBeNull();
    expect(voucherProblem(twice, { ...context, accountRedemptions: 2 })).toBe(
      'VOUCHER_ALREADY_USED',
    );
  });

  it('is not applicable when none of the offers is one of its offers', () => {
    expect(voucherProblem(voucher, { ...context, offerIds: ['plan-100'] })).toBe(
      'VOUCHER_NOT_APPLICABLE',
    );
    expect(voucherProblem(voucher, { ...context, offerIds: ['plan-100', 'plan-50'] })).toBeNull();
  });

  it('names the lasting reason first: expired before used up before not applicable', () => {
    const everything = { ...voucher, redeemedCount: 100 };
    const late = { ...context, now: new Date('2027-01-01'), offerIds: ['plan-100'] };
    expect(voucherProblem(everything, late)).toBe('VOUCHER_EXPIRED');
    expect(voucherProblem(everything, { ...late, now: context.now })).toBe('VOUCHER_USED_UP');
  });
});

describe('appliesToOffer', () => {
  it('applies to every offer when it names none', () => {
    expect(appliesToOffer({ offerIds: [] }, 'anything')).toBe(true);
    expect(appliesToOffer({ offerIds: ['a'] }, 'a')).toBe(true);
    expect(appliesToOffer({ offerIds: ['a'] }, 'b')).toBe(false);
  });
});
