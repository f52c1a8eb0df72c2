"""Whole-process time of one headless capture: ``pagenote capture`` vs a Playwright script, side by side.

Both load the same page at a 1280x800 viewport and save a viewport PNG; pagenote also pins one annotation
(its element record) and writes the Markdown. The Playwright script is the peer: Debian's Chromium
(``/usr/bin/chromium``) launched headless by PyPI ``playwright``, which queries the same selector and
takes ``page.screenshot()``. Runs alternate (pagenote, playwright, pagenote, …) so drift hits both equally.

    .venv/bin/python bench/capture_vs_playwright.py URL SELECTOR [--runs 7]

Prints each run's time and the medians and ratio (pagenote / playwright). A baseline, not a gate.
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


def timed(cmd: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("selector")
    parser.add_argument("--runs", type=int, default=7)
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
    timed(ours_cmd, env)  # warm the page cache and the file system for both
    timed(peer_cmd)
    ours, peer = [], []
    for i in range(args.runs):
        ours.append(timed(ours_cmd, env))
        peer.append(timed(peer_cmd))
        print(f"run {i + 1}: pagenote {ours[-1]:.3f} s   playwright+chromium {peer[-1]:.3f} s", flush=True)
    m_ours, m_peer = statistics.median(ours), statistics.median(peer)
    print(f"median: pagenote {m_ours:.3f} s, playwright+chromium {m_peer:.3f} s, ratio {m_ours / m_peer:.2f}x")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
