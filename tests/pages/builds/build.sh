#!/bin/sh
# Rebuilds the real framework bundles that tests/test_source_hints_real.py serves (the test suite does not run
# this; the built files are committed). Needs node >= 20 and npm, and the npm registry.
#
#   tests/pages/builds/build.sh
#
# Exact versions are in package.json here: react 18.3.1 + react-dom 18.3.1 bundled by esbuild 0.28.2;
# vue 3.5.45 built by vite 6.4.6 with @vitejs/plugin-vue 5.2.4. The build runs in a fixed scratch directory,
# so the Vue development build's __file paths (absolute, as plugin-vue writes them) are the same on every
# machine: /tmp/pagenote-source-builds/vue/src/....
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=/tmp/pagenote-source-builds
rm -rf "$WORK"
mkdir -p "$WORK"
cp -R "$HERE/package.json" "$HERE/react" "$HERE/vue" "$WORK/"
cd "$WORK"
npm install --no-audit --no-fund --no-package-lock

# React 18 development build: --jsx-dev makes esbuild call jsxDEV with {fileName, lineNumber, columnNumber}
# (fileName relative to the working directory: src/Card.jsx), which React 18 keeps as the fiber's
# _debugSource. --keep-names keeps the components' function names (Card, App) through minification.
cd "$WORK/react"
mkdir -p dev prod
npx esbuild src/main.jsx --bundle --format=iife --jsx=automatic --jsx-dev \
  --define:process.env.NODE_ENV='"development"' --minify --keep-names --outfile=dev/app.js
# React 18 production build: the production JSX transform records no source, react-dom keeps no debug fields.
npx esbuild src/main.jsx --bundle --format=iife --jsx=automatic \
  --define:process.env.NODE_ENV='"production"' --minify --outfile=prod/app.js

# Vue 3 development build: plugin-vue adds the component's __file when not building for production, and
# Vue's development runtime sets __vueParentComponent on elements.
cd "$WORK/vue"
NODE_ENV=development npx vite build --mode development --minify false --outDir dev --emptyOutDir
NODE_ENV=production npx vite build --outDir prod --emptyOutDir

for kind in dev prod; do
  rm -rf "$HERE/react-$kind" "$HERE/vue-$kind"
  mkdir -p "$HERE/react-$kind"
  cp "$HERE/react/index.html" "$WORK/react/$kind/app.js" "$HERE/react-$kind/"
  cp -R "$WORK/vue/$kind" "$HERE/vue-$kind"
done
ls -l "$HERE"/react-* "$HERE"/vue-*/assets
