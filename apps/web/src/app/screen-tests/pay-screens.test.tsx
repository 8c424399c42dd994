import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FETCH_PAYMENT_SESSION_DATA_PATH,
  type TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { CREATE_ORDER_PATH, GET_ORDER_ENTITIES_PATH, type TOrder } from '@konek/contract/orders';
import { PREVIEW_PRICING_PATH, type TTotalPrice } from '@konek/contract/preview-pricing';
import { REMOTE_CONFIG_GET_PATH } from '@konek/contract/remote-config-get';
import { GET_PROFILE_PATH } from '@konek/contract/update-info';
import { answeredOnceAllAsked, failure, ok, type FakeHandler } from '../../lib/fake-api-for-tests';
import {
  HOUSE,
  bodiesSentTo,
  journeyApi,
  signInCustomer,
} from '../../lib/journey-fixtures-for-tests';
import { readPaymentRecord, saveChosenOffer } from '../../lib/journey-store';
import { getSession, setSession } from '../../lib/session';
import { renderAt } from './render-at';

// ADR 045: the pay step's screens against a fake API — what the customer sees, what is sent, and where
// each answer of the wallet leads.

const leaveForCheckout = vi.hoisted(() => vi.fn());
vi.mock('../../features/pay/leave-for-checkout', () => ({ leaveForCheckout }));

afterEach(() => leaveForCheckout.mockReset());

const BOOKED = {
  resourceBook: { external_order_id: 'EO-1', external_order_action_id: 'EOA-1' },
  appointment_booking: true,
  internalAppointmentId: 'appointment-1',
  appointmentTime: 'December 01, 2026 - Morning - 9:00 AM - 12:00 PM',
};

function price(subTotal: number, discounts: { code: string; amount: number }[] = []): TTotalPrice {
  return {
    currency: 'PHP',
    sub_total: subTotal,
    sub_total_centavos: Math.round(subTotal * 100),
    original_amount: 2499,
    original_amount_centavos: 249900,
    discount: discounts.map(({ code, amount }) => ({
      amount,
      amount_centavos: Math.round(amount * 100),
      voucher_code: code,
      discount_info: {
        voucher_name: 'Welcome voucher',
        voucher_misc_params: { LESS: String(amount), Freebie: null, Freebie_3pp: null },
      },
    })),
  };
}

function order(changes: Partial<TOrder> = {}): TOrder {
  return {
    order_id: 'order-1',
    order_number: 'KNK-2611-000123',
    state: 101,
    state_name: 'awaiting_payment',
    purchased: false,
    entities: {
      product: {
        'offer-1': {
          id: 'offer-1',
          type: 'offer',
          quantity: 1,
          name: 'Fiber 1499',
          price: 1499,
          price_centavos: 149900,
          special_offer: false,
        },
      },
    },
    properties: { work_order_status: null },
    external_order_id: 'EO-1',
    external_order_action_id: 'EOA-1',
    appointment_id: 'appointment-1',
    installation: { start_time: '2026-12-01T01:00:00.000Z', end_time: '2026-12-01T04:00:00.000Z' },
    total_price: price(1499),
    amount: 1499,
    amount_centavos: 149900,
    currency: 'PHP',
    payment_method: 1,
    payment: null,
    special_offer: false,
    created_at: '2026-11-25T00:00:00.000Z',
    paid_at: null,
    changes: [],
    ...changes,
  };
}

function paymentSession(changes: Partial<TPaymentSession> = {}): TPaymentSession {
  return {
    payment_session_id: 'session-1',
    order_ref: 'order-1',
    attempt: 1,
    status: 'pending',
    amount: 1499,
    amount_centavos: 149900,
    currency: 'PHP',
    payment_method: 1,
    payment_method_id: 'gc',
    failure: null,
    refunded_amount: 0,
    refunded_amount_centavos: 0,
    checkout_url: '/sandbox/checkout/cs_1',
    expires_at: '2026-11-25T01:00:00.000Z',
    paid_at: null,
    updated_at: '2026-11-25T00:00:00.000Z',
    ...changes,
  };
}

const PAID_ORDER = order({ state: 1, state_name: 'paid', purchased: true, paid_at: 'x' });

/** How the pay page's calls are answered, unless a test says otherwise. */
const PAY_ANSWERS: Record<string, FakeHandler> = {
  [GET_PROFILE_PATH]: () =>
    ok({
      profile: {
        first_name: 'Ana',
        last_name: 'Lim',
        suffix: null,
        phone: '639171234567',
        alternate_contact: { first_name: 'Jose', last_name: 'Lim', phone_number: '639181234567' },
      },
    }),
  [REMOTE_CONFIG_GET_PATH]: () =>
    ok({
      result_set: [
        {
          key: 'payment_method',
          value: {
            default_payment_method: 3,
            methods: [
              { id: 'gc', label: 'GCash', enabled: true },
              { id: 'GrabPay', label: 'GrabPay', enabled: false },
              { id: 'Maya', label: 'Maya', enabled: true },
              { id: 'ShopeePay', label: 'ShopeePay', enabled: true },
            ],
          },
        },
      ],
    }),
  [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [] }),
  [PREVIEW_PRICING_PATH]: (body) => {
    const codes = (body as { voucher_codes: string[] }).voucher_codes;
    if (codes.includes('OLD')) return failure('vouchers', 2, 'This voucher has expired.', 400);
    return ok({
      total_price: codes.includes('WELCOME200')
        ? price(1299, [{ code: 'WELCOME200', amount: 200 }])
        : price(1499),
    });
  },
  [CREATE_ORDER_PATH]: () =>
    ok({
      order: order(),
      payment_session_id: 'session-1',
      checkout_url: '/sandbox/checkout/cs_1',
    }),
};

function payApi(overrides: Record<string, FakeHandler> = {}) {
  return journeyApi({ ...PAY_ANSWERS, ...overrides });
}

function chooseOffer() {
  saveChosenOffer({ offerId: 'offer-1', name: 'Fiber 1499', cityCode: null });
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm and Pay' });

async function openPay() {
  await renderAt('/serviceability/pay');
  await screen.findByRole('group', { name: 'Choose your e-wallet' }, { timeout: 5000 });
  await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
}

describe('Confirm and Pay (/serviceability/pay)', () => {
  it('shows the plan and its price, the installation, who is present and the offered wallets', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    payApi();
    await openPay();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm and pay');
    expect(within(screen.getByLabelText('Price breakdown')).getByText('Fiber 1499')).toBeTruthy();
    // product §9: PHP with thousands separators and 2 decimals; the regular price struck through.
    expect(screen.getByLabelText('Regular price').textContent).toBe('₱2,499.00');
    expect(screen.getAllByText('₱1,499.00').length).toBeGreaterThan(0);
    expect(
      screen.getByText('Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM)'),
    ).toBeTruthy();
    expect(
      screen.getByText(/Your authorized representative, Jose Lim \(0918 123 4567\)/),
    ).toBeTruthy();
    expect(screen.getByText(/Rizal/)).toBeTruthy();
    // The remote setting: GrabPay is off, Maya is the default.
    const wallets = within(screen.getByRole('group', { name: 'Choose your e-wallet' }));
    expect(
      wallets.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['GCash', 'Maya', 'ShopeePay'].map((name) => `${name.charAt(0)}${name}`));
    expect(wallets.getByRole('radio', { name: /Maya/ })).toHaveProperty('checked', true);
    expect(
      screen.getByRole('link', { name: 'Prepaid Terms & Conditions' }).getAttribute('href'),
    ).toBe('/serviceability/terms%26conditions');
  });

  it('shows the landmark with the installation address, for the customer to see before paying', async () => {
    signInCustomer({ ...HOUSE, landmark: 'Beside the chapel & bakery' }, BOOKED);
    chooseOffer();
    payApi();
    await openPay();
    const address = screen.getByText('Installation address').nextElementSibling;
    expect(address?.textContent).toContain('Landmark: Beside the chapel & bakery');
  });

  it('reads the stored context, the orders, the wallets and the profile together', async () => {
    signInCustomer(undefined, BOOKED);
    setSession({ ...getSession()!, journey: undefined });
    chooseOffer();
    const stored = { context: 'serviceability', value: BOOKED, updated_at: '2026-11-24T00:00:00Z' };
    const together = answeredOnceAllAsked({
      [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [stored] }),
      [GET_ORDER_ENTITIES_PATH]: PAY_ANSWERS[GET_ORDER_ENTITIES_PATH]!,
      [REMOTE_CONFIG_GET_PATH]: PAY_ANSWERS[REMOTE_CONFIG_GET_PATH]!,
      [GET_PROFILE_PATH]: PAY_ANSWERS[GET_PROFILE_PATH]!,
    });
    payApi(together.handlers);
    await openPay();
    expect(together.wereAllAskedAtOnce()).toBe(true);
  });

  it('while the price is on its way, the plan’s lines hold their place and Confirm waits for it', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    let answerPrice: (answer: unknown) => void = () => undefined;
    payApi({ [PREVIEW_PRICING_PATH]: () => new Promise((resolve) => (answerPrice = resolve)) });
    await renderAt('/serviceability/pay');
    await screen.findByRole('group', { name: 'Choose your e-wallet' }, { timeout: 5000 });
    // The plan's line and the total are drawn before their amounts, so the installation card below
    // does not move when the amounts come (bench:web measures the layout shift).
    const pending = screen.getByRole('status', { name: 'Getting your price…' });
    expect(within(pending).getByText('Fiber 1499')).toBeTruthy();
    expect(within(pending).getByText('Total to pay')).toBeTruthy();
    // And the payment card's total line above Confirm and Pay, its amount still to come.
    expect(screen.getAllByText('Total to pay')).toHaveLength(2);
    expect(confirmButton()).toHaveProperty('disabled', true);
    answerPrice(ok({ total_price: price(1499) }));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Getting your price…' })).toBeNull(),
    );
    expect(within(screen.getByLabelText('Price breakdown')).getByText('Fiber 1499')).toBeTruthy();
    expect(screen.getAllByText('₱1,499.00')).toHaveLength(3);
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
  });

  it('orders the plan the customer’s context kept when this device has none (chosen on another)', async () => {
    signInCustomer(undefined, {
      ...BOOKED,
      offer: { offerId: 'offer-1', name: 'Fiber 1499', cityCode: null },
    });
    payApi();
    await openPay();
    expect(within(screen.getByLabelText('Price breakdown')).getByText('Fiber 1499')).toBeTruthy();
    expect(screen.queryByText('Choose your plan first')).toBeNull();
  });

  it('without a plan anywhere, asks for one and is brought back here after choosing', async () => {
    signInCustomer(undefined, BOOKED);
    payApi();
    const router = await renderAt('/serviceability/pay');
    const link = await screen.findByRole('link', { name: 'Choose a plan' }, { timeout: 5000 });
    expect(screen.getByText('Choose your plan first')).toBeTruthy();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceability/prepaid'));
    expect(router.state.location.state).toEqual({ afterChoosingPlan: '/serviceability/pay' });
  });

  it('a double click makes one order for the booking, sends no amount, and opens the wallet', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    const { calls } = payApi();
    const user = userEvent.setup();
    await openPay();
    await user.click(screen.getByRole('radio', { name: /GCash/ }));
    await user.dblClick(confirmButton());
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('/sandbox/checkout/cs_1'));
    const sent = bodiesSentTo(calls, CREATE_ORDER_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      target_id: 'account-1',
      target_type: 2,
      unified_fiber_creation: true,
      external_order_id: 'EO-1',
      external_order_action_id: 'EOA-1',
      appointment_id: 'appointment-1',
      entity_ids: [{ id: 'offer-1', type: 'offer', quantity: 1 }],
      payment_method: 1,
      voucher_codes: [],
    });
    expect(JSON.stringify(sent[0])).not.toMatch(/amount|price/);
    expect(confirmButton()).toHaveProperty('disabled', true);
    expect(readPaymentRecord('user-1')).toMatchObject({
      orderId: 'order-1',
      paymentSessionId: 'session-1',
    });
  });

  it('a voucher shows its discount and the new total; a refused one says why', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    const { calls } = payApi();
    const user = userEvent.setup();
    await openPay();
    const voucher = screen.getByRole('textbox', { name: 'Voucher code' });
    await user.type(voucher, 'old');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This voucher has expired.')).toBeTruthy();
    await user.clear(voucher);
    await user.type(voucher, 'welcome200');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('-₱200.00')).toBeTruthy();
    expect(screen.getAllByText('₱1,299.00').length).toBeGreaterThan(0);
    await user.click(confirmButton());
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalled());
    expect(bodiesSentTo(calls, CREATE_ORDER_PATH)[0]).toMatchObject({
      voucher_codes: ['WELCOME200'],
    });
  });

  it('after a declined payment, pays again with the voucher the order holds', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    const declined = order({
      state: 102,
      state_name: 'payment_failed',
      total_price: price(1299, [{ code: 'WELCOME200', amount: 200 }]),
      amount: 1299,
      amount_centavos: 129900,
    });
    const { calls } = payApi({ [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [declined] }) });
    const user = userEvent.setup();
    await openPay();
    // The voucher line and the discounted total, as the order was priced.
    expect(screen.getByText('-₱200.00')).toBeTruthy();
    expect(screen.getAllByText('₱1,299.00').length).toBeGreaterThan(0);
    await user.click(confirmButton());
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalled());
    expect(bodiesSentTo(calls, CREATE_ORDER_PATH)[0]).toMatchObject({
      voucher_codes: ['WELCOME200'],
    });
  });

  it('a voucher the server no longer takes stays with its reason; Confirm and Pay says why it waits', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    const declined = order({
      state: 102,
      state_name: 'payment_failed',
      total_price: price(1299, [{ code: 'OLD', amount: 200 }]),
    });
    payApi({
      [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [declined] }),
      [PREVIEW_PRICING_PATH]: (body) =>
        (body as { voucher_codes: string[] }).voucher_codes.includes('OLD')
          ? failure('vouchers', 2, 'This voucher has expired.', 400, { voucher_code: 'OLD' })
          : ok({ total_price: price(1499) }),
    });
    const user = userEvent.setup();
    await renderAt('/serviceability/pay');
    const alert = await screen.findByText('This voucher can’t be used', {}, { timeout: 5000 });
    expect(alert.closest('[role="alert"], div')?.textContent).toContain(
      'This voucher has expired.',
    );
    expect(confirmButton()).toHaveProperty('disabled', true);
    const why = screen.getByText('Remove the voucher that can’t be used to continue.');
    expect(confirmButton().getAttribute('aria-describedby')).toBe(why.id);
    await user.click(screen.getByRole('button', { name: 'Remove voucher OLD' }));
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    expect(screen.queryByText('This voucher can’t be used')).toBeNull();
    expect(screen.getAllByText('₱1,499.00').length).toBeGreaterThan(0);
  });

  it('a hold that ran out sends the customer to choose a time again, with the reason', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    payApi({
      [CREATE_ORDER_PATH]: () =>
        failure(
          'appointments',
          6,
          'Your slot reservation has expired. Please choose a slot again.',
          409,
        ),
    });
    const user = userEvent.setup();
    await openPay();
    await user.click(confirmButton());
    expect(
      await screen.findByText(/The installation time we held for you has run out/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Schedule installation');
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('an account that already has an order is shown it instead of paying again', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    payApi({ [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [PAID_ORDER] }) });
    await renderAt('/serviceability/pay');
    expect(await screen.findByText('KNK-2611-000123', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for your order!');
  });

  it('a paid order that lost its time is booked again at the new time, with nothing more to pay', async () => {
    signInCustomer(undefined, BOOKED);
    chooseOffer();
    const lost = order({
      state: 2,
      state_name: 'needs_new_time',
      purchased: true,
      appointment_id: 'appointment-old',
      installation: null,
    });
    let isRebooked = false;
    const { calls } = payApi({
      [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [isRebooked ? PAID_ORDER : lost] }),
      [CREATE_ORDER_PATH]: () => {
        isRebooked = true;
        return ok({ order: PAID_ORDER, payment_session_id: 'session-1', checkout_url: null });
      },
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({ payment_session: paymentSession({ status: 'paid', checkout_url: null }) }),
    });
    const user = userEvent.setup();
    await renderAt('/serviceability/pay');
    await screen.findByText('Confirm your new installation time', {}, { timeout: 5000 });
    expect(screen.getByText(/nothing more to pay/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));
    await screen.findByText('KNK-2611-000123', {}, { timeout: 5000 });
    expect(bodiesSentTo(calls, CREATE_ORDER_PATH)[0]).toMatchObject({
      appointment_id: 'appointment-1',
      external_order_id: 'EO-1',
    });
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('without a booked time it says so and links to the schedule', async () => {
    signInCustomer(undefined, { resourceBook: BOOKED.resourceBook });
    chooseOffer();
    payApi();
    await renderAt('/serviceability/pay');
    expect(
      await screen.findByText('Choose your installation time first', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule installation' }).getAttribute('href')).toBe(
      '/serviceability/schedule',
    );
  });
});

describe('after the wallet', () => {
  it('payloading waits while the payment is pending, then thanks with the order number, amount and time', async () => {
    signInCustomer(undefined, BOOKED);
    // The first read finds the payment pending; the wallet's answer has arrived by the next one.
    let reads = 0;
    const isPaid = () => reads > 1;
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () => {
        reads += 1;
        return ok({
          payment_session: paymentSession(isPaid() ? { status: 'paid', checkout_url: null } : {}),
        });
      },
      [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [isPaid() ? PAID_ORDER : order()] }),
    });
    await renderAt('/serviceability/payloading?payment_session_id=session-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment');
    expect(
      await screen.findByText('We’re waiting for GCash to confirm your payment of ₱1,499.00.'),
    ).toBeTruthy();
    expect(await screen.findByText('KNK-2611-000123', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for your order!');
    expect(
      screen.getByText('Tuesday, December 1, 2026, Morning (9:00 AM – 12:00 PM)'),
    ).toBeTruthy();
    expect(screen.getByText(/₱1,499\.00/)).toBeTruthy();
    expect(screen.getByText(/confirmation by SMS to 0917 123 4567/)).toBeTruthy();
  });

  it('the special offer gets its own confirmation', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({ payment_session: paymentSession({ status: 'paid', checkout_url: null }) }),
      [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [{ ...PAID_ORDER, special_offer: true }] }),
    });
    const router = await renderAt('/serviceability/payloading?payment_session_id=session-1');
    await screen.findByText('Your special offer is confirmed!', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/serviceability/specialOfferOrderconfirmed');
  });

  it('a declined payment shows the reason and tries again from pay', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({
          payment_session: paymentSession({
            status: 'failed',
            checkout_url: null,
            failure: {
              reason: 'insufficient_funds',
              module: 'order',
              code: 4,
              name: 'INSUFFICIENT_FUNDS',
              message: 'Your e-wallet does not have enough funds for this payment.',
            },
          }),
        }),
      [GET_ORDER_ENTITIES_PATH]: () =>
        ok({ orders: [order({ state: 102, state_name: 'payment_failed' })] }),
    });
    await renderAt('/serviceability/payloading?payment_session_id=session-1');
    await screen.findByText(
      'GCash declined the payment because there are not enough funds in your wallet.',
      {},
      { timeout: 5000 },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment failed');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/serviceability/pay',
    );
  });

  it('a page opened for the wrong outcome moves to the right one (cancelled at the wallet)', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({ payment_session: paymentSession({ status: 'cancelled', checkout_url: null }) }),
      [GET_ORDER_ENTITIES_PATH]: () =>
        ok({ orders: [order({ state: 103, state_name: 'payment_abandoned' })] }),
    });
    const router = await renderAt('/serviceability/failed?payment_session_id=session-1');
    await screen.findByText(
      /was cancelled, so your order is not placed yet/,
      {},
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/serviceability/ordercancelled');
    expect(screen.queryByText(/thank you/i)).toBeNull();
  });

  it('a wrong amount taken by the wallet is being refunded, and the customer pays again', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({
          payment_session: paymentSession({
            status: 'refunded',
            checkout_url: null,
            refunded_amount: 1,
            refunded_amount_centavos: 100,
            failure: {
              reason: 'amount_mismatch',
              module: 'payment',
              code: 14,
              name: 'PAYMENT_AMOUNT_MISMATCH',
              message: 'Your e-wallet charged a different amount than your order’s total.',
            },
          }),
        }),
      [GET_ORDER_ENTITIES_PATH]: () =>
        ok({ orders: [order({ state: 102, state_name: 'payment_failed' })] }),
    });
    const router = await renderAt('/serviceability/payloading?payment_session_id=session-1');
    await screen.findByText('Your payment is being refunded', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/serviceability/ordercancelled');
    expect(
      screen.getByText(/GCash charged a different amount than your order’s total/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay again' }).getAttribute('href')).toBe(
      '/serviceability/pay',
    );
    expect(screen.queryByText(/thank you/i)).toBeNull();
  });

  it('a payment that arrived after the order was cancelled is refunded, with no way to pay it', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({
          payment_session: paymentSession({
            status: 'refunded',
            checkout_url: null,
            failure: {
              reason: 'order_ended',
              module: 'payment',
              code: 15,
              name: 'PAYMENT_AFTER_ORDER_ENDED',
              message: 'Your payment arrived after this order was cancelled.',
            },
          }),
        }),
      [GET_ORDER_ENTITIES_PATH]: () =>
        ok({ orders: [order({ state: 3, state_name: 'cancelled' })] }),
    });
    await renderAt('/serviceability/ordercancelled?payment_session_id=session-1');
    await screen.findByText(/arrived after this order was cancelled/, {}, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Track my order' })).toBeTruthy();
  });

  it('an expired checkout says the time ran out and nothing was charged', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        ok({ payment_session: paymentSession({ status: 'expired', checkout_url: null }) }),
      [GET_ORDER_ENTITIES_PATH]: () =>
        ok({ orders: [order({ state: 103, state_name: 'payment_abandoned' })] }),
    });
    await renderAt('/serviceability/payloading?payment_session_id=session-1');
    await screen.findByText('Your payment time ran out', {}, { timeout: 5000 });
    expect(screen.getByText(/nothing was charged/)).toBeTruthy();
  });

  it('the timeout page for a payment still pending offers to check again and to go back to the wallet', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () => ok({ payment_session: paymentSession() }),
      [GET_ORDER_ENTITIES_PATH]: () => ok({ orders: [order()] }),
    });
    await renderAt('/serviceability/timeout?payment_session_id=session-1');
    await screen.findByText(/GCash hasn’t confirmed your payment yet/, {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(
      '/serviceability/payloading?payment_session_id=session-1&order_id=order-1',
    );
    expect(screen.getByRole('link', { name: 'Go back to GCash' }).getAttribute('href')).toBe(
      '/sandbox/checkout/cs_1',
    );
  });

  it('a payment of another account (404) is not shown', async () => {
    signInCustomer(undefined, BOOKED);
    payApi({
      [FETCH_PAYMENT_SESSION_DATA_PATH]: () =>
        failure('payment', 1, "We couldn't find this payment.", 404),
    });
    await renderAt('/serviceability/thanks?payment_session_id=someone-else');
    await screen.findByText('There is no order to show here', {}, { timeout: 5000 });
    expect(screen.queryByText(/Thank you for your order/)).toBeNull();
  });
});
