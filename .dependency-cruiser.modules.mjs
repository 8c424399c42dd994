// ADR 088: no two API modules depend on each other, directly or through others. dependency-cruiser's
// own `no-cycles` (.dependency-cruiser.cjs) sees file-level cycles only: identity/sign-in.ts →
// account/service.ts → identity/service.ts is no file cycle, yet the two modules lean on each other.
// This rule works on folders (scope 'folder'): one folder per module. Tests and the test helpers are
// left out, since they build the whole app and so reach every module. Run by `npm run lint:imports`.

import base from './.dependency-cruiser.cjs';

const MODULE = '^apps/api/src/modules/[^/]+$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'api-modules-one-way',
      comment:
        'Two modules never reach each other (module a → … → b → … → a): what both need moves into ' +
        'one of them, the platform or the contract, or the composition root hands one a callback.',
      severity: 'error',
      scope: 'folder',
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: {
      path: [
        ...base.options.exclude.path,
        '\\.test\\.tsx?$',
        '-for-tests\\.tsx?$',
        '^apps/api/src/test/',
      ],
    },
  },
};
