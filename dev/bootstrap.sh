#!/usr/bin/env bash
# Set up (or check) the pagenote development environment:
#   * a Python >= 3.12 interpreter (PySide6 6.12 aborts on 3.11 with `none_dealloc`),
#   * the virtualenv .venv in the repository root with `pip install -e '.[test]'`,
#   * the system libraries QtWebEngine needs (installed with apt-get when root).
#
# Use it either way:
#   source dev/bootstrap.sh    # sets and exports PAGENOTE_VENV_PY (what run.sh/test.sh do)
#   bash dev/bootstrap.sh      # just prepare the environment
#
# Everything it says goes to stderr; stdout stays clean for the caller.
# Environment:
#   PAGENOTE_PYTHON   interpreter to build .venv with (must be >= 3.12 with venv/ensurepip)

# --- sourced: do the work in a child bash, then export its answer. ---------------------
# A child keeps `exit` on failure from closing an interactive shell and leaves the
# caller's shell options alone.
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
    PAGENOTE_VENV_PY="$(bash "${BASH_SOURCE[0]}" --print-venv-python)" || return $?
    export PAGENOTE_VENV_PY
    return 0
fi

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
VENV="$ROOT/.venv"
VENV_PY="$VENV/bin/python"
STAMP="$VENV/.pagenote-stamp"
MIN_MINOR=12 # Python 3.12

print_path=0
for arg in "$@"; do
    case "$arg" in
        --print-venv-python) print_path=1 ;;
        -h | --help)
            sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
            exit 0
            ;;
        *)
            echo "bootstrap.sh: unknown argument: $arg" >&2
            exit 2
            ;;
    esac
done

say() { printf 'pagenote bootstrap: %s\n' "$*" >&2; }
die() {
    printf 'pagenote bootstrap: ERROR: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}

is_root() { [[ "${EUID:-$(id -u)}" -eq 0 ]]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Serialise concurrent bootstraps of the same checkout (e.g. test.sh and run.sh at once).
if have flock; then
    lock_id="$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)"
    lock_file="${TMPDIR:-/tmp}/pagenote-bootstrap.${EUID:-$(id -u)}.$lock_id.lock"
    if exec 9>"$lock_file"; then
        if ! flock -n 9; then
            say "waiting for another bootstrap of $ROOT to finish..."
            flock 9
        fi
    fi
fi

APT_UPDATED=0
apt_update_once() {
    if [[ $APT_UPDATED -eq 0 ]]; then
        say "apt-get update"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 ||
            say "warning: apt-get update failed; trying with the package lists as they are"
        APT_UPDATED=1
    fi
}

apt_install() {
    say "apt-get install $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        -o Dpkg::Use-Pty=0 "$@" >&2
}

# ---------------------------------------------------------------------------------------
# 1. A Python >= 3.12 with venv + ensurepip.
# ---------------------------------------------------------------------------------------

TRIED=()   # "candidate: verdict", for the error message
FOUND_PY=""

# probe_python CANDIDATE -> 0 if usable (sets FOUND_PY), else records why not.
probe_python() {
    local cand="$1" out ver minor tag
    out="$("$cand" -c '
import sys
v = "%d.%d.%d" % sys.version_info[:3]
try:
    import venv, ensurepip
    ok = "venv"
except Exception:
    ok = "novenv"
print(v, ok)' 2>/dev/null)" || {
        TRIED+=("$cand: does not run")
        return 1
    }
    read -r ver tag <<<"$out"
    if [[ ! "$ver" =~ ^3\.([0-9]+)\. ]]; then
        TRIED+=("$cand: unexpected version '$ver'")
        return 1
    fi
    minor="${BASH_REMATCH[1]}"
    if ((minor < MIN_MINOR)); then
        TRIED+=("$cand: Python $ver is too old")
        return 1
    fi
    if [[ "$tag" != venv ]]; then
        TRIED+=("$cand: Python $ver lacks the venv/ensurepip modules")
        return 1
    fi
    FOUND_PY="$cand"
    return 0
}

find_python() {
    local name cand dir
    local -a globs=()
    TRIED=()
    FOUND_PY=""

    if [[ -n "${PAGENOTE_PYTHON:-}" ]]; then
        probe_python "$PAGENOTE_PYTHON" && return 0
        die "PAGENOTE_PYTHON=$PAGENOTE_PYTHON is not usable (${TRIED[-1]#*: })." \
            "It must be Python 3.12 or newer with the venv and ensurepip modules." \
            "Unset PAGENOTE_PYTHON to search for one automatically."
    fi

    for name in python3.13 python3.12 python3; do
        if cand="$(command -v "$name" 2>/dev/null)"; then
            probe_python "$cand" && return 0
        fi
    done

    for dir in "${PYENV_ROOT:-}" "$HOME/.pyenv"; do
        [[ -n "$dir" && -d "$dir/versions" ]] || continue
        globs+=("$dir"/versions/3.1[2-9]*/bin/python3)
    done
    globs+=(/usr/bin/python3.1[2-9] /usr/local/bin/python3.1[2-9])
    for cand in "${globs[@]}"; do
        [[ -x "$cand" ]] || continue # unmatched glob patterns stay literal
        probe_python "$cand" && return 0
    done
    return 1
}

# Ask apt for python3 + python3-venv, but only where apt's python3 is >= 3.12
# (Ubuntu 24.04, Debian 13); on older releases it would install a useless 3.11/3.10.
apt_python() {
    is_root && have apt-get && have apt-cache || return 1
    apt_update_once
    local candidate
    candidate="$(apt-cache policy python3 2>/dev/null | awk '/Candidate:/ {print $2; exit}')"
    if [[ ! "$candidate" =~ ^3\.([0-9]+) ]] || ((BASH_REMATCH[1] < MIN_MINOR)); then
        say "apt's python3 is '${candidate:-unknown}', not >= 3.$MIN_MINOR; not installing it"
        return 1
    fi
    apt_install python3 python3-venv || return 1
    find_python
}

python_help() {
    local -a lines=("Looked for Python >= 3.$MIN_MINOR with the venv and ensurepip modules:")
    local t
    for t in ${TRIED[@]+"${TRIED[@]}"}; do lines+=("  - $t"); done
    lines+=("(candidates: \$PAGENOTE_PYTHON, python3.13, python3.12, python3 on PATH,"
        " \${PYENV_ROOT:-~/.pyenv}/versions/3.1[2-9]*/bin/python3, /usr/bin/python3.1[2-9],"
        " /usr/local/bin/python3.1[2-9])"
        "Fix: install Python 3.12+ (pyenv install 3.12, or apt install python3.12-venv on Ubuntu)"
        "     or set PAGENOTE_PYTHON=/path/to/python3.12")
    die "no usable Python >= 3.$MIN_MINOR found." "${lines[@]}"
}

# ---------------------------------------------------------------------------------------
# 2. The virtualenv.
# ---------------------------------------------------------------------------------------

venv_ok() {
    [[ -x "$VENV_PY" ]] &&
        "$VENV_PY" -c "import sys, pip; sys.exit(sys.version_info < (3, $MIN_MINOR))" >/dev/null 2>&1
}

if ! venv_ok; then
    if ! find_python; then
        apt_python || python_help
    fi
    if [[ -e "$VENV" ]]; then
        say "existing .venv is broken or older than Python 3.$MIN_MINOR; recreating it"
        rm -rf "$VENV"
    fi
    say "creating .venv with $FOUND_PY ($("$FOUND_PY" -c 'import sys; print(sys.version.split()[0])'))"
    "$FOUND_PY" -m venv "$VENV" >&2 || die "'$FOUND_PY -m venv $VENV' failed."
    venv_ok || die "the new .venv at $VENV does not work (its python cannot import pip)."
    say "upgrading pip"
    "$VENV_PY" -m pip install --quiet --upgrade pip >&2 ||
        say "warning: could not upgrade pip; continuing with the bundled one"
fi

# ---------------------------------------------------------------------------------------
# 3. pip install -e '.[test]' when pyproject.toml (or the checkout's location) changed.
# ---------------------------------------------------------------------------------------

sha256_of() {
    if have sha256sum; then
        sha256sum "$1" | cut -d' ' -f1
    elif have shasum; then
        shasum -a 256 "$1" | cut -d' ' -f1
    else
        "$VENV_PY" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"
    fi
}

SITE="$("$VENV_PY" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')"
QT="$SITE/PySide6/Qt"

# The editable install records absolute paths, so the stamp covers where the checkout is too.
want_stamp="$(sha256_of "$ROOT/pyproject.toml") $ROOT"
have_stamp="$(cat "$STAMP" 2>/dev/null || true)"
if [[ "$want_stamp" != "$have_stamp" || ! -d "$QT" ]]; then
    say "installing pagenote and its dependencies into .venv (pip install -e '.[test]'; a first install takes a few minutes)"
    rm -f "$STAMP"
    (cd "$ROOT" && "$VENV_PY" -m pip install --quiet --progress-bar off -e '.[test]' >&2) ||
        die "pip install -e '.[test]' failed (see pip's messages above)."
    printf '%s\n' "$want_stamp" >"$STAMP.tmp" && mv -f "$STAMP.tmp" "$STAMP"
fi

# ---------------------------------------------------------------------------------------
# 4. System libraries and fonts for QtWebEngine.
# ---------------------------------------------------------------------------------------

APT_PACKAGES=(
    libnss3 libnspr4 libxkbcommon0 libxkbcommon-x11-0 libegl1 libgl1 libgbm1
    libfontconfig1 libfreetype6 libdbus-1-3 libxcomposite1 libxdamage1 libxrandr2
    libxtst6 libxkbfile1 libxshmfence1 libasound2 libasound2t64 libxcb-cursor0
    libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0
    libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxcb-dri3-0 libx11-xcb1 libxrender1
    libxi6 libdrm2 libudev1 libglib2.0-0 libglib2.0-0t64 fonts-dejavu-core
)

QT_BINARIES=(
    "$QT/lib/libQt6WebEngineCore.so.6"
    "$QT/plugins/platforms/libqoffscreen.so"
    "$QT/plugins/platforms/libqxcb.so"
    "$QT/libexec/QtWebEngineProcess"
)

# Sonames that ldd reports as "not found" in its output on stdin, one per line, unique.
parse_not_found() { awk '/=> not found/ {print $1}' | sort -u; }

MISSING_LIBS=()
MISSING_FONTS=0

fonts_present() {
    local out dir
    if have fc-list; then
        out="$(fc-list : family 2>/dev/null || true)"
        [[ -n "$out" ]]
        return
    fi
    for dir in /usr/share/fonts /usr/local/share/fonts; do
        [[ -d "$dir" ]] || continue
        out="$(find "$dir" -type f \( -iname '*.ttf' -o -iname '*.otf' -o -iname '*.ttc' \
            -o -iname '*.pfb' -o -iname '*.pcf' -o -iname '*.pcf.gz' \) -print -quit 2>/dev/null || true)"
        [[ -n "$out" ]] && return 0
    done
    return 1
}

check_system() {
    local f out lib
    MISSING_LIBS=()
    MISSING_FONTS=0
    for f in "${QT_BINARIES[@]}"; do
        [[ -e "$f" ]] || continue # QtWebEngineProcess may be absent in some layouts
        out="$(ldd "$f" 2>&1 || true)"
        while IFS= read -r lib; do
            [[ -n "$lib" ]] && MISSING_LIBS+=("$lib")
        done < <(parse_not_found <<<"$out")
    done
    if ((${#MISSING_LIBS[@]})); then
        mapfile -t MISSING_LIBS < <(printf '%s\n' "${MISSING_LIBS[@]}" | sort -u)
    fi
    fonts_present || MISSING_FONTS=1
    ((${#MISSING_LIBS[@]} == 0 && MISSING_FONTS == 0))
}

describe_missing() {
    if ((${#MISSING_LIBS[@]})); then
        echo "missing shared libraries: ${MISSING_LIBS[*]}"
    fi
    if ((MISSING_FONTS)); then
        echo "no fonts installed (fontconfig lists none; QtWebEngine needs at least one, e.g. fonts-dejavu-core)"
    fi
}

# The names in APT_PACKAGES this system's apt knows as real packages (Debian 12 vs 13 vs
# Ubuntu's t64 renames: libasound2 vs libasound2t64, libglib2.0-0 vs libglib2.0-0t64).
# Already-installed ones are left out (apt-get install would upgrade them, and whatever
# else that drags in), unless every known one is installed already.
known_apt_packages() {
    local p info
    local -a known=() absent=()
    for p in "${APT_PACKAGES[@]}"; do
        info="$(apt-cache show --no-all-versions "$p" 2>/dev/null || true)"
        [[ "$info" == *"Package: "* ]] || continue
        known+=("$p")
        if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)" != installed ]]; then
            absent+=("$p")
        fi
    done
    if ((${#absent[@]})); then
        printf '%s\n' "${absent[@]}"
    elif ((${#known[@]})); then
        printf '%s\n' "${known[@]}"
    fi
}

if [[ "$(uname -s)" != Linux ]] || ! have ldd; then
    : # Library check is for Linux (glibc) only; elsewhere the wheels bring what they need.
elif [[ ! -e "${QT_BINARIES[0]}" ]]; then
    say "warning: ${QT_BINARIES[0]} not found; skipping the system library check"
elif ! check_system; then
    mapfile -t problems < <(describe_missing)
    for line in "${problems[@]}"; do say "$line"; done
    if is_root && have apt-get && have apt-cache; then
        apt_update_once
        mapfile -t pkgs < <(known_apt_packages)
        ((${#pkgs[@]})) || die "apt knows none of the packages QtWebEngine needs (after apt-get update)." \
            "${problems[@]}"
        apt_install "${pkgs[@]}" || die "apt-get install failed (see above)." "${problems[@]}"
        if ! check_system; then
            mapfile -t problems < <(describe_missing)
            die "still missing after apt-get install:" "${problems[@]}" \
                "(ldd checked: ${QT_BINARIES[*]#"$SITE/"})"
        fi
        say "system libraries installed"
    else
        pkgs=()
        if have apt-cache; then mapfile -t pkgs < <(known_apt_packages); fi
        if ((${#pkgs[@]})); then
            die "QtWebEngine cannot run here yet." "${problems[@]}" \
                "Install the system packages it needs, then re-run:" \
                "sudo apt-get install -y --no-install-recommends ${pkgs[*]}"
        elif have apt-get; then
            die "QtWebEngine cannot run here yet." "${problems[@]}" \
                "Install the system packages it needs (run 'sudo apt-get update' first;" \
                "leave out whichever of libasound2/libasound2t64 and libglib2.0-0/libglib2.0-0t64 apt does not know), then re-run:" \
                "sudo apt-get install -y --no-install-recommends ${APT_PACKAGES[*]}"
        else
            die "QtWebEngine cannot run here yet." "${problems[@]}" \
                "Install your distribution's packages providing those libraries (NSS, xkbcommon, EGL/GL," \
                "GBM, fontconfig, X11/xcb libraries, ALSA, GLib) and a font such as DejaVu, then re-run."
        fi
    fi
fi

# ---------------------------------------------------------------------------------------
# 5. Node.js: the tests run the page-side modules (app/picker_js) under node to check that the
#    JavaScript and Python implementations of shared rules agree (tests/test_parity.py).
# ---------------------------------------------------------------------------------------

if ! have node; then
    if is_root && have apt-get; then
        apt_update_once
        apt_install nodejs || die "apt-get install nodejs failed (see above)."
    else
        say "warning: node is not installed; tests/test_parity.py needs it (sudo apt-get install nodejs)"
    fi
fi

# ---------------------------------------------------------------------------------------
# 6. A font with Chinese glyphs: the window has a Simplified Chinese translation (zh_CN).
# ---------------------------------------------------------------------------------------

if have fc-list && [[ -z "$(fc-list :lang=zh family 2>/dev/null || true)" ]]; then
    if is_root && have apt-get; then
        apt_update_once
        apt_install fonts-droid-fallback || say "warning: could not install a CJK font; Chinese UI text may show boxes"
    else
        say "warning: no font with Chinese glyphs; for the zh_CN UI: sudo apt-get install fonts-droid-fallback"
    fi
fi

# ---------------------------------------------------------------------------------------
# 6b. Real input for the test suite (test.sh sets PAGENOTE_BOOTSTRAP_TESTS=1): Debian's python3-doc (long
#     real pages: the full-page capture and reload tests on library/stdtypes.html) and Debian's chromium (the
#     exported review opened in a real browser; never a browser a tool downloads). Without them those tests
#     skip and say why.
# ---------------------------------------------------------------------------------------

if [[ "${PAGENOTE_BOOTSTRAP_TESTS:-0}" == 1 ]]; then
    test_pkgs=()
    [[ -e /usr/share/doc/python3-doc/html/library/stdtypes.html ]] || test_pkgs+=(python3-doc)
    [[ -x /usr/bin/chromium ]] || test_pkgs+=(chromium)
    if ((${#test_pkgs[@]})); then
        if is_root && have apt-get; then
            apt_update_once
            apt_install "${test_pkgs[@]}" || say "warning: could not install ${test_pkgs[*]}; the tests that need them skip"
        else
            say "warning: some tests skip without ${test_pkgs[*]} (sudo apt-get install ${test_pkgs[*]})"
        fi
    fi

    # The real npm apps the source-location tests serve with Vite (tests/apps, tests/vite_apps.py): npm ci
    # into a cache keyed by the lock file's hash, once per lock; built in a temporary folder and renamed, so a
    # present folder is a complete install. The local packages (tests/apps/packages, file: dependencies installed
    # as copies: .npmrc's install-links) are part of the key through their versions in the lock.
    APPS_LOCK="$ROOT/tests/apps/package-lock.json"
    if [[ -e "$APPS_LOCK" ]]; then
        apps_cache="${XDG_CACHE_HOME:-$HOME/.cache}/pagenote-test-apps/$(sha256_of "$APPS_LOCK" | cut -c1-16)"
        if [[ -e "$apps_cache/node_modules/vite/bin/vite.js" ]]; then
            :
        elif ! have node || ! have npm; then
            say "warning: node and npm are needed for the test apps in tests/apps (sudo apt-get install nodejs npm);" \
                "tests/test_source_apps.py skips without them"
        else
            say "installing the test apps' npm packages into $apps_cache (npm ci)"
            apps_tmp="$apps_cache.tmp.$$"
            rm -rf "$apps_tmp" && mkdir -p "$apps_tmp" &&
                cp "$ROOT/tests/apps/package.json" "$APPS_LOCK" "$ROOT/tests/apps/.npmrc" "$apps_tmp/" &&
                cp -r "$ROOT/tests/apps/packages" "$apps_tmp/" &&   # file: dependencies (the lock names them)
                (cd "$apps_tmp" && npm ci --no-audit --no-fund --loglevel=error >&2) &&
                rm -rf "$apps_cache" && mv "$apps_tmp" "$apps_cache" ||
                { rm -rf "$apps_tmp"; say "warning: npm ci for tests/apps failed; tests/test_source_apps.py skips"; }
        fi
    fi
fi

# ---------------------------------------------------------------------------------------
# 7. Compiled UI translations for runs from this checkout (resources/i18n/*.ts → .qm; the wheel and
#    the bundle compile their own). Only when a source is newer than its .qm.
# ---------------------------------------------------------------------------------------

for ts in "$ROOT"/resources/i18n/*.ts; do
    [[ -e "$ts" ]] || continue
    qm="${ts%.ts}.qm"
    if [[ ! -e "$qm" || "$ts" -nt "$qm" ]]; then
        "$(dirname "$VENV_PY")/pyside6-lrelease" -silent "$ts" -qm "$qm" >&2 ||
            say "warning: pyside6-lrelease failed for $ts; the UI stays English"
    fi
done

# ---------------------------------------------------------------------------------------

export PAGENOTE_VENV_PY="$VENV_PY"
if ((print_path)); then
    printf '%s\n' "$VENV_PY"
else
    say "ready: $VENV_PY ($("$VENV_PY" -c 'import sys; print(sys.version.split()[0])'))"
fi
