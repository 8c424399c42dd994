import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import { VALIDATE_REFERRAL_PATH } from '@konek/contract/validate-referral';
import { json, ok, stubApi } from '../../lib/fake-api-for-tests';
import { setSession } from '../../lib/session';
import { PricingPanel } from './pricing-panel';

const OFFER_ID = 'konek-prepaid-50';

const price = (subTotal: number, discount: unknown[] = []) =>
  ok({
    total_price: {
      currency: 'PHP',
      sub_total: subTotal,
      sub_total_centavos: Math.round(subTotal * 100),
      original_amount: 1499,
      original_amount_centavos: 149900,
      discount,
    },
  });

const KONEK800 = {
  amount: 800,
  amount_centavos: 80000,
  voucher_code: 'KONEK800',
  discount_info: {
    voucher_name: '₱800 off the 50 Mbps plan',
    voucher_misc_params: { LESS: '800', Freebie: 'Free 7 Days', Freebie_3pp: null },
  },
};

const EXPIRED = { code: 2, module: 'vouchers', message: 'This voucher code has expired.' };

function fakeServer() {
  return stubApi({
    [PREVIEW_PRICING_PATH]: (body) => {
      const codes =
        typeof body === 'object' && body && 'voucher_codes' in body ? body.voucher_codes : [];
      if (!Array.isArray(codes) || codes.length === 0) return price(1499);
      if (codes[0] === 'konek800') return price(699, [KONEK800]);
      return json(EXPIRED, 400);
    },
    [VALIDATE_REFERRAL_PATH]: (body) =>
      typeof body === 'object' &&
      body &&
      'referral_code' in body &&
      body.referral_code === 'KNK7Q4MZP'
        ? ok({ referral_code: 'KNK7Q4MZP' })
        : json(
            { code: 8, module: 'referral', message: 'You cannot use your own referral code.' },
            400,
          ),
  });
}

function signIn() {
  Cookies.set('token', 'token-1');
  setSession({ token: 'token-1', userId: 'user-1', accountId: 'account-1' });
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PricingPanel offerId={OFFER_ID} />
    </QueryClientProvider>,
  );
}

const totalOf = () => screen.getByText('Total').nextElementSibling?.textContent;

describe('PricingPanel', () => {
  it('explains that codes apply after sign-in', () => {
    fakeServer();
    renderPanel();
    expect(screen.getByText(/after you sign in/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Voucher code' })).toBeNull();
  });

  it("shows the server's total, then the voucher's discount and the new total", async () => {
    const { calls } = fakeServer();
    signIn();
    renderPanel();
    await screen.findByText('Plan price');
    expect(totalOf()).toBe('₱1,499.00');
    await userEvent.type(screen.getByRole('textbox', { name: 'Voucher code' }), 'konek800');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Voucher applied.');
    expect(screen.getByText('₱800 off the 50 Mbps plan')).toBeTruthy();
    expect(screen.getByText('-₱800.00')).toBeTruthy();
    expect(totalOf()).toBe('₱699.00');
    expect(calls.at(-1)?.body).toEqual({
      voucher_codes: ['konek800'],
      target_id: 'account-1',
      target_type: 2,
      operator_name: 'konek',
      entity_ids: [{ id: OFFER_ID, type: 'offer', quantity: 1 }],
    });
  });

  it("shows the server's message for a voucher that can't be used, keeping the price", async () => {
    fakeServer();
    signIn();
    renderPanel();
    await screen.findByText('Plan price');
    await userEvent.type(screen.getByRole('textbox', { name: 'Voucher code' }), 'WELCOME2024');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This voucher code has expired.');
    expect(totalOf()).toBe('₱1,499.00');
  });

  it('asks for a code before applying', async () => {
    fakeServer();
    signIn();
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter a code.')).toBeTruthy();
  });

  it('says whether a referral code is accepted', async () => {
    fakeServer();
    signIn();
    renderPanel();
    const field = screen.getByRole('textbox', { name: 'Referral code' });
    await userEvent.type(field, 'KNK7Q4MZP');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Referral code KNK7Q4MZP is accepted.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'MINE');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot use your own referral code.',
    );
  });
});
