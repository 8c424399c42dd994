import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { GET_OFFERS_PATH, type TGetOffersResponse } from '@konek/contract/get-offers';
import { JOURNEY_CONTEXT_NAME } from '@konek/contract/journey-context';
import { isSpecialOffer, specialOfferPrices } from '@konek/contract/offer-rules';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';
import { CEBU_CITY, LAS_PINAS_CITY, QUEZON_CITY } from '../../db/seed/catalog/demo-offers';

const MAKATI_CITY = '1380300000';
const NATIONWIDE = ['konek-prepaid-200', 'konek-prepaid-100', 'konek-prepaid-50'];

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const getOffers = (body: object, token?: string) => post(testApp.app, GET_OFFERS_PATH, body, token);

async function offersOfCity(cityCode: string): Promise<TGetOffersResponse> {
  const reply = await getOffers({ addressbook_id: cityCode, operator_name: DEFAULT_OPERATOR_NAME });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

describe('get_offers {ids, operator_name}', () => {
  it('answers the default offer as the client holds it, prices in centavos', async () => {
    const reply = await getOffers({
      ids: ['konek-prepaid-50'],
      operator_name: DEFAULT_OPERATOR_NAME,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      code: 0,
      module: 'catalog',
      message: 'OK',
      city: null,
      offers: {
        offer_ids: ['konek-prepaid-50'],
        offer_by_id: {
          'konek-prepaid-50': {
            id: 'konek-prepaid-50',
            data: {
              name: 'Konek Fiber Prepaid up to 50 Mbps',
              less: '₱1,499 every 30 days, up to 50 Mbps, Free 7 Days',
              inclusions: [
                'Up to 50 Mbps unlimited fibre internet',
                'Wi-Fi 6 modem, yours to keep',
                'Free standard installation',
              ],
              freebies: ['Free 7 Days'],
              actual_offer_price: 149900,
              sort_priority: 10,
              categories: ['default', 'voucher-offers'],
            },
            amount_breakdown: { final: 149900 },
            purchased: false,
          },
        },
        category_by_id: {
          default: {
            id: 'default',
            name: 'Konek Fiber Prepaid',
            kind: 'default',
            city_codes: [],
            offer_ids: ['konek-prepaid-50'],
          },
          'voucher-offers': {
            id: 'voucher-offers',
            name: 'Plans for voucher codes',
            kind: 'voucher',
            city_codes: [],
            offer_ids: ['konek-prepaid-50'],
          },
        },
      },
    });
  });

  it('leaves out unknown ids and offers whose window has closed', async () => {
    const reply = await getOffers({
      ids: ['konek-special-cebu-city-999', 'no-such-offer', 'konek-special-quezon-city-holiday'],
      operator_name: DEFAULT_OPERATOR_NAME,
    });
    const body: TGetOffersResponse = reply.json();
    expect(body.offers.offer_ids).toEqual(['konek-special-cebu-city-999']);
    expect(body.offers.category_by_id['special-cebu-city']?.city_codes).toEqual([CEBU_CITY]);
  });

  it('refuses another operator and an empty or oversized id list', async () => {
    const otherOperator = await getOffers({ ids: ['konek-prepaid-50'], operator_name: 'other' });
    expect(otherOperator.statusCode).toBe(400);
    expect(otherOperator.json().message).toBe('operator_name: the operator here is "konek".');
    for (const ids of [[], Array.from({ length: 51 }, (_, index) => `offer-${index}`)]) {
      const reply = await getOffers({ ids, operator_name: DEFAULT_OPERATOR_NAME });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 1, module: 'common' });
    }
  });
});

describe('get_offers {addressbook_id, operator_name}: a city’s offers', () => {
  it('Las Piñas: its special offers first, highest sort_priority first, then the plans', async () => {
    const body = await offersOfCity(LAS_PINAS_CITY);
    expect(body.city).toEqual({ address_name: 'Las Piñas City', address_code: LAS_PINAS_CITY });
    expect(body.offers.offer_ids).toEqual([
      'konek-special-las-pinas-699',
      'konek-special-las-pinas-1299',
      ...NATIONWIDE,
    ]);
    const special = body.offers.offer_by_id['konek-special-las-pinas-699']!;
    expect(isSpecialOffer(special)).toBe(true);
    expect(specialOfferPrices(special)).toEqual({ originalPesos: 1499, finalPesos: 699 });
    expect(special.data.less).toBe(
      'Special Offer: ₱699 for your first month, up to 100 Mbps, Free 30 Days',
    );
    expect(body.offers.category_by_id['special-las-pinas-city']).toMatchObject({
      kind: 'special',
      city_codes: [LAS_PINAS_CITY],
      offer_ids: ['konek-special-las-pinas-699', 'konek-special-las-pinas-1299'],
    });
  });

  it('Quezon City: an ended special offer is not offered, however high its priority', async () => {
    const body = await offersOfCity(QUEZON_CITY);
    expect(body.offers.offer_ids).toEqual(['konek-special-quezon-city-799', ...NATIONWIDE]);
  });

  it('Cebu City has its own special offer and none of Metro Manila’s', async () => {
    const body = await offersOfCity(CEBU_CITY);
    expect(body.offers.offer_ids).toEqual(['konek-special-cebu-city-999', ...NATIONWIDE]);
  });

  it('a city without special offers gets the default and voucher offers only', async () => {
    const body = await offersOfCity(MAKATI_CITY);
    expect(body.city?.address_name).toBe('Makati City');
    expect(body.offers.offer_ids).toEqual(NATIONWIDE);
    expect(Object.values(body.offers.offer_by_id).some(isSpecialOffer)).toBe(false);
    expect(Object.keys(body.offers.category_by_id).sort()).toEqual(['default', 'voucher-offers']);
  });

  it('answers catalog ADDRESS_NOT_FOUND (404) for a code that is no city', async () => {
    const reply = await getOffers({
      addressbook_id: '9999999999',
      operator_name: DEFAULT_OPERATOR_NAME,
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({
      code: 2,
      module: 'catalog',
      message: 'addressbook_id: no city has the address code 9999999999.',
      field: 'addressbook_id',
    });
  });

  it('names the field when the code is not a PSGC code', async () => {
    const reply = await getOffers({ addressbook_id: 'Las Piñas', operator_name: 'konek' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'addressbook_id: must be the 10-digit address_code of a city',
    );
  });
});

describe('get_offers while a holiday special ran (the clock in December 2024)', () => {
  it('offers the holiday special first in Quezon City', async () => {
    const december = await createTestApp(
      {},
      { clock: { now: () => new Date('2024-12-20T10:00:00+08:00') } },
    );
    try {
      const reply = await post(december.app, GET_OFFERS_PATH, {
        addressbook_id: QUEZON_CITY,
        operator_name: DEFAULT_OPERATOR_NAME,
      });
      expect(reply.json().offers.offer_ids.slice(0, 2)).toEqual([
        'konek-special-quezon-city-holiday',
        'konek-special-quezon-city-799',
      ]);
    } finally {
      await december.close();
    }
  });
});

describe('get_offers {target_id, target_type 2} (signed in)', () => {
  const forAccount = (token: string | undefined, targetId = customer.accountId) =>
    getOffers({ target_id: targetId, target_type: 2 }, token);

  it('without a checked address: the offers every city has, none bought', async () => {
    const reply = await forAccount(customer.token);
    expect(reply.statusCode).toBe(200);
    const body: TGetOffersResponse = reply.json();
    expect(body.city).toBeNull();
    expect(body.offers.offer_ids).toEqual(NATIONWIDE);
  });

  it('with the checked address in the stored journey: that city’s offers, none bought', async () => {
    const stored = await post(
      testApp.app,
      CLIENT_STORAGE_ADD_PATH,
      {
        target_id: customer.userId,
        target_type: 3,
        context: JOURNEY_CONTEXT_NAME,
        data: {
          address: {
            area: {
              province: { address_name: 'Metro Manila', address_code: '1300000000' },
              city: { address_name: 'Las Piñas City', address_code: LAS_PINAS_CITY },
            },
          },
        },
      },
      customer.token,
    );
    expect(stored.statusCode).toBe(200);
    const body: TGetOffersResponse = (await forAccount(customer.token)).json();
    expect(body.city?.address_code).toBe(LAS_PINAS_CITY);
    expect(body.offers.offer_ids[0]).toBe('konek-special-las-pinas-699');
    expect(Object.values(body.offers.offer_by_id).every((offer) => !offer.purchased)).toBe(true);
  });

  it('refuses a caller without a token (401) and another customer’s account (403)', async () => {
    expect((await forAccount(undefined)).statusCode).toBe(401);
    const other = await signUp(testApp.app);
    expect((await forAccount(customer.token, other.accountId)).statusCode).toBe(403);
    expect((await forAccount(customer.token, 'not-an-account')).statusCode).toBe(403);
  });

  it('refuses a user target (type 3) and another operator', async () => {
    const userTarget = await getOffers(
      { target_id: customer.userId, target_type: 3 },
      customer.token,
    );
    expect(userTarget.statusCode).toBe(400);
    const otherOperator = await getOffers(
      { target_id: customer.accountId, target_type: 2, operator_name: 'other' },
      customer.token,
    );
    expect(otherOperator.statusCode).toBe(400);
  });
});

describe('get_offers with any body', () => {
  it('tells what to send when the body matches no form', async () => {
    const reply = await getOffers({ operator_name: DEFAULT_OPERATOR_NAME });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'body: send ids or addressbook_id with operator_name, or target_id with target_type 2 (signed in)',
    );
  });

  it('never answers a 5xx', async () => {
    const form = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          ids: fc.oneof(fc.array(fc.string()), fc.jsonValue()),
          addressbook_id: fc.oneof(fc.stringMatching(/^\d{10}$/), fc.jsonValue()),
          target_id: fc.oneof(fc.uuid(), fc.string()),
          target_type: fc.oneof(fc.constant(2), fc.integer()),
          operator_name: fc.oneof(fc.constant(DEFAULT_OPERATOR_NAME), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(form, fc.boolean(), async (body, isSignedIn) => {
        const reply = await testApp.app.inject({
          method: 'POST',
          url: GET_OFFERS_PATH,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            ...(isSignedIn ? { authorization: `Bearer ${customer.token}` } : {}),
          },
        });
        expect(reply.statusCode).toBeLessThan(500);
        expect(typeof reply.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });
});
