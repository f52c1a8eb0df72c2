#!/bin/sh
# Rebuilds the third-party device library bundles that the device tests serve (the test suite does not run this;
# the built files are committed). Needs node >= 20, npm and the npm registry.
#
#   tests/pages/device_libs/build.sh
#
# Exact versions are in package.json here: esptool-js 0.7.0, @elgato-stream-deck/webhid 7.6.3 and joy-con-webhid
# 0.7.0 bundled by esbuild 0.28.2, unmodified, as IIFEs that set window.esptool / window.streamdeck /
# window.joycon (esptool-js's chip targets, loaded with import() by the library, are inlined by esbuild).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=/tmp/pagenote-device-libs
rm -rf "$WORK"
mkdir -p "$WORK"
cp -R "$HERE/package.json" "$HERE/src" "$WORK/"
cd "$WORK"
npm install --no-audit --no-fund --no-package-lock
npx esbuild src/esptool.js --bundle --format=iife --global-name=esptool --minify --outfile="$HERE/esptool.bundle.js"
npx esbuild src/streamdeck.js --bundle --format=iife --global-name=streamdeck --minify \
  --outfile="$HERE/streamdeck.bundle.js"
npx esbuild src/joycon.js --bundle --format=iife --global-name=joycon --minify --outfile="$HERE/joycon.bundle.js"
