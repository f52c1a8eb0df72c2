"""Screenshot speed, memory and pixel equality: pagenote vs Playwright + Debian's Chromium, side by side (issue #4).

Long-lived workers load the same page at a 1280x800 viewport: pagenote's (offscreen QtWebEngine, the same
``Shooter`` the app uses: capture, redaction, PNG encode, file write, index line), optionally a second
pagenote worker running another checkout (``--before DIR``: e.g. a ``git worktree`` of an older commit, so a
change is measured before/after under the same load), and a Playwright one (``/usr/bin/chromium`` headless,
``page.screenshot(full_page=…)`` writing a PNG file). Requests alternate between them (pagenote, before,
playwright, pagenote, …) so drift hits all equally; each worker reports only the time of the capture call.
Then the last images are compared (``app.compare``, per-channel tolerance 16): same size, percentage of equal
pixels.

Also reported, for pagenote (``Shooter.timings``, :mod:`app.capture.timing`): where the time goes, per phase
(frame wait, probe, grab copy, conversion, stitching, redaction, encode, file write …) — totals, per-tile means
and p95 over the measured runs; the worker thread's phases overlap the Qt thread's; and the serial floor: the
tiles' frames (probe + frame wait) against the whole capture and Playwright's. And the pagenote worker's
peak RSS during one capture (Linux: ``VmHWM`` after resetting it through ``/proc/self/clear_refs``; the host
process only, Chromium's renderer is another process), against the raw RGB size of the image.

    .venv/bin/python bench/screenshots_vs_playwright.py [URL …] [--runs 5] [--kind full|viewport|both]
                                                        [--before DIR]

Without URLs: CPython's ``library/stdtypes.html`` and ``reference/datamodel.html`` from Debian's ``python3-doc``
(served on 127.0.0.1 by this script). Needs ``apt-get install chromium python3-doc`` and
``.venv/bin/pip install playwright`` (no browser download). A baseline to report, not a gate. pagenote's side
goes through ``bench/_window.py`` (the benches' one door into pagenote's APIs).
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


def _rss_kib(field: str) -> int:
    """``field`` (``VmRSS``, ``VmHWM``) of this process in KiB (0 where ``/proc`` is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _reset_peak() -> bool:
    """Reset this process's peak RSS (``VmHWM``) to its current RSS (Linux ≥ 4.0); False when not possible."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def pagenote_worker(url: str, kind: str, out: str, root: str) -> None:
    sys.path.insert(0, str(Path(root) / "bench"))
    sys.path.insert(0, root)
    from _window import make_shooter, open_tab, run_in_app, shoot

    async def work(app) -> None:
        tab = await open_tab(app, url, 1280, 800)
        shooter = make_shooter(tab, Path(out))
        try:
            from app.capture.timing import Phases
        except ImportError:  # an older checkout: no timings
            Phases = None
        print("ready", flush=True)
        for line in sys.stdin:   # blocks Qt's loop between requests, as the synchronous worker did
            if line.strip() != "shot":
                break
            phases = shooter.timings = Phases() if Phases is not None else None
            base = _rss_kib("VmRSS")
            peak_known = _reset_peak()
            start = time.perf_counter()
            shot = await shoot(shooter, kind)
            elapsed = time.perf_counter() - start
            peak = _rss_kib("VmHWM") if peak_known else 0
            print(json.dumps({"s": elapsed, "path": shot.path, "rss_base": base, "rss_peak": peak,
                              "phases": dict(phases.samples) if phases is not None else {}}), flush=True)

    run_in_app(Path(out), work)


def playwright_worker(url: str, kind: str, out: str) -> None:
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


def spawn(role: str, url: str, kind: str, out: str, root: Path = ROOT) -> subprocess.Popen:
    Path(out).mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, __file__, "--worker", role, url, "--kind", kind, "--out", out,
                             "--root", str(root)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.stdout.readline().strip() == "ready", f"{role} worker did not start"
    return proc


def ask(proc: subprocess.Popen) -> dict:
    proc.stdin.write("shot\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def breakdown(runs: list[dict]) -> list[str]:
    """Markdown rows: each phase's total ms per capture (median over runs), its count per capture, mean and p95 ms
    per occurrence (all runs pooled)."""
    names: list[str] = []
    for run in runs:
        names += [n for n in run["phases"] if n not in names]
    rows = []
    for name in names:
        per_run = [run["phases"].get(name, []) for run in runs]
        pooled = sorted(v for samples in per_run for v in samples)
        if not pooled:
            continue
        total = statistics.median(sum(samples) for samples in per_run) * 1000
        p95 = pooled[min(len(pooled) - 1, int(0.95 * len(pooled)))] * 1000
        rows.append(f"| {name} | {len(per_run[-1])} | {total:.0f} | {statistics.mean(pooled) * 1000:.2f} | {p95:.2f} |")
    return rows


def measure(url: str, kind: str, runs: int, before: Path | None) -> dict:
    """Run the alternating workers on ``url``; returns medians, images and the pagenote runs."""
    from PIL import Image

    from app.compare.engine import compare_images

    out = tempfile.mkdtemp(prefix="pagenote-bench-")
    workers = {"pagenote": spawn("pagenote", url, kind, out + "/after")}
    if before is not None:
        workers["before"] = spawn("pagenote", url, kind, out + "/before", before)
    workers["playwright"] = spawn("playwright", url, kind, out)
    results: dict[str, list[dict]] = {name: [] for name in workers}
    for proc in workers.values():
        ask(proc)  # warm-up, not counted
    for _ in range(runs):
        for name, proc in workers.items():
            results[name].append(ask(proc))
    for proc in workers.values():
        proc.stdin.close()
        proc.wait(timeout=60)
    peer = Image.open(results["playwright"][-1]["path"])
    summary = {"url": url, "kind": kind, "runs": results, "median": {}, "equal": {}, "size": {}}
    for name, got in results.items():
        summary["median"][name] = statistics.median(r["s"] for r in got)
        image = Image.open(got[-1]["path"])
        summary["size"][name] = image.size
        if name != "playwright":
            summary["equal"][name] = 100 - compare_images(peer, image, tolerance=16).mismatched_percent
    return summary


def report(summaries: list[dict], load: tuple[tuple[float, ...], tuple[float, ...]]) -> None:
    has_before = any("before" in s["median"] for s in summaries)
    print(f"\nload average (1, 5, 15 min) at start {load[0][0]:.2f} {load[0][1]:.2f} {load[0][2]:.2f}, at end "
          f"{load[1][0]:.2f} {load[1][1]:.2f} {load[1][2]:.2f}; {os.cpu_count()} CPUs\n")
    head = "| page | kind | size | pagenote | Playwright | ratio | equal px |"
    if has_before:
        head += " pagenote before | ratio before | equal px before |"
    print(head + "\n|" + "---|" * (head.count("|") - 1))
    for s in summaries:
        m, e = s["median"], s["equal"]
        w, h = s["size"]["pagenote"]
        row = (f"| {s['url'].rsplit('/', 1)[-1]} | {s['kind']} | {w}×{h} "
               f"| {m['pagenote']:.3f} s | {m['playwright']:.3f} s | {m['pagenote'] / m['playwright']:.2f}× "
               f"| {e['pagenote']:.2f} % |")
        if has_before:
            row += (f" {m['before']:.3f} s | {m['before'] / m['playwright']:.2f}× | {e['before']:.2f} % |"
                    if "before" in m else " | | |")
        print(row)
    for s in summaries:
        runs = s["runs"]["pagenote"]
        w, h = s["size"]["pagenote"]
        raw = w * h * 3 / 2**20
        peak = statistics.median(r["rss_peak"] for r in runs) / 1024
        grew = statistics.median(r["rss_peak"] - r["rss_base"] for r in runs) / 1024
        line = (f"\n{s['url'].rsplit('/', 1)[-1]} [{s['kind']}]: raw RGB image {raw:.0f} MiB; pagenote's process "
                f"peak RSS during a capture {peak:.0f} MiB ({peak / raw:.2f}× raw), {grew:+.0f} MiB over its RSS "
                f"before the capture ({grew / raw:.2f}× raw)")
        if "before" in s["runs"]:
            b = s["runs"]["before"]
            bpeak = statistics.median(r["rss_peak"] for r in b) / 1024
            bgrew = statistics.median(r["rss_peak"] - r["rss_base"] for r in b) / 1024
            line += f"; before: {bpeak:.0f} MiB ({bpeak / raw:.2f}× raw), {bgrew:+.0f} MiB ({bgrew / raw:.2f}× raw)"
        print(line)
        frames = [sum(r["phases"].get("probe", [])) + sum(r["phases"].get("frame wait", [])) for r in runs]
        if any(frames):
            # The serial part: a tile's frame must be on screen before the next scroll, so the worker's
            # conversion and encoding overlap it but nothing overlaps the frames themselves.
            serial = statistics.median(frames)
            tiles = len(runs[-1]["phases"].get("probe", []))
            print(f"frames (probe + frame wait, serial): {tiles} tiles, {serial:.3f} s = "
                  f"{serial / s['median']['pagenote'] * 100:.0f} % of pagenote's capture, "
                  f"{serial / s['median']['playwright']:.2f}× Playwright's whole capture; "
                  f"{serial / max(tiles, 1) * 1000:.1f} ms a tile")
        rows = breakdown(runs)
        if rows:
            print("\n| phase (pagenote) | per capture | ms per capture (median) | ms each (mean) | ms each (p95) |\n"
                  "|---|---|---|---|---|")
            print("\n".join(rows))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", choices=("full", "viewport", "both"), default="full")
    parser.add_argument("--before", type=Path, help="another pagenote checkout to run alongside (before/after)")
    parser.add_argument("--worker", choices=("pagenote", "playwright"))
    parser.add_argument("--out", default="")
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()
    if args.worker:
        if args.worker == "pagenote":
            pagenote_worker(args.urls[0], args.kind, args.out, args.root)
        else:
            playwright_worker(args.urls[0], args.kind, args.out)
        return 0
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from PIL import Image

    from _pages import DOCS, listening, serve, stop

    Image.MAX_IMAGE_PIXELS = None
    servers = []
    urls = list(args.urls)
    if not urls:
        server, port = serve(DOCS)
        servers.append(server)
        deadline = time.monotonic() + 10
        while not listening(port) and time.monotonic() < deadline:
            time.sleep(0.05)
        urls = [f"http://127.0.0.1:{port}/{page}" for page in DOC_PAGES]
    kinds = ("full", "viewport") if args.kind == "both" else (args.kind,)
    load_start = os.getloadavg()
    try:
        summaries = []
        for kind in kinds:
            for url in urls:
                summaries.append(measure(url, kind, args.runs, args.before.resolve() if args.before else None))
                m = summaries[-1]["median"]
                print(f"{url} [{kind}]: " + ", ".join(f"{k} {v:.3f} s" for k, v in m.items()), flush=True)
    finally:
        stop(servers)
    report(summaries, (load_start, os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
