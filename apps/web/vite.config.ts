import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { dropScalarAgentStyles } from './build-tools/drop-scalar-agent-styles';
import { precompress } from './build-tools/precompress';

export default defineConfig({
  plugins: [
    dropScalarAgentStyles(),
    react(),
    tailwindcss(),
    // The installed app's service worker (decision 132), built from src/service-worker/sw.ts with the list of files
    // to keep injected. The manifest is the server's (GET /manifest.webmanifest, the back office's name and colour) and
    // the registration is the app's own (src/service-worker/register.ts), loaded after the first render.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The app shell: the page, its entry script and styles, the icons. Pages are kept as they are opened
        // (features/offline.ts), not all of them at install: the whole build is megabytes a phone need not fetch.
        globPatterns: ['index.html', 'assets/index-*.{js,css}', '*.{svg,png,ico}'],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each page loads, read by bench/bundle-size.mjs (the landing page's budget).
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    // The API server serves /api on its own port in development; in production it serves the built app itself.
    // It serves the receipt key too (/.well-known/faxline-receipt-key, linked from /verify-receipt).
    // The public API (/v1) too, so that /api-documentation reads its OpenAPI document in development.
    proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000', '/.well-known': 'http://localhost:3000' },
  },
});
