#!/usr/bin/env bash
# Check under a real X server (Xvfb + xdotool) what the offscreen tests cannot: the first Ctrl+Shift+A after
# typing into a page's text field turns annotation mode on. With real X key events Chromium claims the
# ShortcutOverride of a focused editable field, so without app/ui/keys.py PageKeys the key never reached
# the window (offscreen, QTest's events do not take that path).
#   dev/first_press_check.sh            → prints "annotation mode on after the first press: yes|no"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
PY="$ROOT/.venv/bin/python"
DISPLAY_NO=:$((90 + RANDOM % 9))
WORK="$(mktemp -d)"
cat > "$WORK/page.html" <<'HTML'
<!doctype html><title>First press</title>
<input id="f" style="position:fixed;left:0;top:0;width:100%;height:100%;font-size:40px;box-sizing:border-box">
HTML
Xvfb "$DISPLAY_NO" -screen 0 1400x900x24 >/dev/null 2>&1 & xvfb=$!
(cd "$WORK" && exec python3 -m http.server 0 --bind 127.0.0.1 >"$WORK/http.log" 2>&1) & http=$!
trap 'kill $app $http $xvfb 2>/dev/null || true; rm -rf "$WORK"' EXIT
sleep 1
port=$(grep -o 'port [0-9]*' "$WORK/http.log" | head -1 | cut -d" " -f2)
DISPLAY=$DISPLAY_NO "$PY" -m app "http://127.0.0.1:$port/page.html" --out "$WORK" -v >"$WORK/app.log" 2>&1 & app=$!
export DISPLAY=$DISPLAY_NO
for _ in $(seq 60); do w=$(xdotool search --name "First press" 2>/dev/null | head -1) && [ -n "$w" ] && break; sleep 0.5; done
xdotool windowmove "$w" 0 0 windowsize "$w" 1400 900; sleep 2
read -r wx wy < <(xdotool getwindowgeometry "$w" | awk '/Position/ {split($2, p, ","); print p[1], p[2]}')
# The field fills the page; a click in the middle of the window lands in it.
xdotool mousemove $((wx + 400)) $((wy + 450)) click 1; sleep 0.5
xdotool type hello; sleep 0.3
xdotool key ctrl+shift+a; sleep 1
if grep -q "Annotation mode: click an element" "$WORK/app.log"; then
    echo "annotation mode on after the first press: yes"
else
    echo "annotation mode on after the first press: no"
fi
