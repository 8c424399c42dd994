import type { TPaymentMethodNumber } from '@konek/contract/payment-methods';
import { PATHS } from '@konek/contract/routes';
import { isError } from '../../lib/call';
import { savePaymentRecord } from '../../lib/journey-store';
import { scheduleNoticeState } from '../../lib/schedule-notice';
import { readCampaign } from '../../lib/utm';
import { createOrder } from './api/orders';
import { payPath, screenFor } from './pay-outcome';
import type { Booking } from './use-pay-data';
import { msg } from '../../i18n/i18n';

// product §7.1 create order, then the wallet. The order's identity is the booking (external_order_id):
// a double click, a refresh or Try again after a failed payment sends the same one, and the server makes
// one order and one open checkout of it (ADR 039, ADR 038).

export type ConfirmInput = {
  userId: string;
  accountId: string;
  offerId: string;
  booking: Booking;
  paymentMethod: TPaymentMethodNumber;
  voucherCodes: string[];
  referralCode: string | null;
};

export type ConfirmOutcome =
  /** The wallet's page (the sandbox checkout or PayMongo's). */
  | { kind: 'checkout'; url: string }
  | { kind: 'go'; to: string; state?: unknown }
  /** Stay on the page and say what went wrong. */
  | { kind: 'problem'; message: string; isMethodRefused?: boolean };

const NOT_NOW = msg(
  /*i18n*/ "We couldn't start your payment just now. Nothing was charged. Please try again in a moment.",
);

export async function confirmAndPay(input: ConfirmInput): Promise<ConfirmOutcome> {
  const campaign = readCampaign();
  const result = await createOrder(input.accountId, {
    external_order_id: input.booking.externalOrderId,
    external_order_action_id: input.booking.externalOrderActionId,
    appointment_id: input.booking.appointmentId,
    entity_ids: [{ id: input.offerId, type: 'offer', quantity: 1 }],
    payment_method: input.paymentMethod,
    voucher_codes: input.voucherCodes,
    ...(input.referralCode ? { referral_code: input.referralCode } : {}),
    // product §3: the campaign and the sales agent are stored with the order.
    ...(campaign.utm_source ? { utm_source: campaign.utm_source } : {}),
    ...(campaign.utm_medium ? { utm_medium: campaign.utm_medium } : {}),
    ...(campaign.utm_campaign ? { utm_campaign: campaign.utm_campaign } : {}),
    ...(campaign.salesman_id ? { salesman_id: campaign.salesman_id } : {}),
  });
  if (result.ok) {
    const { order, payment_session_id: paymentSessionId, checkout_url: checkoutUrl } = result.reply;
    savePaymentRecord({
      orderId: order.order_id,
      paymentSessionId,
      userId: input.userId,
      voucherCodes: input.voucherCodes,
      referralCode: input.referralCode,
      at: Date.now(),
    });
    // The stored step stays pay (a resume elsewhere tries the unpaid order again) and order_Create waits
    // for the payment (use-payment-result.ts): an unpaid order is not placed.
    if (checkoutUrl) return { kind: 'checkout', url: checkoutUrl };
    // Nothing to pay (already paid): the order's state says where to go.
    return {
      kind: 'go',
      to: payPath(screenFor(null, order), { paymentSessionId, orderId: order.order_id }),
    };
  }
  if (
    isError(result, 'appointments', 'RESERVATION_EXPIRED') ||
    isError(result, 'appointments', 'APPOINTMENT_NOT_FOUND')
  ) {
    return { kind: 'go', to: PATHS.schedule, state: scheduleNoticeState('hold-expired') };
  }
  if (isError(result, 'appointments', 'NO_RESOURCE'))
    return { kind: 'go', to: PATHS.filloutdetail };
  if (isError(result, 'payment', 'PAYMENT_METHOD_NOT_OFFERED')) {
    return { kind: 'problem', message: result.message, isMethodRefused: true };
  }
  if (result.unreachable || result.status >= 500) return { kind: 'problem', message: NOT_NOW };
  // A refusal with the server's words: a voucher no longer valid, an order already placed, a changed
  // booking (product §8 ACCOUNT_ALREADY_HAVE_ORDER 63, PURCHASE_LIMIT_REACHED 5, …).
  return { kind: 'problem', message: result.message };
}
