#!/usr/bin/env bash
# Run pagenote from this checkout (sets up .venv first; see dev/bootstrap.sh).
#   ./run.sh [URL]            with a display: open the annotation window (no URL: the demo page)
#   ./run.sh [URL]            without a display: capture the page (no URL: the demo page) headlessly;
#                             Markdown on stdout, PNG path on stderr, files in $PAGENOTE_OUT (default: cwd)
#   ./run.sh capture URL ...  any arguments are passed on to `python -m app`
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
# shellcheck source=dev/bootstrap.sh
source "$ROOT/dev/bootstrap.sh"

# Chromium refuses to start its sandbox as root.
if [[ "${EUID:-$(id -u)}" -eq 0 ]]; then
    export QTWEBENGINE_DISABLE_SANDBOX="${QTWEBENGINE_DISABLE_SANDBOX:-1}"
fi

if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    exec "$PAGENOTE_VENV_PY" -m app "$@"
fi

# No display: headless capture needs Qt's offscreen platform.
if [[ $# -eq 0 ]]; then
    export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
    exec "$PAGENOTE_VENV_PY" -m app capture --out "${PAGENOTE_OUT:-$PWD}"
fi
case "$1" in
    window|capture|serve|mcp|compare|-*) ;;
    *)  # ./run.sh URL with no display: the headless capture, its files in $PAGENOTE_OUT (default: cwd)
        if [[ $# -eq 1 ]]; then
            export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
            exec "$PAGENOTE_VENV_PY" -m app capture "$1" --out "${PAGENOTE_OUT:-$PWD}"
        fi ;;
esac
if [[ "$1" == capture ]]; then
    export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
fi
exec "$PAGENOTE_VENV_PY" -m app "$@"
