import { defineConfig } from '@lingui/cli';
import babel from '@lingui/cli/api/extractors/babel';
import { formatter } from '@lingui/format-po';
import { contractExtractor } from './lingui-contract-extractor';

// One message catalogue for every word on screen (ADR 027). The message id is the English source text:
// the default catalogue reads like the screens, and the contract's own strings (route titles, validation
// messages) are found by `i18n._(text)` without a second list of keys. `npm run i18n:extract` writes the
// .po files, `npm run i18n:compile` the compiled messages.ts the app loads; both are committed.
export default defineConfig({
  sourceLocale: 'en',
  // A Filipino catalogue is one more locale here and one more line in src/i18n/i18n.ts.
  locales: ['en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: [
        '<rootDir>/src',
        '<rootDir>/../../packages/contract/src/formats.ts',
        '<rootDir>/../../packages/contract/src/routes.ts',
        '<rootDir>/../../packages/contract/src/validation.ts',
      ],
      exclude: ['**/*.test.*', '**/*-for-tests.*', '**/test-setup.ts', '**/i18n/locales/**'],
    },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
  // The first extractor that matches a file reads it, so the contract's files go to their own first.
  extractors: [contractExtractor, babel],
});
