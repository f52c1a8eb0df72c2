// The React 19 test app (tests/vite_apps.py serves it; tests/test_source_apps.py picks its elements).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  // One cache per app and per run (tests/vite_apps.py sets it): the three apps share tests/apps/node_modules.
  cacheDir: process.env.PAGENOTE_VITE_CACHE_DIR || 'node_modules/.vite-react',
  plugins: [react()],
  optimizeDeps: { noDiscovery: true, include: ['react', 'react-dom/client', 'react/jsx-dev-runtime', 'ui-kit'] },
  build: { sourcemap: false },
});
