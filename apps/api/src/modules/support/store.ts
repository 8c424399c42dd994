import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { opsUsers } from '../../db/schema/ops';
import { supportRequests } from '../../db/schema/support';

// ADR 079: the support requests table. Only this file runs its SQL.

export type StoredSupportRequest = typeof supportRequests.$inferSelect;
/** A request with the first name of the dispatcher who closed it. */
export type ListedSupportRequest = StoredSupportRequest & { closedByFirstName: string | null };

export type NewSupportRequest = {
  topic: string;
  name: string;
  msisdn: string;
  message: string;
  accountId: string | null;
  orderId: string | null;
  createdAt: Date;
};

export async function insertSupportRequest(
  tx: Db,
  values: NewSupportRequest,
): Promise<StoredSupportRequest> {
  const [row] = await tx
    .insert(supportRequests)
    .values({ ...values, status: 'open' })
    .returning();
  return row!;
}

const listed = {
  request: supportRequests,
  closedByFirstName: opsUsers.firstName,
};

function flatten(rows: { request: StoredSupportRequest; closedByFirstName: string | null }[]) {
  return rows.map(({ request, closedByFirstName }) => ({ ...request, closedByFirstName }));
}

/** Every open request, oldest first (the one waiting longest is answered first), at most `limit`. */
export async function listOpenRequests(db: Db, limit: number): Promise<ListedSupportRequest[]> {
  const rows = await db
    .select(listed)
    .from(supportRequests)
    .leftJoin(opsUsers, eq(opsUsers.id, supportRequests.closedBy))
    .where(eq(supportRequests.status, 'open'))
    .orderBy(asc(supportRequests.createdAt), asc(supportRequests.number))
    .limit(limit);
  return flatten(rows);
}

/** The requests closed since `since`, newest first, at most `limit`. */
export async function listClosedRequests(
  db: Db,
  since: Date,
  limit: number,
): Promise<ListedSupportRequest[]> {
  const rows = await db
    .select(listed)
    .from(supportRequests)
    .leftJoin(opsUsers, eq(opsUsers.id, supportRequests.closedBy))
    .where(and(eq(supportRequests.status, 'closed'), gte(supportRequests.closedAt, since)))
    .orderBy(desc(supportRequests.closedAt))
    .limit(limit);
  return flatten(rows);
}

export async function findSupportRequest(
  db: Db,
  id: string,
): Promise<ListedSupportRequest | undefined> {
  const rows = await db
    .select(listed)
    .from(supportRequests)
    .leftJoin(opsUsers, eq(opsUsers.id, supportRequests.closedBy))
    .where(eq(supportRequests.id, id));
  return flatten(rows)[0];
}

/**
 * Closes the request with the answer, only while it is open: of two dispatchers closing it at once,
 * the row lock lets one through, and the other finds it closed. Answers the closed row, or undefined.
 */
export async function closeOpenRequest(
  tx: Db,
  close: { id: string; answer: string; closedBy: string; at: Date },
): Promise<StoredSupportRequest | undefined> {
  const [row] = await tx
    .update(supportRequests)
    .set({ status: 'closed', answer: close.answer, closedBy: close.closedBy, closedAt: close.at })
    .where(and(eq(supportRequests.id, close.id), eq(supportRequests.status, 'open')))
    .returning();
  return row;
}

/** The answer's SMS was handed to the provider. */
export async function markAnswerSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(supportRequests)
    .set({ answerSentAt: at })
    .where(and(eq(supportRequests.id, id), isNull(supportRequests.answerSentAt)));
}

/** The answer could not be texted: the request is open again, as if it had not been closed. */
export async function reopenUnsentRequest(db: Db, id: string): Promise<void> {
  await db
    .update(supportRequests)
    .set({ status: 'open', answer: null, closedBy: null, closedAt: null })
    .where(
      and(
        eq(supportRequests.id, id),
        eq(supportRequests.status, 'closed'),
        isNull(supportRequests.answerSentAt),
      ),
    );
}
