"""The picker bench's measurements on one page: targets at four scroll positions, and for each batch a hover
pass, a hover pixel pass, a pin pass and a pin pixel pass, timed from the Qt mouse event; the page's clock is
mapped to the host's first. Results go into one dict per page (lists of ms by key, see :mod:`_report`)."""

from __future__ import annotations

import time

from _page_js import TARGETS_JS
from _pixels import BLUE, RED, badge_seen, dot_window, edge_window, poll_pixels, seen_colour
from _profile import profile
from _stats import add
from _window import BenchWindow

SCROLLS = (0.0, 0.17, 0.43, 0.71)     # the four batches, as fractions of the document's scroll range


class Passes:
    """The passes over one window's pages, and the page clock: ``offset`` = page ``performance.now()`` − host
    ``perf_counter`` (ms) from the last :meth:`calibrate`; ``rtts`` = its quickest round trip per batch (ms)."""

    def __init__(self, w: BenchWindow) -> None:
        self.w = w
        self.rtts: list[float] = []
        self.offset = 0.0

    # -- the page clock ----------------------------------------------------------------------------------------

    async def calibrate(self) -> None:
        """Map the page's clock to ours with the quickest of 25 ``performance.now()`` round trips."""
        best = (float("inf"), 0.0)
        for _ in range(25):
            t0 = time.perf_counter()
            page_ms = await self.w.js("performance.now()")
            t1 = time.perf_counter()
            best = min(best, ((t1 - t0) * 1e3, page_ms - (t0 + t1) / 2 * 1e3))
        self.rtts.append(best[0])
        self.offset = best[1]

    def since(self, t0: float, page_ms: float | None) -> float | None:
        """ms from host time ``t0`` to a page-side ``performance.now()`` value."""
        return None if page_ms is None else page_ms - self.offset - t0 * 1e3

    async def page_log(self) -> list[dict]:
        """The page-side records since the last call (``{m, t0, t1, len, raf, after}``, page ms), emptied."""
        return await self.w.js("JSON.stringify(window.__pnBench.splice(0))")

    # -- one page ----------------------------------------------------------------------------------------------

    async def run_page(self, url: str, n_targets: int) -> dict:
        """Load ``url`` and measure ``n_targets`` targets spread over :data:`SCROLLS`; returns the results."""
        w = self.w
        await w.load(url)
        res: dict = {"problems": [], "targets": [], "marker_colours": {}}
        size = await w.js("JSON.stringify({n: document.getElementsByTagName('*').length,"
                    " h: document.documentElement.scrollHeight - innerHeight})")
        res["elements"] = size["n"]   # nothing of pagenote's is in the page (the host draws the marks)
        per_batch = -(-n_targets // len(SCROLLS))
        for b, frac in enumerate(SCROLLS):
            await w.js(f"scrollTo(0, {round(size['h'] * frac)}); 0")
            await w.clear_hover()
            await w.fresh_frame()
            targets = (await w.js(f"{TARGETS_JS}({per_batch}, {11 + b})"))[: n_targets - len(res["targets"])]
            res["targets"] += targets
            await self.calibrate()
            await self.hover_pass(targets, res)
            await self.hover_pixel_pass(targets, res)
            await self.pin_pass(targets, res, pixels=False)
            w.clear()
            await w.fresh_frame()
            await self.pin_pass(targets, res, pixels=True)
            w.clear()
        await profile(w, res)
        return res

    async def hover_pass(self, targets, res) -> None:
        """Move the mouse onto each target: hover → state, the page side (in, exec, out) and the host's paint of
        the highlight over the view (``hover_frame``)."""
        from PySide6.QtCore import QEvent

        w = self.w
        for t in targets:
            await self.page_log()
            w.marks, w.want_hover = {}, t["rect"]
            t0 = time.perf_counter()
            w.send_mouse(QEvent.Type.MouseMove, t["x"], t["y"])
            if not await w.wait_until(lambda: "hover_done" in w.marks):
                res["problems"].append(f"hover: no answer at the {t['tag']}")
                continue
            done = (w.marks["hover_done"] - t0) * 1e3
            add(res, "hover_state", done)
            painted = await w.wait_until(lambda: "hover_painted" in w.marks)
            w.want_hover = None
            if painted:
                add(res, "hover_frame", (w.marks["hover_painted"] - t0) * 1e3)
            state = w.drawn_highlight()
            got = state.get("viewport") or {}
            if not all(abs(got.get(k, -1e9) - t["rect"][k]) < 1 for k in ("x", "y", "width", "height")):
                res["problems"].append(f"hover highlighted {state.get('label', 'nothing')!r}, not the {t['tag']}")
            await w.settle(40)
            log = await self.page_log()
            rec = next((r for r in log if r["m"] == "hover"), None)
            if rec:
                add(res, "hover_in", self.since(t0, rec["t0"]))
                add(res, "hover_exec", rec["t1"] - rec["t0"])
                add(res, "hover_out", done - self.since(t0, rec["t1"]))

    async def hover_pixel_pass(self, targets, res) -> None:
        """Move onto each target and poll grabs until the outline's blue is at its left edge."""
        from PySide6.QtCore import QEvent

        w = self.w
        for t in targets:
            window = edge_window(t)
            if seen_colour(w, window, [BLUE]):
                res["problems"].append(f"hover pixels: #2563EB already at the {t['tag']}'s edge; skipped")
                continue
            await self.page_log()
            w.marks, w.want_hover = {}, t["rect"]
            t0 = time.perf_counter()
            w.send_mouse(QEvent.Type.MouseMove, t["x"], t["y"])
            seen = await poll_pixels(lambda window=window: seen_colour(w, window, [BLUE]))
            w.want_hover = None
            if seen is None:
                res["problems"].append(f"hover pixels: no outline at the {t['tag']}'s edge")
                continue
            add(res, "hover_pixels", (seen - t0) * 1e3)
            if "hover_painted" in w.marks:
                add(res, "hover_gap", (seen - w.marks["hover_painted"]) * 1e3)
            await w.settle(40)
            await self.page_log()

    async def pin_pass(self, targets, res, pixels: bool) -> None:
        """Hover each target, then press. With ``pixels``, poll grabs for the marker; else time the page and the
        panel without grabbing. Each note is confirmed with Enter before the next pin, so pins accumulate."""
        from PySide6.QtCore import QEvent

        w = self.w
        for t in targets:
            w.send_mouse(QEvent.Type.MouseMove, t["x"], t["y"])
            dot = dot_window(t)
            edge = edge_window(t)
            if pixels and await poll_pixels(lambda edge=edge, dot=dot: seen_colour(w, edge, [BLUE])
                                      and not seen_colour(w, dot, [RED, BLUE]), 2_000) is None:
                res["problems"].append(f"pin pixels: the {t['tag']}'s top-left never showed clean; skipped")
                continue
            await w.settle(40)
            await self.page_log()
            w.marks, w.want_rows = {}, w.panel_rows() + 1
            w.want_marker = w.want_rows   # pins accumulate: the new one's number is the new row count
            t0 = time.perf_counter()
            w.send_mouse(QEvent.Type.MouseButtonPress, t["x"], t["y"])
            w.send_mouse(QEvent.Type.MouseButtonRelease, t["x"], t["y"])
            seen = None
            if pixels:   # the badge is placed by the host (outside the element when there is room)
                n = w.want_marker
                seen = await poll_pixels(lambda n=n: badge_seen(w, n, [RED, BLUE]))
                if seen is None:
                    res["problems"].append(f"pin pixels: no marker at the {t['tag']}")
                else:
                    add(res, "pin_pixels", (seen - t0) * 1e3)
                    colour = "#{:02X}{:02X}{:02X}".format(*badge_seen(w, n, [RED, BLUE]))
                    res["marker_colours"][colour] = res["marker_colours"].get(colour, 0) + 1
            ok = await w.wait_until(lambda: "panel_row" in w.marks and "setMarkers_return" in w.marks
                                    and "marker_painted" in w.marks)
            w.want_rows, w.want_marker = -1, None
            if not ok:
                res["problems"].append(f"pin: no new row or marker for the {t['tag']} ({sorted(w.marks)})")
                continue
            # The whole record follows the marker (Annotator.pin_box): wait for it, so the next pin starts clean.
            if not await w.wait_until(lambda: not w.window.batch_session.recording()):
                res["problems"].append(f"pin: the {t['tag']}'s record never arrived")
            await w.settle(60)
            log = await self.page_log()
            marker = next((r for r in log if r["m"] == "setMarkers"), None)
            pick = next((r for r in log if r["m"] == "pick"), None)
            if seen is not None:
                add(res, "pin_gap", (seen - w.marks["marker_painted"]) * 1e3)
                add(res, "pin_px_rendered", (w.marks["marker_painted"] - t0) * 1e3)
            if not pixels:
                self._pin_times(res, t0, marker, pick)
            if w.last_pinned_tag() != t["tag"]:
                res["problems"].append(f"pin: pinned a {w.last_pinned_tag()}, not the {t['tag']}")
            w.confirm_note()
            await w.settle(30)

    def _pin_times(self, res: dict, t0: float, marker: dict | None, pick: dict | None) -> None:
        """The timed (no-grab) pin's milestones, host and page side, from mouse press ``t0``."""
        m = {k: (v - t0) * 1e3 for k, v in self.w.marks.items()}
        add(res, "pin_row", m["panel_row"])
        add(res, "pin_record", m.get("record_answer"))
        add(res, "marker_call", m.get("setMarkers_call"))
        add(res, "marker_return", m["setMarkers_return"])
        add(res, "pin_marker", m["marker_painted"])
        if marker:
            add(res, "marker_exec", marker["t1"] - marker["t0"])
            add(res, "marker_done", self.since(t0, marker["t1"]))
        if pick and "pick_answer" in m:
            add(res, "pick_in", self.since(t0, pick["t0"]))
            add(res, "pick_exec", pick["t1"] - pick["t0"])
            add(res, "pick_out", m["pick_answer"] - self.since(t0, pick["t1"]))
            add(res, "pick_answer", m["pick_answer"])
            add(res, "pick_kib", pick["len"] / 1024)
