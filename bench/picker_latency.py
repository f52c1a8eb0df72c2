"""Picker latency in the window: hover and pin, from the Qt mouse event to the page, the panel and the pixels
(issue #3, "Performance").

Drives a real ``MainWindow`` offscreen the way a user does: ``QMouseEvent``s sent to the view's focus proxy
while annotation mode is on. Two pages, each served by ``python3 -m http.server`` on a free 127.0.0.1 port that
this script starts and stops: ``library/stdtypes.html`` from Debian's ``python3-doc`` and a generated page of
35,000 elements (nested sections, grids of cards, lists, tables, buttons; written to a temp dir at run time).
About 40 targets per page at four scroll positions: elements under a shuffled grid of points, with disjoint
boxes, so every hover changes the highlighted element and no outline or marker is already where the next one
is looked for.

Milestones, in ms after the mouse event (``time.perf_counter``); the goals (p95) apply to the first two:

- hover → state: the ``hover`` call's answer back in the controller (``PageBridge.call("hover")`` returning
  inside ``AnnotateController._hover_at``, the asyncio hop after the ``runJavaScript`` callback included); the
  highlight the host draws then is on the new element (checked in the tab's scene). Goal ≤ 16 ms.
- pin → marker painted: the host's marks widget (``app/ui/marks.py``, over the view) returned from a
  ``paintEvent`` showing the new pin's numbered marker, goal ≤ 50 ms; pin → panel row:
  ``AnnotationPanel.refresh`` returned with one more row, goal ≤ 100 ms (issue 30, requirement 8). Both come
  from the element's box (``pick(x, y, true)``); the whole record follows.
- For information: hover → highlight painted (the same widget), pin → whole record (the page's ``record``
  answer, asked for once the marker is in the scene), and the pixels: the first grab of what the user sees
  (the view's parent: page and marks) showing the outline colour #2563EB on the element's left edge, or the
  new marker's badge where the host placed it (``MarksOverlay.badges()``: outside the element when there is
  room; #DC2626, or #2563EB while it is the selected marker, i.e. while its note box is open — which it is
  right after a pin).

Page-side moments come from wrappers around ``window.__pagenote.hover/pick/setMarkers`` in pagenote's isolated
world (a ``requestAnimationFrame`` for the frame, a task posted from it for the end of that frame's rendering);
``performance.now()`` is mapped to the host clock with the quickest of 25 round trips. Host moments come from
methods patched in this process only (``bench/_window.py``); the bench runs as one coroutine on Qt's loop. Grabs are polled only in the pixel passes (same targets, separate
passes), so they never delay the callbacks timed in the others. Afterwards each target's element record is
rebuilt field by field in a separate isolated world (the picker's own modules) to show where ``pick()`` spends
its time; ``performance.now()`` there has 0.1 ms steps.

    .venv/bin/python bench/picker_latency.py [--targets 40]
    ../shared/tools/under-load 2 -- .venv/bin/python bench/picker_latency.py --loaded   # goals × 2

The machine's load averages (1, 5, 15 min) are printed at the start and the end: other processes share it.

The jobs are split over ``bench/_*.py``: ``_pages`` (the generated page, the servers), ``_window`` (the one
module calling pagenote's APIs), ``_passes`` (the timed passes, the page clock), ``_pixels`` (grabs),
``_profile`` (the field-by-field record), ``_page_js`` (the page-side scripts), ``_report``, ``_stats``.

Needs ``apt-get install python3-doc`` for the first page (skipped with a note when missing). Takes about a
minute. A measurement, not a gate: the exit code is 0 whenever the run completes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _pages import DOCS, generated_page, listening, serve, stop  # noqa: E402  (bench/ is on sys.path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--targets", type=int, default=40, help="targets per page (default 40)")
    parser.add_argument("--loaded", action="store_true",
                        help="the run is beside ../shared/tools/under-load 2: goals × 2 (issue 30, requirement 8)")
    args = parser.parse_args()
    started = time.perf_counter()
    print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)

    from _passes import Passes
    from _report import report
    from _window import BenchWindow, run_in_app, wait_until

    servers = []
    with tempfile.TemporaryDirectory(prefix="pagenote-bench-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        (site / "big.html").write_text(generated_page(), encoding="utf-8")
        pages = []
        if (DOCS / "library" / "stdtypes.html").exists():
            pages.append(("stdtypes.html", DOCS, "library/stdtypes.html"))
        else:
            print(f"note: {DOCS}/library/stdtypes.html is missing (apt-get install python3-doc); page skipped")
        pages.append(("generated 35k elements", site, "big.html"))

        async def measure(app) -> None:
            urls = {}
            for name, directory, path in pages:
                server, port = serve(directory)
                servers.append(server)
                urls[name] = (port, f"http://127.0.0.1:{port}/{path}")
            w = BenchWindow(app)
            try:
                passes = Passes(w)
                results = {}
                for name, (port, url) in urls.items():
                    if not await wait_until(lambda port=port: listening(port), 10_000):
                        raise RuntimeError(f"http.server on port {port} did not start")
                    t = time.perf_counter()
                    results[name] = await passes.run_page(url, args.targets)
                    print(f"{name}: measured in {time.perf_counter() - t:.1f} s", flush=True)
                report(results, w.spans, passes.rtts, 2.0 if args.loaded else 1.0)
            finally:
                w.close()

        try:
            run_in_app(Path(tmp) / "project", measure)
        finally:
            stop(servers)
    print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
