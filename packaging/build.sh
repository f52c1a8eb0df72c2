#!/usr/bin/env bash
# Build pagenote's standalone one-folder Linux bundle from this checkout (PyInstaller + its PySide6 hooks):
#
#   packaging/build.sh
#
# Result: dist/pagenote/ — run dist/pagenote/pagenote (no Python needed on the target machine); it carries
# share/applications (desktop entry), share/icons/hicolor (SVG + PNG sizes), share/metainfo (AppStream) and
# install-desktop.sh, which links the command and the desktop entry into ~/.local. Prints the bundle size.
# Uses the checkout's .venv (dev/bootstrap.sh sets it up) and adds PyInstaller to it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
# shellcheck source=../dev/bootstrap.sh
source "$ROOT/dev/bootstrap.sh"
PY="$PAGENOTE_VENV_PY"
BIN="$(dirname "$PY")"
cd "$ROOT"

"$PY" -m pip install -q "pyinstaller>=6.10,<7" "pyinstaller-hooks-contrib>=2024.0"

STAGE="$ROOT/build/bundle-stage"
rm -rf "$STAGE"
mkdir -p "$STAGE/_resources"
# Run-time resources as the wheel carries them (setup.py): resources/ without translation sources, and each
# Qt Linguist source compiled to .qm.
(cd resources && find . -type f ! -name '*.ts' ! -name '*.qm' -exec install -D -m 0644 {} "$STAGE/_resources/{}" \;)
for ts in resources/i18n/*.ts; do
    [[ -e "$ts" ]] || continue
    mkdir -p "$STAGE/_resources/i18n"
    "$BIN/pyside6-lrelease" -silent "$ts" -qm "$STAGE/_resources/i18n/$(basename "${ts%.ts}").qm"
done
"$PY" packaging/render_icons.py resources/icons/pagenote.svg "$STAGE/icons"

PAGENOTE_STAGE="$STAGE" "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" packaging/pagenote.spec

OUT="$ROOT/dist/pagenote"
install -D -m 0644 packaging/dev.pagenote.Pagenote.desktop "$OUT/share/applications/dev.pagenote.Pagenote.desktop"
install -D -m 0644 packaging/dev.pagenote.Pagenote.metainfo.xml "$OUT/share/metainfo/dev.pagenote.Pagenote.metainfo.xml"
mkdir -p "$OUT/share/icons/hicolor"
cp -r "$STAGE/icons/." "$OUT/share/icons/hicolor/"
install -m 0755 packaging/install-desktop.sh "$OUT/install-desktop.sh"

echo "packaging/build.sh: $OUT ($(du -sh "$OUT" | cut -f1)); start it with $OUT/pagenote" >&2
