// The rules of the house about who may import whom (docs/architecture.md, ADR 024), checked by
// dependency-cruiser in `npm run lint`, so a broken boundary fails `npm test`. Every rule is an error.

const WEB = '^apps/web/src';
const API = '^apps/api/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes load order matter and hides which module owns what.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-features-apart',
      comment:
        'Features never import each other: move what two features share to ui/, lib/ or the contract.',
      severity: 'error',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'web-features-not-app',
      comment: 'app/ composes the features, so a feature never imports app/.',
      severity: 'error',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-shared-not-features',
      comment: 'ui/ and lib/ are shared by every screen: they never import features or app/.',
      severity: 'error',
      from: { path: `${WEB}/(ui|lib)/` },
      to: { path: `${WEB}/(features|app)/` },
    },
    {
      name: 'web-not-api',
      comment: 'The web app talks to the API over HTTP only; what both need lives in the contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by web and api, so it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-not-web',
      severity: 'error',
      from: { path: `${API}/` },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
