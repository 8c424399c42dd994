import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import {
  GENERIC_SCREEN_PRELOADS_KEY,
  SHELL_PRELOADS_KEY,
} from '../../../packages/contract/src/constants';
import { staticClosure } from './first-load';

// ADR 042, 068: each page's screen chunk, and what it imports, named in the page. The router asks for a
// screen's chunk only once the app has run; the server instead names it on the page's head script
// (apps/api/src/platform/static-web.ts), which preloads it once the page's first paint is on screen,
// beside the app's own chunk. The build writes what each screen needs into screen-preloads.json, keyed by
// the route's name in PATHS.

export type ScreenPreloads = Record<string, { scripts: string[]; styles: string[] }>;

/**
 * The module each route's screen is imported from, read from route-screens.ts's table: a line
 * `[PATHS.name]: () => import('module')…`, or `[PATHS.name]: loader` where `function loader` imports it.
 */
export function screenModulesOf(source: string): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const match of source.matchAll(
    /function (\w+)\([^)]*\)[^{]*\{[\s\S]*?import\('([^']+)'\)/g,
  )) {
    helpers.set(match[1]!, match[2]!);
  }
  const generic = /const loadGenericScreen[\s\S]*?import\('([^']+)'\)/.exec(source)?.[1];
  if (!generic) throw new Error('screen-preloads: route-screens.ts has no generic screen');
  const modules = new Map<string, string>([[GENERIC_SCREEN_PRELOADS_KEY, generic]]);
  const entries = [...source.matchAll(/\[PATHS\.(\w+)\]:/g)];
  entries.forEach((entry, index) => {
    const end = entries[index + 1]?.index ?? source.indexOf('};', entry.index);
    const value = source.slice(entry.index + entry[0].length, end);
    const imported = /import\('([^']+)'\)/.exec(value)?.[1];
    const helper = /\b(load\w+)\b/.exec(value)?.[1];
    const module = imported ?? (helper ? helpers.get(helper) : undefined);
    if (!module) throw new Error(`screen-preloads: no module for PATHS.${entry[1]}`);
    modules.set(entry[1]!, module);
  });
  return modules;
}

export function screenPreloads(options: {
  /** route-screens.ts, relative to the root. */
  routeScreens: string;
  /** What the page loads anyway (index.html's scripts and the shell's), known once the bundle is. */
  loaded: () => readonly string[];
  /** What every page of the shell loads beside index.html's scripts. */
  shellPreloads: () => readonly string[];
}): Plugin {
  let root = '';
  let outDir = '';
  let preloads: ScreenPreloads = {};
  return {
    name: 'konek:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_output, bundle) {
      const file = path.resolve(root, options.routeScreens);
      const modules = screenModulesOf(fs.readFileSync(file, 'utf8'));
      const chunks = Object.values(bundle).filter(
        (output): output is Rollup.OutputChunk => output.type === 'chunk',
      );
      const loaded = new Set(options.loaded());
      preloads = { [SHELL_PRELOADS_KEY]: { scripts: [...options.shellPreloads()], styles: [] } };
      for (const [key, module] of modules) {
        const id = path.resolve(path.dirname(file), module);
        const chunk = chunks.find((candidate) =>
          [`${id}.tsx`, `${id}.ts`].includes(candidate.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error(`screen-preloads: no chunk for ${module}`);
        const closure = staticClosure(chunk, bundle);
        preloads[key] = {
          scripts: closure.scripts.filter((script) => !loaded.has(script)),
          styles: closure.styles,
        };
      }
    },
    writeBundle() {
      fs.writeFileSync(path.join(outDir, 'screen-preloads.json'), JSON.stringify(preloads));
    },
  };
}
