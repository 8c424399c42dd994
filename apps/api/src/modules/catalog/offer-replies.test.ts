import { describe, expect, it } from 'vitest';
import { buildOffers, isOnSale } from './offer-replies';
import type { CategoryRow, OfferRow } from './offer-store';

const row = (id: string, fields: Partial<OfferRow> = {}): OfferRow => ({
  id,
  name: `Plan ${id}`,
  less: '',
  inclusions: ['Up to 50 Mbps'],
  freebies: ['Free 7 Days'],
  actualPriceCentavos: 149900,
  finalPriceCentavos: 149900,
  sortPriority: 0,
  activeFrom: null,
  activeUntil: null,
  status: 'published',
  categoryIds: ['default'],
  ...fields,
});

const categories: CategoryRow[] = [
  { id: 'default', name: 'Default', kind: 'default', cityCodes: [] },
  { id: 'special-city', name: 'City specials', kind: 'special', cityCodes: ['1380200000'] },
  { id: 'unused', name: 'Nobody', kind: 'voucher', cityCodes: [] },
];

describe('buildOffers (product §3, §4.6)', () => {
  const rows = [
    row('plan-50', { sortPriority: 10 }),
    row('plan-100', { sortPriority: 20 }),
    row('special-low', {
      less: 'Special Offer: low',
      sortPriority: 5,
      categoryIds: ['special-city'],
    }),
    row('special-high', {
      less: 'Special Offer: high',
      sortPriority: 90,
      finalPriceCentavos: 69900,
      categoryIds: ['special-city'],
    }),
  ];

  it('puts special offers first by priority, then the others by priority', () => {
    expect(buildOffers(rows, categories, []).offer_ids).toEqual([
      'special-high',
      'special-low',
      'plan-100',
      'plan-50',
    ]);
  });

  it('holds offers by id in the product §3 shape, prices in centavos', () => {
    const offers = buildOffers(rows, categories, []);
    expect(offers.offer_by_id['special-high']).toEqual({
      id: 'special-high',
      data: {
        name: 'Plan special-high',
        less: 'Special Offer: high',
        inclusions: ['Up to 50 Mbps'],
        freebies: ['Free 7 Days'],
        actual_offer_price: 149900,
        sort_priority: 90,
        categories: ['special-city'],
      },
      amount_breakdown: { final: 69900 },
      purchased: false,
    });
  });

  it('holds only the categories that hold a listed offer, each with its offers in order', () => {
    const offers = buildOffers(rows, categories, []);
    expect(Object.keys(offers.category_by_id).sort()).toEqual(['default', 'special-city']);
    expect(offers.category_by_id['special-city']).toEqual({
      id: 'special-city',
      name: 'City specials',
      kind: 'special',
      city_codes: ['1380200000'],
      offer_ids: ['special-high', 'special-low'],
    });
  });

  it('marks an offer purchased only when an order in a counting state holds it (product §4.6)', () => {
    const orders = [
      { state: 1, entities: { product: { 'plan-50': {} } } },
      { state: 600, entities: { product: { 'plan-100': {} } } },
    ];
    const offers = buildOffers(rows, categories, orders);
    expect(offers.offer_by_id['plan-50']!.purchased).toBe(true);
    expect(offers.offer_by_id['plan-100']!.purchased).toBe(false);
    expect(offers.offer_by_id['special-high']!.purchased).toBe(false);
  });

  it('answers empty maps for no offers', () => {
    expect(buildOffers([], categories, [])).toEqual({
      offer_by_id: {},
      category_by_id: {},
      offer_ids: [],
    });
  });
});

describe('isOnSale', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it.each([
    [null, null, true],
    ['2025-06-01T00:00:00Z', null, true],
    ['2025-06-01T00:00:00.001Z', null, false],
    [null, '2025-06-01T00:00:00.001Z', true],
    [null, '2025-06-01T00:00:00Z', false],
  ])('from %s until %s → %s', (from, until, expected) => {
    const offer = row('a', {
      activeFrom: from === null ? null : new Date(from),
      activeUntil: until === null ? null : new Date(until),
    });
    expect(isOnSale(offer, now)).toBe(expected);
  });

  it.each([
    ['draft', false],
    ['published', true],
    ['retired', false],
  ] as const)('an offer that is %s → %s (ADR 091)', (status, expected) => {
    expect(isOnSale(row('a', { status }), now)).toBe(expected);
  });
});
