import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  INTRO_COPY_ATTRIBUTE,
  SERVED_ADDRESS_INTRO,
  SIGNED_IN_INTRO,
  UNSERVED_ADDRESS_INTRO,
  WEB_CONFIG_ELEMENT_ID,
} from '@konek/contract/constants';
import { ERRORS } from '@konek/contract/errors';
import { PATHS, ROUTES, findRoute } from '@konek/contract/routes';
import { prepareBytes, sendPrepared, type PreparedReply } from './prepared-reply';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const HTML = 'text/html; charset=utf-8';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/sandbox/');
}

export type StaticWebOptions = {
  /** The reply of /api/web-config, written into every page (ADR 042). */
  webConfig: unknown;
};

/**
 * The opening of the first-paint script's element, as the web build writes it (prerender-pages.ts); the
 * script's text is in the page (ADR 055).
 */
const FIRST_PAINT_SCRIPT = '<script data-first-paint>';

/** The page with `attribute` (already escaped) on its first-paint script's tag, which that script reads. */
function withFirstPaintAttribute(html: string, attribute: string): string {
  return html.replace(FIRST_PAINT_SCRIPT, `<script ${attribute} data-first-paint>`);
}

/**
 * ADR 055: the Content-Security-Policy sources that let the built pages' first-paint script run — the
 * `'sha256-…'` of its text, as it stands in index.html and shell.html — and no other script written in
 * a page. None without a build.
 */
export function firstPaintScriptSources(distDir: string): string[] {
  const sources = new Set<string>();
  for (const name of ['index.html', 'shell.html']) {
    const file = path.join(distDir, name);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    const start = html.indexOf(FIRST_PAINT_SCRIPT);
    const end = html.indexOf('</script>', start);
    if (start < 0 || end < 0) continue;
    const text = html.slice(start + FIRST_PAINT_SCRIPT.length, end);
    sources.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return [...sources];
}

/**
 * ADR 058: the pages whose intro only a visitor with a stored answer may see, and the answer it needs:
 * fibre reaches the address (the plans page names its city; the mobile-number page opens only then), or
 * it does not (notify-me gives the reason).
 */
const STORED_ADDRESS_INTROS: Partial<Record<string, string>> = {
  [PATHS.prepaid]: SERVED_ADDRESS_INTRO,
  [PATHS.entermobile]: SERVED_ADDRESS_INTRO,
  [PATHS.notifyme]: UNSERVED_ADDRESS_INTRO,
  // ADR 072: and for a signed-in customer too (a session), the schedule page.
  [PATHS.schedule]: SIGNED_IN_INTRO,
};

/** ADR 042: per path, the page the build drew around its screen's intro (screen-intros.json). */
type ScreenIntros = Record<string, string>;

const ROOT_START = '<div id="root">';

/**
 * ADR 042: the page of a path whose screen begins the same for every signed-out visitor: the build's
 * intro page beside the shell in #root (ui/base.css shows one of the two, as on the home page), and the
 * first-paint script told that the page carries it. Without both marks in the template, the shell
 * alone.
 */
function withIntro(shellHtml: string, intro: string, routePath: string): string {
  if (!shellHtml.includes(ROOT_START) || !shellHtml.includes(FIRST_PAINT_SCRIPT)) return shellHtml;
  // ADR 058: an intro that shows what the visitor stored is drawn only where their stored answer opens
  // the page with those words now; the script checks which answer and writes the words in.
  const kind = STORED_ADDRESS_INTROS[routePath];
  const attribute = kind ? `${INTRO_COPY_ATTRIBUTE}="${kind}"` : INTRO_COPY_ATTRIBUTE;
  return withFirstPaintAttribute(shellHtml, attribute).replace(ROOT_START, ROOT_START + intro);
}

/**
 * A page as it is sent: made once at start, with its validator; its compressed copies made the first
 * time a browser asks for each and kept (ADR 055: a page carries the first paint's styles, ~60 KB).
 */
type Page = PreparedReply;

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
  return prepareBytes(Buffer.from(html));
}

/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year. The pages are made once
 * at start and kept in memory: index.html for `/` (nothing drawn before the app runs, ADR 087), and for
 * every other path shell.html when the build made one (the shell drawn at build, and the screen's intro
 * where the build drew one, ADR 042); each carries the web config as JSON, so the app's first render asks the server for nothing. A page is revalidated every time
 * (no-cache), by its ETag: it changes with the build and the configuration. A GET for a path of the
 * spec's route list gets it with 200, any other path with 404 (the app then shows its 404 page); unknown
 * /api paths get the 404 envelope. `/ops` and its paths get the operators' page (ADR 051).
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
  const intros = JSON.parse(read('screen-intros.json') ?? '{}') as ScreenIntros;
  const homePage = indexHtml ? makePage(indexHtml, configScript) : null;
  const shellPage = shellHtml ? makePage(shellHtml, configScript) : null;

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number) =>
    sendPrepared(request, reply, page, NO_CACHE, { contentType: HTML, status });
  // Every page route of the spec answers from memory, without a file-system lookup: its own page.
  const pages = new Map<string, Page>();
  for (const route of ROUTES) {
    if (!homePage || !shellHtml) break;
    if (route.path === PATHS.home) {
      pages.set(route.path, homePage);
      continue;
    }
    const intro = intros[route.path];
    // An intro is drawn with the first paint's stylesheet alone: the web build puts its screen's styles
    // there (ADR 055, 072).
    const template = intro === undefined ? shellHtml : withIntro(shellHtml, intro, route.path);
    pages.set(route.path, makePage(template, configScript));
  }
  for (const [routePath, page] of pages) {
    for (const url of new Set([routePath, routePath.replace('&', '%26')])) {
      // Compressed once, by sendPrepared: no compression hook on the page's route.
      app.get(url, { schema: { hide: true }, compress: false }, async (request, reply) =>
        sendPage(request, reply, page, 200),
      );
    }
  }

  // ADR 051: the operators' page, its own build (ops.html), for /ops and everything under it. It carries
  // no web config and no customer screen: it asks /api/ops for everything.
  const opsHtml = read('ops.html');
  if (opsHtml) {
    const opsPage = makePage(opsHtml, '');
    for (const url of ['/ops', '/ops/*']) {
      app.get(url, { schema: { hide: true }, compress: false }, async (request, reply) =>
        sendPage(request, reply, opsPage, 200),
      );
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
    // Another spelling of a route (a trailing slash): the route's own page.
    const route = findRoute(pathname);
    const page = (route && pages.get(route.path)) ?? shellPage;
    return sendPage(request, reply, page, route ? 200 : 404);
  });
}
