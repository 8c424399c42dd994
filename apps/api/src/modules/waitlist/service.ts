import type { TNonserviceableAddressEvent } from '@konek/contract/submit-events';
import { unescapeAmpersands } from '@konek/contract/validation';
import type { Clock } from '../../platform/clock';
import type { NotifyBudgets } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/domain-error';
import { spendBudgets, type Budget } from '../usage-budgets/service';
import { countNotifyRequests, insertNotifyRequests, type Area, type NotifyRequest } from './store';

export type WaitlistDependencies = { db: Db; clock: Clock; budgets: NotifyBudgets };

const refusal = (retryAfterSeconds: number) =>
  new DomainError(
    'common',
    'TOO_MANY_REQUESTS',
    { retry_after_seconds: retryAfterSeconds },
    'You have sent too many notify-me requests. Please try again later.',
  );

/** Mail addresses are compared without case: Maria@Example.com and maria@example.com are one person. */
const normalizeEmail = (email: string) => email.toLowerCase();

/** The text the visitor typed: the spec's &amp; for "&" is how it travels, not what it says. */
function toNotifyRequest(event: TNonserviceableAddressEvent): NotifyRequest {
  const text = (value: string | undefined) =>
    value === undefined ? null : unescapeAmpersands(value);
  return {
    email: normalizeEmail(event.id_value),
    firstName: event.first_name,
    middleName: text(event.middle_name),
    lastName: event.last_name,
    suffix: text(event.suffix),
    msisdn: event.msisdn ?? null,
    addressType: event.address_type,
    // Chosen from the address lists and sent as they are named there (no &amp;).
    province: event.province,
    city: event.city,
    barangay: event.barangay,
    houseNumber: text(event.house_number),
    street: text(event.street),
    village: text(event.village),
    floor: text(event.floor),
    unitNumber: text(event.unit_number),
    buildingName: text(event.building_name),
    latitude: event.latitude,
    longitude: event.longitude,
    pageLocation: event.page_location,
    epochMillis: String(event.epoch_millis),
    day: event.day,
  };
}

/**
 * ADR 022: each request spends one unit of its client address's hour and of its email's day, all
 * together or none (a batch past either budget is refused whole).
 */
function notifyBudgets(
  budgets: NotifyBudgets,
  clientAddress: string,
  emails: readonly string[],
): Budget[] {
  const perEmail = new Map<string, number>();
  for (const email of emails) perEmail.set(email, (perEmail.get(email) ?? 0) + 1);
  return [
    {
      key: `notify:address:${clientAddress}`,
      window: 'hour',
      limit: budgets.perAddressPerHour,
      amount: emails.length,
      refusal,
    },
    ...[...perEmail].map(([email, amount]): Budget => ({
      key: `notify:email:${email}`,
      window: 'day',
      limit: budgets.perEmailPerDay,
      amount,
      refusal,
    })),
  ];
}

/**
 * Stores notify-me requests and answers how many people have asked in the (last) request's barangay, so
 * the visitor sees how many neighbours asked too.
 */
export async function recordNotifyRequests(
  { db, clock, budgets }: WaitlistDependencies,
  applicationId: string,
  clientAddress: string,
  events: readonly TNonserviceableAddressEvent[],
): Promise<{ requests: number }> {
  const requests = events.map(toNotifyRequest);
  await db.transaction(async (tx) => {
    const emails = requests.map((request) => request.email);
    await spendBudgets(tx, clock.now(), notifyBudgets(budgets, clientAddress, emails));
    await insertNotifyRequests(tx, applicationId, requests);
  });
  return { requests: await countNotifyRequests(db, requests.at(-1)!) };
}

export async function countRequestsInArea(db: Db, area: Area): Promise<number> {
  return countNotifyRequests(db, area);
}
