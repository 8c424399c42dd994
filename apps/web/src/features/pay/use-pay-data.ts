import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { TOrder } from '@konek/contract/orders';
import type { OfferedPaymentMethods } from '@konek/contract/payment-methods';
import type { TUserProfile } from '@konek/contract/update-info';
import { ensureAccount } from '../../lib/auth-session';
import { readChosenOffer, type TChosenOffer } from '../../lib/journey-store';
import { getSession } from '../../lib/session';
import { journeyOffer, loadJourney } from '../../lib/session-journey';
import { webConfigQuery } from '../../lib/web-config';
import { fetchOrders } from '../../lib/orders';
import { fetchPaymentMethods } from './api/payment-methods';
import { fetchProfile } from '../../lib/profile';

// What Confirm and Pay needs before it can show anything: the chosen plan, the network reservation and
// the held installation place from the stored context (product §3 resourceBook, internalAppointmentId,
// appointmentTime), who will be present (what the details step saved), the wallets offered (remote
// config) and the account's orders — an order already paid is not paid for again.

const ZResourceBook = z.object({
  external_order_id: z.string().min(1),
  external_order_action_id: z.string().min(1),
});

export type Booking = {
  externalOrderId: string;
  externalOrderActionId: string;
  appointmentId: string;
  /** product §3 appointmentTime: "Month DD, YYYY - Morning - 9:00 AM - 12:00 PM". */
  appointmentTime: string | null;
};

export type PayData =
  | {
      kind: 'ready';
      accountId: string;
      operatorName: string;
      applicationId: string;
      offer: TChosenOffer;
      booking: Booking;
      profile: TUserProfile | null;
      methods: OfferedPaymentMethods;
      /** An unpaid order for this booking (a payment that failed or was cancelled): paying tries again. */
      openOrder: TOrder | null;
    }
  /** No plan chosen in this browser. */
  | { kind: 'no-offer' }
  /** No network reservation: the details step makes it. */
  | { kind: 'no-network' }
  /** No installation place held: the schedule step holds one. */
  | { kind: 'no-appointment' }
  /** The account has an order that counts as purchased (product §4.6). */
  | { kind: 'ordered'; order: TOrder }
  /**
   * A paid order that lost its installation place, and the new time the customer has just held: create
   * order with it books the order again, with nothing more to pay.
   */
  | { kind: 'rebook'; accountId: string; order: TOrder; booking: Booking }
  /** The session, the account or the orders could not be read. */
  | { kind: 'failed' };

async function loadPay(
  loadConfig: () => Promise<{ operatorName: string; applicationId: string }>,
  signal: AbortSignal,
): Promise<PayData> {
  const session = getSession();
  if (!session) return { kind: 'failed' };
  const config = await loadConfig();
  const accountId = session.accountId ?? (await ensureAccount(config.operatorName));
  if (!accountId) return { kind: 'failed' };
  // On a phone's network each read is a round trip: the stored context and the others go together.
  const [journey, orders, methods, profile] = await Promise.all([
    loadJourney(),
    fetchOrders(accountId, undefined, signal),
    fetchPaymentMethods(config.applicationId, signal),
    fetchProfile(session.userId, signal),
  ]);
  if (!journey || orders === null) return { kind: 'failed' };
  const purchased = orders.find((order) => order.purchased);
  if (purchased) {
    const newTime = journey.internalAppointmentId;
    if (
      purchased.state_name === 'needs_new_time' &&
      newTime &&
      newTime !== purchased.appointment_id
    ) {
      return {
        kind: 'rebook',
        accountId,
        order: purchased,
        booking: {
          externalOrderId: purchased.external_order_id,
          externalOrderActionId: purchased.external_order_action_id,
          appointmentId: newTime,
          appointmentTime: journey.appointmentTime ?? null,
        },
      };
    }
    return { kind: 'ordered', order: purchased };
  }
  // This browser's choice, or the one the customer's context kept (chosen on another device).
  const offer = readChosenOffer() ?? journeyOffer(journey);
  if (!offer) return { kind: 'no-offer' };
  const resource = ZResourceBook.safeParse(journey.resourceBook);
  if (!resource.success) return { kind: 'no-network' };
  if (!journey.internalAppointmentId || journey.appointment_booking === false) {
    return { kind: 'no-appointment' };
  }
  const booking: Booking = {
    externalOrderId: resource.data.external_order_id,
    externalOrderActionId: resource.data.external_order_action_id,
    appointmentId: journey.internalAppointmentId,
    appointmentTime: journey.appointmentTime ?? null,
  };
  const openOrder =
    orders.find(
      (order) =>
        order.external_order_id === booking.externalOrderId &&
        order.state_name !== 'cancelled' &&
        order.state_name !== 'superseded' &&
        order.state_name !== 'closed',
    ) ?? null;
  return {
    kind: 'ready',
    accountId,
    operatorName: config.operatorName,
    applicationId: config.applicationId,
    offer,
    booking,
    profile,
    methods,
    openOrder,
  };
}

/** Read each time the page opens: the orders and the hold may have changed at the wallet. */
export function usePayData() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['pay'],
    queryFn: ({ signal }) => loadPay(() => queryClient.fetchQuery(webConfigQuery), signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
