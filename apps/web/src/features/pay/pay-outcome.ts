import {
  PAYMENT_STATUS_SCREEN,
  type TPaymentSession,
} from '@konek/contract/fetch-payment-session-data';
import { ORDER_STATE_SCREEN, type TOrder } from '@konek/contract/orders';
import { PATHS } from '@konek/contract/routes';

// ADR 045: where a payment and its order lead (product §2.2 thanks, specialOfferOrderconfirmed, failed,
// ordercancelled, timeout; schedule when a paid order lost its installation place). One rule, read by
// payloading when the wallet answers and by each result page, which moves on when it is not the right
// one (the wallet's cancel URL is the same for a decline, a cancel and an expiry).

export type PayScreen = keyof typeof PATHS;

export function screenFor(session: TPaymentSession | null, order: TOrder | null): PayScreen {
  if (order?.purchased) {
    if (order.state_name === 'needs_new_time') return 'schedule';
    return order.special_offer ? 'specialOfferOrderconfirmed' : 'thanks';
  }
  if (session) {
    const screen = PAYMENT_STATUS_SCREEN[session.status];
    if (screen !== 'thanks') return screen;
    // Paid, and the order has not caught up (or could not be read): thanks says what it knows.
    return order?.special_offer ? 'specialOfferOrderconfirmed' : 'thanks';
  }
  if (order) return ORDER_STATE_SCREEN[order.state_name];
  return 'payloading';
}

/** The ids a result page is opened with: the wallet adds payment_session_id; Konek adds order_id. */
export type PayIds = { paymentSessionId: string | null; orderId: string | null };

export function readPayIds(search: string): PayIds {
  const params = new URLSearchParams(search);
  const clean = (value: string | null) => (value && /^[\w-]{1,64}$/.test(value) ? value : null);
  return {
    paymentSessionId: clean(params.get('payment_session_id')),
    orderId: clean(params.get('order_id')),
  };
}

/** A result page's path with the ids it needs to show the payment and the order after a refresh. */
export function payPath(screen: PayScreen, ids: PayIds): string {
  const params = new URLSearchParams();
  if (ids.paymentSessionId) params.set('payment_session_id', ids.paymentSessionId);
  if (ids.orderId) params.set('order_id', ids.orderId);
  const query = params.toString();
  return query ? `${PATHS[screen]}?${query}` : PATHS[screen];
}
