import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { consentRecords, userProfiles } from '../../db/schema/profile';

export type StoredProfile = typeof userProfiles.$inferSelect;
export type StoredConsent = typeof consentRecords.$inferSelect;
export type NewConsent = Omit<StoredConsent, 'id'>;

export async function upsertProfile(
  db: Db,
  profile: Omit<StoredProfile, 'updatedAt'> & { at: Date },
): Promise<StoredProfile> {
  const { at, ...values } = profile;
  const [row] = await db
    .insert(userProfiles)
    .values({ ...values, updatedAt: at })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: {
        firstName: values.firstName,
        lastName: values.lastName,
        suffix: values.suffix,
        alternateFirstName: values.alternateFirstName,
        alternateLastName: values.alternateLastName,
        alternatePhone: values.alternatePhone,
        updatedAt: at,
      },
    })
    .returning();
  return row!;
}

export async function findProfile(db: Db, userId: string): Promise<StoredProfile | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row;
}

/** The user's consent decisions, newest first (at most `limit`). */
export async function listConsents(
  db: Db,
  userId: string,
  limit: number,
): Promise<StoredConsent[]> {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(desc(consentRecords.id))
    .limit(limit);
}

export async function insertConsents(db: Db, rows: NewConsent[]): Promise<void> {
  if (rows.length > 0) await db.insert(consentRecords).values(rows);
}

/** Serialises consent decisions of one user until the transaction ends (a double click records once). */
export async function lockUserConsents(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consents:${userId}`}, 0))`);
}
