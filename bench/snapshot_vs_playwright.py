"""The agent snapshot: pagenote's budgeted ``snapshot`` vs Playwright's ``page.locator("body").aria_snapshot()`` on
Debian's Chromium, side by side.

Two long-lived workers load the same page at a 1280x800 viewport: pagenote's (offscreen QtWebEngine; the same
``SnapshotKeeper`` the agent socket uses, with a new keeper for every timed full snapshot so the page is walked
afresh) and a Playwright one (``/usr/bin/chromium`` headless). Requests alternate (pagenote, playwright,
pagenote, …) so drift hits both equally; each worker times only its snapshot call. Then, on pagenote's side
alone: an unchanged re-snapshot (size of its JSON result and time) and a one-node change (a heading's text in the
viewport edited by the page's own world) → the ``diff`` mode's lines.

    .venv/bin/python bench/snapshot_vs_playwright.py [--runs 7] [URL …]

Without URLs: CPython's ``library/stdtypes.html`` and ``reference/datamodel.html`` (``apt-get install
python3-doc``) and the generated 35,000-element page (``bench/_pages.py``). Needs ``apt-get install chromium``
and ``.venv/bin/pip install playwright`` (no browser download). A baseline to report, not a gate. pagenote's
side goes through ``bench/_window.py`` (the benches' one door into pagenote's APIs).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC_PAGES = ("library/stdtypes.html", "reference/datamodel.html")
#: The one-node change: the first heading whose box is in the viewport gets a word more.
EDIT_JS = ("(() => { const h = Array.from(document.querySelectorAll('h1, h2, h3')).find((e) => "
           "{ const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }); "
           "if (!h) return 'none'; h.append(' (edited)'); return h.textContent; })()")


def pagenote_worker(url: str) -> None:
    sys.path.insert(0, str(ROOT))
    from _window import open_tab, page_js, run_in_app, snapshot

    async def work(app) -> None:
        tab = await open_tab(app, url, 1280, 800)
        keeper = None
        print("ready", flush=True)
        for line in sys.stdin:   # blocks Qt's loop between requests, as the other benches' workers do
            what = line.strip()
            if what == "edit":
                print(json.dumps({"edited": await page_js(tab, EDIT_JS)}), flush=True)
                continue
            if what not in ("full", "again"):
                break
            start = time.perf_counter()
            result, keeper = await snapshot(tab, None if what == "full" else keeper)
            elapsed = time.perf_counter() - start
            text = result.get("snapshot") or result.get("diff") or ""
            print(json.dumps({"s": elapsed, "chars": len(text), "json": len(json.dumps(result)), "mode": result["mode"],
                              "nodes": result["node_count"], "diff": result.get("diff", ""),
                              "cut": result["cut"]}), flush=True)

    with tempfile.TemporaryDirectory(prefix="pagenote-bench-") as tmp:
        run_in_app(Path(tmp), work)


def playwright_worker(url: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url, wait_until="load")
        print("ready", flush=True)
        for line in sys.stdin:
            if line.strip() != "full":
                break
            start = time.perf_counter()
            text = page.locator("body").aria_snapshot()
            print(json.dumps({"s": time.perf_counter() - start, "chars": len(text)}), flush=True)
        browser.close()


def spawn(role: str, url: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, __file__, "--worker", role, url], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.stdout.readline().strip() == "ready", f"{role} worker did not start"
    return proc


def ask(proc: subprocess.Popen, what: str) -> dict:
    proc.stdin.write(what + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def measure(url: str, runs: int) -> str:
    ours_p, peer_p = spawn("pagenote", url), spawn("playwright", url)
    try:
        ask(ours_p, "full"), ask(peer_p, "full")  # warm-up, not counted
        ours, peer = [], []
        for _ in range(runs):
            ours.append(ask(ours_p, "full"))
            peer.append(ask(peer_p, "full"))
        again = [ask(ours_p, "again") for _ in range(runs)]
        edited = ask(ours_p, "edit")["edited"]
        diff = ask(ours_p, "again")
    finally:
        for proc in (ours_p, peer_p):
            proc.stdin.close()
            proc.wait(timeout=60)
    m_ours, m_peer = statistics.median(r["s"] for r in ours), statistics.median(r["s"] for r in peer)
    m_again = statistics.median(r["s"] for r in again)
    last = ours[-1]
    lines = diff["diff"].splitlines() if diff["mode"] == "diff" else []
    return (f"{url}\n"
            f"  full snapshot: pagenote median {m_ours * 1e3:.1f} ms, {last['chars']:,} chars, {last['nodes']} lines "
            f"(left out: {last['cut'].get('above', 0):,} above / {last['cut'].get('below', 0):,} below the viewport); "
            f"playwright aria_snapshot median {m_peer * 1e3:.1f} ms, {peer[-1]['chars']:,} chars; "
            f"time ratio {m_ours / m_peer:.3f}x, size ratio {last['chars'] / max(1, peer[-1]['chars']):.3f}x\n"
            f"  unchanged re-snapshot: median {m_again * 1e3:.1f} ms, {again[-1]['json']} chars of JSON "
            f"(mode {again[-1]['mode']})\n"
            f"  one heading edited ({str(edited)[:60]!r}): mode {diff['mode']}, {len(lines)} diff lines, "
            f"{diff['chars']} chars, {diff['s'] * 1e3:.1f} ms" + "".join(f"\n    {line[:150]}" for line in lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--worker", choices=("pagenote", "playwright"))
    args = parser.parse_args()
    if args.worker:
        (pagenote_worker if args.worker == "pagenote" else playwright_worker)(args.urls[0])
        return 0
    sys.path.insert(0, str(ROOT / "bench"))
    from _pages import DOCS, generated_page, listening, serve, stop

    servers, urls = [], list(args.urls)
    with tempfile.TemporaryDirectory(prefix="pagenote-bench-") as tmp:
        try:
            if not urls:
                if (DOCS / DOC_PAGES[0]).exists():
                    server, port = serve(DOCS)
                    servers.append(server)
                    urls += [f"http://127.0.0.1:{port}/{page}" for page in DOC_PAGES]
                else:
                    print(f"note: {DOCS} is missing (apt-get install python3-doc); the docs pages are skipped")
                Path(tmp, "generated.html").write_text(generated_page(), encoding="utf-8")
                server, port = serve(Path(tmp))
                servers.append(server)
                urls.append(f"http://127.0.0.1:{port}/generated.html")
                deadline = time.monotonic() + 10
                while not all(listening(int(u.split(":")[2].split("/")[0])) for u in urls):
                    if time.monotonic() > deadline:
                        raise RuntimeError("http.server did not start")
                    time.sleep(0.05)
            for url in urls:
                print(measure(url, args.runs), flush=True)
        finally:
            stop(servers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
