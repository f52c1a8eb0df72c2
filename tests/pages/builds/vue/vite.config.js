import { defineConfig } from "vite";
import vue from "@vitejs/plugin-vue";

// base "./": the built index.html loads its bundle relative to itself (it is served from a sub-directory);
// one fixed bundle name, so a rebuild replaces the committed file instead of adding a hashed one.
export default defineConfig({
  plugins: [vue()],
  base: "./",
  logLevel: "warn",
  build: { rollupOptions: { output: { entryFileNames: "assets/app.js" } } },
});
