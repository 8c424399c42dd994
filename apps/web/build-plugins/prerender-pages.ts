import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build, type Plugin, type Rollup } from 'vite';
import { ADDRESS_STORAGE_KEY, SERVICEABILITY_STORAGE_KEY } from '../src/lib/storage-keys';
// A path, not the package's name: the config's bundle leaves packages to Node, which does not run the
// contract's TypeScript.
import { INTRO_SLOT_ATTRIBUTE } from '../../../packages/contract/src/constants';
import { PATHS } from '../../../packages/contract/src/routes';

// ADR 042: the build runs the built app itself — the same chunks a browser runs — in jsdom, with no server
// answering, and takes from what it renders the shell (the home page's header and footer around a
// skeleton) that shell.html holds for every page but the home page, and the intros of the screens that begin the same for every visitor of
// a kind (screen-intros.json), which the server draws beside the shell in those screens' pages. A small
// script in <head> (src/first-paint.ts) shows an intro only to the visitor it fits. That script and the
// first paint's styles are in the page itself (ADR 055), so the intro is drawn as soon as the page has
// arrived. (ADR 087: the home page draws nothing before the app runs: its copy and the shell there
// cost more than they gained.)

/** The marker on an intro's top element; ui/base.css hides it when the <head> script says so. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** The marker on the shell's top element (ADR 042); ui/base.css shows it only where the copy is hidden. */
export const SHELL_ATTRIBUTE = 'data-shell';
/** The marker on the first-paint script's tag, by which the server finds it (ADR 055). */
const FIRST_PAINT_SCRIPT_ATTRIBUTE = 'data-first-paint';

const ROOT = '<div id="root"></div>';
/** The worker gives up after 20 s itself; this is in case it never answers at all. */
const RENDER_TIMEOUT_MS = 30_000;

/** The <head> script (a module of the app's source) built on its own as one classic script. */
async function buildClassicScript(root: string, entry: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: 'konekFirstPaint' },
      rolldownOptions: { treeshake: { moduleSideEffects: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`prerender-pages: ${entry} built nothing`);
  return chunk.code;
}

/**
 * @param firstPaintEntry the <head> script's module, relative to the root (src/first-paint-script.ts)
 */
export function prerenderPages(
  firstPaintEntry: string,
  options: {
    /**
     * ADR 042: the pages whose screen begins the same for every signed-out visitor (its heading and lead
     * do not depend on what they did before); the build draws that intro into their page.
     */
    introPaths: readonly string[];
    /**
     * ADR 058: the pages whose intro shows what the visitor's stored address and answer say (the plans
     * page's city, notify-me's reason and address); each needs a visitor in STORED_ADDRESS_VISITORS.
     */
    storedAddressIntroPaths: readonly string[];
    /**
     * ADR 072: the pages that open only for a signed-in customer whose stored answer says fibre reaches
     * the address, and whose intro is the same for every such customer (the schedule page).
     */
    signedInIntroPaths: readonly string[];
  },
): Plugin {
  let root = '';
  let outDir = '';
  let script = '';
  return {
    name: 'konek:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle() {
      script = await buildClassicScript(root, path.resolve(root, firstPaintEntry));
      // Inside <script> the text ends at the first "</script" (and "<!--" changes how it is read).
      if (/<\/script|<!--/i.test(script)) {
        throw new Error('prerender-pages: the first-paint script holds "</script" or "<!--"');
      }
    },
    transformIndexHtml: {
      order: 'post',
      // A classic script in the page itself (ADR 055), before its styles and scripts: it runs before the
      // page is drawn, and the first paint waits for no request. The server allows it by its hash in the
      // Content-Security-Policy (apps/api/src/platform/static-web.ts) and finds it by the attribute.
      handler(html) {
        const firstAsset = html.search(/<(link rel="stylesheet"|script type="module")/);
        if (firstAsset < 0) throw new Error('prerender-pages: index.html loads nothing');
        const tag = `<script ${FIRST_PAINT_SCRIPT_ATTRIBUTE}>${script}</script>\n    `;
        return html.slice(0, firstAsset) + tag + html.slice(firstAsset);
      },
    },
    async closeBundle() {
      const htmlFile = path.join(outDir, 'index.html');
      const html = await fs.readFile(htmlFile, 'utf8');
      if (!html.includes(ROOT)) throw new Error(`prerender-pages: no ${ROOT} in ${htmlFile}`);
      const { shell, intros } = await renderHome(outDir, html, options);
      // ADR 072: the signed-in customer's intros, drawn by the app in a browser that holds a session.
      if (options.signedInIntroPaths.length > 0) {
        const signedIn = await renderHome(
          outDir,
          html,
          { introPaths: options.signedInIntroPaths, storedAddressIntroPaths: [] },
          signedInVisitor(),
        );
        Object.assign(intros, signedIn.intros);
      }
      // index.html, the home page's: nothing drawn before the app runs, as a bare React page (ADR 087).
      await fs.writeFile(htmlFile, lowPriorityScripts(html));
      // shell.html: every other page (the server sends it).
      await fs.writeFile(
        path.join(outDir, 'shell.html'),
        lowPriorityScripts(html).replace(ROOT, `<div id="root">${shell}</div>`),
      );
      // screen-intros.json: per path, the page drawn around its screen's intro; the server puts it beside
      // the shell in that path's page (ADR 042).
      await fs.writeFile(path.join(outDir, INTROS_FILE), JSON.stringify(intros));
    },
  };
}

/**
 * ADR 042: the app's scripts are asked for at low priority, after what the shell's first paint waits for
 * (the stylesheet and the <head> script): on a slow connection they would otherwise share its bandwidth.
 */
function lowPriorityScripts(html: string): string {
  return html
    .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}

/** ADR 058: what the build stores for a stored-address intro, and the words that stand for its slots. */
type StoredAddressVisitor = {
  /** localStorage entries, by key (lib/journey-store.ts). */
  storage: Record<string, string>;
  /** Per slot (INTRO_SLOTS), the placeholder the rendered intro holds once in its place. */
  placeholders: Record<string, string>;
};

/** Every placeholder begins so; the worker refuses an intro that shows one outside its slots. */
const PLACEHOLDER_PREFIX = 'KonekIntro';

/** A checked house, its shown parts placeholders (the address's lines and city). */
function placeholderHouse(city: string, home: string, area: string) {
  return {
    radioTypeValue: 'House',
    area: {
      province: { address_name: '', address_code: '1300000000' },
      city: { address_name: city, address_code: '1380200000' },
      barangay: { address_name: area, address_code: '1380200001' },
      zipCode: '',
    },
    house: { houseNo: home, street: '', village: '' },
    condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
    searchResult: { lat: 14.45056, lng: 120.98278, details: '' },
    landmark: '',
    regionDescription: '',
    pilot: true,
  };
}

/** The journey store's records of a checked address and the server's answer for it, given just now. */
function storedCheck(address: object, result: object): Record<string, string> {
  return {
    [ADDRESS_STORAGE_KEY]: JSON.stringify(address),
    [SERVICEABILITY_STORAGE_KEY]: JSON.stringify({ address, result, checkedAt: Date.now() }),
  };
}

/** A served house in the placeholder city. */
function servedVisitor(): StoredAddressVisitor {
  return {
    storage: storedCheck(
      placeholderHouse(`${PLACEHOLDER_PREFIX}City`, '12 Mabini Street', 'Almanza Uno'),
      {
        serviceable: true,
        qualification_result: 'qualified',
        served_by: 'nap',
        unavailability_reason: null,
        alternate_proposal: null,
        distance_meters: 120,
      },
    ),
    placeholders: { city: `${PLACEHOLDER_PREFIX}City` },
  };
}

/**
 * ADR 058: per page, the visitor whose stored address and answer open it with an intro of their own:
 * the plans page for a served house (its city), notify-me for one fibre does not reach yet (the reason's
 * words and the address's lines). Only the placeholders' words differ between such visitors.
 */
const STORED_ADDRESS_VISITORS: Record<string, () => StoredAddressVisitor> = {
  [PATHS.prepaid]: servedVisitor,
  // Opens only for a served address (ADR 030); its intro names nothing of it.
  [PATHS.entermobile]: () => ({ ...servedVisitor(), placeholders: {} }),
  [PATHS.notifyme]: () => ({
    storage: storedCheck(
      placeholderHouse('', `${PLACEHOLDER_PREFIX}Home`, `${PLACEHOLDER_PREFIX}Area`),
      {
        serviceable: false,
        qualification_result: 'unqualified',
        served_by: null,
        unavailability_reason: { code: 'no_coverage', label: `${PLACEHOLDER_PREFIX}Reason` },
        alternate_proposal: null,
        distance_meters: null,
      },
    ),
    placeholders: {
      reason: `${PLACEHOLDER_PREFIX}Reason`,
      home: `${PLACEHOLDER_PREFIX}Home`,
      area: `${PLACEHOLDER_PREFIX}Area`,
    },
  }),
};

/**
 * ADR 072: a signed-in customer as the app reads one on start: the session's cookies (lib/cookies.ts
 * names; a token shaped as the server's, valid for an hour, though no server answers) and a served house
 * checked just now.
 */
function signedInVisitor(): { cookies: string[]; storage: Record<string, string> } {
  const claims = { exp: Math.floor(Date.now() / 1000) + 3600 };
  const token = `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.build`;
  return {
    cookies: [`token=${token}`, 'userid=build-user', 'accountid=build-account'],
    storage: servedVisitor().storage,
  };
}

type Rendered = { shell: string; intros: Record<string, string> };

/** The build output the server reads the intros from. */
export const INTROS_FILE = 'screen-intros.json';

/**
 * Runs the built app at `/` in a worker thread (prerender-worker.mjs) and returns the shell made of its
 * header and footer, and the intro pages of `introPaths`.
 */
function renderHome(
  outDir: string,
  html: string,
  paths: { introPaths: readonly string[]; storedAddressIntroPaths: readonly string[] },
  visitor?: { cookies: string[]; storage: Record<string, string> },
): Promise<Rendered> {
  const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('prerender-pages: index.html loads no module script');
  const worker = new Worker(new URL('./prerender-worker.mjs', import.meta.url), {
    workerData: {
      outDir,
      html,
      entry,
      marker: PRERENDERED_ATTRIBUTE,
      shellMarker: SHELL_ATTRIBUTE,
      introPaths: paths.introPaths,
      storedAddressIntros: paths.storedAddressIntroPaths.map((introPath) => {
        const visitor = STORED_ADDRESS_VISITORS[introPath];
        if (!visitor)
          throw new Error(`prerender-pages: no stored-address visitor for ${introPath}`);
        return { path: introPath, ...visitor() };
      }),
      slotAttribute: INTRO_SLOT_ATTRIBUTE,
      placeholderPrefix: PLACEHOLDER_PREFIX,
      visitor,
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<Rendered>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error('prerender-pages: no render from the worker')),
      RENDER_TIMEOUT_MS,
    );
    worker.once('message', (rendered: Rendered) => resolve(rendered));
    worker.once('error', (error) => reject(new Error(`prerender-pages: ${error.message}`)));
    worker.once('exit', () => reject(new Error('prerender-pages: the worker stopped')));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
