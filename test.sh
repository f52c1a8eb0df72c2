#!/usr/bin/env bash
# Run the test suite in .venv (set up first by dev/bootstrap.sh), headless.
#   ./test.sh [PYTEST ARGS...]      e.g. ./test.sh -q, ./test.sh tests/test_x.py -k name
# Called from outside the checkout it runs from the repository root (relative paths in the
# arguments are then taken from there); from inside it, from where you are.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
# shellcheck source=dev/bootstrap.sh
PAGENOTE_BOOTSTRAP_TESTS=1 source "$ROOT/dev/bootstrap.sh"   # also the suite's real input (python3-doc, chromium)

export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# Keep compiled bytecode between runs, in .venv/pycache (never beside the sources), even where the environment
# says PYTHONDONTWRITEBYTECODE: otherwise every run rewrites and compiles each test module afresh (~5 s of
# collection) and each of the suite's ~80 `python -m app` subprocesses compiles app/ again (~0.4 s CPU each).
export PYTHONPYCACHEPREFIX="${PYTHONPYCACHEPREFIX:-$(dirname "$(dirname "$PAGENOTE_VENV_PY")")/pycache}"
unset PYTHONDONTWRITEBYTECODE
if [[ "${EUID:-$(id -u)}" -eq 0 ]]; then
    # Chromium refuses to start its sandbox as root.
    export QTWEBENGINE_DISABLE_SANDBOX="${QTWEBENGINE_DISABLE_SANDBOX:-1}"
fi

here="$(pwd -P)"
case "$here/" in
    "$ROOT"/?*) ;;     # inside a subdirectory of the checkout: stay
    *) cd "$ROOT" ;;   # the root itself or elsewhere: run from the root
esac

rc=0
"$PAGENOTE_VENV_PY" -m pytest "$@" || rc=$?
if [[ $rc -eq 5 ]]; then
    echo "test.sh: no tests ran (pytest collected nothing)" >&2
    exit 1
fi
exit "$rc"
