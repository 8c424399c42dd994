import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@konek/contract/errors';
import { ROUTES, findRoute } from '@konek/contract/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/sandbox/');
}

/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year; index.html is revalidated
 * every time and kept in memory (it is the reply to every page route). A GET for a path of the spec's
 * route list gets it with 200, any other path with 404 (the app then shows its 404 page); unknown /api
 * paths get the 404 envelope.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
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

  const sendIndex = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('Cache-Control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  if (indexHtml) {
    // Every page route of the spec answers from memory, without a file-system lookup.
    for (const route of ROUTES) {
      for (const url of new Set([route.path, route.path.replace('&', '%26')])) {
        app.get(url, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply, 200));
      }
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || !indexHtml || request.method !== 'GET') {
      return reply.code(404).send({
        code: ERRORS.common.NOT_FOUND.code,
        module: 'common',
        message: `No such endpoint: ${request.method} ${pathname}`,
      });
    }
    const status = findRoute(pathname) ? 200 : 404;
    return reply
      .code(status)
      .header('Cache-Control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
