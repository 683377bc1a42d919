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
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            // zxing-wasm stays out of the shared vendor chunk: only the camera scanner loads it (decision 0011).
            { name: 'vendor', test: /node_modules[\\/](?!zxing-wasm[\\/])/ },
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
