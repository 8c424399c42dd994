import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// ADR 046: Konek's own operators (dispatchers and technicians) who sign in at /api/ops. Not customers:
// their own table, their own token audience, their own lockout counters.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const opsUsers = pgTable('ops_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-case letters, digits, dot, dash, underscore (the contract's ZOpsUsername). */
  username: text('username').notNull().unique(),
  role: text('role', {
    enum: ['admin', 'network_planner', 'dispatcher', 'marketing', 'technician'],
  }).notNull(),
  firstName: text('first_name').notNull(),
  /** "scrypt$N$r$p$salt$hash" of the password, peppered: the PIN hash of ADR 006. */
  passwordHash: text('password_hash').notNull(),
  /** ADR 023's lockout, as the customers' PINs have it. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedAt: at('locked_at'),
  lockedUntil: at('locked_until'),
  lockCount: integer('lock_count').notNull().default(0),
  /** ADR 008: tokens that started at or before this time are refused (sign-out, password change). */
  tokensRevokedUpTo: at('tokens_revoked_up_to'),
  createdAt: at('created_at').notNull(),
});
