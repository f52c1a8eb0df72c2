#!/usr/bin/env bash
# Make this pagenote bundle a desktop app for the current user (freedesktop paths under ~/.local):
#   ./install-desktop.sh            link ~/.local/bin/pagenote to this bundle, install the desktop entry,
#                                   icons and AppStream metainfo
#   ./install-desktop.sh --remove   undo it
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
BINDIR="$HOME/.local/bin"
ID=dev.pagenote.Pagenote

if [[ "${1:-}" == --remove ]]; then
    rm -f "$BINDIR/pagenote" "$DATA/applications/$ID.desktop" "$DATA/metainfo/$ID.metainfo.xml"
    find "$DATA/icons/hicolor" -name "$ID.*" -delete 2>/dev/null || true
    echo "pagenote: removed from $DATA and $BINDIR" >&2
    exit 0
fi

mkdir -p "$BINDIR" "$DATA/applications" "$DATA/metainfo"
ln -sfn "$HERE/pagenote" "$BINDIR/pagenote"
install -m 0644 "$HERE/share/applications/$ID.desktop" "$DATA/applications/$ID.desktop"
install -m 0644 "$HERE/share/metainfo/$ID.metainfo.xml" "$DATA/metainfo/$ID.metainfo.xml"
cp -r "$HERE/share/icons/hicolor" "$DATA/icons/" 2>/dev/null || { mkdir -p "$DATA/icons"; cp -r "$HERE/share/icons/hicolor" "$DATA/icons/"; }
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" || true
echo "pagenote: installed for $USER (command $BINDIR/pagenote, desktop entry $ID)" >&2
