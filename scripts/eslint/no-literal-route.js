// ADR 088: a route's path is written once, in the contract's route list (packages/contract/src/routes.ts),
// and everywhere else read from PATHS. This rule flags a string or template literal that is a route of the
// list, with or without a query or fragment ('/serviceability/pay', '/help#contact',
// `/serviceability/loading?${query}`). The bare '/' is also the root of every URL and a cookie's path,
// so it counts as the home route only where it is a link's target (a JSX `to` or `href`).

import { readFileSync } from 'node:fs';

/**
 * The route list's paths, read from the contract's source: PATHS (every route of ROUTES is built from
 * it) and TERMS_PATH. Read as text, not imported: ESLint runs in places (a vitest test) where a
 * TypeScript loader cannot. Fails loudly if routes.ts stops looking the way this reads it.
 */
export function routePathsOfContract() {
  const source = readFileSync(
    new URL('../../packages/contract/src/routes.ts', import.meta.url),
    'utf8',
  );
  const start = source.indexOf('export const PATHS = {');
  const end = source.indexOf('} as const;', start);
  const terms = /export const TERMS_PATH = '([^']+)';/.exec(source);
  if (start < 0 || end < 0 || !terms) throw new Error('routes.ts: PATHS or TERMS_PATH not found');
  const paths = [...source.slice(start, end).matchAll(/^\s+\w+: '([^']+)',$/gm)].map((m) => m[1]);
  if (paths.length < 10) throw new Error(`routes.ts: only ${paths.length} paths read from PATHS`);
  return [...paths, terms[1]];
}

/** The path part of a literal's text: before its query or fragment. */
const pathPart = (text) => text.split(/[?#]/, 1)[0];

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralRoute = {
  meta: {
    type: 'problem',
    docs: { description: 'Route paths come from the contract’s route list (PATHS), never written' },
    schema: [
      {
        type: 'object',
        properties: { paths: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        "'{{path}}' is a route of the contract's route list: use PATHS from @konek/contract/routes.",
    },
  },
  create(context) {
    const paths = new Set(context.options[0]?.paths ?? []);
    const isLinkTarget = (node) => {
      const holder =
        node.parent?.type === 'JSXExpressionContainer' ? node.parent.parent : node.parent;
      return holder?.type === 'JSXAttribute' && ['to', 'href'].includes(holder.name.name);
    };
    const check = (node, text, isWhole) => {
      if (!text.startsWith('/')) return;
      const path = pathPart(text);
      // A template's first part names a route only when it ends there or a query/fragment follows.
      if (!isWhole && path === text && path !== '/') return;
      if (!paths.has(path)) return;
      if (path === '/' && !(text.length > 1 || isLinkTarget(node))) return;
      context.report({ node, messageId: 'literal', data: { path } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, true);
      },
      TemplateLiteral(node) {
        const first = node.quasis[0]?.value.cooked ?? '';
        check(node, first, node.quasis.length === 1);
      },
    };
  },
};

export default { rules: { 'no-literal-route': noLiteralRoute } };
