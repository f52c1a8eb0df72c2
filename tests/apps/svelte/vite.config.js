// The Svelte 5 test app (tests/vite_apps.py serves it; tests/test_source_apps.py picks its elements).
import { defineConfig } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  root: import.meta.dirname,
  // One cache per app and per run (tests/vite_apps.py sets it): the three apps share tests/apps/node_modules.
  cacheDir: process.env.PAGENOTE_VITE_CACHE_DIR || 'node_modules/.vite-svelte',
  // Sass in <style lang="scss"> through Vite's own preprocessors; no svelte.config.js.
  plugins: [svelte({ configFile: false, preprocess: vitePreprocess() })],
  build: { sourcemap: false },
});
