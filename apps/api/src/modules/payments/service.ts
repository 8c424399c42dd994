// The payments module's public face (ADR 026, ADR 038): what the orders work and the composition root
// may use. Orders start, cancel and refund the payment of an order here and learn its outcome through the
// listener they hand to app.ts (onPaymentSettled); they never reach this module's tables.

export type {
  PaymentSettlement,
  PaymentSettledListener,
  PaymentSettledObserver,
  SettlementVerdict,
  PaymentsDependencies,
} from './payments-dependencies';
export { startPayment, type StartPaymentRequest, type StartedPayment } from './start-payment';
export {
  cancelPayment,
  flaggedPayments,
  paymentOf,
  paymentSession,
  paymentSessionForUser,
  paymentSessionReply,
  refundPayment,
  refundsOwed,
  shownPaymentStatus,
  type PaymentSummary,
} from './sessions';
export type { RefundResult } from './refunds';
export { receiveWebhook, type WebhookOutcome } from './webhooks';
export { localGatewayStore } from './sandbox-store';
