import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { refuseUnsafeProduction, type AppConfig } from './platform/config';
import type { Database } from './platform/db/database';
import type { SigningKeys } from './platform/auth/signing-keys';
import { systemClock, type Clock } from './platform/clock';
import { loadAppSecrets } from './platform/auth/data-secrets';
import { createSessionTokens } from './platform/auth/session-tokens';
import { createAuthenticate } from './platform/auth/authenticate';
import { createAuth } from './platform/auth/target-ownership';
import { registerRateLimit } from './platform/auth/rate-limit';
import { registerErrorHandler } from './platform/error-handler';
import { requestIdOf } from './platform/request-id';
import {
  createLogDestination,
  createLogger,
  OneLinePerRequest,
  requestLogger,
  type LogDestination,
} from './platform/logging';
import { registerSafeInput } from './platform/safe-input';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaticWeb } from './platform/static-web';
import { registerOpenApi } from './platform/openapi';
import { createNominatimGeocoder } from './providers/geocoding/nominatim';
import { createSmsSender } from './providers/sms/create-sms-sender';
import { healthPlugin } from './modules/health/routes';
import { eventsPlugin } from './modules/events/routes';
import { waitlistPlugin } from './modules/waitlist/routes';
import { contentPlugin } from './modules/content/routes';
import { locationPlugin } from './modules/location/routes';
import { loadAddressCatalogue, openCoverage } from './modules/location/service';
import { identityPlugin } from './modules/identity/routes';
import { tokensRevokedUpTo, type PinHasher } from './modules/identity/service';
import { accountPlugin } from './modules/account/routes';
import { ownerOfAccount } from './modules/account/service';
import { otpPlugin } from './modules/otp/routes';
import type { OtpDependencies } from './modules/otp/service';
import { storagePlugin } from './modules/storage/routes';
import { remoteConfigPlugin } from './modules/remote-config/routes';
import { subscriberPlugin } from './modules/subscriber/routes';
import { partnerPlugin } from './modules/partner/routes';
import { sandboxPlugin } from './modules/sandbox/routes';
import { outboxWriter } from './modules/sandbox/service';
import { catalogPlugin } from './modules/catalog/routes';
import { PAYMENT_WEBHOOK_PATH, paymentsPlugin } from './modules/payments/routes';
import {
  localGatewayStore,
  type PaymentSettledListener,
  type PaymentsDependencies,
} from './modules/payments/service';
import { createPaymentProvider } from './providers/payments/create-payment-provider';
import { referralPlugin } from './modules/referral/routes';
import { addressBookPlugin } from './modules/address-book/routes';
import { profilePlugin } from './modules/profile/routes';
import { emailValidationPlugin } from './modules/email-validation/routes';
import { createEmailValidator } from './providers/email-validation/create-email-validator';
import { resourcesPlugin } from './modules/resources/routes';
import { releaseHeldReservation } from './modules/resources/service';
import { appointmentsPlugin } from './modules/appointments/routes';
import { newCalendarState, releaseHeldAppointments } from './modules/appointments/service';

export type AppDependencies = {
  config: AppConfig;
  database: Database;
  keys: SigningKeys;
  /** Real time unless a test moves it (token, code and link expiry). */
  clock?: Clock;
  /** Where the log lines go: standard output, written asynchronously, unless a test or the bench says. */
  logDestination?: LogDestination;
  /** scrypt with the pepper unless a test counts the hashes (ADR 023). */
  pinHasher?: PinHasher;
  /**
   * ADR 038: told of every payment that settles, in the transaction that records it. The orders work's
   * listener goes here; until it exists, settlements are only logged. Tests observe with it.
   */
  onPaymentSettled?: PaymentSettledListener;
};

/** How often the local gateway expires checkouts whose time ran out and retries its webhooks. */
const SANDBOX_GATEWAY_SWEEP_MS = 10_000;

const BODY_LIMIT_BYTES = 256 * 1024;

/** The composition root: plugins, modules and providers wired together. No rules live here. */
export async function buildApp({
  config,
  database,
  keys,
  clock = systemClock,
  logDestination = createLogDestination(),
  pinHasher,
  onPaymentSettled,
}: AppDependencies): Promise<FastifyInstance> {
  refuseUnsafeProduction(config);
  const logger = createLogger(config.logLevel, logDestination);
  const app = Fastify({
    // pino's Logger typed as Fastify's, so the instance keeps the type every module is written for.
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: requestLogger,
    logController: new OneLinePerRequest(logger, logDestination),
    bodyLimit: BODY_LIMIT_BYTES,
    // The client's X-Request-Id is read here, not by Fastify, so only a short safe one is kept.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The provider API speaks JSON only: any other body type is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');

  // What is still buffered reaches the destination before close resolves.
  app.addHook('onClose', async () => logDestination.flushSync?.());
  registerErrorHandler(app);
  registerSafeInput(app);
  registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerRateLimit(app, config.redisUrl);
  await registerOpenApi(app);

  const { db } = database;
  const secrets = loadAppSecrets(config);
  const tokens = createSessionTokens(keys, clock, {
    issuer: config.tokenIssuer,
    audience: config.tokenAudience,
    lifetimeSeconds: config.tokenLifetimeSeconds,
  });
  const auth = createAuth(
    createAuthenticate(tokens, (userId) => tokensRevokedUpTo(db, userId)),
    (accountId) => ownerOfAccount(db, accountId),
  );
  const sms = createSmsSender(config, outboxWriter(db, clock), app.log);
  const otp: OtpDependencies = {
    db,
    clock,
    pepper: secrets.pinPepper,
    sms,
    budgets: config.smsBudgets,
  };
  // The address lists are read once; location serves them and catalog names its cities from them.
  const catalogue = await loadAddressCatalogue(db);
  const { rateLimits, ossSegment, operatorName } = config;

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => ({
    keys: [keys.publicJwk],
  }));
  // ADR 026: each module is one plugin that declares what it needs; nothing else of it is reached here.
  await app.register(healthPlugin, { database });
  await app.register(eventsPlugin, { db, clock, auth, notifyBudgets: config.notifyBudgets });
  await app.register(waitlistPlugin, { db });
  await app.register(contentPlugin, { db, config });
  await app.register(identityPlugin, {
    db,
    clock,
    pepper: secrets.pinPepper,
    ...(pinHasher ? { pins: pinHasher } : {}),
    tokens,
    otp,
    operatorName,
    auth,
    rateLimits,
  });
  await app.register(accountPlugin, { db, clock, auth, operatorName });
  await app.register(otpPlugin, { otp, ossSegment, smsPerMinute: rateLimits.smsPerMinute });
  await app.register(storagePlugin, { db, clock, auth });
  await app.register(remoteConfigPlugin, { db });
  await app.register(subscriberPlugin, { db, clock, ossSegment });
  await app.register(partnerPlugin, {
    key: secrets.partnerLinkKey,
    clock,
    isSandboxEnabled: config.sandboxEnabled,
    isSandboxRemoteAllowed: config.sandboxAllowRemote,
  });
  if (config.sandboxEnabled) {
    await app.register(sandboxPlugin, { db, allowRemote: config.sandboxAllowRemote });
  }
  // ADR 018: one in-memory copy of the coverage network for the check and the reservation (ADR 034).
  const coverage = await openCoverage(database, app.log);
  app.addHook('onClose', () => coverage.close());
  await app.register(locationPlugin, {
    database,
    coverage,
    clock,
    catalogue,
    ...(config.geocoderUrl
      ? { geocoder: createNominatimGeocoder(config.geocoderUrl, `Konek/${operatorName}`) }
      : {}),
    ossSegment,
    serviceRadiusMeters: config.serviceRadiusMeters,
  });
  await app.register(catalogPlugin, {
    db,
    clock,
    auth,
    operatorName,
    cities: catalogue.cityByCode,
  });
  await app.register(referralPlugin, { db, clock, auth, operatorName });

  // The details step (product §2.4, §4.3): address book, profile and consents, email validation.
  const emailValidator = createEmailValidator(config.emailValidation, app.log);
  await app.register(addressBookPlugin, {
    db,
    clock,
    auth,
    catalogue,
    // ADR 031: a new place gives back what the old one held, in the address change's transaction.
    onPlaceChanged: async (tx, accountId, at) => {
      await releaseHeldAppointments(tx, accountId, at);
      await releaseHeldReservation(tx, accountId, at);
    },
  });
  await app.register(profilePlugin, { db, clock, auth, emailValidator });
  await app.register(emailValidationPlugin, {
    validator: emailValidator,
    auth,
    ossSegment,
    perIpPerMinute: rateLimits.emailValidationPerMinute,
  });
  const decider = { coverage, catalogue, serviceRadiusMeters: config.serviceRadiusMeters };
  await app.register(resourcesPlugin, {
    db,
    clock,
    auth,
    decider,
    holdMs: config.holds.resourceHoldMs,
  });
  await app.register(appointmentsPlugin, {
    db,
    clock,
    auth,
    holdMs: config.holds.appointmentHoldMs,
    leadDays: config.holds.installationLeadDays,
    calendarWeeks: config.holds.installationCalendarWeeks,
    calendar: newCalendarState(),
  });
  // ADR 038: the payment gateway. The local one delivers its webhooks through this app's own HTTP
  // handling (the route, the raw body, the signature check), as PayMongo's would arrive.
  const gateway = createPaymentProvider(config, {
    store: localGatewayStore(db),
    clock,
    webhookSecret: secrets.paymentWebhookSecret,
    deliver: async (rawBody, headers) =>
      (await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, payload: rawBody, headers }))
        .statusCode,
    log: app.log,
  });
  const payments: PaymentsDependencies = {
    db,
    clock,
    provider: gateway.provider,
    log: app.log,
    onPaymentSettled:
      onPaymentSettled ??
      (async (settlement) => {
        app.log.info(
          {
            paymentSessionId: settlement.paymentSessionId,
            orderRef: settlement.orderRef,
            status: settlement.status,
          },
          'payment settled',
        );
      }),
    sessionMinutes: config.paymentSessionMinutes,
    publicBaseUrl: config.publicBaseUrl ?? '',
  };
  if (gateway.gateway && !config.sandboxEnabled) {
    app.log.warn(
      'the local payment gateway runs without the sandbox: its checkout page is not served',
    );
  }
  await app.register(paymentsPlugin, {
    payments,
    auth,
    ...(gateway.gateway && config.sandboxEnabled
      ? {
          sandbox: {
            gateway: gateway.gateway,
            allowRemote: config.sandboxAllowRemote,
            sweepIntervalMs: SANDBOX_GATEWAY_SWEEP_MS,
          },
        }
      : {}),
  });

  await registerStaticWeb(app, config.webDistDir);
  return app;
}
