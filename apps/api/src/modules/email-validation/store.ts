import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { emailLookups } from '../../db/schema/email-lookups';

/** The validator's kept answer: its status and sub-status, or null for both when it could not answer. */
export type KeptLookup = { status: string | null; subStatus: string | null };

/** The answer kept for the address, when it has not expired. */
export async function findLookup(
  db: Db,
  email: string,
  now: Date,
): Promise<KeptLookup | undefined> {
  const [row] = await db
    .select({ status: emailLookups.status, subStatus: emailLookups.subStatus })
    .from(emailLookups)
    .where(and(eq(emailLookups.email, email), gt(emailLookups.expiresAt, now)));
  return row;
}

/** Keeps (or replaces) the address's answer until `expiresAt`, and drops a few expired answers. */
export async function keepLookup(
  db: Db,
  email: string,
  lookup: KeptLookup,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(emailLookups)
    .values({ email, ...lookup, lookedUpAt: now, expiresAt })
    .onConflictDoUpdate({
      target: emailLookups.email,
      set: { ...lookup, lookedUpAt: now, expiresAt },
    });
  await db.execute(sql`
    delete from email_lookups where email in (
      select email from email_lookups where expires_at < ${now}
      limit 100 for update skip locked)`);
}
