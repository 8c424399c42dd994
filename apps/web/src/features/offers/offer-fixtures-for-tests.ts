import type { TCatalogOffer } from '@konek/contract/get-offers';

// Offers shaped as get_offers returns them (docs/catalog-seed.md), prices in centavos.

export const LAS_PINAS_SPECIAL: TCatalogOffer = {
  id: 'konek-special-las-pinas-699',
  data: {
    name: 'Konek Fiber Prepaid Special up to 100 Mbps',
    less: 'Special Offer: ₱699 for your first month, up to 100 Mbps, Free 30 Days',
    inclusions: ['Up to 100 Mbps unlimited fibre internet', 'Wi-Fi 6 modem, yours to keep'],
    freebies: ['Free mesh Wi-Fi extender'],
    actual_offer_price: 149900,
    sort_priority: 100,
    categories: ['special-las-pinas-city'],
  },
  amount_breakdown: { final: 69900 },
  purchased: false,
};

export const PLAN_200: TCatalogOffer = {
  id: 'konek-prepaid-200',
  data: {
    name: 'Konek Fiber Prepaid up to 200 Mbps',
    less: '₱12,345.50 every 30 days, up to 200 Mbps, Free 14 Days',
    inclusions: ['Free standard installation'],
    freebies: [],
    actual_offer_price: 1234550,
    sort_priority: 30,
  },
  amount_breakdown: { final: 1234550 },
  purchased: false,
};
