import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { refuseUnsafeProduction, type AppConfig } from './platform/config';
import { connectDatabase, type Database } from './platform/db/database';
import type { SigningKeys } from './platform/auth/signing-keys';
import { systemClock, type Clock } from './platform/clock';
import { loadAppSecrets } from './platform/auth/data-secrets';
import { createSessionTokens } from './platform/auth/session-tokens';
import { createAuthenticate, createVerifyTokenOnly } from './platform/auth/authenticate';
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
import { batchReplyWrites } from './platform/batched-writes';
import { registerSafeInput } from './platform/safe-input';
import { registerSecurityHeaders } from './platform/security-headers';
import { firstPaintScriptSources, registerStaticWeb } from './platform/static-web';
import { registerOpenApi } from './platform/openapi';
import { createNominatimGeocoder } from './providers/geocoding/nominatim';
import { createSmsSender } from './providers/sms/create-sms-sender';
import { createEmailSender } from './providers/email/create-email-sender';
import { healthPlugin } from './modules/health/routes';
import { eventsPlugin } from './modules/events/routes';
import { waitlistPlugin } from './modules/waitlist/routes';
import { startSlotAlertChecks } from './modules/waitlist/slot-alerts';
import { contentPlugin, webConfigReply } from './modules/content/routes';
import { locationPlugin } from './modules/location/routes';
import {
  listedBuildingCatalogue,
  loadAddressCatalogue,
  openCoverage,
} from './modules/location/service';
import { createBuildingLookup } from './providers/building-lookup/create-building-lookup';
import { identityPlugin } from './modules/identity/routes';
import {
  createPinHasher,
  tokensRevokedUpTo,
  type PinHasher,
  type UserAccounts,
} from './modules/identity/service';
import { operatorsPlugin } from './modules/operators/routes';
import { OPS_TOKEN_AUDIENCE, opsTokensRevokedUpTo } from './modules/operators/service';
import { workOrdersPlugin } from './modules/workorders/routes';
import { supportPlugin } from './modules/support/routes';
import { coveragePlugin } from './modules/coverage/routes';
import { demandPlugin } from './modules/demand/routes';
import {
  sendOrderNotices,
  settleMissedVisits,
  startMissedVisitSweep,
  type WorkOrdersDependencies,
} from './modules/workorders/service';
import { accountPlugin } from './modules/account/routes';
import { accountIdsOfUser, ensureAccount, ownerOfAccount } from './modules/account/service';
import { otpPlugin } from './modules/otp/routes';
import type { OtpDependencies } from './modules/otp/service';
import { storagePlugin } from './modules/storage/routes';
import { remoteConfigPlugin } from './modules/remote-config/routes';
import { subscriberPlugin } from './modules/subscriber/routes';
import { partnerPlugin } from './modules/partner/routes';
import { sandboxPlugin } from './modules/sandbox/routes';
import { emailOutboxWriter, outboxWriter } from './modules/sandbox/service';
import { catalogPlugin } from './modules/catalog/routes';
import { PAYMENT_WEBHOOK_PATH, paymentsPlugin } from './modules/payments/routes';
import {
  localGatewayStore,
  type PaymentSettledObserver,
  type PaymentsDependencies,
} from './modules/payments/service';
import { createPaymentProvider } from './providers/payments/create-payment-provider';
import { referralPlugin } from './modules/referral/routes';
import { addressBookPlugin } from './modules/address-book/routes';
import type { PlaceChangeListener } from './modules/address-book/service';
import { profilePlugin } from './modules/profile/routes';
import { emailValidationPlugin } from './modules/email-validation/routes';
import { createEmailValidator } from './providers/email-validation/create-email-validator';
import { resourcesPlugin } from './modules/resources/routes';
import { releaseHeldReservation } from './modules/resources/service';
import { appointmentsPlugin } from './modules/appointments/routes';
import { calendarPlugin } from './modules/calendar/routes';
import {
  availableTimeSlots,
  newCalendarState,
  releaseHeldAppointments,
  updateAppointment,
  type AppointmentDependencies,
} from './modules/appointments/service';
import { ordersPlugin } from './modules/orders/routes';
import { coverageAlertPlugin } from './modules/coverage-alerts/routes';
import { funnelPlugin } from './modules/funnel/routes';
import {
  FUNNEL_JOB_STATEMENT_MS,
  startFunnelWorker,
  type FunnelDependencies,
} from './modules/funnel/service';
import {
  queueSweep,
  startCoverageAlertWorkers,
  type CoverageAlertDependencies,
} from './modules/coverage-alerts/service';
import { startJobQueue } from './platform/db/job-queue';
import {
  afterPaymentSettled,
  movePaidBooking,
  onPaymentSettled as settleOrder,
  ordersOfAccount,
  startOrderRepair,
  type OrdersDependencies,
} from './modules/orders/service';

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
   * ADR 038: told of every payment that settles, in the transaction that records it, after the orders
   * module's own listener (ADR 039). Tests observe (or fail) settlements with it.
   */
  onPaymentSettled?: PaymentSettledObserver;
  /**
   * How often the local gateway expires checkouts whose time ran out and retries its webhooks (10 s). API
   * tests run the sweep themselves on a controlled clock, so theirs never fires on its own and races them.
   */
  sandboxSweepMs?: number;
  /** The longest a client may take to send one whole request (30 s); a test shortens it. */
  requestTimeoutMs?: number;
  /**
   * How often the orders' repair sweep runs (ADR 077: 30 s). API tests run it themselves on a
   * controlled clock.
   */
  orderRepairMs?: number;
};

const BODY_LIMIT_BYTES = 256 * 1024;
/**
 * A request whose headers or body stop arriving is answered 408 and its connection closed after this
 * long (Fastify's default, 0, would hold it open for ever: one idle socket per attacker's connection).
 * Only the request: a reply that streams (the tracking stream) is not limited by it.
 */
const REQUEST_TIMEOUT_MS = 30_000;

/** ADR 047: how often each process looks for visits that ended without being started. */
const MISSED_VISIT_SWEEP_MS = 60_000;

/** The composition root: plugins, modules and providers wired together. No rules live here. */
export async function buildApp({
  config,
  database,
  keys,
  clock = systemClock,
  logDestination = createLogDestination(),
  pinHasher,
  onPaymentSettled,
  sandboxSweepMs = 10_000,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
  orderRepairMs = 30_000,
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
    requestTimeout: requestTimeoutMs,
    // Given to Node's server at its creation too: on Node 20 a requestTimeout set afterwards (as Fastify
    // does) still times out a request's headers but no longer its body. Node looks for requests past
    // their time on an interval (30 s by default).
    http: {
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeoutMs / 4)),
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  batchReplyWrites(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The provider API speaks JSON only: any other body type is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');

  // What is still buffered reaches the destination before close resolves.
  app.addHook('onClose', async () => logDestination.flushSync?.());
  registerErrorHandler(app, { requireDeclaredErrors: config.env === 'test' });
  registerSafeInput(app);
  registerSecurityHeaders(app, firstPaintScriptSources(config.webDistDir));
  await app.register(compress, { global: true, threshold: 1024 });
  await registerRateLimit(app, config.redisUrl);
  await registerOpenApi(app);

  // ── Shared parts: sessions, SMS, codes, the address lists, coverage, providers ──────────────────
  const { db } = database;
  const secrets = loadAppSecrets(config);
  const { rateLimits, ossSegment, operatorName } = config;
  const publicBaseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  const stopOnClose = (running: { stop(): void }) => app.addHook('onClose', () => running.stop());
  const tokensFor = (audience: string) =>
    createSessionTokens(keys, clock, {
      issuer: config.tokenIssuer,
      audience,
      lifetimeSeconds: config.tokenLifetimeSeconds,
    });
  const tokens = tokensFor(config.tokenAudience);
  const auth = createAuth(
    createAuthenticate(tokens, (userId) => tokensRevokedUpTo(db, userId)),
    createVerifyTokenOnly(tokens),
    (accountId) => ownerOfAccount(db, accountId),
  );
  // ADR 046: operators sign in with their own token audience; a customer token never passes here.
  if (config.tokenAudience === OPS_TOKEN_AUDIENCE) {
    throw new Error(`Invalid configuration: TOKEN_AUDIENCE must not be ${OPS_TOKEN_AUDIENCE}`);
  }
  const opsTokens = tokensFor(OPS_TOKEN_AUDIENCE);
  const opsAuth = createAuth(
    createAuthenticate(opsTokens, (userId) => opsTokensRevokedUpTo(db, userId)),
    createVerifyTokenOnly(opsTokens),
    // Operator calls name no customer target: no account is ever an operator's.
    async () => null,
  );
  const sms = createSmsSender(config, outboxWriter(db, clock), app.log);
  // ADR 093: email, handed to the modules that send it as `sms` is (production refuses the outbox).
  const email = createEmailSender(config, emailOutboxWriter(db, clock), app.log);
  const otp: OtpDependencies = {
    db,
    clock,
    pepper: secrets.pinPepper,
    sms,
    budgets: config.smsBudgets,
  };
  // The address lists are read once; location serves them and catalog names its cities from them.
  const catalogue = await loadAddressCatalogue(db);
  // ADR 044: "tell me when a slot opens" — checked soon after a place may have opened, and periodically.
  const slotAlerts = { db, clock, sms, leadDays: config.holds.installationLeadDays };
  const slotAlertChecks = startSlotAlertChecks(slotAlerts, config.holds.slotAlertCheckMs, (error) =>
    app.log.error({ err: error }, 'slot alerts could not be checked'),
  );
  stopOnClose(slotAlertChecks);
  // ADR 018: one in-memory copy of the coverage network for the check and the reservation (ADR 034).
  const coverage = await openCoverage(database, app.log);
  app.addHook('onClose', () => coverage.close());
  // ADR 081: the listed buildings come from the facility service's lookup (the local catalogue by default).
  const buildings = createBuildingLookup(
    config.buildingLookup,
    listedBuildingCatalogue(db, coverage),
    operatorName,
    app.log,
  );
  const emailValidator = createEmailValidator(config.emailValidation, app.log);
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

  // ── What the modules that work together need, each declared before another module is told of it ──
  const appointments: AppointmentDependencies = {
    db,
    pool: database.pool,
    clock,
    holdMs: config.holds.appointmentHoldMs,
    leadDays: config.holds.installationLeadDays,
    calendarWeeks: config.holds.installationCalendarWeeks,
    calendar: newCalendarState(),
  };
  const payments: PaymentsDependencies = {
    db,
    clock,
    provider: gateway.provider,
    log: app.log,
    // ADR 039: the orders module decides what a payment does to its order, in the same transaction.
    // (The one callback set here: payments' type requires it; the others follow below.)
    onPaymentSettled: async (settlement, tx) => {
      const verdict = await settleOrder(settlement, tx);
      await onPaymentSettled?.(settlement, tx);
      return verdict;
    },
    sessionMinutes: config.paymentSessionMinutes,
    publicBaseUrl: config.publicBaseUrl ?? '',
  };
  const orders: OrdersDependencies = {
    db,
    clock,
    payments,
    operatorName,
    sms,
    log: app.log,
    resourceHoldMs: config.holds.resourceHoldMs,
    publicBaseUrl,
  };
  const workOrders: WorkOrdersDependencies = {
    db,
    clock,
    sms,
    publicBaseUrl,
    log: app.log,
    // ADR 080: a dispatcher's cancel refunds through the orders module.
    orders,
  };

  // ── Cross-module callbacks: one module told of another's event ────────────────────────────────
  // Set here, once every module's dependencies above exist and before any plugin or timer uses them.
  /** ADR 088: identity opens and lists a user's accounts through the account module. */
  const userAccounts: UserAccounts = {
    ensure: (tx, userId) => ensureAccount(tx, clock, userId, operatorName),
    idsOf: accountIdsOfUser,
  };
  /** ADR 031: a new place gives back what the old one held, in the address change's transaction. */
  const onPlaceChanged: PlaceChangeListener = async (tx, accountId, at) => {
    await releaseHeldAppointments(tx, accountId, at);
    await releaseHeldReservation(tx, accountId, at);
    slotAlertChecks.poke();
  };
  appointments.placesMayHaveOpened = slotAlertChecks.poke;
  // ADR 049: a paid booking moved by the customer moves its order and work order in that transaction,
  // its missed visit (if any) decided and credited first (ADR 047).
  appointments.beforeBookingMove = (accountId) => settleMissedVisits(workOrders, { accountId });
  appointments.onPaidBookingMove = movePaidBooking;
  // ADR 080: the customer is texted the new time once the move committed.
  appointments.afterPaidBookingMove = async (accountId) => {
    await sendOrderNotices(workOrders, { accountId });
  };
  // ADR 039: the confirmation SMS once the settlement committed.
  payments.afterPaymentSettled = (settlement) => afterPaymentSettled(orders, settlement);
  // ADR 047: a missed visit is decided when the customer reads their orders too.
  orders.beforeOrdersRead = (accountId) => settleMissedVisits(workOrders, { accountId });
  // ADR 080: a dispatcher's new visit at a new time moves the booking as update_appointment does,
  // among the slots it would offer.
  workOrders.moveBooking = (accountId, appointmentId, slot, newVisit) =>
    updateAppointment(appointments, accountId, appointmentId, slot, newVisit);
  workOrders.freeSlots = async (accountId, appointmentId) =>
    Object.entries(await availableTimeSlots(appointments, accountId, appointmentId)).map(
      ([id, times]) => ({ id, ...times }),
    );

  // ── The modules' plugins ───────────────────────────────────────────────────────────────────────
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => ({
    keys: [keys.publicJwk],
  }));
  // ADR 026: each module is one plugin that declares what it needs; nothing else of it is reached here.
  const signedIn = { db, clock, auth };
  await app.register(healthPlugin, { database });
  await app.register(eventsPlugin, {
    ...signedIn,
    notifyBudgets: config.notifyBudgets,
    eventBudgets: config.eventBudgets,
    clientErrorBudgets: config.clientErrorBudgets,
  });
  await app.register(waitlistPlugin, { auth, slotAlerts, slotAlertChecks });
  await app.register(contentPlugin, { db, config });
  await app.register(identityPlugin, {
    db,
    clock,
    pepper: secrets.pinPepper,
    ...(pinHasher ? { pins: pinHasher } : {}),
    tokens,
    otp,
    operatorName,
    accounts: userAccounts,
    auth,
    rateLimits,
  });
  await app.register(accountPlugin, { ...signedIn, operatorName });
  await app.register(otpPlugin, { otp, ossSegment, smsPerMinute: rateLimits.smsPerMinute });
  await app.register(storagePlugin, signedIn);
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
  await app.register(locationPlugin, {
    database,
    coverage,
    buildings,
    clock,
    catalogue,
    ...(config.geocoderUrl
      ? { geocoder: createNominatimGeocoder(config.geocoderUrl, `Konek/${operatorName}`) }
      : {}),
    ossSegment,
    serviceRadiusMeters: config.serviceRadiusMeters,
  });
  await app.register(catalogPlugin, {
    ...signedIn,
    operatorName,
    cities: catalogue.cityByCode,
    ordersOfAccount: (accountId) => ordersOfAccount(db, accountId),
    opsAuth,
  });
  await app.register(referralPlugin, { ...signedIn, operatorName, opsAuth });
  // The details step (product §2.4, §4.3): address book, profile and consents, email validation.
  await app.register(addressBookPlugin, { ...signedIn, catalogue, onPlaceChanged });
  const emailLookups = {
    db,
    clock,
    validator: emailValidator,
    budgets: config.emailLookupBudgets,
  };
  await app.register(profilePlugin, { ...signedIn, emailLookups });
  await app.register(emailValidationPlugin, {
    lookups: emailLookups,
    auth,
    ossSegment,
    perIpPerMinute: rateLimits.emailValidationPerMinute,
  });
  await app.register(resourcesPlugin, {
    ...signedIn,
    decider: { coverage, buildings, catalogue, serviceRadiusMeters: config.serviceRadiusMeters },
    holdMs: config.holds.resourceHoldMs,
  });
  await app.register(appointmentsPlugin, { ...appointments, auth, opsAuth });
  await app.register(ordersPlugin, { orders, auth, opsAuth });
  // ADR 092: the dispatchers' installation calendar; its texts go through the orders' notices.
  await app.register(calendarPlugin, {
    db,
    clock,
    orders,
    appointments,
    cityName: (code) => catalogue.cityByCode.get(code)?.name,
    opsAuth,
  });
  // ADR 077: what a crash or an unreachable gateway left half done is finished without the customer.
  stopOnClose(startOrderRepair(orders, orderRepairMs));
  await app.register(operatorsPlugin, {
    operators: {
      db,
      clock,
      passwords: pinHasher ?? createPinHasher(secrets.pinPepper),
      tokens: opsTokens,
    },
    opsAuth,
    loginPerMinute: rateLimits.loginPerMinute,
  });
  await app.register(workOrdersPlugin, {
    workOrders,
    auth,
    opsAuth,
    ossSegment,
    listenConnection: database.pool.options,
  });
  // ADR 079: the help page's contact form, and the dispatchers' support desk with its answers by SMS.
  await app.register(supportPlugin, {
    support: {
      db,
      clock,
      sms,
      log: app.log,
      budgets: config.supportBudgets,
      smsBudgets: config.smsBudgets,
    },
    auth,
    opsAuth,
    perIpPerMinute: rateLimits.supportPerMinute,
  });
  // ADR 094: coverage-arrival alerts, through the job queue in PostgreSQL (pg-boss): a plant change
  // queues the sweep in its own transaction; one replica runs it and the sends, within the budgets.
  const queue = await startJobQueue(database, app.log);
  app.addHook('onClose', () => queue.stop());
  const coverageAlerts: CoverageAlertDependencies = {
    db,
    clock,
    queue,
    decider: { coverage, buildings, catalogue, serviceRadiusMeters: config.serviceRadiusMeters },
    syncCoverage: () => coverage.sync(),
    send: {
      sms: (msisdn, body) => sms.send({ msisdn, body }),
      email: (message) => email.send(message),
    },
    budgets: config.coverageAlertBudgets,
    linkKey: new Uint8Array(
      crypto.hkdfSync('sha256', secrets.partnerLinkKey, '', 'konek waitlist links', 32),
    ),
    publicBaseUrl,
    log: app.log,
  };
  await startCoverageAlertWorkers(coverageAlerts, { sendBatch: 25, sendLoops: 4 });
  await app.register(coverageAlertPlugin, { alerts: coverageAlerts, opsAuth });
  // ADR 096: the funnel for marketing and admin; an hourly job (one replica) rolls up each finished day
  // and deletes the raw events past their retention once their day is rolled up.
  // The job reads a whole day of events at a time: its own connection, whose statements may take longer
  // than a request's (still bounded, ADR 078).
  const funnelJobs = connectDatabase(String(database.pool.options.connectionString), 1, {
    acquireMs: config.databaseTimeouts.acquireMs,
    statementMs: FUNNEL_JOB_STATEMENT_MS,
  });
  app.addHook('onClose', () => funnelJobs.close());
  const funnel: FunnelDependencies = {
    db,
    clock,
    retentionDays: config.analyticsRetentionDays,
  };
  await startFunnelWorker({ ...funnel, db: funnelJobs.db }, queue, app.log);
  await app.register(funnelPlugin, { funnel, opsAuth });
  // ADR 090: the network planner's NAP file; what it writes reaches every coverage index (ADR 018).
  await app.register(coveragePlugin, {
    coverage: {
      db,
      clock,
      isCity: (code) => catalogue.cityByCode.has(code),
      serviceRadiusMeters: config.serviceRadiusMeters,
      afterPlantChange: (tx) => queueSweep(queue, tx),
    },
    opsAuth,
  });
  // ADR 095: the planner's demand map: the waiting households per barangay, decided from the index.
  await app.register(demandPlugin, {
    demand: {
      db,
      clock,
      coverage,
      catalogue,
      serviceRadiusMeters: config.serviceRadiusMeters,
      syncCoverage: () => coverage.sync(),
    },
    opsAuth,
  });
  // ADR 047: missed visits are also decided when read; the sweep texts customers nobody looks up.
  stopOnClose(startMissedVisitSweep(workOrders, MISSED_VISIT_SWEEP_MS));
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
            sweepIntervalMs: sandboxSweepMs,
          },
        }
      : {}),
  });

  await registerStaticWeb(app, config.webDistDir, { webConfig: webConfigReply(config) });
  return app;
}
