import { describe, expect, it } from 'vitest';
import {
  NOT_PURCHASED_ORDER_STATES,
  ZOffer,
  isOfferPurchased,
  isSpecialOffer,
  parseFreeDays,
  parseSpeedMbps,
  sortSpecialOffers,
  specialOfferPrices,
  type TOffer,
} from './offer-rules';

const offer = (id: string, data: Partial<TOffer['data']> = {}, final?: number): TOffer => ({
  id,
  data: { name: `Plan ${id}`, ...data },
  ...(final === undefined ? {} : { amount_breakdown: { final } }),
});

const order = (state: number, ...productIds: string[]) => ({
  state,
  entities: { product: Object.fromEntries(productIds.map((id) => [id, { quantity: 1 }])) },
});

describe('NOT_PURCHASED_ORDER_STATES (product §4.6)', () => {
  it('is exactly 3, 101, 102, 103, 200, 500, 600', () => {
    expect(NOT_PURCHASED_ORDER_STATES).toEqual([3, 101, 102, 103, 200, 500, 600]);
  });
});

describe('isOfferPurchased (product §4.6)', () => {
  it.each(NOT_PURCHASED_ORDER_STATES)('an order in state %d does not count', (state) => {
    expect(isOfferPurchased('fibre-1499', [order(state, 'fibre-1499')])).toBe(false);
  });

  it.each([0, 1, 2, 4, 100, 104, 199, 201, 400, 501, 601])(
    'an order in state %d counts',
    (state) => {
      expect(isOfferPurchased('fibre-1499', [order(state, 'fibre-1499')])).toBe(true);
    },
  );

  it('ignores orders for other products', () => {
    expect(isOfferPurchased('fibre-1499', [order(1, 'fibre-699')])).toBe(false);
  });

  it('counts when any one order holding the product counts', () => {
    const orders = [order(3, 'fibre-1499'), order(1, 'fibre-699', 'fibre-1499')];
    expect(isOfferPurchased('fibre-1499', orders)).toBe(true);
  });

  it('is false with no orders', () => {
    expect(isOfferPurchased('fibre-1499', [])).toBe(false);
  });

  it('does not mistake inherited object keys for products', () => {
    expect(isOfferPurchased('constructor', [order(1, 'fibre-699')])).toBe(false);
  });
});

describe('isSpecialOffer (product §4.6)', () => {
  it.each([
    ['Special Offer', true],
    ['Limited Special Offer for Bacoor', true],
    ['special offer', false],
    ['Special', false],
    ['', false],
    [undefined, false],
  ])('less %j → %s', (less, expected) => {
    expect(isSpecialOffer(offer('a', { less }))).toBe(expected);
  });
});

describe('sortSpecialOffers (product §4.6)', () => {
  it('puts the highest sort_priority first, keeps ties in order, and missing priorities last', () => {
    const offers = [
      offer('none-1'),
      offer('low', { sort_priority: 1 }),
      offer('high', { sort_priority: 10 }),
      offer('tie-a', { sort_priority: 5 }),
      offer('none-2'),
      offer('tie-b', { sort_priority: 5 }),
      offer('negative', { sort_priority: -3 }),
    ];
    expect(sortSpecialOffers(offers).map((item) => item.id)).toEqual([
      'high',
      'tie-a',
      'tie-b',
      'low',
      'negative',
      'none-1',
      'none-2',
    ]);
  });

  it('does not change the list it is given', () => {
    const offers = [offer('a', { sort_priority: 1 }), offer('b', { sort_priority: 2 })];
    sortSpecialOffers(offers);
    expect(offers.map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('specialOfferPrices (product §9 fallbacks 1499 and 699)', () => {
  it.each([
    [offer('a', { actual_offer_price: 199900 }, 99900), { originalPesos: 1999, finalPesos: 999 }],
    [offer('a', {}, 99900), { originalPesos: 1499, finalPesos: 999 }],
    [offer('a', { actual_offer_price: 199900 }), { originalPesos: 1999, finalPesos: 699 }],
    [offer('a'), { originalPesos: 1499, finalPesos: 699 }],
    [
      { ...offer('a'), amount_breakdown: {} },
      { originalPesos: 1499, finalPesos: 699 },
    ],
    [offer('a', { actual_offer_price: 0 }, 0), { originalPesos: 0, finalPesos: 0 }],
    [
      offer('a', { actual_offer_price: 149950 }, 69901),
      { originalPesos: 1499.5, finalPesos: 699.01 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(specialOfferPrices(input)).toEqual(expected);
  });
});

describe('parseSpeedMbps (product §9, default 50)', () => {
  it.each([
    ['Unli fibre up to 100 Mbps', 100],
    ['UP TO 200 MBPS', 200],
    ['Up to 1,000 Mbps', 1000],
    ['up to 300Mbps', 300],
    ['up to  25 mbps and more', 25],
    ['100 Mbps', 50],
    ['up to 1 Gbps', 50],
    ['', 50],
    [undefined, 50],
    [null, 50],
    [['Free installation', 'Up to 500 Mbps'], 500],
    [[], 50],
  ])('%j → %d', (text, expected) => {
    expect(parseSpeedMbps(text)).toBe(expected);
  });
});

describe('parseFreeDays (product §9, default 7)', () => {
  it.each([
    ['Free 30 Days of internet', 30],
    ['FREE 15 DAYS', 15],
    ['free 1 day', 1],
    ['Get Free 14 Days', 14],
    ['Free Days', 7],
    ['30 days free', 7],
    ['', 7],
    [undefined, 7],
    [['Up to 100 Mbps', 'Free 10 Days'], 10],
  ])('%j → %d', (text, expected) => {
    expect(parseFreeDays(text)).toBe(expected);
  });
});

describe('ZOffer (product §3)', () => {
  it('accepts a full offer', () => {
    const full = {
      id: 'fibre-1499',
      data: {
        name: 'Fibre 1499',
        less: 'Special Offer',
        inclusions: ['Up to 100 Mbps'],
        freebies: ['Free 30 Days'],
        actual_offer_price: 149900,
        sort_priority: 3,
        categories: ['prepaid'],
      },
      amount_breakdown: { final: 69900 },
    };
    expect(ZOffer.parse(full)).toEqual(full);
  });

  it('accepts an offer with only an id and a name', () => {
    expect(ZOffer.safeParse({ id: 'a', data: { name: 'Fibre' } }).success).toBe(true);
  });

  it.each([
    ['no id', { data: { name: 'Fibre' } }],
    ['empty id', { id: '', data: { name: 'Fibre' } }],
    ['no data', { id: 'a' }],
    ['price in pesos with centavos', { id: 'a', data: { name: 'F', actual_offer_price: 14.5 } }],
    ['negative price', { id: 'a', data: { name: 'F' }, amount_breakdown: { final: -1 } }],
    ['inclusions as text', { id: 'a', data: { name: 'F', inclusions: 'Up to 100 Mbps' } }],
    ['categories of numbers', { id: 'a', data: { name: 'F', categories: [1] } }],
  ])('rejects %s', (_name, value) => {
    expect(ZOffer.safeParse(value).success).toBe(false);
  });
});
