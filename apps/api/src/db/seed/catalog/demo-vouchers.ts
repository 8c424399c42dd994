import type { vouchers } from '../../schema/catalog';

// Demo voucher codes (docs/catalog-seed.md): two that work, and one for each way a code fails.

export type VoucherPlan = typeof vouchers.$inferInsert & {
  /** The offers it applies to; empty: every offer. */
  offerIds: string[];
};

const OPEN = {
  validFrom: new Date('2025-01-01T00:00:00+08:00'),
  validUntil: new Date('2036-01-01T00:00:00+08:00'),
};

export const VOUCHERS: readonly VoucherPlan[] = [
  {
    code: 'KONEK800',
    voucherName: '₱800 off your first 30 days',
    discountKind: 'amount',
    discountCentavos: 80000,
    freebie: 'Free 7 Days',
    freebie3pp: null,
    ...OPEN,
    perAccountLimit: 1,
    totalLimit: 10000,
    offerIds: ['konek-prepaid-50'],
  },
  {
    code: 'KONEK10',
    voucherName: '10% off any plan',
    discountKind: 'percent',
    discountPercent: 10,
    maxDiscountCentavos: 30000,
    freebie: null,
    freebie3pp: '1-month Sine+ streaming pass',
    ...OPEN,
    perAccountLimit: 1,
    totalLimit: null,
    offerIds: [],
  },
  {
    code: 'SPEED500',
    voucherName: '₱500 off the 100 Mbps plan',
    discountKind: 'amount',
    discountCentavos: 50000,
    freebie: null,
    freebie3pp: null,
    ...OPEN,
    perAccountLimit: 1,
    totalLimit: 5000,
    offerIds: ['konek-prepaid-100'],
  },
  {
    code: 'WELCOME2024',
    voucherName: 'Welcome 2024: ₱500 off',
    discountKind: 'amount',
    discountCentavos: 50000,
    freebie: null,
    freebie3pp: null,
    validFrom: new Date('2024-01-01T00:00:00+08:00'),
    validUntil: new Date('2025-01-01T00:00:00+08:00'),
    perAccountLimit: 1,
    totalLimit: null,
    offerIds: [],
  },
  {
    // Fully redeemed: its 500 redemptions were spent before (the counter starts at the limit).
    code: 'FLASH500',
    voucherName: 'Flash sale: ₱500 off',
    discountKind: 'amount',
    discountCentavos: 50000,
    freebie: null,
    freebie3pp: null,
    ...OPEN,
    perAccountLimit: 1,
    totalLimit: 500,
    redeemedCount: 500,
    offerIds: [],
  },
];
