import type * as z from 'zod';
import {
  paymentStatusOfOrderState,
  type TOpsSupportRequest,
} from '@konek/contract/ops-support-requests';
import type { ZSubmitSupportRequestRequest } from '@konek/contract/submit-support-request';
import {
  SUPPORT_RECENTLY_CLOSED_DAYS,
  supportReference,
  type TSupportTopic,
} from '@konek/contract/support';
import { toInternationalMsisdn } from '@konek/contract/validation';
import { installationStatusLabel } from '@konek/contract/work-order-status';
import { DomainError } from '../../platform/domain-error';
import { isUuid } from '../../platform/auth/is-uuid';
import type { Clock } from '../../platform/clock';
import type { SmsBudgets, SupportBudgets } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { SmsUnavailableError, type SmsSender } from '../../providers/sms/sms-sender';
import { orderOfAccountForSupport, orderSummaries, type OrderSummary } from '../orders/service';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import {
  closeOpenRequest,
  findSupportRequest,
  insertSupportRequest,
  listClosedRequests,
  listOpenRequests,
  markAnswerSent,
  reopenUnsentRequest,
  type ListedSupportRequest,
} from './store';

// ADR 079: support requests. Anyone may write from the help page; a signed-in customer's request
// carries their account and the order it is about, both decided here from the token's account (a named
// order counts only when it is that account's). Anonymous or not, each request spends its client
// address's hour and its mobile number's day (ADR 022's budgets in PostgreSQL), since each is answered
// by one SMS to that number. A dispatcher closes a request with an answer, texted once.

export type SupportDependencies = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  budgets: SupportBudgets;
  /** The service's SMS ceiling (ADR 022): an answer is an SMS like any other. */
  smsBudgets: SmsBudgets;
  log: FastifyBaseLogger;
};

type SubmitBody = z.output<typeof ZSubmitSupportRequestRequest>;

/** The desk shows at most this many open requests, and of the recently closed ones this many. */
const OPEN_LIMIT = 200;
const CLOSED_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

const TOO_MANY_MESSAGE =
  'You have sent us several messages already. We will answer them by SMS; please try again later.';
const SMS_FAILED_MESSAGE =
  "The answer couldn't be texted just now, so the request is still open. Please close it again in a moment.";

function submitBudgets(budgets: SupportBudgets, clientAddress: string, msisdn: string): Budget[] {
  const refusal = (retryAfterSeconds: number) =>
    new DomainError(
      'common',
      'TOO_MANY_REQUESTS',
      { retry_after_seconds: retryAfterSeconds },
      TOO_MANY_MESSAGE,
    );
  return [
    {
      key: `support:address:${clientAddress}`,
      window: 'hour',
      limit: budgets.perAddressPerHour,
      refusal,
    },
    { key: `support:number:${msisdn}`, window: 'day', limit: budgets.perNumberPerDay, refusal },
  ];
}

/** The service's hourly SMS ceiling, shared with the one-time codes (the same key, ADR 022). */
function answerBudgets(budgets: SmsBudgets): Budget[] {
  return [
    {
      key: 'sms:all',
      window: 'hour',
      limit: budgets.globalPerHour,
      refusal: (retryAfterSeconds) =>
        new DomainError(
          'common',
          'SERVICE_UNAVAILABLE',
          { retry_after_seconds: retryAfterSeconds },
          "We can't send SMS right now: the service's hourly limit is reached. The request stays open.",
        ),
    },
  ];
}

/**
 * Records a request. `accountId` is the caller's own account (the route checked the token owns it), or
 * null for an anonymous one; a named order that is not that account's is refused, whoever's it is.
 */
export async function submitSupportRequest(
  deps: SupportDependencies,
  caller: { accountId: string | null; clientAddress: string },
  body: SubmitBody,
): Promise<{
  reference: string;
  createdAt: Date;
  orderNumber: string | null;
  accountAttached: boolean;
}> {
  // The schema accepted only numbers this yields (the contract's supportMobileNumber).
  const msisdn = toInternationalMsisdn(body.mobile_number)!;
  const order =
    caller.accountId === null
      ? undefined
      : await orderOfAccountForSupport(deps.db, caller.accountId, body.order_number);
  if (body.order_number !== undefined && !order) {
    throw new DomainError('common', 'FORBIDDEN', { field: 'order_number' });
  }
  const now = deps.clock.now();
  const stored = await deps.db.transaction(async (tx) => {
    await spendBudgets(tx, now, submitBudgets(deps.budgets, caller.clientAddress, msisdn));
    return insertSupportRequest(tx, {
      topic: body.topic,
      name: body.name,
      msisdn,
      message: body.message,
      accountId: caller.accountId,
      orderId: order?.orderId ?? null,
      createdAt: now,
    });
  });
  return {
    reference: supportReference(stored.number),
    createdAt: stored.createdAt,
    orderNumber: order?.orderNumber ?? null,
    accountAttached: caller.accountId !== null,
  };
}

function orderReply(order: OrderSummary | undefined): TOpsSupportRequest['order'] {
  if (!order) return null;
  return {
    order_number: order.orderNumber,
    state_name: order.stateName,
    work_order_status: order.workOrderStatus,
    installation_status:
      order.workOrderStatus === null
        ? null
        : installationStatusLabel({ work_order_status: order.workOrderStatus }),
    installation: order.installation,
    payment_status: paymentStatusOfOrderState(order.stateName),
    work_order_id: order.workOrderId,
  };
}

function requestReply(
  request: ListedSupportRequest,
  orders: ReadonlyMap<string, OrderSummary>,
): TOpsSupportRequest {
  return {
    support_request_id: request.id,
    reference: supportReference(request.number),
    status: request.status,
    topic: request.topic as TSupportTopic,
    name: request.name,
    msisdn: request.msisdn,
    message: request.message,
    created_at: request.createdAt.toISOString(),
    account_attached: request.accountId !== null,
    order: orderReply(request.orderId === null ? undefined : orders.get(request.orderId)),
    answer: request.answer,
    closed_at: request.closedAt?.toISOString() ?? null,
    closed_by:
      request.closedBy === null
        ? null
        : { user_id: request.closedBy, first_name: request.closedByFirstName ?? '' },
    answer_sent_at: request.answerSentAt?.toISOString() ?? null,
  };
}

async function repliesOf(
  db: Db,
  requests: readonly ListedSupportRequest[],
): Promise<TOpsSupportRequest[]> {
  const orders = await orderSummaries(
    db,
    requests.flatMap((request) => (request.orderId === null ? [] : [request.orderId])),
  );
  return requests.map((request) => requestReply(request, orders));
}

/** The desk: every open request, oldest first, and those closed in the last few days, newest first. */
export async function supportDesk(
  deps: Pick<SupportDependencies, 'db' | 'clock'>,
): Promise<{ open: TOpsSupportRequest[]; recentlyClosed: TOpsSupportRequest[] }> {
  const since = new Date(deps.clock.now().getTime() - SUPPORT_RECENTLY_CLOSED_DAYS * DAY_MS);
  const [open, closed] = await Promise.all([
    listOpenRequests(deps.db, OPEN_LIMIT),
    listClosedRequests(deps.db, since, CLOSED_LIMIT),
  ]);
  const replies = await repliesOf(deps.db, [...open, ...closed]);
  return { open: replies.slice(0, open.length), recentlyClosed: replies.slice(open.length) };
}

/** "Konek (HELP-00000012): <answer>" — the request's number tells the customer what it answers. */
export function answerText(number: number, answer: string): string {
  return `Konek (${supportReference(number)}): ${answer}`;
}

/**
 * Closes an open request with the dispatcher's answer and texts it to the customer, once: the close is
 * a conditional update, so a second close (or two at once) finds it closed and sends nothing. When the
 * provider cannot take the SMS the request is opened again (503), to be closed once it can; the
 * budget's unit stays spent, as the gateway may have taken it (ADR 022).
 */
export async function closeSupportRequest(
  deps: SupportDependencies,
  dispatcherId: string,
  requestId: string,
  answer: string,
): Promise<TOpsSupportRequest> {
  const notFound = () =>
    new DomainError('support', 'REQUEST_NOT_FOUND', { field: 'support_request_id' });
  if (!isUuid(requestId)) throw notFound();
  const now = deps.clock.now();
  const closed = await deps.db.transaction(async (tx) => {
    const row = await closeOpenRequest(tx, {
      id: requestId,
      answer,
      closedBy: dispatcherId,
      at: now,
    });
    if (row) await spendBudgets(tx, now, answerBudgets(deps.smsBudgets));
    return row;
  });
  if (!closed) {
    if (await findSupportRequest(deps.db, requestId)) {
      throw new DomainError('support', 'ALREADY_CLOSED', { field: 'support_request_id' });
    }
    throw notFound();
  }
  try {
    await deps.sms.send({ msisdn: closed.msisdn, body: answerText(closed.number, answer) });
  } catch (error) {
    deps.log.error({ err: error, supportRequestId: requestId }, 'support answer SMS not sent');
    await reopenUnsentRequest(deps.db, requestId);
    if (error instanceof SmsUnavailableError) {
      throw new DomainError('common', 'SERVICE_UNAVAILABLE', {}, SMS_FAILED_MESSAGE);
    }
    throw error;
  }
  await markAnswerSent(deps.db, requestId, deps.clock.now());
  const [reply] = await repliesOf(deps.db, [(await findSupportRequest(deps.db, requestId))!]);
  return reply!;
}
