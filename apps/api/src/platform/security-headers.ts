import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { HSTS_MAX_AGE_SECONDS } from '@konek/contract/constants';

/**
 * spec §9: HSTS one year with subdomains, frame deny, XSS protection, nosniff — on every response,
 * static files and errors included — plus a strict CSP and a referrer policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet positions tiles and markers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https:'],
      },
    },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Helmet only knows "0"; the spec asks for the protection to be on.
    xXssProtection: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-XSS-Protection', '1; mode=block');
  });
}
