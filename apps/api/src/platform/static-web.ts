import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WEB_CONFIG_ELEMENT_ID } from '@konek/contract/constants';
import { ERRORS } from '@konek/contract/errors';
import { ROUTES, findRoute } from '@konek/contract/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/sandbox/');
}

export type StaticWebOptions = {
  /** The reply of /api/web-config, written into every page (ADR 042). */
  webConfig: unknown;
};

/** A page as it is sent: made once at start, with its validator. */
type Page = { body: Buffer; etag: string };

/**
 * JSON that can stand inside a `<script>` element: no `<` (so no `</script>` and no `<!--`), `>` and
 * `&` escaped too, and the two line separators JavaScript once refused in strings.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function makePage(template: string, additions: string): Page {
  const end = template.indexOf('</head>');
  const html =
    end < 0 ? additions + template : template.slice(0, end) + additions + template.slice(end);
  const body = Buffer.from(html);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag };
}

/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year. The pages are made once
 * at start and kept in memory: index.html (with the home page drawn at build, ADR 041) for `/`, and
 * every other path the light shell.html when the build made one (ADR 042); each carries the web config
 * as JSON, so the app's first render asks the server for nothing. A page is revalidated every time
 * (no-cache), by its ETag: it changes with the build and the configuration. A GET for a path of the
 * spec's route list gets it with 200, any other path with 404 (the app then shows its 404 page); unknown
 * /api paths get the 404 envelope.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  options: StaticWebOptions,
): Promise<void> {
  const read = (name: string) => {
    const file = path.join(distDir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  const indexHtml = read('index.html');
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // The web build writes each file's .br and .gz beside it (apps/web/build-plugins/precompress.ts):
      // sent as they are, at the best compression, with no work per request.
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        response.header('Cache-Control', isHashedAsset ? IMMUTABLE : NO_CACHE);
      },
    });
  }
  const shellHtml = read('shell.html') ?? indexHtml;
  const configScript = `<script id="${WEB_CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(options.webConfig)}</script>\n  `;
  const homePage = indexHtml ? makePage(indexHtml, configScript) : null;
  const shellPage = shellHtml ? makePage(shellHtml, configScript) : null;

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number) => {
    reply.code(status).header('Cache-Control', NO_CACHE).header('ETag', page.etag);
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.type('text/html; charset=utf-8').send(page.body);
  };
  if (homePage && shellPage) {
    // Every page route of the spec answers from memory, without a file-system lookup.
    for (const route of ROUTES) {
      const page = route.path === '/' ? homePage : shellPage;
      for (const url of new Set([route.path, route.path.replace('&', '%26')])) {
        app.get(url, { schema: { hide: true } }, async (request, reply) =>
          sendPage(request, reply, page, 200),
        );
      }
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || !homePage || !shellPage || request.method !== 'GET') {
      return reply.code(404).send({
        code: ERRORS.common.NOT_FOUND.code,
        module: 'common',
        message: `No such endpoint: ${request.method} ${pathname}`,
      });
    }
    // A spelling of a route the router does not list (a trailing slash): the route's own page.
    const route = findRoute(pathname);
    const page = route?.path === '/' ? homePage : shellPage;
    return sendPage(request, reply, page, route ? 200 : 404);
  });
}
