// The rules of the house about who may import whom (docs/architecture.md, ADR 024), checked by
// dependency-cruiser in `npm run lint`, so a broken boundary fails `npm test`. Every rule is an error.

const WEB = '^apps/web/src';
const API = '^apps/api/src';
/** The SQL libraries, as dependency-cruiser resolves them (types included). */
const DB_PACKAGES = '(^|/)node_modules/(@types/)?(drizzle-orm|pg)/';

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
      name: 'web-ops-apart',
      comment:
        "ADR 051, 088: the operators' page (src/ops/) is its own build; nothing of the customer app " +
        'imports it, so none of it reaches the customer bundle.',
      severity: 'error',
      from: { path: `${WEB}/`, pathNot: `${WEB}/ops/` },
      to: { path: `${WEB}/ops/` },
    },
    {
      name: 'web-ops-imports',
      comment:
        "ADR 051, 088: the operators' page uses the contract, ui/, the message catalogue's i18n.ts and " +
        "its own files; never a customer feature, app/ or lib/'s customer session, client and stores " +
        '(only zod-without-eval from lib/).',
      severity: 'error',
      from: { path: `${WEB}/ops/` },
      to: {
        path: `${WEB}/`,
        pathNot: [
          `${WEB}/ops/`,
          `${WEB}/ui/`,
          `${WEB}/i18n/i18n\\.ts$`,
          `${WEB}/lib/zod-without-eval\\.ts$`,
        ],
      },
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
      name: 'api-modules-through-service',
      comment:
        'A module reaches another module only through its public service.ts (ADR 026), so each ' +
        'module can change its routes, rules and tables without the others noticing.',
      severity: 'error',
      from: { path: `${API}/modules/([^/]+)/` },
      to: {
        path: `${API}/modules/`,
        pathNot: [`${API}/modules/$1/`, `${API}/modules/[^/]+/service\\.ts$`],
      },
    },
    {
      name: 'api-sql-in-stores',
      comment:
        'Only stores run SQL (docs/architecture.md): drizzle, pg and the table definitions are for ' +
        'store.ts / *-store.ts, the database plumbing, the seed and the tests.',
      severity: 'error',
      from: {
        path: `${API}/`,
        pathNot: [
          `${API}/modules/[^/]+/(store|[^/]+-store)\\.ts$`,
          `${API}/db/`,
          `${API}/platform/db/`,
          `${API}/test/`,
          '\\.test\\.ts$',
        ],
      },
      to: { path: [DB_PACKAGES, `${API}/db/schema/`] },
    },
    {
      name: 'api-routes-not-stores',
      comment:
        'Routes speak HTTP and call the service; the rules between them and the SQL live there.',
      severity: 'error',
      from: { path: `${API}/modules/[^/]+/(routes|plugin|[^/]+-routes)\\.ts$` },
      to: { path: `${API}/modules/[^/]+/(store|[^/]+-store)\\.ts$` },
    },
    {
      name: 'api-platform-not-modules',
      comment: 'platform/ serves every module, so it knows none of them.',
      severity: 'error',
      from: { path: `${API}/platform/` },
      to: { path: `${API}/modules/` },
    },
    {
      name: 'api-providers-stand-alone',
      comment:
        'A provider adapts one outside service (SMS, geocoding); what it needs from the database or a ' +
        'module is handed to it, so it never imports modules/ or the database.',
      severity: 'error',
      from: { path: `${API}/providers/` },
      to: { path: [`${API}/modules/`, `${API}/db/`, `${API}/platform/db/`, DB_PACKAGES] },
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
    // The root node_modules stays in the graph as leaves (doNotFollow) so api-sql-in-stores can see
    // drizzle-orm and pg; a workspace's own node_modules and build output are left out.
    exclude: {
      path: ['(^|/)dist/', '^apps/[a-z]+/node_modules/', '^packages/[a-z]+/node_modules/'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
