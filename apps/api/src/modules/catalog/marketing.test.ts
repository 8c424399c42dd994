import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { ERRORS, describeError } from '@konek/contract/errors';
import { GET_OFFERS_PATH, type TOffers } from '@konek/contract/get-offers';
import {
  OPS_CREATE_OFFER_PATH,
  OPS_CREATE_VOUCHER_PATH,
  OPS_EDIT_OFFER_PATH,
  OPS_EDIT_VOUCHER_PATH,
  OPS_OFFERS_PATH,
  OPS_PUBLISH_OFFER_PATH,
  OPS_REFERRAL_RULES_PATH,
  OPS_RETIRE_OFFER_PATH,
  OPS_RETIRE_VOUCHER_PATH,
  OPS_VOUCHERS_PATH,
  type TOpsOffer,
  type TOpsVoucher,
} from '@konek/contract/ops-offers';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import { createTestApp, type TestApp } from '../../test/test-app';
import { systemClock } from '../../platform/clock';
import { post, signUp, type Customer } from '../../test/accounts';
import { addOperatorUser, signInOperator } from '../../test/work-orders';
import { offersAsOrdered } from './service';

// ADR 091 through HTTP against PostgreSQL: marketing writes an offer as a draft, publishes it (customers
// see it in get_offers at once), edits it (the next get_offers says so) and retires it (gone from
// get_offers and pricing; the orders module still reads it for orders that hold it); a new voucher
// prices at once and a retired one is refused; the other roles are refused; bad input names its field.

const LAS_PINAS = '1380200000';
const CEBU = '0730600000';

let testApp: TestApp;
let customer: Customer;
const tokens: Record<string, string> = {};

const ops = (path: string, body: object, role = 'marketing') =>
  post(testApp.app, path, body, tokens[role]);

const offersOfCity = async (cityCode: string): Promise<TOffers> => {
  const reply = await post(testApp.app, GET_OFFERS_PATH, {
    addressbook_id: cityCode,
    operator_name: DEFAULT_OPERATOR_NAME,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().offers;
};

const preview = (offerIds: string[], voucherCodes: string[] = []) =>
  post(
    testApp.app,
    PREVIEW_PRICING_PATH,
    {
      voucher_codes: voucherCodes,
      target_id: customer.accountId,
      target_type: 2,
      operator_name: DEFAULT_OPERATOR_NAME,
      entity_ids: offerIds.map((id) => ({ id, type: 'offer', quantity: 1 })),
    },
    customer.token,
  );

const specialOffer = (overrides: Record<string, unknown> = {}) => ({
  id: 'konek-special-las-pinas-599',
  name: 'Konek Fiber Prepaid Special up to 300 Mbps',
  speed_mbps: 300,
  less: 'Special Offer: ₱599 for your first month, up to 300 Mbps, Free 30 Days',
  inclusions: ['Up to 300 Mbps unlimited fibre internet', 'Free standard installation'],
  freebies: ['Free 30 Days'],
  actual_price_centavos: 249900,
  final_price_centavos: 59900,
  sort_priority: 150,
  active_from: null,
  active_until: null,
  category_ids: [],
  city_codes: [LAS_PINAS],
  ...overrides,
});

const voucher = (overrides: Record<string, unknown> = {}) => ({
  code: 'summer300',
  voucher_name: '₱300 off any plan',
  discount_kind: 'amount',
  discount_centavos: 30000,
  discount_percent: null,
  max_discount_centavos: null,
  freebie: null,
  freebie_3pp: null,
  valid_from: '2026-01-01T00:00:00+08:00',
  valid_until: '2036-01-01T00:00:00+08:00',
  offer_ids: [],
  max_uses: 100,
  per_account_limit: 1,
  ...overrides,
});

function expectFieldRefusal(reply: { statusCode: number; body: string }, field: string) {
  expect(reply.statusCode, reply.body).toBe(400);
  const body = JSON.parse(reply.body);
  expect(body.module).toBe('common');
  expect(body.message.startsWith(`${field}:`), body.message).toBe(true);
}

function expectOpsError(
  reply: { statusCode: number; body: string },
  name: keyof typeof ERRORS.ops,
) {
  const body = JSON.parse(reply.body);
  expect(body.module, reply.body).toBe('ops');
  expect(describeError('ops', body.code).name).toBe(name);
  expect(reply.statusCode).toBe(ERRORS.ops[name].status);
}

beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
  const operators = [
    ['maria', 'marketing'],
    ['dina', 'dispatcher'],
    ['tomas', 'technician'],
    ['ada', 'admin'],
    ['nico', 'network_planner'],
  ] as const;
  for (const [username, role] of operators) {
    const added = await addOperatorUser(testApp, systemClock, {
      username,
      role,
      name: username,
      password: `${role}-password-1234`,
    });
    expect(added.code, added.printed.join('\n')).toBe(0);
    tokens[role] = (await signInOperator(testApp, username, `${role}-password-1234`)).api_token;
  }
});
afterAll(() => testApp.close());

describe('offers', () => {
  it('lists the catalogue with every offer published, and the categories to choose', async () => {
    const reply = await ops(OPS_OFFERS_PATH, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const { offers, categories } = reply.json() as {
      offers: TOpsOffer[];
      categories: { id: string }[];
    };
    const standard = offers.find((offer) => offer.id === 'konek-prepaid-50')!;
    expect(standard).toMatchObject({
      status: 'published',
      speed_mbps: 50,
      category_ids: ['default', 'voucher-offers'],
      city_codes: [],
    });
    expect(categories.map((category) => category.id)).toContain('special-las-pinas-city');
  });

  it('creates a draft that customers do not see, and publishes it: they see it at once', async () => {
    const created = await ops(OPS_CREATE_OFFER_PATH, specialOffer());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().offer).toMatchObject({ status: 'draft', city_codes: [LAS_PINAS] });
    expect((await offersOfCity(LAS_PINAS)).offer_ids).not.toContain('konek-special-las-pinas-599');
    expect((await preview(['konek-special-las-pinas-599'])).statusCode).toBe(404);

    const published = await ops(OPS_PUBLISH_OFFER_PATH, { id: 'konek-special-las-pinas-599' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().offer.status).toBe('published');
    const offers = await offersOfCity(LAS_PINAS);
    // The highest priority of the city's specials: listed first.
    expect(offers.offer_ids[0]).toBe('konek-special-las-pinas-599');
    expect(offers.offer_by_id['konek-special-las-pinas-599']?.amount_breakdown?.final).toBe(59900);
    // A city special is offered in its cities only.
    expect((await offersOfCity(CEBU)).offer_ids).not.toContain('konek-special-las-pinas-599');

    expectOpsError(
      await ops(OPS_PUBLISH_OFFER_PATH, { id: 'konek-special-las-pinas-599' }),
      'OFFER_ALREADY_PUBLISHED',
    );
  });

  it('an edit of a published offer is what the next customer reads', async () => {
    const edited = await ops(
      OPS_EDIT_OFFER_PATH,
      specialOffer({ final_price_centavos: 49900, city_codes: [LAS_PINAS, CEBU] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const offer = (await offersOfCity(CEBU)).offer_by_id['konek-special-las-pinas-599'];
    expect(offer?.amount_breakdown?.final).toBe(49900);
    const priced = await preview(['konek-special-las-pinas-599']);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().total_price.sub_total_centavos).toBe(49900);
  });

  it('retires an offer: gone from get_offers and pricing, still read for the orders that hold it', async () => {
    const retired = await ops(OPS_RETIRE_OFFER_PATH, { id: 'konek-special-las-pinas-599' });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().offer.status).toBe('retired');
    expect((await offersOfCity(LAS_PINAS)).offer_ids).not.toContain('konek-special-las-pinas-599');
    const priced = await preview(['konek-special-las-pinas-599']);
    expect(priced.statusCode).toBe(404);
    expect(priced.json().module).toBe('catalog');
    // What the orders module reads of an order's offers (its confirmation, its SMS) is still there.
    const asOrdered = await offersAsOrdered(testApp.database.db, ['konek-special-las-pinas-599']);
    expect(asOrdered).toMatchObject([{ id: 'konek-special-las-pinas-599', finalCentavos: 49900 }]);

    expectOpsError(await ops(OPS_EDIT_OFFER_PATH, specialOffer()), 'OFFER_RETIRED');
    expectOpsError(
      await ops(OPS_PUBLISH_OFFER_PATH, { id: 'konek-special-las-pinas-599' }),
      'OFFER_RETIRED',
    );
  });

  it('moves an offer between shared categories and its own city special', async () => {
    const id = 'konek-placement';
    const offer = (placement: object) =>
      specialOffer({ id, less: 'Special Offer: up to 300 Mbps', ...placement });
    const listed = async () =>
      ((await ops(OPS_OFFERS_PATH, {})).json().offers as TOpsOffer[]).find(
        (each) => each.id === id,
      );
    expect(
      (await ops(OPS_CREATE_OFFER_PATH, offer({ category_ids: ['special-cebu-city'] }))).statusCode,
    ).toBe(200);
    expect(await listed()).toMatchObject({
      category_ids: ['special-cebu-city'],
      city_codes: [LAS_PINAS],
    });
    await ops(OPS_PUBLISH_OFFER_PATH, { id });
    expect((await offersOfCity(CEBU)).offer_ids).toContain(id);
    expect((await offersOfCity(LAS_PINAS)).offer_ids).toContain(id);

    const moved = await ops(
      OPS_EDIT_OFFER_PATH,
      offer({ category_ids: ['default'], city_codes: [] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await listed()).toMatchObject({ category_ids: ['default'], city_codes: [] });
    // The default category is offered in every city; the city special is gone.
    expect((await offersOfCity(CEBU)).offer_ids).toContain(id);
    // A published offer must stay sold somewhere.
    expectFieldRefusal(
      await ops(OPS_EDIT_OFFER_PATH, offer({ category_ids: [], city_codes: [] })),
      'category_ids',
    );
    await ops(OPS_RETIRE_OFFER_PATH, { id });
  });

  it('refuses a taken id, and an unknown one', async () => {
    expectOpsError(
      await ops(OPS_CREATE_OFFER_PATH, specialOffer({ id: 'konek-prepaid-50' })),
      'OFFER_ID_TAKEN',
    );
    expectOpsError(await ops(OPS_RETIRE_OFFER_PATH, { id: 'no-such-offer' }), 'OFFER_NOT_FOUND');
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ id: 'Has Spaces' }, 'id'],
      [{ final_price_centavos: 300000 }, 'final_price_centavos'],
      [{ actual_price_centavos: -1 }, 'actual_price_centavos'],
      [{ speed_mbps: 100 }, 'speed_mbps'],
      [
        { active_from: '2026-07-01T00:00:00+08:00', active_until: '2026-06-01T00:00:00+08:00' },
        'active_until',
      ],
      [{ city_codes: ['9999999999'] }, 'city_codes'],
      [{ category_ids: ['no-such-category'] }, 'category_ids'],
      [{ id: 'konek-nowhere', category_ids: [], city_codes: [] }, ''],
    ];
    for (const [change, field] of cases) {
      const reply = await ops(OPS_CREATE_OFFER_PATH, specialOffer({ id: 'konek-new', ...change }));
      if (field === '') {
        // A draft sold nowhere may be saved; it cannot be published.
        expect(reply.statusCode, reply.body).toBe(200);
        expectFieldRefusal(
          await ops(OPS_PUBLISH_OFFER_PATH, { id: 'konek-nowhere' }),
          'category_ids',
        );
      } else {
        expectFieldRefusal(reply, field);
      }
    }
  });

  it('refuses hostile text', async () => {
    for (const name of ['Plan\u0000', 'Plan \ud800']) {
      const reply = await ops(OPS_CREATE_OFFER_PATH, specialOffer({ id: 'konek-hostile', name }));
      expect(reply.statusCode, reply.body).toBe(400);
    }
    expect(
      (await ops(OPS_OFFERS_PATH, {})).json().offers.map((o: TOpsOffer) => o.id),
    ).not.toContain('konek-hostile');
  });
});

describe('vouchers', () => {
  it('a new voucher prices at once, and is listed with its uses', async () => {
    const created = await ops(OPS_CREATE_VOUCHER_PATH, voucher());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().voucher).toMatchObject({
      code: 'SUMMER300',
      uses: { reserved: 0, spent: 0 },
    });

    const priced = await preview(['konek-prepaid-50'], ['summer300']);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().total_price.sub_total_centavos).toBe(149900 - 30000);

    const listed = await ops(OPS_VOUCHERS_PATH, {});
    expect(listed.statusCode, listed.body).toBe(200);
    const vouchers: TOpsVoucher[] = listed.json().vouchers;
    expect(vouchers.find((each) => each.code === 'SUMMER300')?.max_uses).toBe(100);
    expect(vouchers.find((each) => each.code === 'FLASH500')).toMatchObject({ max_uses: 500 });
  });

  it('an edit applies to the next price', async () => {
    const edited = await ops(
      OPS_EDIT_VOUCHER_PATH,
      voucher({
        discount_kind: 'percent',
        discount_centavos: null,
        discount_percent: 20,
        max_discount_centavos: 25000,
        offer_ids: ['konek-prepaid-100'],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const priced = await preview(['konek-prepaid-100'], ['SUMMER300']);
    expect(priced.statusCode, priced.body).toBe(200);
    // 20% of ₱1,999 is ₱399.80, capped at ₱250.
    expect(priced.json().total_price.sub_total_centavos).toBe(199900 - 25000);
    const elsewhere = await preview(['konek-prepaid-50'], ['SUMMER300']);
    expect(elsewhere.json().module).toBe('vouchers');
  });

  it('refuses a code that exists, with a clear 409', async () => {
    const reply = await ops(OPS_CREATE_VOUCHER_PATH, voucher({ code: 'konek800' }));
    expectOpsError(reply, 'VOUCHER_CODE_TAKEN');
    expect(reply.json().field).toBe('code');
    expect(reply.json().message).toMatch(/exists already/);
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'a b' }, 'code'],
      [{ code: 'X' }, 'code'],
      [{ voucher_name: '' }, 'voucher_name'],
      [{ discount_centavos: null }, 'discount_centavos'],
      [{ discount_percent: 10 }, 'discount_percent'],
      [
        { discount_kind: 'percent', discount_centavos: null, discount_percent: 101 },
        'discount_percent',
      ],
      [{ valid_until: '2025-01-01T00:00:00+08:00' }, 'valid_until'],
      [{ offer_ids: ['no-such-offer'] }, 'offer_ids'],
      [{ max_uses: 0 }, 'max_uses'],
      [{ per_account_limit: 0 }, 'per_account_limit'],
    ];
    for (const [change, field] of cases) {
      expectFieldRefusal(
        await ops(OPS_CREATE_VOUCHER_PATH, voucher({ code: 'NEWCODE', ...change })),
        field,
      );
    }
    // FLASH500 has 500 uses: its limit cannot go below them.
    const flash = (await ops(OPS_VOUCHERS_PATH, {}))
      .json()
      .vouchers.find((each: TOpsVoucher) => each.code === 'FLASH500');
    const fields: Record<string, unknown> = { ...flash, max_uses: 10 };
    delete fields.uses;
    delete fields.retired_at;
    expectFieldRefusal(await ops(OPS_EDIT_VOUCHER_PATH, fields), 'max_uses');
  });

  it('a retired voucher is refused to customers, and cannot be changed', async () => {
    const retired = await ops(OPS_RETIRE_VOUCHER_PATH, { code: 'summer300' });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().voucher.retired_at).toEqual(expect.any(String));
    const priced = await preview(['konek-prepaid-100'], ['SUMMER300']);
    expect(priced.json().module).toBe('vouchers');
    expect(describeError('vouchers', priced.json().code).name).toBe('VOUCHER_EXPIRED');
    expectOpsError(await ops(OPS_RETIRE_VOUCHER_PATH, { code: 'SUMMER300' }), 'VOUCHER_RETIRED');
    expectOpsError(await ops(OPS_EDIT_VOUCHER_PATH, voucher()), 'VOUCHER_RETIRED');
    expectOpsError(await ops(OPS_RETIRE_VOUCHER_PATH, { code: 'NOSUCHCODE' }), 'VOUCHER_NOT_FOUND');
  });
});

describe('referral rules', () => {
  it('shows the counts of codes and referrals', async () => {
    const reply = await ops(OPS_REFERRAL_RULES_PATH, {});
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().referral).toEqual({
      codes_issued: expect.any(Number),
      referrals_reserved: 0,
      referrals_spent: 0,
    });
  });
});

describe('who may', () => {
  const calls: [string, object][] = [
    [OPS_OFFERS_PATH, {}],
    [OPS_CREATE_OFFER_PATH, specialOffer({ id: 'konek-refused' })],
    [OPS_EDIT_OFFER_PATH, specialOffer({ id: 'konek-prepaid-50' })],
    [OPS_PUBLISH_OFFER_PATH, { id: 'konek-prepaid-50' }],
    [OPS_RETIRE_OFFER_PATH, { id: 'konek-prepaid-50' }],
    [OPS_VOUCHERS_PATH, {}],
    [OPS_CREATE_VOUCHER_PATH, voucher({ code: 'REFUSED1' })],
    [OPS_EDIT_VOUCHER_PATH, voucher({ code: 'KONEK800' })],
    [OPS_RETIRE_VOUCHER_PATH, { code: 'KONEK800' }],
    [OPS_REFERRAL_RULES_PATH, {}],
  ];

  it.each(['dispatcher', 'technician', 'admin', 'network_planner'])(
    'refuses a %s every call with 403',
    async (role) => {
      for (const [path, body] of calls) {
        const reply = await ops(path, body, role);
        expect(reply.statusCode, `${path} ${reply.body}`).toBe(403);
        expectOpsError(reply, 'ROLE_NOT_ALLOWED');
      }
      // Nothing changed.
      expect((await offersOfCity(LAS_PINAS)).offer_ids).toContain('konek-special-las-pinas-699');
    },
  );

  it('refuses a customer token and no token with 401', async () => {
    expect((await post(testApp.app, OPS_OFFERS_PATH, {}, customer.token)).statusCode).toBe(401);
    expect((await post(testApp.app, OPS_OFFERS_PATH, {})).statusCode).toBe(401);
  });
});
