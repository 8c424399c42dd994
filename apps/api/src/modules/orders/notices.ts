import { slotText } from '@konek/contract/formats';
import { pesoText } from '@konek/contract/number-formats';
import { centavosToPesos } from '@konek/contract/money';
import { PATHS } from '@konek/contract/routes';
import { accountInfo } from '../account/service';
import { paymentSession } from '../payments/service';
import type { OrdersDependencies } from './orders-dependencies';
import {
  claimNotices,
  findOrder,
  markNoticeSent,
  releaseNotice,
  type StoredNotice,
  type StoredOrder,
} from './store';

// ADR 077, 080: what the customer is told by SMS about their order. Each notice was written in the
// transaction of the change it tells of (transitions.ts, a booking moved), so it is sent once that
// change committed — right after it, when a customer reads their orders, and by the sweeps — and never
// twice: a sender claims it first, and marks it sent once the SMS is handed over.

export const orderNumberOf = (order: Pick<StoredOrder, 'number'>) =>
  `KNK-${String(order.number).padStart(8, '0')}`;

const peso = (centavos: number) => pesoText(centavosToPesos(centavos));

/**
 * product §9 amounts, ADR 083 the slot as a customer reads it on screen: "Konek: Salamat! Order
 * KNK-00000042 is confirmed. Paid ₱1,499.00. Installation: Saturday, November 28, 2026, Morning (9:00 AM –
 * 12:00 PM)."
 */
export function confirmationText(order: StoredOrder): string {
  const when =
    order.installationStartsAt && order.installationEndsAt
      ? slotText({
          start_time: order.installationStartsAt.toISOString(),
          end_time: order.installationEndsAt.toISOString(),
        })
      : 'we will text you to book a new time';
  return (
    `Konek: Salamat! Order ${orderNumberOf(order)} is confirmed. ` +
    `Paid ${peso(order.amountCentavos)}. Installation: ${when}.`
  );
}

async function noticeText(
  deps: OrdersDependencies,
  notice: StoredNotice,
  order: StoredOrder,
): Promise<string | null> {
  const number = orderNumberOf(order);
  switch (notice.kind) {
    case 'order_confirmed':
      return confirmationText(order);
    case 'paid_needs_new_time':
      return (
        `Konek: Salamat! Order ${number} is paid (${peso(order.amountCentavos)}), but the ` +
        `installation time you chose was taken while you paid. Choose a new time: ` +
        `${deps.publicBaseUrl}${PATHS.trackmyorder}`
      );
    case 'period_blocked': {
      // ADR 092: a dispatcher blocked the booked period; the money is kept and a new time is chosen.
      const lost =
        notice.startsAt && notice.endsAt
          ? slotText({
              start_time: notice.startsAt.toISOString(),
              end_time: notice.endsAt.toISOString(),
            })
          : 'your booked time';
      return (
        `Konek: We're sorry, we cannot install on ${lost} for order ${number}: ` +
        `${notice.reason ?? 'the period was closed'}. Your payment is safe. Choose a new time: ` +
        `${deps.publicBaseUrl}${PATHS.trackmyorder}`
      );
    }
    case 'order_refunded':
      // ADR 080: cancelled by the operator (the visit could not go ahead), not by the customer.
      return notice.changedBy === 'customer'
        ? `Konek: Order ${number} is cancelled. Your refund of ${peso(order.amountCentavos)} is on ` +
            `its way to your e-wallet.`
        : `Konek: We're sorry, we could not install your fibre for order ${number}, so we cancelled ` +
            `it. Your ${peso(order.amountCentavos)} is being refunded to your e-wallet.`;
    case 'time_changed': {
      // ADR 080: every change of the installation time, the customer's own or a dispatcher's.
      const when =
        notice.startsAt && notice.endsAt
          ? slotText({
              start_time: notice.startsAt.toISOString(),
              end_time: notice.endsAt.toISOString(),
            })
          : 'to be confirmed';
      const details = `${deps.publicBaseUrl}${PATHS.trackmyorder}`;
      return notice.changedBy === 'customer'
        ? `Konek: Your installation for order ${number} is now booked for ${when}. Details: ${details}`
        : `Konek: We booked a new installation visit for order ${number}: ${when}. Details: ${details}`;
    }
    case 'payment_refunded': {
      const payment = notice.paymentSessionId
        ? await paymentSession(deps.payments, notice.paymentSessionId)
        : null;
      if (!payment?.refundCause) return null;
      const paid = peso(payment.paidCentavos ?? payment.amountCentavos);
      switch (payment.refundCause) {
        case 'duplicate':
          return `Konek: Order ${number} was already paid, so your second payment of ${paid} is being refunded to your e-wallet in full.`;
        case 'amount_mismatch':
          return (
            `Konek: Your e-wallet charged ${paid} for order ${number} instead of ` +
            `${peso(payment.amountCentavos)}, so we are refunding ${paid} in full. Please pay again: ` +
            `${deps.publicBaseUrl}${PATHS.pay}`
          );
        case 'order_ended':
          return `Konek: Your payment of ${paid} arrived after order ${number} was cancelled, so we are refunding it to your e-wallet in full.`;
        case 'not_fulfillable':
          return (
            `Konek: The fibre connection reserved for your home was released before your payment ` +
            `of ${paid} arrived, so we are refunding it in full. To order again, submit your ` +
            `details: ${deps.publicBaseUrl}${PATHS.filloutdetail}`
          );
      }
    }
  }
}

/**
 * Sends the claimed notices (of one order, one account, or all); a failed send gives its claim back and
 * is logged without personal data. Answers how many were sent.
 */
export async function sendNotices(
  deps: OrdersDependencies,
  only: { orderId?: string; accountId?: string } = {},
): Promise<number> {
  let sent = 0;
  for (const notice of await claimNotices(deps.db, only, deps.clock.now())) {
    try {
      const order = (await findOrder(deps.db, notice.orderId))!;
      const text = await noticeText(deps, notice, order);
      if (text !== null) {
        const { msisdn } = await accountInfo(deps.db, order.accountId);
        await deps.sms.send({ msisdn, body: text });
      }
      await markNoticeSent(deps.db, notice.id, deps.clock.now());
      sent += 1;
    } catch (error) {
      deps.log.error(
        { err: error, orderId: notice.orderId, kind: notice.kind },
        'order notice SMS not sent',
      );
      await releaseNotice(deps.db, notice.id);
    }
  }
  return sent;
}
