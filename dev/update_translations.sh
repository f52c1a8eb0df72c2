#!/usr/bin/env bash
# Update the Qt Linguist translation sources from the code: every module under app/ that calls tr() or
# QCoreApplication.translate() is scanned by pyside6-lupdate; entries whose source text is gone are dropped.
# Then translate the new entries (pyside6-linguist resources/i18n/pagenote_zh_CN.ts, or by hand: every
# <message> needs a <translation> without type="unfinished"; tests/test_i18n.py checks it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
# shellcheck source=bootstrap.sh
source "$ROOT/dev/bootstrap.sh"
cd "$ROOT"
mapfile -t files < <(grep -rlE '\.tr\(|translate\(' app --include='*.py' | sort)
for ts in resources/i18n/*.ts; do
    "$(dirname "$PAGENOTE_VENV_PY")/pyside6-lupdate" "${files[@]}" -no-obsolete -ts "$ts"
done
