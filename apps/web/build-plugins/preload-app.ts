import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * The entry (src/main.tsx) is small: it starts the first screen's chunk, the catalogue and the app
 * (`import('./app/start')`) at once. Without help the app's files would only be asked for once the entry
 * has run; this puts them in index.html — a modulepreload for the app's chunk and every chunk it imports,
 * and its stylesheets as render-blocking links (every screen needs the shell's styles) — so they load
 * with the page.
 */
export function preloadApp(appModule: string): Plugin {
  return {
    name: 'konek:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(appModule)),
        );
        if (!app) throw new Error(`preload-app: no chunk for ${appModule}`);
        const { scripts, styles } = staticClosure(app, bundle);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of scripts) {
          if (html.includes(`/${file}"`)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        }
        for (const file of styles) {
          if (html.includes(`/${file}"`)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        }
        return { html, tags };
      },
    },
  };
}

/** A chunk and every chunk it imports statically, with their stylesheets, in load order. */
export function staticClosure(
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
export function firstLoadChunks(options: { entry: string; app: string }) {
  const contract = /[\\/]packages[\\/]contract[\\/]/;
  let groups: { entry: Set<string>; app: Set<string> } | null = null;
  const membersOf = (graph: ModuleGraph) => {
    if (!groups) {
      const entry = staticImports(graph, options.entry, contract);
      entry.delete(options.entry);
      const app = staticImports(graph, options.app, contract);
      groups = { entry, app: new Set([...app].filter((id) => !entry.has(id))) };
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
  };
}
