import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-plugins/precompress';

// ADR 051: the operators' page (/ops/) is a build of its own, written beside the customer app's (which
// runs first and empties dist/): ops.html and assets/ops-*. The customer build's plugins (first load,
// screen preloads, the home page's prerender) are about one entry and its routes; kept apart, the
// customer's bundle is the same with or without this page and the page loads none of the customer's code.

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress({ only: /(^|[\\/])assets[\\/]ops-/ })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets',
    rolldownOptions: {
      input: { ops: 'ops.html' },
      treeshake: {
        moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }],
      },
      output: {
        // The page's modules run in their source order even when a lazy screen (the jobs map) shares
        // some with the entry: zod's no-eval setting (lib/zod-without-eval) runs before any schema.
        strictExecutionOrder: true,
        entryFileNames: 'assets/ops-[name]-[hash].js',
        chunkFileNames: 'assets/ops-[name]-[hash].js',
        assetFileNames: 'assets/ops-[name]-[hash][extname]',
      },
    },
  },
  server: { proxy: { '/api': API_ORIGIN } },
});
