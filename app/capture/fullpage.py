"""Full-page screenshots: the whole document as one image, stitched from viewport grabs (issue #4 §1).

Chromium's own beyond-viewport capture (what Playwright's ``full_page=True`` returns) keeps the layout
viewport: ``100vh`` stays one viewport tall, fixed elements appear once where they sit at scroll 0, sticky
elements at their in-flow position, and there are no scrollbars. pagenote reproduces that from the host side
without CDP (Qt's remote-debugging port is process-wide and open to any origin, so it is never used):

1. hide all scrollbars (``scrollbar-width: none`` in a constructed sheet adopted for the capture's
   duration), as headless Chromium does: the layout width is the view's full width and inner scrollers
   take no scrollbar space — not ``QWebEngineSettings.ShowScrollBars``: changing a setting makes QtWebEngine
   6.12 re-run the injected scripts, which would drop pagenote's page-side state mid-capture;
2. hold sticky elements at their in-flow position (page side, ``capture.js``);
3. grab the viewport at scroll 0 (fixed elements included) with :func:`app.capture.viewport.grab_viewport`,
   then hide fixed elements and grab the following tiles one viewport *minus one CSS px* apart (the last
   one aligned to the document's end): each tile is scrolled to and probed in one round trip
   (:func:`app.capture.viewport.grab_probed_tile`), and its top row, which holds the probe, is covered by
   the previous tile's clean last row — so no tile is stale and no probe pixel reaches the image;
4. fill each tile's secret fields as they are laid out at that scroll position (every frame's, asked again per
   tile: content that appears while scrolling is covered), paste its new rows (and columns, for wide
   documents) into one image, restore everything.

Pinned elements' rects (``FullPage.pin_rects``, the outlines of the annotated image) are measured in this
captured layout. An :class:`~app.model.annotation.ElementRecord`'s ``rect`` is measured when it is pinned, in
the live layout: a classic scrollbar narrows that by its width (15 px), so ``pagenote capture --full-page``
makes its records with the page in the captured layout (``pinForCapture("sticky")``, app/headless.py) and the
two agree; the window's records keep the live page's geometry (docs/capture.md, "Screenshots").

Tiles are viewport-sized, so no single texture ever holds the whole page, however tall. The Qt thread only
scrolls, waits for the probe and grabs; converting, filling, stitching and PNG encoding run on one worker
thread (:class:`app.capture.stitch.Stitcher`), overlapping the next tiles' frames. Given a ``stream`` factory,
a whole-document capture writes its rows straight into the PNG (:class:`app.capture.png.PngStream`) and never
holds the image.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import shiboken6
from PIL import Image
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.capture.interrupt import cancel_and_wait
from app.capture.png import PngStream
from app.capture.stitch import Stitcher, Tile
from app.capture.timing import NO_PHASES, Phases
from app.capture.viewport import CaptureError, emulated_viewport, grab_probed_tile, grab_viewport
from app.core.wording import a_or_an
from app.webview.bridge import PageBridge, PageCallTimeout
from app.webview.frames import redaction_rects

log = logging.getLogger("pagenote.capture")

#: Largest document pagenote stitches, in CSS px per side (Chromium's LayoutUnit saturates near 2**25 px;
#: a 1280×200,000 px RGBA image is already 1 GB).
MAX_DOCUMENT_SIDE = 200_000
#: Tiles grabbed but not yet stitched before the Qt thread waits for the worker (each holds one viewport).
MAX_QUEUED = 4


@dataclass
class FullPage:
    """A stitched full-page image (device px; ``None`` when its rows went into a stream) with the document's
    size in CSS px, the DPR, and what was measured in the captured layout: ``pin_rects`` (id → rect or
    ``None``) and ``redactions``, in CSS px, document coordinates (already filled in the image)."""

    image: Image.Image | None
    width: int
    height: int
    dpr: float
    tiles: int
    pin_rects: dict[str, dict | None]
    redactions: list[dict]
    #: The image's top-left in document CSS px: (0, 0) for the whole document, the region's for a clip.
    origin: tuple[float, float] = (0.0, 0.0)


async def _metrics(bridge: PageBridge) -> dict:
    metrics = await bridge.call("documentMetrics")
    if not isinstance(metrics, dict):
        raise CaptureError("CAPTURE_NO_PICKER", "the page did not report its size; reload it and retry")
    return metrics


class _Sent:
    """A :class:`PageBridge` stand-in for :func:`redaction_rects` whose ``sent`` event is set as its first page
    call is sent (the bridge sends a call synchronously as it is awaited, before the caller can run again)."""

    def __init__(self, bridge: PageBridge) -> None:
        self.bridge = bridge
        self.page = bridge.page
        self.sent = asyncio.Event()

    async def call(self, method: str, *args, **kwargs):
        """:meth:`PageBridge.call`."""
        pending = self.bridge.call(method, *args, **kwargs)
        self.sent.set()  # waiters run only once this task waits for the answer: the call is out by then
        return await pending


def _children(bridge: PageBridge) -> bool:
    """Whether the page has child frames now (True once the page is deleted: nothing is sent ahead then)."""
    if not shiboken6.isValid(bridge.page):
        return True
    return any(child.isValid() for child in bridge.page.mainFrame().children())


def _offsets(length: int, view: int, step: int) -> list[int]:
    """Scroll offsets (CSS px) whose ``view``-long windows cover ``[0, length)``; the last one is aligned to
    the end."""
    offsets = list(range(0, max(length - view, 0) + 1, step)) or [0]
    if offsets[-1] + view < length:
        offsets.append(length - view)
    return offsets


async def grab_full_page(view: QWebEngineView, bridge: PageBridge, *, pin_ids: list[str] | None = None,
                         progress: Callable[[int, int], None] | None = None,
                         cancelled: Callable[[], bool] = lambda: False,
                         clip: tuple[float, float, float, float] | None = None,
                         stream: Callable[[int, int], PngStream] | None = None,
                         phases: Phases = NO_PHASES) -> FullPage:
    """Capture the whole document of ``view``'s page (see the module docstring). ``pin_ids``: pinned
    elements whose document rects to measure in the captured layout. ``clip=(left, top, right, bottom)``
    (CSS px, document coordinates) captures only that region, from the tiles that overlap it: the image is the
    region (its top-left is :attr:`FullPage.origin`) — for crops of elements larger than the viewport, which
    must work on a document too large to stitch whole. ``stream(width, height)`` (device px; whole documents
    only) returns the :class:`PngStream` to write the rows into; the caller finishes or discards it.

    ``progress(done, total)`` is called after each tile; ``cancelled()`` is checked before each tile.
    ``phases`` gets the time of each step (:mod:`app.capture.timing`).
    Raises :class:`CaptureError`: ``CAPTURE_CANCELLED``, ``CAPTURE_TOO_LARGE`` (a side over
    :data:`MAX_DOCUMENT_SIDE`), every error of :func:`grab_viewport`, and ``CAPTURE_REDACTION_UNVERIFIED``
    (:func:`app.webview.frames.redaction_rects`); ``OSError`` from the stream. The page's scroll position,
    scrollbars and styles are restored in every case, and the worker thread is idle when this returns.
    """
    # An emulated viewport larger than the view: its tiles cannot be grabbed whole — say so before anything
    # changes on the page (CAPTURE_SIZE, "enlarge the window").
    emulated_viewport(view)
    loop = asyncio.get_running_loop()
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pagenote-stitch")
    jobs: deque[asyncio.Future] = deque()
    start = await _metrics(bridge)
    original_scroll = start["scroll"]

    restored = False

    def restore() -> None:
        # Posted, not awaited: the renderer runs them in order even when it is busy now (a page in a script
        # loop would otherwise time out each step, skip the rest and hide the capture's real error); any later
        # page call queues behind them, so it already sees the restored page. Once only: after a navigation's
        # loadStarted put the page back, the next document (maybe committed by the time the capture unwinds)
        # must not be scrolled to this one's position.
        nonlocal restored
        if restored:
            return
        restored = True
        bridge.post("probe", None)
        bridge.post("setOverlayVisible", True)
        bridge.post("pinForCapture", "restore")
        bridge.post("scrollTo", original_scroll["x"], original_scroll["y"])

    # A navigation (F5, a link) leaves the document as it is when its history entry's scroll is saved: put the
    # page back at once then, before the capture's cancellation has unwound to the restore below (a reload
    # came back at the capture's scroll position otherwise).
    view.loadStarted.connect(restore)
    try:
        with phases.span("setup"):
            await bridge.call("pinForCapture", "sticky")
            with contextlib.suppress(PageCallTimeout):  # a throttled page: the probes prove freshness anyway
                await bridge.wait_frames(2)
            metrics = await _metrics(bridge)
            # What the window draws for each pin, measured again in this layout (app/core/mark_layout.py)
            pin_rects = await bridge.call("pinnedRects", list(pin_ids or []), True, True) or {}
            # Every frame's secret fields, measured in the captured layout (CAPTURE_REDACTION_UNVERIFIED when a
            # frame in the region does not answer: the image is then not made at all).
            redactions = await redaction_rects(bridge, True, clip)
        doc_w, doc_h = int(metrics["width"]), int(metrics["height"])
        vw, vh = int(metrics["viewport"]["width"]), int(metrics["viewport"]["height"])
        zoom = view.zoomFactor() or 1.0
        if vw > view.width() / zoom + 1 or vh > view.height() / zoom + 1:
            # A tile is one viewport: a page-reported viewport larger than the view would paste rows no grab
            # holds (they would come out black).
            raise CaptureError("CAPTURE_SIZE", f"the page reports {a_or_an(f'{vw}x{vh}')} CSS px viewport in "
                                               f"{a_or_an(f'{view.width()}x{view.height()}')} px view; reload it "
                                               "and retry")
        if clip is not None:
            region = (max(int(clip[0]), 0), max(int(clip[1]), 0), min(math.ceil(clip[2]), doc_w),
                      min(math.ceil(clip[3]), doc_h))
        else:
            region = (0, 0, doc_w, doc_h)
        region_w, region_h = region[2] - region[0], region[3] - region[1]
        if max(region_w, region_h) > MAX_DOCUMENT_SIDE:
            what = "the document" if clip is None else "the region"
            raise CaptureError("CAPTURE_TOO_LARGE", f"{what} is {region_w}x{region_h} CSS px; pagenote stitches at "
                                                    f"most {MAX_DOCUMENT_SIDE} px per side")
        # Rows step by vh - 1 so every tile's probe row is covered by the tile above; columns step by vw
        # (tiles right of the first column are grabbed the slow, clean way when they are in the top row).
        xs = _offsets(doc_w, vw, vw)
        ys = _offsets(doc_h, vh, max(vh - 1, 1))
        if clip is not None:
            # Keep the rows that overlap the region, plus the one above (its clean last row covers the next
            # tile's probe row) — and always the top row, where fixed elements are drawn and then hidden; and
            # only the columns that overlap the region.
            keep = [i for i, y in enumerate(ys) if y < region[3] and y + vh > region[1]]
            first = max(min(keep, default=0) - 1, 0)
            ys = [ys[0]] + [y for y in ys[first:max(keep, default=0) + 1] if y != ys[0]]
            xs = [x for x in xs if x < region[2] and x + vw > region[0]] or xs[:1]
        total = len(xs) * len(ys)
        # Device px per CSS px of the grabs: the view's, not the page's devicePixelRatio, which an emulated
        # device changes (app.tabs.emulation) while the view still paints at the window's DPR.
        dpr = view.devicePixelRatioF() * zoom
        size = (max(round(region_w * dpr), 1), max(round(region_h * dpr), 1))
        stitcher = Stitcher(size, dpr, redactions, stream(*size) if stream is not None and clip is None else None,
                            phases)
        plan = [(x, y, column == len(xs) - 1) for y in ys for column, x in enumerate(xs)]
        covered_x = covered_y = 0
        ahead: asyncio.Future | None = None  # the next tile's scroll + probe, sent right behind a query
        query = sent = None
        try:
            for done, (x, y, row_end) in enumerate(plan):
                if ahead is None and cancelled():
                    raise CaptureError("CAPTURE_CANCELLED", "the full-page capture was cancelled")
                if done == 1:
                    await bridge.call("pinForCapture", "fixed")  # after the scroll-0 tile: fixed elements once
                if ahead is not None:
                    fast, ahead = await ahead, None
                else:
                    fast = await grab_probed_tile(view, bridge, x, y, done, phases=phases) if y > 0 else None
                if fast is None:
                    actual = await bridge.call("scrollTo", x, y)
                    grabbed = await grab_viewport(view, bridge, phases=phases)
                    skip_top = 0
                else:
                    grabbed, actual = fast
                    skip_top = 1  # the probe row
                # The tile's secrets as laid out now (a field or frame that appeared while scrolling: lazy
                # loading, infinite scroll), filled before it joins the image.
                with phases.span("redaction"):
                    asked = _Sent(bridge)
                    query = asyncio.ensure_future(redaction_rects(asked, False, (0, 0, vw, vh)))
                    if done + 1 < len(plan) and done + 1 != 1 and plan[done + 1][1] > 0 and not _children(bridge) \
                            and not cancelled():
                        # The next tile's scroll goes right behind this query: the renderer runs page calls in
                        # order, so the query still sees this tile's layout, and a round trip is saved. Only
                        # without child frames, which the query asks after the main frame's answer.
                        sent = asyncio.ensure_future(asked.sent.wait())
                        await asyncio.wait([sent, query], return_when=asyncio.FIRST_COMPLETED)
                        sent.cancel()
                        nx, ny, _ = plan[done + 1]
                        ahead = asyncio.ensure_future(grab_probed_tile(view, bridge, nx, ny, done + 1, phases=phases))
                    rects = await query
                ax, ay = int(actual["x"]), int(actual["y"])
                # Keep only what earlier tiles did not cover (overlaps: the probe row, the last row/column).
                left, top = max(covered_x - ax, 0), max(covered_y - ay, skip_top)
                box = (round(left * dpr), round(top * dpr), round(min(vw, doc_w - ax) * dpr),
                       round(min(vh, doc_h - ay) * dpr))
                at = (round((ax + left - region[0]) * dpr), round((ay + top - region[1]) * dpr))
                tile = Tile(grabbed, (ax, ay), rects, box, at, row_end)
                jobs.append(loop.run_in_executor(worker, stitcher.add, tile))
                while jobs and (len(jobs) > MAX_QUEUED or jobs[0].done()):
                    await jobs.popleft()  # the worker's errors surface here
                covered_x = 0 if row_end else ax + vw
                if row_end:
                    covered_y = ay + vh
                if progress is not None:
                    progress(done + 1, total)
        finally:
            # Nothing of this capture may reach the page after the restoring calls below (cancelled: no error of
            # theirs matters, and an interruption arriving now still ends the capture).
            await cancel_and_wait(ahead, query, sent)
        with phases.span("drain"):
            while jobs:
                await jobs.popleft()
            image = await loop.run_in_executor(worker, stitcher.finish)
        return FullPage(image, doc_w, doc_h, dpr, total, pin_rects, redactions, (region[0], region[1]))
    finally:
        # Queued tiles are dropped and a running one is waited for (a few ms), so the caller may discard the
        # stream safely.
        for job in jobs:
            job.cancel()
        worker.shutdown(wait=True, cancel_futures=True)
        if shiboken6.isValid(view):
            view.loadStarted.disconnect(restore)
        restore()
