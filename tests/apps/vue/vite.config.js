// The Vue 3 test app (tests/vite_apps.py serves it; tests/test_source_apps.py picks its elements).
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  root: import.meta.dirname,
  // One cache per app and per run (tests/vite_apps.py sets it): the three apps share tests/apps/node_modules.
  cacheDir: process.env.PAGENOTE_VITE_CACHE_DIR || 'node_modules/.vite-vue',
  plugins: [vue()],
  optimizeDeps: { noDiscovery: true, include: ['vue'] },
  build: { sourcemap: false },
});
