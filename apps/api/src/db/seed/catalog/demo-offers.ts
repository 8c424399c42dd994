import type { TOfferCategoryKind } from '@konek/contract/get-offers';

// The demo catalogue, documented in docs/catalog-seed.md so a person and the tests can find a city with
// a special offer and a voucher that works. Prices in integer centavos (₱1,499.00 = 149900).

export const CATALOG_SEED_VERSION = 'demo-catalog@1';

/** product §9 leaves the default offer's id to configuration; the home page config names this one. */
export const DEFAULT_OFFER_ID = 'konek-prepaid-50';

export type OfferPlan = {
  id: string;
  name: string;
  less: string;
  inclusions: string[];
  freebies: string[];
  actualPriceCentavos: number;
  finalPriceCentavos: number;
  sortPriority: number;
  activeFrom?: Date;
  activeUntil?: Date;
};

const STANDARD_INCLUSIONS = ['Wi-Fi 6 modem, yours to keep', 'Free standard installation'];

const plan = (
  id: string,
  name: string,
  less: string,
  speed: string,
  freebies: string[],
  prices: [actual: number, final: number],
  sortPriority: number,
  window: { activeFrom?: Date; activeUntil?: Date } = {},
): OfferPlan => ({
  id,
  name,
  less,
  inclusions: [`${speed} unlimited fibre internet`, ...STANDARD_INCLUSIONS],
  freebies,
  actualPriceCentavos: prices[0],
  finalPriceCentavos: prices[1],
  sortPriority,
  ...window,
});

export const OFFERS: readonly OfferPlan[] = [
  plan(
    DEFAULT_OFFER_ID,
    'Konek Fiber Prepaid up to 50 Mbps',
    '₱1,499 every 30 days, up to 50 Mbps, Free 7 Days',
    'Up to 50 Mbps',
    ['Free 7 Days'],
    [149900, 149900],
    10,
  ),
  plan(
    'konek-prepaid-100',
    'Konek Fiber Prepaid up to 100 Mbps',
    '₱1,999 every 30 days, up to 100 Mbps, Free 7 Days',
    'Up to 100 Mbps',
    ['Free 7 Days'],
    [199900, 199900],
    20,
  ),
  plan(
    'konek-prepaid-200',
    'Konek Fiber Prepaid up to 200 Mbps',
    '₱2,499 every 30 days, up to 200 Mbps, Free 14 Days',
    'Up to 200 Mbps',
    ['Free 14 Days'],
    [249900, 249900],
    30,
  ),
  // Special offers (product §4.6: "Special Offer" in less), listed lowest priority first on purpose: the
  // replies must order them by sort_priority, not by the order they were written.
  plan(
    'konek-special-las-pinas-1299',
    'Konek Fiber Prepaid Special up to 200 Mbps',
    'Special Offer: ₱1,299 for your first month, up to 200 Mbps, Free 15 Days',
    'Up to 200 Mbps',
    ['Free 15 Days'],
    [249900, 129900],
    50,
  ),
  plan(
    'konek-special-las-pinas-699',
    'Konek Fiber Prepaid Special up to 100 Mbps',
    'Special Offer: ₱699 for your first month, up to 100 Mbps, Free 30 Days',
    'Up to 100 Mbps',
    ['Free 30 Days', 'Free mesh Wi-Fi extender'],
    [149900, 69900],
    100,
  ),
  plan(
    'konek-special-quezon-city-799',
    'Konek Fiber Prepaid Special up to 100 Mbps',
    'Special Offer: ₱799 for your first month, up to 100 Mbps, Free 30 Days',
    'Up to 100 Mbps',
    ['Free 30 Days'],
    [149900, 79900],
    90,
  ),
  // Ended: the highest priority of all, yet never offered again (its window closed).
  plan(
    'konek-special-quezon-city-holiday',
    'Konek Fiber Prepaid Holiday Special up to 50 Mbps',
    'Special Offer: ₱499 Holiday Deal, up to 50 Mbps, Free 7 Days',
    'Up to 50 Mbps',
    ['Free 7 Days'],
    [149900, 49900],
    200,
    {
      activeFrom: new Date('2024-12-01T00:00:00+08:00'),
      activeUntil: new Date('2025-01-07T00:00:00+08:00'),
    },
  ),
  plan(
    'konek-special-cebu-city-999',
    'Konek Fiber Prepaid Special up to 200 Mbps',
    'Special Offer: ₱999 for your first month, up to 200 Mbps, Free 14 Days',
    'Up to 200 Mbps',
    ['Free 14 Days'],
    [249900, 99900],
    80,
  ),
];

export type CategoryPlan = {
  id: string;
  name: string;
  kind: TOfferCategoryKind;
  /** PSGC city codes; empty: every city. */
  cityCodes: string[];
  offerIds: string[];
};

export const LAS_PINAS_CITY = '1380200000';
export const QUEZON_CITY = '1381300000';
export const CEBU_CITY = '0730600000';

export const CATEGORIES: readonly CategoryPlan[] = [
  {
    id: 'default',
    name: 'Konek Fiber Prepaid',
    kind: 'default',
    cityCodes: [],
    offerIds: [DEFAULT_OFFER_ID],
  },
  {
    id: 'voucher-offers',
    name: 'Plans for voucher codes',
    kind: 'voucher',
    cityCodes: [],
    offerIds: [DEFAULT_OFFER_ID, 'konek-prepaid-100', 'konek-prepaid-200'],
  },
  {
    id: 'special-las-pinas-city',
    name: 'Las Piñas City special offers',
    kind: 'special',
    cityCodes: [LAS_PINAS_CITY],
    offerIds: ['konek-special-las-pinas-1299', 'konek-special-las-pinas-699'],
  },
  {
    id: 'special-quezon-city',
    name: 'Quezon City special offers',
    kind: 'special',
    cityCodes: [QUEZON_CITY],
    offerIds: ['konek-special-quezon-city-799', 'konek-special-quezon-city-holiday'],
  },
  {
    id: 'special-cebu-city',
    name: 'Cebu City special offers',
    kind: 'special',
    cityCodes: [CEBU_CITY],
    offerIds: ['konek-special-cebu-city-999'],
  },
];
