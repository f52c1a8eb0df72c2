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

# The whole suite (no test file or directory named) runs on two worker processes (pytest-xdist), each taking
# whole modules (--dist loadfile: a module's served app and window are set up once); on 2 cores that cuts
# the idle run from ~8.5 to ~5 minutes. PAGENOTE_TEST_WORKERS=0 runs it in this process (e.g. for --pdb);
# naming tests, or passing -n yourself, leaves the choice to you.
workers=()
named=0
for arg in "$@"; do
    case "$arg" in
        -n|-n*|--numprocesses*|no:xdist) named=1 ;;
        -*) ;;
        *) [[ -e "${arg%%::*}" ]] && named=1 ;;   # a test file or directory (an option's value is not a path)
    esac
done
if [[ $named -eq 0 && "${PAGENOTE_TEST_WORKERS:-2}" != 0 ]]; then
    workers=(-n "${PAGENOTE_TEST_WORKERS:-2}" --dist loadfile)
fi

rc=0
"$PAGENOTE_VENV_PY" -m pytest ${workers[@]+"${workers[@]}"} "$@" || rc=$?
if [[ $rc -eq 5 ]]; then
    echo "test.sh: no tests ran (pytest collected nothing)" >&2
    exit 1
fi
exit "$rc"
