import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:3000';
// '/gateway': the payment processors' pages served by the API (simulator sessions, 3-D Secure step-up).
const proxied = ['/api', '/oidc', '/config.json', '/dev', '/healthz', '/gateway'];

export default defineConfig({
  plugins: [react(), precompress()],
  // The year the prerendered HTML shows in the footer (public-footer.tsx).
  define: { __BUILD_YEAR__: String(new Date().getFullYear()) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
