import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { firstLoad, firstLoadChunks } from './build-plugins/first-load';
import { precompress } from './build-plugins/precompress';
import { prerenderPages } from './build-plugins/prerender-pages';

const sourceFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const chunks = firstLoadChunks({
  entry: sourceFile('./src/main.tsx'),
  app: sourceFile('./src/app/start.tsx'),
  journeyCore: [
    './src/lib/call.ts',
    './src/lib/journey-store.ts',
    './src/lib/coverage.ts',
    './src/app/journey-progress.tsx',
    './src/app/coverage-gate.tsx',
    // How amounts and numbers read: the home page's offers need them too, not only the account screens.
    './src/lib/number-formats.ts',
  ].map(sourceFile),
  screenKit: [
    './src/ui/screen-page.tsx',
    './src/ui/form-alert.tsx',
    './src/ui/text-field.tsx',
    './src/ui/mandatory-tip.tsx',
    './src/i18n/tagged.tsx',
    '../../packages/contract/src/targets.ts',
  ].map(sourceFile),
  accountScreens: sourceFile('./src/features/auth/auth-screens.tsx'),
  formLibrary: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
});

// The API server (apps/api) listens on :3000 and also serves the built SPA in production; in development
// Vite serves the SPA and forwards the server's own paths to it.
const API_ORIGIN = 'http://localhost:3000';
const proxy = {
  '/api': API_ORIGIN,
  '/sandbox': API_ORIGIN,
  '/.well-known': API_ORIGIN,
};

const firstLoadPlugin = firstLoad({
  app: '/src/app/start.tsx',
  // ADR 055: the styles these screens' first render needs are in every page, so the account screens'
  // intros (ADR 042) are drawn from the page alone.
  // ADR 058: and the plans page's and notify-me's, for their intros.
  styledScreens: [
    '/src/features/auth/auth-screens.tsx',
    '/src/features/offers/prepaid-screen.tsx',
    '/src/features/serviceability/notify-me-screen.tsx',
  ],
  // ADR 072: the schedule page's own styles (not the calendar's), for a signed-in customer's intro.
  styledIntros: ['/src/features/schedule/schedule-screen.tsx'],
});

export default defineConfig({
  plugins: [
    react(),
    firstLoadPlugin,
    prerenderPages('src/first-paint-script.ts', {
      // ADR 042: the sign-in page (PATHS.signin; the config cannot import the contract's TypeScript):
      // its intro is the same for every signed-out visitor. (ADR 087: track my order's was measured
      // without gain, and is not drawn.)
      introPaths: ['/serviceability/signin'],
      // ADR 058: the plans page, the mobile-number page and notify-me (PATHS.prepaid, .entermobile,
      // .notifyme), for a visitor whose stored answer opens them; two show the stored city, reason and
      // address.
      storedAddressIntroPaths: [
        '/serviceability/prepaid',
        '/serviceability/entermobile',
        '/serviceability/notifyme',
      ],
      // ADR 072: the schedule page (PATHS.schedule), for a signed-in customer whose stored answer opens
      // it.
      signedInIntroPaths: ['/serviceability/schedule'],
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets/ so the server can cache them for a year (docs/architecture.md).
    assetsDir: 'assets',
    // The first screen needs only constants and paths from @konek/contract, but those files also build
    // zod schemas at import time, which would pull ~25 KB gz of zod into the entry chunk.
    // The contract's modules have no import side effects, so: inline imported constants, and let unused
    // contract modules drop out. (A `"sideEffects": false` in the contract's package.json would make
    // the first rule redundant.)
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }],
      },
      optimization: { inlineConst: { mode: 'all' } },
      output: {
        codeSplitting: {
          groups: [
            { debugName: 'boot', name: chunks.entryDependencies, priority: 2 },
            { debugName: 'start', name: chunks.app, priority: 1 },
            { debugName: 'journey-core', name: chunks.journeyCore },
            { debugName: 'screen-kit', name: chunks.screenKit },
            { debugName: 'forms', name: chunks.formLibrary },
            { debugName: 'account', name: chunks.account },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
