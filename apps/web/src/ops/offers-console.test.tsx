import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPS_LOGIN_PATH } from '@konek/contract/ops';
import {
  OPS_CREATE_OFFER_PATH,
  OPS_CREATE_VOUCHER_PATH,
  OPS_OFFERS_PATH,
  OPS_PUBLISH_OFFER_PATH,
  OPS_REFERRAL_RULES_PATH,
  OPS_RETIRE_OFFER_PATH,
  OPS_RETIRE_VOUCHER_PATH,
  OPS_VOUCHERS_PATH,
  type TOpsOffer,
  type TOpsVoucher,
} from '@konek/contract/ops-offers';
import { OPS_HISTORY_PATH } from '@konek/contract/ops-history';
import { MarketingConsole } from './offers-console';
import { OpsApp } from './ops-app';

// ADR 091: marketing's console on the operators' page, against a fetch that answers as /api/ops does.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const standard: TOpsOffer = {
  id: 'konek-prepaid-50',
  status: 'published',
  name: 'Konek Fiber Prepaid up to 50 Mbps',
  speed_mbps: 50,
  less: '₱1,499 every 30 days, up to 50 Mbps, Free 7 Days',
  inclusions: ['Up to 50 Mbps unlimited fibre internet'],
  freebies: ['Free 7 Days'],
  actual_price_centavos: 149900,
  final_price_centavos: 149900,
  sort_priority: 10,
  active_from: null,
  active_until: null,
  category_ids: ['default'],
  city_codes: [],
};
const draft: TOpsOffer = {
  ...standard,
  id: 'konek-special-cebu-899',
  status: 'draft',
  name: 'Cebu Special up to 300 Mbps',
  speed_mbps: 300,
  less: 'Special Offer: ₱899 for your first month, up to 300 Mbps',
  final_price_centavos: 89900,
  actual_price_centavos: 249900,
  category_ids: [],
  city_codes: ['0730600000'],
};
const categories = [
  { id: 'default', name: 'Konek Fiber Prepaid', kind: 'default', city_codes: [] },
  {
    id: 'special-cebu-city',
    name: 'Cebu City special offers',
    kind: 'special',
    city_codes: ['0730600000'],
  },
];
const voucher: TOpsVoucher = {
  code: 'KONEK800',
  voucher_name: '₱800 off your first 30 days',
  discount_kind: 'amount',
  discount_centavos: 80000,
  discount_percent: null,
  max_discount_centavos: null,
  freebie: null,
  freebie_3pp: null,
  valid_from: '2025-01-01T00:00:00.000Z',
  valid_until: '2036-01-01T00:00:00.000Z',
  offer_ids: ['konek-prepaid-50'],
  max_uses: 10000,
  per_account_limit: 1,
  retired_at: null,
  uses: { reserved: 2, spent: 5 },
};

type Sent = { path: string; body: Record<string, unknown> };
function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      return handlers[path]?.(body) ?? reply(404, { code: 404 });
    }),
  );
  return sent;
}

const session = {
  token: 'marketing-token',
  user: { user_id: 'm-1', username: 'maria', role: 'marketing' as const, first_name: 'Maria' },
};
const offersReply = (offers: TOpsOffer[]) => () => reply(200, { offers, categories });

describe("marketing's offers", () => {
  it('lists offers with their status; a draft is published only after confirming', async () => {
    let offers = [standard, draft];
    const sent = serve({
      [OPS_OFFERS_PATH]: () => offersReply(offers)(),
      [OPS_PUBLISH_OFFER_PATH]: () => {
        offers = [standard, { ...draft, status: 'published' }];
        return reply(200, { offer: offers[1] });
      },
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    const card = await screen.findByRole('listitem', { name: `${draft.name} (${draft.id})` });
    expect(within(card).getByText('Draft')).toBeTruthy();
    expect(within(card).getByText(/City special in 0730600000/)).toBeTruthy();
    // The published offer has no publish button; the draft has.
    const published = screen.getByRole('listitem', { name: `${standard.name} (${standard.id})` });
    expect(within(published).queryByRole('button', { name: /Publish/ })).toBeNull();

    await user.click(
      within(card).getByRole('button', { name: `Publish ${draft.name} (${draft.id})` }),
    );
    expect(sent.some((each) => each.path === OPS_PUBLISH_OFFER_PATH)).toBe(false);
    expect(within(card).getByText(/Customers see it at once/)).toBeTruthy();
    // Keyboard: the confirmation has the focus; Enter publishes.
    expect(document.activeElement).toBe(
      within(card).getByRole('button', { name: `Yes, publish ${draft.name} (${draft.id})` }),
    );
    await user.keyboard('{Enter}');
    await screen.findByText(`${draft.name} is published: customers see it now.`);
    expect(sent.find((each) => each.path === OPS_PUBLISH_OFFER_PATH)?.body).toEqual({
      id: draft.id,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: `${draft.name} (${draft.id})` })).getByText(
          'Published',
        ),
      ).toBeTruthy(),
    );
  });

  it('shows an offer’s history: who changed it, when, and what, before → after', async () => {
    const sent = serve({
      [OPS_OFFERS_PATH]: offersReply([standard]),
      [OPS_HISTORY_PATH]: () =>
        reply(200, {
          history: [
            {
              audit_id: '2',
              at: '2026-12-05T02:00:00.000Z',
              operator: { user_id: 'm-1', username: 'maria' },
              entity: 'offer',
              entity_id: standard.id,
              action: 'update',
              before: { final_price_centavos: 149900 },
              after: { final_price_centavos: 129900 },
            },
          ],
        }),
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    const card = await screen.findByRole('listitem', { name: `${standard.name} (${standard.id})` });
    await user.click(
      within(card).getByRole('button', { name: `History of ${standard.name} (${standard.id})` }),
    );
    await screen.findByText(/^Changed by maria, /);
    expect(screen.getByText('₱1,499.00 → ₱1,299.00')).toBeTruthy();
    expect(sent.find((each) => each.path === OPS_HISTORY_PATH)?.body).toEqual({
      entity: 'offer',
      entity_id: standard.id,
    });
  });

  it('retiring can be called off', async () => {
    const sent = serve({ [OPS_OFFERS_PATH]: offersReply([standard]) });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    const card = await screen.findByRole('listitem', { name: `${standard.name} (${standard.id})` });
    await user.click(
      within(card).getByRole('button', { name: `Retire ${standard.name} (${standard.id})` }),
    );
    expect(within(card).getByText(/orders that hold it keep it/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((each) => each.path === OPS_RETIRE_OFFER_PATH)).toBe(false);
  });

  it('a new offer: the form with its labels, the preview as customers see it, the field a refusal names', async () => {
    let attempt = 0;
    const sent = serve({
      [OPS_OFFERS_PATH]: offersReply([standard]),
      [OPS_CREATE_OFFER_PATH]: (body) => {
        attempt += 1;
        if (attempt === 1) {
          return reply(400, {
            module: 'common',
            code: 2,
            message: 'speed_mbps: The plan\'s name, text or inclusions must say "up to 200 Mbps".',
          });
        }
        return reply(200, { offer: { ...draft, ...body, status: 'draft' } });
      },
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'New offer' }));

    await user.type(screen.getByLabelText('Offer id'), 'konek-special-cebu-899');
    await user.type(screen.getByLabelText('Plan name'), 'Cebu Special up to 300 Mbps');
    await user.type(screen.getByLabelText('Speed (Mbps)'), '200');
    await user.type(
      screen.getByLabelText('Text under the price'),
      'Special Offer: ₱899 for your first month, Free 30 Days',
    );
    await user.type(screen.getByLabelText('Price before discount (₱)'), '2,499');
    await user.type(screen.getByLabelText('Price to pay (₱)'), '899');
    await user.type(screen.getByLabelText('Inclusions (one a line)'), 'Modem{Enter}Installation');
    await user.type(screen.getByLabelText('City special: city codes'), '0730600000');
    await user.click(screen.getByLabelText('Cebu City special offers (cities 0730600000)'));

    // The preview draws the customer's card: special badge, struck price, speed and free days.
    const preview = screen.getByRole('article', { name: 'Cebu Special up to 300 Mbps' });
    expect(within(preview).getByText('Special offer')).toBeTruthy();
    expect(within(preview).getByText('₱2,499.00')).toBeTruthy();
    expect(within(preview).getByText('₱899.00')).toBeTruthy();
    expect(within(preview).getByText('up to 300 Mbps')).toBeTruthy();
    expect(within(preview).getByText('30 free days')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    const speed = screen.getByLabelText('Speed (Mbps)');
    await waitFor(() => expect(speed.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toMatch(/^speed_mbps:/);

    await user.clear(speed);
    await user.type(speed, '300');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await screen.findByText(/is saved as a draft: publish it to sell it/);
    expect(sent.filter((each) => each.path === OPS_CREATE_OFFER_PATH)[1]?.body).toEqual({
      id: 'konek-special-cebu-899',
      name: 'Cebu Special up to 300 Mbps',
      speed_mbps: 300,
      less: 'Special Offer: ₱899 for your first month, Free 30 Days',
      inclusions: ['Modem', 'Installation'],
      freebies: [],
      actual_price_centavos: 249900,
      final_price_centavos: 89900,
      sort_priority: 0,
      active_from: null,
      active_until: null,
      category_ids: ['special-cebu-city'],
      city_codes: ['0730600000'],
    });
  });
});

describe("marketing's vouchers", () => {
  it('lists vouchers with their uses, and retires one after confirming', async () => {
    const sent = serve({
      [OPS_VOUCHERS_PATH]: () => reply(200, { vouchers: [voucher] }),
      [OPS_OFFERS_PATH]: offersReply([standard]),
      [OPS_RETIRE_VOUCHER_PATH]: () =>
        reply(200, { voucher: { ...voucher, retired_at: '2026-12-05T00:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Vouchers' }));
    const card = await screen.findByRole('listitem', { name: 'KONEK800' });
    expect(
      within(card).getByText('Used 5 times, held by 2 unpaid orders: 7 of 10000'),
    ).toBeTruthy();
    expect(within(card).getByText(standard.name)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Retire KONEK800' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, retire KONEK800' }));
    await screen.findByText('KONEK800 is retired: customers can no longer use it.');
    expect(sent.find((each) => each.path === OPS_RETIRE_VOUCHER_PATH)?.body).toEqual({
      code: 'KONEK800',
    });
  });

  it('a code that exists is shown at the code field', async () => {
    serve({
      [OPS_VOUCHERS_PATH]: () => reply(200, { vouchers: [voucher] }),
      [OPS_OFFERS_PATH]: offersReply([standard]),
      [OPS_CREATE_VOUCHER_PATH]: () =>
        reply(409, {
          code: 26,
          field: 'code',
          message: 'A voucher with this code exists already. Choose another code.',
        }),
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Vouchers' }));
    await user.click(await screen.findByRole('button', { name: 'New voucher' }));
    await user.type(screen.getByLabelText('Voucher code'), 'konek800');
    await user.type(screen.getByLabelText('Voucher name'), 'Again');
    await user.type(screen.getByLabelText('Amount off (₱)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create voucher' }));
    const code = screen.getByLabelText('Voucher code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
  });
});

describe('the referral rules', () => {
  it('shows the rules and the counts', async () => {
    serve({
      [OPS_REFERRAL_RULES_PATH]: () =>
        reply(200, { referral: { codes_issued: 12, referrals_spent: 3, referrals_reserved: 1 } }),
    });
    const user = userEvent.setup();
    render(<MarketingConsole session={session} onFailure={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Referral rules' }));
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('A referral gives no discount.')).toBeTruthy();
  });
});

describe('the operators’ page for the marketing role', () => {
  it('signs in to the offers console', async () => {
    serve({
      [OPS_LOGIN_PATH]: () =>
        reply(200, { api_token: 'marketing-token', token_start: 0, user: session.user }),
      [OPS_OFFERS_PATH]: offersReply([standard]),
    });
    sessionStorage.clear();
    const user = userEvent.setup();
    render(<OpsApp />);
    await user.type(screen.getByLabelText('Username'), 'maria');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Maria · Marketing')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Offers' })).toBeTruthy();
    sessionStorage.clear();
  });
});
