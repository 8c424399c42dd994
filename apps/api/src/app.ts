import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config';
import type { Database } from './platform/db/database';
import type { SigningKeys } from './platform/auth/signing-keys';
import { registerErrorHandler } from './platform/error-handler';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaticWeb } from './platform/static-web';
import { registerOpenApi } from './platform/openapi';
import { healthRoutes } from './modules/health/routes';
import { eventsRoutes } from './modules/events/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { webConfigRoutes } from './modules/content/web-config-routes';
import { locationRoutes } from './modules/location/routes';
import { createGazetteer, loadAddressCatalogue } from './modules/location/service';
import { createNominatimGeocoder } from './providers/geocoding/nominatim';

export type AppDependencies = { config: AppConfig; database: Database; keys: SigningKeys };

const BODY_LIMIT_BYTES = 256 * 1024;

/** The composition root: plugins, modules and providers wired together. No rules live here. */
export async function buildApp({
  config,
  database,
  keys,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The provider API speaks JSON only: any other body type is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerOpenApi(app);

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => ({
    keys: [keys.publicJwk],
  }));
  await app.register(healthRoutes, { database });
  await app.register(eventsRoutes, { db: database.db, keys });
  await app.register(waitlistRoutes, { db: database.db });
  await app.register(webConfigRoutes, { config });

  const catalogue = await loadAddressCatalogue(database.db);
  const geocoder = config.geocoderUrl
    ? createNominatimGeocoder(config.geocoderUrl, `Konek/${config.operatorName}`)
    : await createGazetteer(database.db, catalogue);
  await app.register(locationRoutes, {
    db: database.db,
    pool: database.pool,
    catalogue,
    geocoder,
    ossSegment: config.ossSegment,
    serviceRadiusMeters: config.serviceRadiusMeters,
  });

  await registerStaticWeb(app, config.webDistDir);
  return app;
}
