import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import konek, { routePathsOfContract } from './scripts/eslint/no-literal-route.js';

// ADR 088: the route list is read from the contract itself, so the check knows every route it has.
const ROUTE_PATHS = routePathsOfContract();

const FETCH_MESSAGE =
  'fetch is for the transport files (eslint.config.js): the web app calls the API through call() ' +
  '(lib/call.ts), the API an outside system through its provider (ADR 088).';

/** Tests and their helpers may write what they check: paths, fetch stubs. */
const TESTS = [
  '**/*.test.{ts,tsx}',
  '**/*-for-tests.{ts,tsx}',
  'apps/api/src/test/**',
  'apps/web/src/test-setup.ts',
];

// Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs, ADR 024;
// .dependency-cruiser.modules.mjs for cycles between API modules, ADR 088).

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/src/i18n/locales/**',
      'data/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // ADR 083: a date or a number is written one way, by the contract's formats (packages/contract/src/
    // formats.ts), and on a customer's screen through lib/formats.ts with the catalogue's words. No Intl
    // formatter, no toLocale…String and no Lingui date or number formatter anywhere else: each writes
    // what the browser's zone and language choose, and making one costs the first render (ADR 057).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat|DurationFormat)$/]",
          message:
            'Write dates and numbers with lib/formats (the contract’s formats.ts), not Intl (ADR 083).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message:
            'Write dates and numbers with lib/formats (the contract’s formats.ts), not toLocale…String (ADR 083).',
        },
        {
          selector:
            "CallExpression[callee.object.name='i18n'][callee.property.name=/^(date|number)$/]",
          message:
            'Write dates and numbers with lib/formats (the contract’s formats.ts), not Lingui’s formatters (ADR 083).',
        },
      ],
    },
  },
  {
    // ADR 083: a customer's screen reads the formats' words from the message catalogue, through
    // lib/formats.ts. The operators' page does not import lib/ (ADR 088): ops-words.ts gives the contract's
    // formats the catalogue's words itself.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/formats.ts',
      'apps/web/src/lib/number-formats.ts',
      'apps/web/src/ops/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@konek/contract/formats',
              message:
                'Use lib/formats: it writes the same formats with the message catalogue’s words (ADR 083).',
            },
            {
              name: '@konek/contract/number-formats',
              message: 'Use lib/number-formats: it keeps a number on one line (ADR 083).',
            },
            {
              name: 'date-fns',
              importNames: [
                'format',
                'intlFormat',
                'formatRelative',
                'formatDistance',
                'formatDistanceStrict',
                'formatDistanceToNow',
              ],
              message: 'Write dates with lib/formats (the contract’s formats.ts) (ADR 083).',
            },
          ],
        },
      ],
    },
  },
  {
    // ADR 027: every word a screen shows goes through the message catalogue (`i18n._`), so JSX text and
    // the attributes a person sees or hears (aria-label, alt, title, placeholder, label props) may not be
    // written as bare English. Class names, ids, paths and test ids are not words on screen.
    // Screens are moved onto the catalogue folder by folder; each one moved is listed here.
    files: [
      'apps/web/src/app/**/*.tsx',
      'apps/web/src/ui/**/*.tsx',
      'apps/web/src/i18n/**/*.tsx',
      'apps/web/src/features/**/*.tsx',
      'apps/web/src/ops/**/*.tsx',
    ],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*-for-tests.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Lower-case words and codes ('on_the_way'), dotted form-field paths ('house.street') and error
          // codes ('OTP_INVALID') are identifiers, not text.
          ignore: [
            '^[a-z][a-zA-Z0-9_-]*(\\.[a-zA-Z0-9_-]+)*$',
            '^[./#?]',
            '^https?:',
            '^[A-Z0-9]+(_[A-Z0-9]+)+$',
            '-(message|description|hint)$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern: '^(className|id|htmlFor|name|type|role|href|to|src|rel|target|as|key)$',
              },
            },
            {
              regex: {
                pattern: '^(inputMode|autoComplete|enterKeyHint|method|variant|tone|size|kind)$',
              },
            },
            {
              regex: {
                pattern:
                  '^(data-|aria-(controls|describedby|labelledby|live|current|hidden|haspopup))',
              },
            },
            {
              regex: {
                pattern: '^(viewBox|d|fill|stroke|xmlns|width|height|strokeWidth|strokeLinecap)$',
              },
            },
            { regex: { pattern: '^[A-Z_]+$' } },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'new Error',
            'RegExp',
            'new RegExp',
            'navigate',
            'useRouteEntry',
            'classNames',
            'cx',
          ],
        },
      ],
    },
  },
  {
    // ADR 088: only the transport files talk HTTP themselves. Every other piece of the web app calls the
    // API through call() (lib/call.ts over lib/api-client.ts), and the API reaches an outside system only
    // through its provider. Tests, e2e and bench are not checked.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    ignores: [
      ...TESTS,
      // The web app's transports: the one API client, the beacon that outlives the page, the
      // operators' page's client and the live tracking stream (a reply read as it arrives).
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/beacon.ts',
      'apps/web/src/ops/ops-client.ts',
      'apps/web/src/features/track/tracking-stream.ts',
      // The API's: the outside systems' adapters, and the technician demo that plays the app's part.
      'apps/api/src/providers/**',
      'apps/api/src/demo-technician.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: FETCH_MESSAGE,
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: FETCH_MESSAGE,
        })),
      ],
    },
  },
  {
    // ADR 088: a route's path is read from the contract's route list (PATHS), never written again.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    ignores: TESTS,
    plugins: { konek },
    rules: { 'konek/no-literal-route': ['error', { paths: ROUTE_PATHS }] },
  },
);
