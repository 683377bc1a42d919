import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './pwa/vite-plugin-sw.ts';

const API = 'http://localhost:3000';

// Builds to apps/web/dist (the server serves it) with its service worker (dist/sw.js, decision
// 0009); in dev, /api and /auth go to the server.
export default defineConfig({
  plugins: [react(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the libraries every page runs go to the shared vendor chunk (zod is not one: the web
          // checks answers with JSON Schema written from the contract, decision 0089). Mantine's components
          // and everything else land in the chunk of the pages that use them: a group catching
          // all of node_modules would pull every lazily loaded page's components into the first
          // load (issue 7). zxing-wasm, for one, is the camera scanner's alone (decision 0011).
          // Everything else the entry imports statically is one chunk, the entry's, rather than a
          // dozen shared by the lazy pages: one file compresses better than its parts (issue 29,
          // decision 0089).
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|idb)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/auth': { target: API, changeOrigin: false },
    },
  },
});
