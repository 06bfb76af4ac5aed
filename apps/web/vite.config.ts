import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { dropScalarAgentStyles } from './build-tools/drop-scalar-agent-styles';
import { precompress } from './build-tools/precompress';

export default defineConfig({
  plugins: [dropScalarAgentStyles(), react(), tailwindcss(), precompress()],
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
