import Fastify, { type FastifyInstance } from 'fastify';
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
  type LogDestination,
} from './platform/logging';
import { registerSafeInput } from './platform/safe-input';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaticWeb } from './platform/static-web';
import { registerOpenApi } from './platform/openapi';
import { healthRoutes } from './modules/health/routes';
import { eventsRoutes } from './modules/events/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { webConfigRoutes } from './modules/content/web-config-routes';
import { openCoverageIndex } from './modules/location/coverage-index';
import { locationRoutes } from './modules/location/routes';
import { createGazetteer, loadAddressCatalogue } from './modules/location/service';
import { createNominatimGeocoder } from './providers/geocoding/nominatim';
import { createSmsSender } from './providers/sms/create-sms-sender';
import { identityRoutes } from './modules/identity/routes';
import { pinResetRoutes } from './modules/identity/pin-reset-routes';
import { tokensRevokedUpTo } from './modules/identity/service';
import type { IdentityDependencies } from './modules/identity/identity-dependencies';
import { createPinHasher, type PinHasher } from './modules/identity/pin-secret';
import { accountRoutes } from './modules/account/routes';
import { ownerOfAccount } from './modules/account/service';
import { otpRoutes } from './modules/otp/routes';
import type { OtpDependencies } from './modules/otp/service';
import { storageRoutes } from './modules/storage/routes';
import { remoteConfigRoutes } from './modules/remote-config/routes';
import { subscriberRoutes } from './modules/subscriber/routes';
import { partnerRoutes } from './modules/partner/routes';
import { sandboxRoutes } from './modules/sandbox/routes';
import { outboxWriter } from './modules/sandbox/service';
import { catalogRoutes } from './modules/catalog/routes';
import { pricingRoutes } from './modules/catalog/pricing-routes';
import type { CatalogDependencies, OrdersOfAccount } from './modules/catalog/catalog-dependencies';
import { referralRoutes } from './modules/referral/routes';
import { contentRoutes } from './modules/content/routes';

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
};

const BODY_LIMIT_BYTES = 256 * 1024;

/** The composition root: plugins, modules and providers wired together. No rules live here. */
export async function buildApp({
  config,
  database,
  keys,
  clock = systemClock,
  logDestination = createLogDestination(),
  pinHasher,
}: AppDependencies): Promise<FastifyInstance> {
  refuseUnsafeProduction(config);
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, logDestination),
    logController: new OneLinePerRequest(),
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
  const identity: IdentityDependencies = {
    db,
    clock,
    pepper: secrets.pinPepper,
    pins: pinHasher ?? createPinHasher(secrets.pinPepper),
    tokens,
    otp,
    operatorName: config.operatorName,
  };

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => ({
    keys: [keys.publicJwk],
  }));
  await app.register(healthRoutes, { database });
  await app.register(eventsRoutes, {
    db,
    auth,
    waitlist: { db, clock, budgets: config.notifyBudgets },
  });
  await app.register(waitlistRoutes, { db });
  await app.register(webConfigRoutes, { config });
  await app.register(contentRoutes, { db });

  const { rateLimits, ossSegment, operatorName } = config;
  await app.register(identityRoutes, { identity, auth, rateLimits });
  await app.register(pinResetRoutes, { identity, rateLimits });
  await app.register(accountRoutes, { db, clock, auth, operatorName });
  await app.register(otpRoutes, { otp, ossSegment, smsPerMinute: rateLimits.smsPerMinute });
  await app.register(storageRoutes, { db, clock, auth });
  await app.register(remoteConfigRoutes, { db });
  await app.register(subscriberRoutes, { db, clock, ossSegment });
  await app.register(partnerRoutes, {
    partner: { key: secrets.partnerLinkKey, clock },
    isSandboxEnabled: config.sandboxEnabled,
    isSandboxRemoteAllowed: config.sandboxAllowRemote,
  });
  if (config.sandboxEnabled) {
    await app.register(sandboxRoutes, { db, allowRemote: config.sandboxAllowRemote });
  }

  const catalogue = await loadAddressCatalogue(database.db);
  const geocoder = config.geocoderUrl
    ? createNominatimGeocoder(config.geocoderUrl, `Konek/${config.operatorName}`)
    : await createGazetteer(database.db, catalogue);
  const coverage = await openCoverageIndex(database, app.log);
  app.addHook('onClose', () => coverage.close());
  await app.register(locationRoutes, {
    db: database.db,
    coverage,
    catalogue,
    geocoder,
    ossSegment: config.ossSegment,
    serviceRadiusMeters: config.serviceRadiusMeters,
  });

  // Orders arrive with the orders issue; until then no account has bought anything (spec §4.6).
  const noOrdersYet: OrdersOfAccount = async () => [];
  const catalog: CatalogDependencies = {
    db,
    clock,
    operatorName,
    cities: catalogue.cityByCode,
    ordersOfAccount: noOrdersYet,
  };
  await app.register(catalogRoutes, { catalog, auth });
  await app.register(pricingRoutes, { catalog, auth });
  await app.register(referralRoutes, { db, clock, auth, operatorName });

  await registerStaticWeb(app, config.webDistDir);
  return app;
}
