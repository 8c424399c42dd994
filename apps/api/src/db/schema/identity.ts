import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// Accounts and the rules that need a database (docs/architecture.md) — wrong-PIN counts, the lock,
// token revocation and one-time-code limits are rows here, so they hold across restarts and replicas.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A customer: one mobile number, signed in with a 6-digit PIN (stored only as scrypt, ADR 006). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  msisdn: text('msisdn').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  applicationId: text('application_id').notNull(),
  /** "scrypt$N$r$p$salt$hash" of the client's PIN hash, peppered (ADR 006). */
  pinHash: text('pin_hash').notNull(),
  /** Wrong PINs in a row since the last lock ran out; the account locks at PIN_MAX_FAILED_ATTEMPTS. */
  failedPinAttempts: integer('failed_pin_attempts').notNull().default(0),
  lockedAt: at('locked_at'),
  /** ADR 023: sign-in is refused until then; an SMS PIN reset unlocks at once. */
  lockedUntil: at('locked_until'),
  /** ADR 023: locks in a row without a right PIN or a reset; each one lasts twice the one before. */
  pinLockCount: integer('pin_lock_count').notNull().default(0),
  pinChangedAt: at('pin_changed_at').notNull(),
  /** ADR 008: tokens that started at or before this time are refused (sign-out, PIN change). */
  tokensRevokedUpTo: at('tokens_revoked_up_to'),
  createdAt: at('created_at').notNull(),
});

/** product §9 target type 2: a user's account with the operator (provider_id). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    providerId: text('provider_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [unique('accounts_user_provider_unique').on(table.userId, table.providerId)],
);

/** product §3 userDetail notification_identifiers: one per type (email) and user. */
export const notificationIdentifiers = pgTable(
  'notification_identifiers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    identifierType: text('identifier_type').notNull(),
    identifier: text('identifier').notNull(),
    /**
     * ADR 032: what the email validation said when it was saved — a status of product §5, or
     * "unverified" when the validation service could not answer, so operations can check it again.
     */
    verification: text('verification').notNull().default('unverified'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.identifierType] })],
);

/**
 * One-time codes sent by SMS (ADR 009): hashed, bound to a number and a purpose, valid 5 minutes, used
 * once. The id is the reference_id (sign-up) or challenge_id (PIN reset) the client names.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    msisdn: text('msisdn').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    /** HMAC-SHA256 with the pepper of "<id>:<code>". */
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A newer code for the same number and purpose replaced this one. */
    supersededAt: at('superseded_at'),
    /** The right code was entered: the code is used. */
    verifiedAt: at('verified_at'),
    /** A verified sign-up code was spent on registering the number. */
    redeemedAt: at('redeemed_at'),
  },
  (table) => [index('one_time_codes_msisdn_created_idx').on(table.msisdn, table.createdAt)],
);

/** The local SMS provider's outbox (docs/architecture.md), shown at /sandbox/outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    msisdn: text('msisdn').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sms_outbox_msisdn_idx').on(table.msisdn, table.id)],
);

/** product §3 stored per-user context: JSON per user and context name (clientstorage get/add). */
export const clientStorage = pgTable(
  'client_storage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    context: text('context').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.context] })],
);

/** product §7.1 remote config: settings the web app reads by key (the payment method). */
export const remoteConfig = pgTable('remote_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The operator's subscriber records (product §3 account profile) that get account (prepaid) reads. Konek's
 * stand-in for the operator's system of record; seeded with demo subscribers (ADR 011).
 */
export const operatorSubscribers = pgTable('operator_subscribers', {
  msisdn: text('msisdn').primaryKey(),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name').notNull().default(''),
  lastName: text('last_name').notNull(),
  gender: text('gender', { enum: ['Male', 'Female'] }).notNull(),
  birthday: date('birthday', { mode: 'string' }).notNull(),
  email: text('email').notNull(),
  motherMaidenName: text('mother_maiden_name').notNull(),
});

/**
 * ADR 008, 097: session tokens already exchanged by refresh_token, by `jti`. Inserting the row is the
 * exchange, so of two refreshes of one token only one inserts it; `family` is the jti of the sign-in the
 * token descends from. A row is kept until its token would have expired anyway.
 */
export const refreshedTokens = pgTable(
  'refreshed_tokens',
  {
    jti: text('jti').primaryKey(),
    family: text('family').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: at('used_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('refreshed_tokens_expires_at_idx').on(table.expiresAt)],
);
