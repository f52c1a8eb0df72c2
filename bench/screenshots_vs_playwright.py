"""Screenshot speed and pixel equality: pagenote vs Playwright + Debian's Chromium, side by side (issue #4).

Two long-lived workers load the same page at a 1280x800 viewport: pagenote's (offscreen QtWebEngine, the
same ``Shooter`` the app uses: capture, redaction pass, PNG encode, file write, index line) and a Playwright
one (``/usr/bin/chromium`` headless, ``page.screenshot(full_page=…)`` writing a PNG file). Requests
alternate between them (pagenote, playwright, pagenote, …) so drift hits both equally; each worker reports
only the time of the capture call. Then the last images are compared (``app.compare``, per-channel
tolerance 16): same size, percentage of equal pixels.

    .venv/bin/python bench/screenshots_vs_playwright.py URL [URL …] [--runs 5] [--kind full|viewport]

Needs ``apt-get install chromium`` and ``.venv/bin/pip install playwright`` (no browser download).
A baseline to report, not a gate. pagenote's side goes through ``bench/_window.py`` (the benches' one door
into pagenote's APIs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pagenote_worker(url: str, kind: str, out: str) -> None:
    sys.path.insert(0, str(ROOT))
    import time

    from _window import make_shooter, open_tab, run_in_app, shoot

    async def work(app) -> None:
        tab = await open_tab(app, url, 1280, 800)
        shooter = make_shooter(tab, Path(out))
        print("ready", flush=True)
        for line in sys.stdin:   # blocks Qt's loop between requests, as the synchronous worker did
            if line.strip() != "shot":
                break
            start = time.perf_counter()
            shot = await shoot(shooter, kind)
            print(json.dumps({"s": time.perf_counter() - start, "path": shot.path}), flush=True)

    run_in_app(Path(out), work)


def playwright_worker(url: str, kind: str, out: str) -> None:
    import time

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url, wait_until="load")
        print("ready", flush=True)
        n = 0
        for line in sys.stdin:
            if line.strip() != "shot":
                break
            n += 1
            path = f"{out}/peer-{n}.png"
            start = time.perf_counter()
            page.screenshot(path=path, full_page=(kind == "full"))
            print(json.dumps({"s": time.perf_counter() - start, "path": path}), flush=True)
        browser.close()


def spawn(role: str, url: str, kind: str, out: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, __file__, "--worker", role, url, "--kind", kind, "--out", out],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.stdout.readline().strip() == "ready", f"{role} worker did not start"
    return proc


def ask(proc: subprocess.Popen) -> dict:
    proc.stdin.write("shot\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("urls", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", choices=("full", "viewport"), default="full")
    parser.add_argument("--worker", choices=("pagenote", "playwright"))
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    if args.worker:
        (pagenote_worker if args.worker == "pagenote" else playwright_worker)(args.urls[0], args.kind, args.out)
        return 0
    sys.path.insert(0, str(ROOT))
    from PIL import Image

    from app.compare.engine import compare_images

    Image.MAX_IMAGE_PIXELS = None
    for url in args.urls:
        out = tempfile.mkdtemp(prefix="pagenote-bench-")
        ours_p, peer_p = spawn("pagenote", url, args.kind, out), spawn("playwright", url, args.kind, out)
        ours, peer = [], []
        ask(ours_p), ask(peer_p)  # warm-up, not counted
        for _ in range(args.runs):
            ours.append(ask(ours_p))
            peer.append(ask(peer_p))
        for proc in (ours_p, peer_p):
            proc.stdin.close()
            proc.wait(timeout=60)
        a, b = Image.open(ours[-1]["path"]), Image.open(peer[-1]["path"])
        result = compare_images(b, a, tolerance=16)
        m_ours, m_peer = statistics.median(r["s"] for r in ours), statistics.median(r["s"] for r in peer)
        print(f"{url} [{args.kind}]: pagenote median {m_ours:.3f} s, playwright+chromium {m_peer:.3f} s, "
              f"ratio {m_ours / m_peer:.2f}x; sizes {a.size} vs {b.size}; "
              f"equal pixels {100 - result.mismatched_percent:.2f}% (tolerance 16)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
