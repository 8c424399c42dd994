import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { HSTS_MAX_AGE_SECONDS } from '@konek/contract/constants';

/** `inlineScripts`: the `'sha256-…'` sources of the scripts written in the pages (ADR 055). */
const helmetOptions = (inlineScripts: readonly string[]) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
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
  frameguard: { action: 'deny' as const },
  noSniff: true,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // Helmet only knows "0"; the spec asks for the protection to be on (set below).
  xXssProtection: false,
  crossOriginEmbedderPolicy: false,
});

/**
 * Runs helmet once against a recording response and returns the headers it sets. The headers are the
 * same for every response, and helmet re-derives them per call (measured: 8% of a request's CPU).
 */
function computeHeaders(inlineScripts: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name);
    },
  };
  let isDone = false;
  // Helmet reads nothing from the request and only calls setHeader/removeHeader on the response, so a
  // recorder stands in for both (the one cast in this file, for that reason).
  const request = {} as IncomingMessage;
  const response = recorder as unknown as ServerResponse;
  helmet(helmetOptions(inlineScripts))(request, response, () => {
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not complete synchronously');
  headers.set('X-XSS-Protection', '1; mode=block');
  return Object.fromEntries(headers);
}

/**
 * ADR 067: what an API reply needs of them. A reply of JSON is not a page: nothing in it runs, is framed
 * or is laid out, so the page-only headers (the page's CSP, the opener and agent-cluster isolation, DNS
 * prefetch, IE's download and Flash's cross-domain policies) say nothing to a browser there; OWASP's
 * REST cheat sheet lists what an API sends. product §9's four stay on every reply, with the referrer
 * policy and the resource policy; the CSP is the shortest that refuses everything.
 */
const API_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const API_HEADER_NAMES = [
  'Strict-Transport-Security',
  'X-Frame-Options',
  'X-XSS-Protection',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Cross-Origin-Resource-Policy',
];

function apiHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Security-Policy': API_CSP };
  for (const name of API_HEADER_NAMES) {
    const value = pageHeaders[name];
    if (value === undefined) throw new Error(`security headers: helmet set no ${name}`);
    headers[name] = value;
  }
  return headers;
}

/** Where the API's replies are served from (every other path is a page or a file of the web app). */
const API_PREFIX = '/api/';

/**
 * product §9: HSTS one year with subdomains, frame deny, XSS protection, nosniff — on every response,
 * static files and errors included — plus a strict CSP and a referrer policy. The CSP lets a script
 * written in a page run only when `inlineScripts` names its hash (the first-paint script, ADR 055).
 * The API's replies carry only the headers an API reply needs (ADR 067), and are not stored by a
 * browser or a proxy (`no-store`: most carry the customer's own data) unless their route says they may
 * be (reference data, with its own Cache-Control).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  inlineScripts: readonly string[] = [],
): void {
  const pageHeaders = computeHeaders(inlineScripts);
  const apiHeaders = { ...apiHeadersOf(pageHeaders), 'Cache-Control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
