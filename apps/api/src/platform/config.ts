import path from 'node:path';
import net from 'node:net';
import * as z from 'zod';
import {
  DEFAULT_APPLICATION_ID,
  DEFAULT_INSTALLATION_LEAD_DAYS,
  DEFAULT_OPERATOR_NAME,
  DEFAULT_OSS_SEGMENT,
  DEFAULT_PAYMENT_SESSION_MINUTES,
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  TOKEN_LIFETIME_SECONDS,
} from '@konek/contract/constants';
import { ZSiteLinks, type TSiteLinks } from '@konek/contract/site-links';
import { DEFAULT_RESOURCE_HOLD_HOURS } from '@konek/contract/resource';
import { DEFAULT_APPOINTMENT_HOLD_MINUTES } from '@konek/contract/appointments';

const ZFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((flag) => flag === 'true' || flag === '1');
/**
 * TRUST_PROXY (ADR 061): the proxies whose X-Forwarded-For entries are believed, by address. `false`
 * none; `true` a proxy on this machine (`loopback`); otherwise the proxies' addresses or CIDRs,
 * comma-separated. Never "every hop" nor a hop count: the client writes the first entries itself, and a
 * count cannot tell a proxy from a client that sent enough entries.
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** A CIDR's prefix as proxy-addr (Fastify's) takes it: 1 to 32 or 128 bits, no leading zero. */
const isPrefix = (bits: string, family: number): boolean =>
  /^[1-9]\d{0,2}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || isPrefix(bits, family);
};
/** A /0 trusts every address: anyone could write the X-Forwarded-For entry that names "the client". */
const isEveryAddress = (entry: string): boolean => /\/0+$/.test(entry);
const ZTrustProxy = z.string().transform((value, context): TrustProxy => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return ['loopback'];
  const proxies = text.split(',').map((entry) => entry.trim());
  const everyAddress = proxies.find(isEveryAddress);
  if (everyAddress !== undefined) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must not trust every address (${everyAddress}): anyone could forge X-Forwarded-For; name the proxies' addresses/CIDRs`,
    });
    return z.NEVER;
  }
  if (proxies.every(isProxyEntry)) return proxies;
  context.addIssue({
    code: 'custom',
    message:
      "TRUST_PROXY must be false, true (a proxy on this machine) or the proxies' addresses/CIDRs",
  });
  return z.NEVER;
});
const perMinute = (fallback: number) =>
  z.coerce.number().int().min(1).max(100_000).default(fallback);
/** OPERATOR_SITE_LINKS: a JSON object of link key to URL (contract site-links.ts). */
const ZSiteLinksJson = z
  .string()
  .transform((text, context) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object of link URLs' });
      return z.NEVER;
    }
  })
  .pipe(ZSiteLinks);
/** SMTP_URL (ADR 093): smtp:// or smtps://, a host, and the user and password when the server wants them. */
const ZSmtpUrl = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port');
/** EMAIL_FROM: an address, or `Name <address>`. */
const ZEmailFrom = z
  .string()
  .trim()
  .regex(
    /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
    'EMAIL_FROM must be an address or Name <address>',
  );
/** The From of the outbox's messages when EMAIL_FROM is unset. */
export const OUTBOX_EMAIL_FROM = 'Konek <no-reply@konek.invalid>';
const budget = (fallback: number) =>
  z.coerce.number().int().min(1).max(10_000_000).default(fallback);

// Every environment variable Konek reads, in one place (the README's configuration table mirrors it).
const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  OSS_SEGMENT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default(DEFAULT_OSS_SEGMENT),
  OPERATOR_NAME: z.string().min(1).default(DEFAULT_OPERATOR_NAME),
  APPLICATION_ID: z.string().min(1).default(DEFAULT_APPLICATION_ID),
  SERVICE_RADIUS_METERS: z.coerce.number().int().min(10).max(5000).default(250),
  GEOCODER_URL: z.string().url().optional(),
  BUILDING_LOOKUP: z.enum(['local', 'http']).default('local'),
  BUILDING_LOOKUP_URL: z.string().url().optional(),
  BUILDING_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  OPERATOR_SITE_LINKS: ZSiteLinksJson.optional(),
  DPO_NAME: z.string().trim().min(1).optional(),
  DPO_EMAIL: z.string().trim().email().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  TOKEN_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(TOKEN_LIFETIME_SECONDS),
  PIN_PEPPER: z.string().min(32, 'PIN_PEPPER must be at least 32 characters').optional(),
  TOKEN_ISSUER: z.string().min(1).default('konek'),
  TOKEN_AUDIENCE: z.string().min(1).default('konek-api'),
  SMS_PROVIDER: z.enum(['outbox', 'semaphore']).optional(),
  SEMAPHORE_API_KEY: z.string().min(1).optional(),
  SEMAPHORE_SENDER_NAME: z.string().min(1).max(11).optional(),
  PAYMENT_PROVIDER: z.enum(['local', 'paymongo']).optional(),
  PAYMONGO_SECRET_KEY: z
    .string()
    .regex(
      /^sk_(test|live)_\S+$/,
      'PAYMONGO_SECRET_KEY must be a secret key (sk_test_… or sk_live_…)',
    )
    .optional(),
  PAYMONGO_WEBHOOK_SECRET: z.string().min(8).optional(),
  PAYMONGO_API_URL: z.string().url().default('https://api.paymongo.com'),
  PAYMONGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAYMENT_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(DEFAULT_PAYMENT_SESSION_MINUTES),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .regex(
      /^https?:\/\/[^/?#]+\/?$/,
      'PUBLIC_BASE_URL is a scheme and host, e.g. https://konek.example',
    )
    .optional(),
  SANDBOX_ENABLED: ZFlag.optional(),
  SANDBOX_ALLOW_REMOTE: ZFlag.optional(),
  REDIS_URL: z.string().url().optional(),
  TRUST_PROXY: ZTrustProxy.optional(),
  PARTNER_LINK_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'PARTNER_LINK_KEY must be 32 bytes in base64url (43 characters)')
    .optional(),
  RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(20),
  RATE_LIMIT_LOOKUP_PER_MINUTE: perMinute(30),
  RATE_LIMIT_SMS_PER_MINUTE: perMinute(10),
  RATE_LIMIT_EMAIL_VALIDATION_PER_MINUTE: perMinute(20),
  RATE_LIMIT_SUPPORT_PER_MINUTE: perMinute(5),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: ZSmtpUrl.optional(),
  EMAIL_FROM: ZEmailFrom.optional(),
  EMAIL_VALIDATION: z.enum(['local', 'zerobounce']).default('local'),
  ZEROBOUNCE_API_KEY: z.string().min(1).optional(),
  ZEROBOUNCE_URL: z.string().url().optional(),
  EMAIL_VALIDATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(5000).default(5000),
  RESOURCE_HOLD_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(DEFAULT_RESOURCE_HOLD_HOURS),
  APPOINTMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(DEFAULT_APPOINTMENT_HOLD_MINUTES),
  INSTALLATION_LEAD_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30)
    .default(DEFAULT_INSTALLATION_LEAD_DAYS),
  INSTALLATION_CALENDAR_WEEKS: z.coerce.number().int().min(1).max(26).default(6),
  SLOT_ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  SMS_PER_ADDRESS_PER_HOUR: budget(10),
  SMS_PER_ADDRESS_PER_DAY: budget(30),
  SMS_PER_NUMBER_PER_DAY: budget(10),
  SMS_GLOBAL_PER_HOUR: budget(2000),
  NOTIFY_PER_ADDRESS_PER_HOUR: budget(10),
  NOTIFY_PER_EMAIL_PER_DAY: budget(3),
  COVERAGE_ALERT_SMS_PER_MINUTE: budget(300),
  COVERAGE_ALERT_EMAIL_PER_MINUTE: budget(600),
  SUPPORT_PER_ADDRESS_PER_HOUR: budget(10),
  SUPPORT_PER_NUMBER_PER_DAY: budget(3),
  EVENTS_PER_ADDRESS_PER_MINUTE: budget(300),
  EVENTS_PER_ADDRESS_PER_HOUR: budget(3000),
  CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE: budget(10),
  CLIENT_ERRORS_PER_ADDRESS_PER_HOUR: budget(60),
  EMAIL_LOOKUPS_PER_ACCOUNT_PER_DAY: budget(10),
  EMAIL_LOOKUPS_PER_ADDRESS_PER_HOUR: budget(30),
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
});

/** Per-IP limits per minute (ADR 006): sign-in and register, check_login_exists, and SMS-sending calls. */
export type RateLimits = {
  loginPerMinute: number;
  lookupPerMinute: number;
  smsPerMinute: number;
  /** {oss}/email_validation: each call may cost a paid lookup (ADR 032). */
  emailValidationPerMinute: number;
  /** The help page's contact form (ADR 079). */
  supportPerMinute: number;
};

/**
 * ADR 081: who answers for the listed buildings (product §7.2's facility-service building lookup): the
 * local catalogue, or the facility service over HTTP with a bound on each lookup.
 */
export type BuildingLookupConfig =
  { provider: 'local' } | { provider: 'http'; url: string; timeoutMs: number };

/** ADR 032: which email validator answers, and how long it may take. */
export type EmailValidationConfig =
  | { provider: 'local' }
  | { provider: 'zerobounce'; apiKey: string; baseUrl: string | undefined; timeoutMs: number };

/**
 * ADR 093: who sends email. The outbox keeps messages for /sandbox/outbox; SMTP hands them to a server,
 * as EMAIL_FROM.
 */
export type EmailConfig =
  { provider: 'outbox'; from: string } | { provider: 'smtp'; smtpUrl: string; from: string };

/** ADR 034, 035: holds that expire without a paid order, and the demo installation calendar. */
export type HoldSettings = {
  /** A network port held for an unpaid order (RESOURCE_HOLD_HOURS). */
  resourceHoldMs: number;
  /** An installation place held for payment (APPOINTMENT_HOLD_MINUTES). */
  appointmentHoldMs: number;
  /** Days from today (Manila) before the first bookable installation day. */
  installationLeadDays: number;
  /** How many weeks of installation slots the calendar holds ahead. */
  installationCalendarWeeks: number;
  /** ADR 044: how often pending "tell me when a slot opens" requests are checked (SLOT_ALERT_CHECK_SECONDS). */
  slotAlertCheckMs: number;
};

/**
 * ADR 022: how many SMS may be sent, counted in PostgreSQL over create_otp and create_challenge together.
 * Per number per hour is OTP_MAX_PER_HOUR (ADR 009).
 */
export type SmsBudgets = {
  perAddressPerHour: number;
  perAddressPerDay: number;
  perNumberPerDay: number;
  globalPerHour: number;
};

/** ADR 022: how many notify-me requests one client address and one email may send. */
export type NotifyBudgets = { perAddressPerHour: number; perEmailPerDay: number };

/**
 * ADR 078: how long a request waits on PostgreSQL before it is answered 503. The statement's limit is
 * PostgreSQL's own `statement_timeout`; Konek stops waiting for an answer a second after it (a server
 * that answers nothing at all cannot cancel anything).
 */
export type DatabaseTimeouts = {
  /** A connection from the pool, or a new one opened (DATABASE_ACQUIRE_TIMEOUT_MS). */
  acquireMs: number;
  /** One statement (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementMs: number;
};

/**
 * ADR 079: how many support requests one client address may send an hour, and how many may give one
 * mobile number a day (each is answered by one SMS to it).
 */
export type SupportBudgets = { perAddressPerHour: number; perNumberPerDay: number };

/**
 * ADR 097: what one client address may send to the anonymous analytics call (events, counted one unit
 * each) and to the web app's error reports, per minute and per hour, across replicas.
 */
export type AddressBudgets = { perAddressPerMinute: number; perAddressPerHour: number };

/**
 * ADR 097: lookups the email validator is asked for (a cached answer costs none), per signed-in
 * account per day and per client address per hour.
 */
export type EmailLookupBudgets = { perAccountPerDay: number; perAddressPerHour: number };

/** Fastify's `trustProxy`, limited to the safe forms: none, or the proxies' addresses. */
export type TrustProxy = false | string[];

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL (DATABASE_POOL_SIZE, ADR 043). */
  databasePoolSize: number;
  /** ADR 078: bounded waits on PostgreSQL while serving (migrations and the seed have none). */
  databaseTimeouts: DatabaseTimeouts;
  logLevel: string;
  webDistDir: string;
  ossSegment: string;
  operatorName: string;
  applicationId: string;
  serviceRadiusMeters: number;
  geocoderUrl: string | undefined;
  buildingLookup: BuildingLookupConfig;
  /** Empty: the map shows no tiles (offline runs and tests). */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** The operator's public pages by key; a key left out hides its link (the web shows its own page). */
  operatorSiteLinks: TSiteLinks;
  /** The data protection officer the privacy notice names; unset: the notice points to customer service. */
  dpoName: string | undefined;
  dpoEmail: string | undefined;
  jwtPrivateKeyFile: string | undefined;
  jwtPublicKeyFile: string | undefined;
  tokenLifetimeSeconds: number;
  /** `iss` of every session token, checked on verify (ADR 008). */
  tokenIssuer: string;
  /** `aud` of every session token, checked on verify (ADR 008). */
  tokenAudience: string;
  /** Unset: generated into DATA_DIR/secrets/pin-pepper on first start. */
  pinPepper: string | undefined;
  smsProvider: 'outbox' | 'semaphore';
  semaphoreApiKey: string | undefined;
  semaphoreSenderName: string | undefined;
  /** ADR 038: local (the sandbox checkout, never in production) or paymongo. */
  paymentProvider: 'local' | 'paymongo';
  paymongoSecretKey: string | undefined;
  /** The PayMongo webhook's secret (whsk_…); the local gateway's is generated in DATA_DIR/secrets. */
  paymongoWebhookSecret: string | undefined;
  paymongoApiUrl: string;
  paymongoTimeoutMs: number;
  /** How long a checkout may be paid before Konek closes it. */
  paymentSessionMinutes: number;
  /** How far a webhook signature's time may be from now. */
  paymentWebhookToleranceSeconds: number;
  /** Konek's public address, for the wallet's return URLs; unset: paths (the local gateway only). */
  publicBaseUrl: string | undefined;
  /** The /sandbox pages and the partner link builder: on unless NODE_ENV=production. */
  sandboxEnabled: boolean;
  /** The sandbox answers other machines too, not only loopback (ADR 019): test environments only. */
  sandboxAllowRemote: boolean;
  /** Set: per-IP rate limits are shared by every replica through this Redis. */
  redisUrl: string | undefined;
  /** Which proxies' X-Forwarded-For entries name the client (ADR 061); false: the socket's address. */
  trustProxy: TrustProxy;
  /** base64url of 32 bytes. Unset: generated into DATA_DIR/secrets/partner-link-key on first start. */
  partnerLinkKey: string | undefined;
  rateLimits: RateLimits;
  smsBudgets: SmsBudgets;
  notifyBudgets: NotifyBudgets;
  /** ADR 094: coverage-arrival alerts handed to each provider per minute, across replicas. */
  coverageAlertBudgets: { smsPerMinute: number; emailPerMinute: number };
  /** ADR 096, RA 10173: days the raw analytics events are kept (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionDays: number;
  supportBudgets: SupportBudgets;
  /** ADR 097: analytics events per client address. */
  eventBudgets: AddressBudgets;
  /** ADR 097: the web app's error reports per client address. */
  clientErrorBudgets: AddressBudgets;
  /** ADR 097: paid email lookups per account and per client address. */
  emailLookupBudgets: EmailLookupBudgets;
  emailValidation: EmailValidationConfig;
  /** ADR 093: the email provider. */
  email: EmailConfig;
  holds: HoldSettings;
};

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnvironment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  if (values.SMS_PROVIDER === 'semaphore' && !values.SEMAPHORE_API_KEY) {
    throw new Error('Invalid configuration: SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY');
  }
  if (values.BUILDING_LOOKUP === 'http' && !values.BUILDING_LOOKUP_URL) {
    throw new Error('Invalid configuration: BUILDING_LOOKUP=http needs BUILDING_LOOKUP_URL');
  }
  if (values.EMAIL_VALIDATION === 'zerobounce' && !values.ZEROBOUNCE_API_KEY) {
    throw new Error('Invalid configuration: EMAIL_VALIDATION=zerobounce needs ZEROBOUNCE_API_KEY');
  }
  if (values.EMAIL_PROVIDER === 'smtp' && (!values.SMTP_URL || !values.EMAIL_FROM)) {
    const missing = (['SMTP_URL', 'EMAIL_FROM'] as const).filter((name) => !values[name]);
    throw new Error(`Invalid configuration: EMAIL_PROVIDER=smtp needs ${missing.join(' and ')}`);
  }
  if (
    values.PAYMENT_PROVIDER === 'paymongo' &&
    (!values.PAYMONGO_SECRET_KEY || !values.PAYMONGO_WEBHOOK_SECRET || !values.PUBLIC_BASE_URL)
  ) {
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER=paymongo needs PAYMONGO_SECRET_KEY, PAYMONGO_WEBHOOK_SECRET and PUBLIC_BASE_URL',
    );
  }
  const config: AppConfig = {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      acquireMs: values.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    ossSegment: values.OSS_SEGMENT,
    operatorName: values.OPERATOR_NAME,
    applicationId: values.APPLICATION_ID,
    serviceRadiusMeters: values.SERVICE_RADIUS_METERS,
    geocoderUrl: values.GEOCODER_URL,
    buildingLookup:
      values.BUILDING_LOOKUP === 'http' && values.BUILDING_LOOKUP_URL
        ? {
            provider: 'http',
            url: values.BUILDING_LOOKUP_URL,
            timeoutMs: values.BUILDING_LOOKUP_TIMEOUT_MS,
          }
        : { provider: 'local' },
    mapTileUrl: values.MAP_TILE_URL,
    mapTileAttribution: values.MAP_TILE_ATTRIBUTION,
    operatorSiteLinks: values.OPERATOR_SITE_LINKS ?? {},
    dpoName: values.DPO_NAME,
    dpoEmail: values.DPO_EMAIL,
    jwtPrivateKeyFile: values.JWT_PRIVATE_KEY_FILE,
    jwtPublicKeyFile: values.JWT_PUBLIC_KEY_FILE,
    tokenLifetimeSeconds: values.TOKEN_LIFETIME_SECONDS,
    tokenIssuer: values.TOKEN_ISSUER,
    tokenAudience: values.TOKEN_AUDIENCE,
    pinPepper: values.PIN_PEPPER,
    smsProvider: values.SMS_PROVIDER ?? 'outbox',
    semaphoreApiKey: values.SEMAPHORE_API_KEY,
    semaphoreSenderName: values.SEMAPHORE_SENDER_NAME,
    paymentProvider: values.PAYMENT_PROVIDER ?? 'local',
    paymongoSecretKey: values.PAYMONGO_SECRET_KEY,
    paymongoWebhookSecret: values.PAYMONGO_WEBHOOK_SECRET,
    paymongoApiUrl: values.PAYMONGO_API_URL,
    paymongoTimeoutMs: values.PAYMONGO_TIMEOUT_MS,
    paymentSessionMinutes: values.PAYMENT_SESSION_MINUTES,
    paymentWebhookToleranceSeconds: values.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
    publicBaseUrl: values.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    sandboxEnabled: values.SANDBOX_ENABLED ?? values.NODE_ENV !== 'production',
    sandboxAllowRemote: values.SANDBOX_ALLOW_REMOTE ?? false,
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY ?? false,
    partnerLinkKey: values.PARTNER_LINK_KEY,
    rateLimits: {
      loginPerMinute: values.RATE_LIMIT_LOGIN_PER_MINUTE,
      lookupPerMinute: values.RATE_LIMIT_LOOKUP_PER_MINUTE,
      smsPerMinute: values.RATE_LIMIT_SMS_PER_MINUTE,
      emailValidationPerMinute: values.RATE_LIMIT_EMAIL_VALIDATION_PER_MINUTE,
      supportPerMinute: values.RATE_LIMIT_SUPPORT_PER_MINUTE,
    },
    smsBudgets: {
      perAddressPerHour: values.SMS_PER_ADDRESS_PER_HOUR,
      perAddressPerDay: values.SMS_PER_ADDRESS_PER_DAY,
      perNumberPerDay: values.SMS_PER_NUMBER_PER_DAY,
      globalPerHour: values.SMS_GLOBAL_PER_HOUR,
    },
    notifyBudgets: {
      perAddressPerHour: values.NOTIFY_PER_ADDRESS_PER_HOUR,
      perEmailPerDay: values.NOTIFY_PER_EMAIL_PER_DAY,
    },
    coverageAlertBudgets: {
      smsPerMinute: values.COVERAGE_ALERT_SMS_PER_MINUTE,
      emailPerMinute: values.COVERAGE_ALERT_EMAIL_PER_MINUTE,
    },
    analyticsRetentionDays: values.ANALYTICS_RETENTION_DAYS,
    supportBudgets: {
      perAddressPerHour: values.SUPPORT_PER_ADDRESS_PER_HOUR,
      perNumberPerDay: values.SUPPORT_PER_NUMBER_PER_DAY,
    },
    eventBudgets: {
      perAddressPerMinute: values.EVENTS_PER_ADDRESS_PER_MINUTE,
      perAddressPerHour: values.EVENTS_PER_ADDRESS_PER_HOUR,
    },
    clientErrorBudgets: {
      perAddressPerMinute: values.CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE,
      perAddressPerHour: values.CLIENT_ERRORS_PER_ADDRESS_PER_HOUR,
    },
    emailLookupBudgets: {
      perAccountPerDay: values.EMAIL_LOOKUPS_PER_ACCOUNT_PER_DAY,
      perAddressPerHour: values.EMAIL_LOOKUPS_PER_ADDRESS_PER_HOUR,
    },
    emailValidation:
      values.EMAIL_VALIDATION === 'zerobounce' && values.ZEROBOUNCE_API_KEY
        ? {
            provider: 'zerobounce',
            apiKey: values.ZEROBOUNCE_API_KEY,
            baseUrl: values.ZEROBOUNCE_URL,
            timeoutMs: values.EMAIL_VALIDATION_TIMEOUT_MS,
          }
        : { provider: 'local' },
    email:
      values.EMAIL_PROVIDER === 'smtp' && values.SMTP_URL && values.EMAIL_FROM
        ? { provider: 'smtp', smtpUrl: values.SMTP_URL, from: values.EMAIL_FROM }
        : { provider: 'outbox', from: values.EMAIL_FROM ?? OUTBOX_EMAIL_FROM },
    holds: {
      resourceHoldMs: Math.round(values.RESOURCE_HOLD_HOURS * 60 * 60 * 1000),
      appointmentHoldMs: values.APPOINTMENT_HOLD_MINUTES * 60 * 1000,
      installationLeadDays: values.INSTALLATION_LEAD_DAYS,
      installationCalendarWeeks: values.INSTALLATION_CALENDAR_WEEKS,
      slotAlertCheckMs: values.SLOT_ALERT_CHECK_SECONDS * 1000,
    },
  };
  refuseUnsafeProduction(config);
  return config;
}

/**
 * ADR 019: production never runs with the outbox as its SMS provider or with the sandbox on — either would
 * let anyone read one-time codes. ADR 038: nor with the local payment gateway, which takes no money. Checked when the configuration is read and again when the app is built,
 * so a configuration put together in code cannot skip it.
 */
export function refuseUnsafeProduction(config: AppConfig): void {
  if (config.env !== 'production') return;
  if (config.smsProvider === 'outbox') {
    throw new Error(
      'Invalid configuration: NODE_ENV=production needs SMS_PROVIDER set explicitly to a real SMS provider (semaphore); the default outbox sends no SMS and keeps the codes readable in the sandbox',
    );
  }
  if (config.email.provider === 'outbox') {
    throw new Error(
      'Invalid configuration: NODE_ENV=production needs EMAIL_PROVIDER=smtp with SMTP_URL and EMAIL_FROM; the default outbox sends no email (coverage-arrival alerts would never reach anyone)',
    );
  }
  if (config.sandboxEnabled || config.sandboxAllowRemote) {
    throw new Error(
      'Invalid configuration: NODE_ENV=production refuses the sandbox; unset SANDBOX_ENABLED and SANDBOX_ALLOW_REMOTE',
    );
  }
  if (config.paymentProvider === 'local') {
    throw new Error(
      'Invalid configuration: NODE_ENV=production needs PAYMENT_PROVIDER=paymongo; the default local gateway takes no money and its sandbox checkout lets anyone mark an order paid',
    );
  }
}
