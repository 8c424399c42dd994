import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { TPaymentSession } from '@konek/contract/fetch-payment-session-data';
import type { TOrder } from '@konek/contract/orders';
import { PATHS } from '@konek/contract/routes';
import { ensureAccount } from '../../lib/auth-session';
import { readPaymentRecord } from '../../lib/journey-store';
import { getSession, useSession } from '../../lib/session';
import { loadJourney, recordJourneyStep } from '../../lib/session-journey';
import { webConfigQuery } from '../../lib/web-config';
import { fetchOrders } from '../../lib/orders';
import { fetchPaymentSession } from './api/payment-session';
import { readPayIds, type PayIds } from './pay-outcome';

// ADR 045: what a result page shows comes from the server — the payment session the wallet's return URL
// names (or the one this browser last started) and its order — never from what the page's URL claims.

export type PaymentResult =
  /** Nothing to show: no ids in the URL and no payment started from this browser (ADR 030). */
  | { kind: 'none' }
  /** Ids, but no session to ask with: signing in shows them. */
  | { kind: 'signed-out'; ids: PayIds }
  /** The server knows no such payment or order for this account. */
  | { kind: 'not-found' }
  /** The server could not be asked. */
  | { kind: 'failed'; ids: PayIds }
  | { kind: 'ready'; ids: PayIds; session: TPaymentSession | null; order: TOrder | null };

/** The ids of the page: from the URL, else from this browser's latest payment. */
export function usePayIds(): PayIds | null {
  const location = useLocation();
  const session = useSession();
  const fromUrl = readPayIds(location.search);
  if (fromUrl.paymentSessionId || fromUrl.orderId) return fromUrl;
  const record = session ? readPaymentRecord(session.userId) : null;
  return record ? { paymentSessionId: record.paymentSessionId, orderId: record.orderId } : null;
}

async function loadResult(
  ids: PayIds,
  config: () => Promise<{ applicationId: string; operatorName: string }>,
  signal: AbortSignal,
): Promise<PaymentResult> {
  const session = getSession();
  if (!session) return { kind: 'signed-out', ids };
  const [{ applicationId, operatorName }, journey] = await Promise.all([config(), loadJourney()]);
  let payment: TPaymentSession | null = null;
  if (ids.paymentSessionId) {
    const read = await fetchPaymentSession(ids.paymentSessionId, applicationId, signal);
    if (!read.ok) return read.status === 404 ? { kind: 'not-found' } : { kind: 'failed', ids };
    payment = read.reply;
  }
  const orderId = ids.orderId ?? payment?.order_ref ?? null;
  if (!orderId) return { kind: 'ready', ids, session: payment, order: null };
  const accountId = session.accountId ?? (await ensureAccount(operatorName));
  if (!accountId) return { kind: 'failed', ids };
  const orders = await fetchOrders(accountId, [orderId], signal);
  if (orders === null) return { kind: 'failed', ids };
  const order = orders.find((entry) => entry.order_id === orderId) ?? null;
  if (!order && !payment) return { kind: 'not-found' };
  // product §4.1 order_Create: set once the order counts as purchased, so the step indicator ticks
  // Confirm and Pay and signing in elsewhere lands on the order, not on pay.
  if (order?.purchased && journey && !journey.order_Create) {
    await recordJourneyStep(order.special_offer ? PATHS.specialOfferOrderconfirmed : PATHS.thanks, {
      order_Create: true,
      order_Create_Time: Date.now(),
    });
  }
  return { kind: 'ready', ids: { ...ids, orderId }, session: payment, order };
}

export type ResultOptions = {
  /** Ask again this often while the payment is pending (payloading); off when undefined. */
  pollMs?: number;
  /** Wrap each read, e.g. in product §9's minimal fetch delay. */
  pace?: <T>(read: Promise<T>) => Promise<T>;
};

export function usePaymentResult(options: ResultOptions = {}) {
  const ids = usePayIds();
  const session = useSession();
  const queryClient = useQueryClient();
  const { pollMs, pace = (read) => read } = options;
  const query = useQuery({
    queryKey: ['payment-result', ids?.paymentSessionId, ids?.orderId, session?.userId ?? null],
    queryFn: ({ signal }) =>
      pace(
        loadResult(
          ids ?? { paymentSessionId: null, orderId: null },
          () => queryClient.fetchQuery(webConfigQuery),
          signal,
        ),
      ),
    enabled: ids !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (pollMs === undefined) return false;
      const isPending =
        data?.kind === 'failed' ||
        (data?.kind === 'ready' &&
          (data.session?.status ?? 'pending') === 'pending' &&
          !data.order?.purchased);
      return isPending ? pollMs : false;
    },
  });
  const result: PaymentResult | undefined = ids === null ? { kind: 'none' } : query.data;
  return { result, query };
}
