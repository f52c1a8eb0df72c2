"""Whole-process time of one headless capture: ``pagenote capture`` vs a Playwright script, side by side.

Both load the same page at a 1280x800 viewport and save a viewport PNG; pagenote also pins one annotation
(its element record) and writes the Markdown. The Playwright script is the peer: Debian's Chromium
(``/usr/bin/chromium``) launched headless by PyPI ``playwright``, which queries the same selector and
takes ``page.screenshot()``. Runs alternate (pagenote, playwright, pagenote, …) so drift hits both equally.

    .venv/bin/python bench/capture_vs_playwright.py URL SELECTOR [--runs 7] [--before DIR]

Prints each run's time and the medians and ratio (pagenote / playwright). ``--before DIR`` also runs another
pagenote checkout (a ``git worktree`` of an older commit) in the same alternation, for before/after figures
under the same load; the load average is printed at the start and the end. A baseline, not a gate.
Needs: ``apt-get install chromium`` and ``.venv/bin/pip install playwright`` (never ``playwright install``:
the browser is Debian's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"

PLAYWRIGHT_SCRIPT = r"""
import sys
from playwright.sync_api import sync_playwright
url, selector, out = sys.argv[1:4]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=%r, args=["--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url, wait_until="load")
    assert page.locator(selector).count() == 1
    page.eval_on_selector(selector, "e => [e.tagName, e.getBoundingClientRect().toJSON(), e.innerText.length]")
    page.screenshot(path=out)
    browser.close()
""" % CHROMIUM


def timed(cmd: list[str], env: dict | None = None, cwd: Path | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=cwd)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("selector")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", type=Path, help="another pagenote checkout to run alongside (before/after)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit("Debian's Chromium is missing: apt-get install chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        sys.exit(f"playwright is missing: {sys.executable} -m pip install playwright")
    out = Path(tempfile.mkdtemp(prefix="pagenote-bench-"))
    script = out / "peer.py"
    script.write_text(PLAYWRIGHT_SCRIPT)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("DISPLAY", None)
    ours_cmd = [sys.executable, "-m", "app", "capture", args.url, "--annotate", args.selector, "--out", str(out)]
    peer_cmd = [sys.executable, str(script), args.url, args.selector, str(out / "peer.png")]
    commands = {"pagenote": (ours_cmd, env)}
    if args.before:
        # The same command from the other checkout: `-m app` finds its package first (cwd and PYTHONPATH).
        before_env = dict(env, PYTHONPATH=str(args.before.resolve()))
        commands["before"] = ([*ours_cmd[:7], "--out", str(out / "before")], before_env, args.before.resolve())
    commands["playwright"] = (peer_cmd, None)
    load_start = os.getloadavg()
    times: dict[str, list[float]] = {name: [] for name in commands}
    for name, (cmd, cmd_env, *cwd) in commands.items():
        timed(cmd, cmd_env, *cwd)  # warm the page cache and the file system for each
    for i in range(args.runs):
        for name, (cmd, cmd_env, *cwd) in commands.items():
            times[name].append(timed(cmd, cmd_env, *cwd))
        print(f"run {i + 1}: " + "   ".join(f"{name} {t[-1]:.3f} s" for name, t in times.items()), flush=True)
    medians = {name: statistics.median(t) for name, t in times.items()}
    peer = medians["playwright"]
    print("median: " + ", ".join(f"{name} {m:.3f} s ({m / peer:.2f}x)" for name, m in medians.items()))
    load_end = os.getloadavg()
    print(f"load average (1, 5, 15 min) at start {load_start[0]:.2f} {load_start[1]:.2f} {load_start[2]:.2f}, "
          f"at end {load_end[0]:.2f} {load_end[1]:.2f} {load_end[2]:.2f}; {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
