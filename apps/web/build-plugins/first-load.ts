import type { Plugin, Rollup } from 'vite';

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;

function chunkOf(bundle: Bundle, module: string): Chunk {
  const chunk = Object.values(bundle).find(
    (output): output is Chunk =>
      output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(module)),
  );
  if (!chunk) throw new Error(`first-load: no chunk holds ${module}`);
  return chunk;
}

function assetText(asset: Rollup.OutputAsset): string {
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * What index.html loads (ADR 041).
 *
 * - Scripts: the entry (src/main.tsx) is small; it starts the first screen's chunk, the catalogue and the
 *   app (`import('./app/start')`) at once. (ADR 087: index.html no longer preloads the app's chunk; it
 *   scored lower in an A/B.)
 * - Styles: the entry's and the app's styles (the shell every screen needs) and those of
 *   `styledScreens` (those whose intros the pages draw before the app runs, ADR 042),
 *   merged into one linked stylesheet, `first-paint-<hash>.css`: linked one by one they were seven
 *   requests before the first paint, over HTTP/1.1 six at a time. (ADR 087: written into the page as
 *   one <style> instead, ADR 055, they scored lower in an A/B.) The stylesheets merged into it are
 *   taken off the chunks that imported them, so a screen's chunk does not load them again.
 */
export function firstLoad(options: {
  app: string;
  styledScreens: readonly string[];
  /**
   * ADR 072: screens whose intro alone is drawn before the app runs (the schedule page): only their own
   * chunk's styles, not those of what they import (the calendar's).
   */
  styledIntros?: readonly string[];
}): Plugin {
  let styleFile = '';
  return {
    name: 'konek:first-load',
    apply: 'build',
    generateBundle(_output, bundle) {
      const entry = Object.values(bundle).find(
        (output): output is Chunk => output.type === 'chunk' && output.isEntry,
      );
      if (!entry) throw new Error('first-load: no entry chunk');
      const app = staticClosure(chunkOf(bundle, options.app), bundle);
      const merged: string[] = [];
      const add = (files: Iterable<string>) => {
        for (const file of files) if (!merged.includes(file)) merged.push(file);
      };
      add(staticClosure(entry, bundle).styles);
      add(app.styles);
      for (const screen of options.styledScreens) {
        add(staticClosure(chunkOf(bundle, screen), bundle).styles);
      }
      for (const screen of options.styledIntros ?? []) {
        add(chunkOf(bundle, screen).viteMetadata?.importedCss ?? []);
      }
      const source = merged
        .map((file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`first-load: no stylesheet ${file}`);
          return assetText(asset);
        })
        .join('\n');
      const reference = this.emitFile({ type: 'asset', name: 'first-paint.css', source });
      styleFile = this.getFileName(reference);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const file of merged) output.viteMetadata?.importedCss.delete(file);
      }
      for (const file of merged) Reflect.deleteProperty(bundle, file);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The stylesheet goes before the scripts: the first paint needs nothing else.
        const moduleScript = html.indexOf('<script type="module"');
        if (moduleScript < 0) throw new Error('first-load: index.html has no module script');
        const link = `<link rel="stylesheet" crossorigin href="/${styleFile}">\n    `;
        return html.slice(0, moduleScript) + link + html.slice(moduleScript);
      },
    },
  };
}

/** A chunk and every chunk it imports statically, with their stylesheets, in load order. */
function staticClosure(
  root: Rollup.OutputChunk,
  bundle: Rollup.OutputBundle,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (chunk: Rollup.OutputChunk) => {
    if (scripts.includes(chunk.fileName)) return;
    scripts.push(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!styles.includes(css)) styles.push(css);
    }
  };
  visit(root);
  return { scripts, styles };
}

type ModuleGraph = {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
};

/** The modules `root` imports statically, itself included; the walk does not enter `stopAt`'s files. */
function staticImports(graph: ModuleGraph, root: string, stopAt: RegExp): Set<string> {
  const found = new Set<string>([root]);
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(imported) || stopAt.test(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return found;
}

/**
 * Code-splitting name functions for the first load. Left to itself the bundler cuts the app's start into
 * a dozen small chunks shared with the screens, and each is a request (over HTTP/1.1, six at a time)
 * before the first render. So: the app's start module and every module it imports statically (React, the
 * router, the query client, the shell) go in one chunk, except what the entry itself imports (the route
 * table, the catalogue's runtime), which goes in a chunk of its own that both import; the entry stays a
 * few hundred bytes. The walks do not enter the contract: the shell takes only constants from it, which
 * the build inlines, and its schema modules (with zod) belong to the screens that parse with them.
 */
export function firstLoadChunks(options: {
  entry: string;
  app: string;
  /** The modules most screens need beside their own: their static imports go in one chunk too. */
  journeyCore: readonly string[];
  /**
   * ADR 054: the small pieces nearly every screen draws with (the page frame, the error card, the text
   * field): these modules themselves, in one chunk, not one request each.
   */
  screenKit: readonly string[];
  /**
   * ADR 054: the account screens' module (mobile number, sign-in, sign-up, PIN, track my order): it and
   * what it imports statically, apart from the groups above and the form library, in one chunk.
   */
  accountScreens: string;
  /** The form library (react-hook-form and its resolvers): its own chunk, for every screen with a form. */
  formLibrary: RegExp;
}) {
  const contract = /[\\/]packages[\\/]contract[\\/]/;
  const nothing = /$^/;
  type Groups = {
    entry: Set<string>;
    app: Set<string>;
    journeyCore: Set<string>;
    screenKit: Set<string>;
    account: Set<string>;
  };
  let groups: Groups | null = null;
  const membersOf = (graph: ModuleGraph) => {
    if (!groups) {
      const entry = staticImports(graph, options.entry, contract);
      entry.delete(options.entry);
      const app = new Set(
        [...staticImports(graph, options.app, contract)].filter((id) => !entry.has(id)),
      );
      const journeyCore = new Set<string>();
      for (const root of options.journeyCore) {
        for (const id of staticImports(graph, root, nothing)) {
          if (!entry.has(id) && !app.has(id)) journeyCore.add(id);
        }
      }
      const isTaken = (id: string) => entry.has(id) || app.has(id) || journeyCore.has(id);
      const screenKit = new Set(options.screenKit.filter((id) => !isTaken(id)));
      const account = new Set(
        [...staticImports(graph, options.accountScreens, options.formLibrary)].filter(
          (id) => !isTaken(id) && !screenKit.has(id),
        ),
      );
      groups = { entry, app, journeyCore, screenKit, account };
    }
    return groups;
  };
  return {
    /** What the entry imports: its own chunk, so the app's chunk does not pull it in. */
    entryDependencies: (moduleId: string, graph: ModuleGraph): string | null =>
      membersOf(graph).entry.has(moduleId) ? 'boot' : null,
    /** The app's start and what it imports statically. */
    app: (moduleId: string, graph: ModuleGraph): string | null =>
      membersOf(graph).app.has(moduleId) ? 'start' : null,
    /**
     * What the journey's screens parse and call with — zod, the api client, the journey store, the
     * step band's ticks and the coverage gate — in one chunk beside each screen's own; left to itself
     * the bundler makes a dozen small shared chunks of them, a request each before a screen renders.
     */
    journeyCore: (moduleId: string, graph: ModuleGraph): string | null =>
      membersOf(graph).journeyCore.has(moduleId) ? 'journey-core' : null,
    /**
     * ADR 054: left to itself the bundler gives each small module two screens share a chunk of its own,
     * and the sign-in page asked for 18 files before it could render, over HTTP/1.1's six connections:
     * on a slow phone line most of its wait was the queue, not the bytes. These three groups make the
     * screens' shared code a few files.
     */
    screenKit: (moduleId: string, graph: ModuleGraph): string | null =>
      membersOf(graph).screenKit.has(moduleId) ? 'screen-kit' : null,
    formLibrary: (moduleId: string): string | null =>
      options.formLibrary.test(moduleId) ? 'forms' : null,
    account: (moduleId: string, graph: ModuleGraph): string | null =>
      membersOf(graph).account.has(moduleId) ? 'account' : null,
  };
}
