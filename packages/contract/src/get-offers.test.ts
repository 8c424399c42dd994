import { describe, expect, it } from 'vitest';
import { ZGetOffersRequest, ZGetOffersResponse } from './get-offers';

describe('ZGetOffersRequest (product §7.1 get offers, three forms)', () => {
  it.each([
    ['ids', { ids: ['konek-prepaid-50'], operator_name: 'konek' }],
    ['addressbook_id', { addressbook_id: '1380200000', operator_name: 'konek' }],
    ['target', { target_id: 'a3b0c7d2-5f41-4c1a-9e2b-0d6f7e8a9b10', target_type: 2 }],
    [
      'target with operator',
      { target_id: 'a3b0c7d2-5f41-4c1a-9e2b-0d6f7e8a9b10', target_type: 2, operator_name: 'konek' },
    ],
  ])('accepts the %s form', (_name, body) => {
    expect(ZGetOffersRequest.safeParse(body).success).toBe(true);
  });

  it.each([
    ['nothing', {}],
    ['ids without operator', { ids: ['a'] }],
    ['no ids', { ids: [], operator_name: 'konek' }],
    ['51 ids', { ids: Array.from({ length: 51 }, (_, index) => `o${index}`), operator_name: 'k' }],
    ['a city name', { addressbook_id: 'Las Piñas City', operator_name: 'konek' }],
    ['a user target', { target_id: 'u', target_type: 3 }],
  ])('refuses %s', (_name, body) => {
    expect(ZGetOffersRequest.safeParse(body).success).toBe(false);
  });
});

describe('ZGetOffersResponse (product §3 offer_by_id, category_by_id)', () => {
  it('accepts offers held by id with their categories', () => {
    const reply = {
      code: 0,
      module: 'catalog',
      message: 'OK',
      city: { address_name: 'Las Piñas City', address_code: '1380200000' },
      offers: {
        offer_ids: ['special'],
        offer_by_id: {
          special: {
            id: 'special',
            data: {
              name: 'Special',
              less: 'Special Offer: ₱699',
              inclusions: [],
              freebies: ['Free 30 Days'],
              actual_offer_price: 149900,
              sort_priority: 100,
              categories: ['special-city'],
            },
            amount_breakdown: { final: 69900 },
            purchased: false,
          },
        },
        category_by_id: {
          'special-city': {
            id: 'special-city',
            name: 'City specials',
            kind: 'special',
            city_codes: ['1380200000'],
            offer_ids: ['special'],
          },
        },
      },
    };
    expect(ZGetOffersResponse.parse(reply)).toEqual(reply);
  });

  it('refuses a price in pesos with centavos (prices are integer centavos)', () => {
    const offer = { id: 'a', data: { name: 'A', actual_offer_price: 1499.5 }, purchased: false };
    const reply = {
      code: 0,
      module: 'catalog',
      message: 'OK',
      city: null,
      offers: { offer_ids: ['a'], offer_by_id: { a: offer }, category_by_id: {} },
    };
    expect(ZGetOffersResponse.safeParse(reply).success).toBe(false);
  });
});
