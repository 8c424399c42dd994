import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

// Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs, ADR 024).

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
    // ADR 027: every word a screen shows goes through the message catalogue (`i18n._`), so JSX text and
    // the attributes a person sees or hears (aria-label, alt, title, placeholder, label props) may not be
    // written as bare English. Class names, ids, paths and test ids are not words on screen.
    // Screens are moved onto the catalogue folder by folder; each one moved is listed here.
    files: [
      'apps/web/src/app/**/*.tsx',
      'apps/web/src/ui/**/*.tsx',
      'apps/web/src/i18n/**/*.tsx',
      'apps/web/src/features/**/*.tsx',
    ],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*-for-tests.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Lower-case words, dotted form-field paths ('house.street') and error codes ('OTP_INVALID') are
          // identifiers, not text.
          ignore: [
            '^[a-z][a-zA-Z0-9-]*(\\.[a-zA-Z0-9-]+)*$',
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
);
