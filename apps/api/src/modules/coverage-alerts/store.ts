import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';

// ADR 094: the alerts' rows (db/schema/coverage-alerts.ts) and the waiting households they are made from.

export type WaitingHousehold = {
  requestId: number;
  householdKey: string;
  email: string;
  msisdn: string | null;
  latitude: number;
  longitude: number;
  floor: string | null;
  /** The area as the request named it (names or codes, ADR 081). */
  province: string;
  city: string;
  barangay: string;
};

const HOUSEHOLD_KEY = sql`lower(r.email) || '|' || r.province || '|' || r.city || '|' || r.barangay`;

/**
 * Every household still waiting: its latest notify-me request, when no alert was made for the household
 * since that request and its email has not unsubscribed. Read in pages by request id.
 */
export async function waitingHouseholds(
  db: Db,
  afterRequestId: number,
  limit: number,
): Promise<WaitingHousehold[]> {
  const result = await db.execute<{
    id: number;
    household_key: string;
    email: string;
    msisdn: string | null;
    latitude: number;
    longitude: number;
    floor: string | null;
    province: string;
    city: string;
    barangay: string;
  }>(sql`
    select id, household_key, email, msisdn, latitude, longitude, floor, province, city, barangay
    from (
      select distinct on (${HOUSEHOLD_KEY}) r.id, ${HOUSEHOLD_KEY} as household_key, r.email,
        r.msisdn, r.latitude, r.longitude, r.floor, r.province, r.city, r.barangay, r.created_at
      from notify_requests r
      order by ${HOUSEHOLD_KEY}, r.created_at desc, r.id desc
    ) latest
    where id > ${afterRequestId}
      and not exists (
        select 1 from coverage_alerts a
        where a.household_key = latest.household_key and a.created_at >= latest.created_at
      )
      and not exists (select 1 from waitlist_unsubscribes u where u.email = lower(latest.email))
    order by id
    limit ${limit}`);
  return result.rows.map((row) => ({
    requestId: row.id,
    householdKey: row.household_key,
    email: row.email,
    msisdn: row.msisdn,
    latitude: row.latitude,
    longitude: row.longitude,
    floor: row.floor,
    province: row.province,
    city: row.city,
    barangay: row.barangay,
  }));
}

/** One alert per channel of a household now served; answers the ids of the rows made (none twice). */
export async function insertAlerts(
  tx: Db,
  households: readonly WaitingHousehold[],
  now: Date,
): Promise<number[]> {
  if (households.length === 0) return [];
  const rows = households.flatMap((household) => [
    { request: household.requestId, key: household.householdKey, channel: 'email' },
    ...(household.msisdn
      ? [{ request: household.requestId, key: household.householdKey, channel: 'sms' }]
      : []),
  ]);
  const result = await tx.execute<{ id: number }>(sql`
    insert into coverage_alerts (notify_request_id, household_key, channel, status, created_at)
    select x.request, x.key, x.channel, 'queued', ${now.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(request int, key text, channel text)
    on conflict (notify_request_id, channel) do nothing
    returning id`);
  return result.rows.map((row) => Number(row.id));
}

export type AlertToSend = {
  id: number;
  channel: 'sms' | 'email';
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  requestId: number;
  email: string;
  msisdn: string | null;
  firstName: string;
  /** Unsubscribed, or has an order on an account of this number or email since. */
  unsubscribed: boolean;
  hasOrdered: boolean;
};

/** The alert with its household, locked for the transaction (null: another worker holds it). */
export async function lockAlert(tx: Db, id: number): Promise<AlertToSend | null> {
  const result = await tx.execute<{
    id: number;
    channel: 'sms' | 'email';
    status: AlertToSend['status'];
    request_id: number;
    email: string;
    msisdn: string | null;
    first_name: string;
    unsubscribed: boolean;
    has_ordered: boolean;
  }>(sql`
    select a.id, a.channel, a.status, r.id as request_id, r.email, r.msisdn, r.first_name,
      exists (select 1 from waitlist_unsubscribes u where u.email = lower(r.email)) as unsubscribed,
      exists (
        select 1 from orders o
        join accounts ac on ac.id = o.account_id
        join users us on us.id = ac.user_id
        left join notification_identifiers ni
          on ni.user_id = us.id and ni.identifier_type = 'email'
        where us.msisdn = r.msisdn or lower(ni.identifier) = lower(r.email)
      ) as has_ordered
    from coverage_alerts a join notify_requests r on r.id = a.notify_request_id
    where a.id = ${id}
    for update of a skip locked`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    channel: row.channel,
    status: row.status,
    requestId: row.request_id,
    email: row.email,
    msisdn: row.msisdn,
    firstName: row.first_name,
    unsubscribed: row.unsubscribed,
    hasOrdered: row.has_ordered,
  };
}

export async function setAlertStatus(
  db: Db,
  id: number,
  change: {
    status: AlertToSend['status'];
    lastError?: string | null;
    sentAt?: Date;
    countAttempt?: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    update coverage_alerts set status = ${change.status},
      last_error = ${change.lastError ?? null},
      sent_at = coalesce(${change.sentAt?.toISOString() ?? null}::timestamptz, sent_at),
      attempts = attempts + ${change.countAttempt ? 1 : 0}
    where id = ${id}`);
}

export async function unsubscribeEmail(db: Db, email: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into waitlist_unsubscribes (email, at) values (${email.toLowerCase()}, ${now.toISOString()})
    on conflict (email) do nothing`);
}

export type AlertCounts = Record<AlertToSend['status'], number>;

export async function alertCounts(db: Db): Promise<AlertCounts> {
  const result = await db.execute<{ status: AlertToSend['status']; count: string }>(
    sql`select status, count(*) as count from coverage_alerts group by status`,
  );
  const counts: AlertCounts = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of result.rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Failed alerts back to queued (the operator's retry); answers their ids. */
export async function requeueFailed(tx: Db, ids: readonly number[] | 'all'): Promise<number[]> {
  const which = ids === 'all' ? sql`true` : sql`id = any(${`{${ids.join(',')}}`}::bigint[])`;
  const result = await tx.execute<{ id: number }>(sql`
    update coverage_alerts set status = 'queued', last_error = null
    where status = 'failed' and ${which}
    returning id`);
  return result.rows.map((row) => Number(row.id));
}

/** The request a link names, for the address it opens. */
export async function requestAddress(
  db: Db,
  requestId: number,
): Promise<Record<string, string | number | null> | undefined> {
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select email, address_type, province, city, barangay, house_number, street, village, floor,
      unit_number, building_name, latitude, longitude
    from notify_requests where id = ${requestId}`);
  return result.rows[0];
}
