"""Viewport screenshots: ``QWidget.grab()`` of the view's render widget (:func:`page_widget`), taken only once a fresh frame is on screen.

After ``loadFinished`` the first grab can still be white, and a grab right after a DOM change can show the
frame before it (seen with Qt 6.12 / Chromium 140 offscreen: QtWebEngine presents compositor frames
asynchronously). So a capture proves freshness by pixels, host side, with a *paint probe*:

1. grab, read the first two CSS px of the viewport's top row = (p0, p1);
2. ask the page-side overlay (in the top layer, so no page filter, opacity or modal covers it) to show a
   two-pixel probe there, each pixel in a colour far from what is under it and from the other (markers and
   highlight hidden), and grab until both pixels show exactly those colours: a frame made after our
   request is on screen;
3. hide the overlay and grab until the pair is gone: that grab is a fresh, clean frame. Two pixels of
   different colours, because the page's own pixels under a one-pixel probe can have the probe's colour.

Step 3's frame is the image: the probe's frame proves that anything after it is fresh, so a capture costs
the frames of those two page changes and nothing more — no settling wait, no page call in between that is
not needed (hiding the probe is posted, and the work a caller wants done before the grab, such as measuring
secret fields, runs while the probe's frame is awaited: :func:`grab_viewport_with`).

If the probe never shows (a page that deletes pagenote's overlay, or hides it), the capture falls back to
stability: two grabs a few frames apart must be identical. Each wait ends with :class:`CaptureError`
``CAPTURE_BLANK`` after ``timeout_ms``. The image must be the view's logical size × DPR (``CAPTURE_SIZE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image
from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QImage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QWidget

from app.capture.interrupt import cancel_and_wait
from app.capture.timing import NO_PHASES, Phases
from app.core.errors import PagenoteError
from app.webview.bridge import PageBridge, PageCallTimeout, PageScriptMissing

log = logging.getLogger("pagenote.capture")


class CaptureError(PagenoteError):
    """A screenshot could not be taken honestly: a ``CAPTURE_*`` name of the registry
    (:mod:`app.core.errors`) with a message that says what to do next. ``str(error)`` is ``"NAME: message"``."""


def to_pil(image: QImage, mode: str = "RGBA") -> Image.Image:
    """Copy a ``QImage`` into a Pillow image (device px), ``mode`` ``RGBA`` or ``RGB``."""
    if mode == "RGB":
        rgb = image.convertToFormat(QImage.Format.Format_RGB888)
        return Image.frombuffer("RGB", (rgb.width(), rgb.height()), bytes(rgb.constBits()), "raw", "RGB",
                                rgb.bytesPerLine(), 1)
    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = bytes(rgba.constBits())
    return Image.frombuffer("RGBA", (rgba.width(), rgba.height()), data, "raw", "RGBA", rgba.bytesPerLine(), 1)


def flat_colour(image: QImage) -> tuple[int, int, int] | None:
    """The single RGB colour of ``image`` when every pixel has it, else ``None``."""
    extrema = to_pil(image).convert("RGB").getextrema()
    if all(lo == hi for lo, hi in extrema):
        return tuple(lo for lo, _ in extrema)  # type: ignore[return-value]
    return None


def emulated_viewport(view: QWebEngineView) -> QSize | None:
    """The viewport the tab emulates (:mod:`app.tabs.emulation`: ``browser_resize`` or a device), in view px
    (CSS px × page zoom), or ``None`` when it emulates none. Chromium draws it at the view's top left at the
    window's DPR; a grab is cropped to it. Raises ``CAPTURE_SIZE`` when it is larger than the view (its
    rows beyond the view are never painted: enlarge the window or emulate a smaller viewport)."""
    size = view.property("pagenoteEmulatedViewport")
    if not isinstance(size, QSize) or not size.isValid() or size.isEmpty():
        return None
    zoom = view.zoomFactor() or 1.0
    w, h = round(size.width() * zoom), round(size.height() * zoom)
    if w > view.width() or h > view.height():
        raise CaptureError("CAPTURE_SIZE", f"the emulated {size.width()}x{size.height()} CSS px viewport is larger "
                                           f"than the {view.width()}x{view.height()} px view; enlarge the window or "
                                           "emulate a smaller viewport (browser_resize)")
    return QSize(w, h)


def page_widget(view: QWebEngineView) -> QWidget:
    """The widget that draws the page: the view's render widget (its focus proxy, a child at the view's origin
    with the view's size), else the view. ``QWidget.grab()`` draws a widget's children too, and widgets pagenote
    shows over the page are children of the view (the note box, app/ui/note_box.py): grabbing the render widget
    keeps them out of every screenshot and crop (a pin's before crop showed the open note box's corner)."""
    proxy = view.focusProxy()
    if proxy is not None and proxy.parentWidget() is view and proxy.geometry() == view.rect():
        return proxy
    return view


def _grab(view: QWebEngineView) -> QImage:
    """The whole viewport as on screen now: the view, or the emulated viewport in its top left."""
    emulated = emulated_viewport(view)
    page = page_widget(view)
    return (page.grab() if emulated is None else page.grab(QRect(0, 0, emulated.width(), emulated.height()))).toImage()


def expected_size(view: QWebEngineView) -> QSize:
    """The viewport image size in device px: the view's logical size (the emulated viewport's, when the tab
    emulates one: :func:`emulated_viewport`) × its device pixel ratio."""
    dpr = view.devicePixelRatioF()
    emulated = emulated_viewport(view)
    w, h = (view.width(), view.height()) if emulated is None else (emulated.width(), emulated.height())
    return QSize(round(w * dpr), round(h * dpr))


Pair = tuple[tuple[int, int, int], tuple[int, int, int]]


def _probe_pair(image: QImage, dpr: float) -> Pair:
    """Device pixels of CSS px (0, 0) and (1, 0)."""
    c0, c1 = image.pixelColor(0, 0), image.pixelColor(min(int(dpr), image.width() - 1), 0)
    return (c0.red(), c0.green(), c0.blue()), (c1.red(), c1.green(), c1.blue())


def _far(a: tuple[int, int, int], b: tuple[int, int, int], distance: int = 64) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) >= distance


_CANDIDATES = ((255, 0, 255), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 0))


def _probe_colours(before: Pair) -> Pair:
    """Two probe colours: each far from the pixel under it, and far from each other (so a uniform page
    area can never look like the probe)."""
    first = tuple(0 if v >= 128 else 255 for v in before[0])  # ≥ 128 away in every channel
    second = next(c for c in _CANDIDATES if _far(c, before[1], 128) and _far(c, first, 128))
    return first, second  # type: ignore[return-value]


#: Pause between two looks at the probe's pixels, s (a look is a 2x1 px grab: ~50 µs).
POLL_S = 0.002


def _corner_pair(view: QWebEngineView) -> Pair | None:
    """The probe's two pixels as on screen now (a 2x1 CSS px grab), ``None`` when the grab is empty."""
    small = page_widget(view).grab(QRect(0, 0, 2, 1)).toImage()
    return _probe_pair(small, view.devicePixelRatioF()) if not small.isNull() and small.width() > 1 else None


async def _grab_until(view: QWebEngineView, accept, deadline: float, phases: Phases = NO_PHASES,
                      whole: bool = True) -> QImage | None:
    """Grab until ``accept(probe pair)``; ``None`` when ``deadline`` (monotonic s) passes first. Polls with
    a tiny grab of the probe's pixels and grabs the whole view only once they are accepted (``phases``:
    ``frame wait`` until then, ``grab copy`` for the whole grab); with ``whole=False`` the tiny grab is returned
    (only the frame's arrival matters)."""
    dpr = view.devicePixelRatioF()
    waited = time.perf_counter()
    while True:
        pair = _corner_pair(view)
        if pair is not None and accept(pair):
            phases.add("frame wait", time.perf_counter() - waited)
            if not whole:
                return page_widget(view).grab(QRect(0, 0, 2, 1)).toImage()
            with phases.span("grab copy"):
                image = _grab(view)
            if accept(_probe_pair(image, dpr)):
                return image
            waited = time.perf_counter()
        if time.monotonic() >= deadline:
            return None
        await asyncio.sleep(POLL_S)


async def _grab_stable(view: QWebEngineView, bridge: PageBridge, deadline: float) -> QImage | None:
    """Two grabs a few frames apart that are identical (the fallback when the probe cannot be seen)."""
    previous = None
    while time.monotonic() < deadline:
        with contextlib.suppress(PageCallTimeout):  # a throttled page: compare grabs anyway
            await bridge.wait_frames(2)
        image = _grab(view)
        if previous is not None and image == previous and flat_colour(image) is None:
            return image
        previous = image
        await asyncio.sleep(0.1)
    return None


async def _grab_fresh(view: QWebEngineView, bridge: PageBridge, deadline: float) -> QImage | None:
    """A grab once the renderer has run two more animation frames (a frame made from the document as it is now
    has been drawn: main.js requestFrames), not one colour all over; a page that animates gives the frame it is
    at. Where frames do not come (a throttled page), two identical grabs (:func:`_grab_stable`)."""
    while time.monotonic() < deadline:
        try:
            await bridge.wait_frames(2)
        except PageCallTimeout:
            return await _grab_stable(view, bridge, deadline)
        image = _grab(view)
        if flat_colour(image) is None:
            return image
        await asyncio.sleep(0.1)
    return None


#: How long the probe may take to appear before the stability fallback is used, in ms.
PROBE_WAIT_MS = 1_500


#: ``CAPTURE_EMPTY_VIEW``'s next step where there is no window to show or enlarge (``pagenote serve``).
NO_WINDOW_EMPTY_VIEW = "open the page in a new tab (browser_tabs action=new; every tab of pagenote serve is " \
                       "given the viewport of its first) and capture there"


async def grab_viewport(view: QWebEngineView, bridge: PageBridge, *, timeout_ms: int = 5_000,
                        phases: Phases = NO_PHASES) -> QImage:
    """Grab the visible viewport of ``view``, without pagenote's overlay, as a ``QImage`` of
    ``expected_size(view)`` device px (see the module docstring for how freshness is proven).

    Raises :class:`CaptureError`: ``CAPTURE_EMPTY_VIEW`` when the view is hidden or has no area,
    ``CAPTURE_NO_PICKER`` when pagenote's page script is not running in the page, ``CAPTURE_BLANK`` when no
    fresh frame arrived within ``timeout_ms``, ``CAPTURE_SIZE`` when the image is not the view's size × DPR.
    """
    image, _ = await grab_viewport_with(view, bridge, None, timeout_ms=timeout_ms, phases=phases)
    return image


async def grab_viewport_with(view: QWebEngineView, bridge: PageBridge, before: Callable[[], Awaitable[Any]] | None,
                             *, timeout_ms: int = 5_000, phases: Phases = NO_PHASES,
                             probe: bool = True) -> tuple[QImage, Any]:
    """:func:`grab_viewport`, running ``before()`` (page calls that must happen before the image's frame is
    made, e.g. measuring secret fields) while the probe's frame is awaited; it always completes before the
    probe is hidden, so before the image's frame. Returns ``(image, what before() returned)``.

    ``probe`` false: no paint probe — nothing is put in the page's DOM (the probe's host element and its
    popover toggle are events a page can observe); the image is a grab two animation frames after ``before()``
    completed (:func:`_grab_fresh`; a pulsing button anywhere in view no longer makes it ``CAPTURE_BLANK``, as
    waiting for two identical grabs did). For grabs the user did not ask for, such as a pin's before crop
    (app/tabs/before_crops.py).

    Raises :func:`grab_viewport`'s errors first; then, once the image is taken, what ``before`` raised."""
    if view.width() <= 1 or view.height() <= 1 or not view.isVisible():
        what = "hidden" if not view.isVisible() else f"{view.width()}x{view.height()} px"
        # With no window (pagenote serve, capture) the view is its own offscreen top-level widget.
        raise CaptureError("CAPTURE_EMPTY_VIEW", f"the tab's view is {what}: it has no viewport to capture",
                           NO_WINDOW_EMPTY_VIEW if view.isWindow() else None)
    if view.window().isMinimized():
        # A minimised window's renderer is hidden: Chromium stops producing frames, so a grab would be stale.
        raise CaptureError("CAPTURE_MINIMIZED", "the window is minimised; restore it and retry")
    start = time.monotonic()
    deadline = start + timeout_ms / 1000
    if not probe:
        outcome = await asyncio.gather(before(), return_exceptions=True) if before is not None else [None]
        image = await _grab_fresh(view, bridge, deadline)
        _check_grab(view, image, timeout_ms)
        if isinstance(outcome[0], BaseException):
            raise outcome[0]
        return image, outcome[0]
    early = asyncio.ensure_future(before()) if before is not None else None
    done = False
    try:
        before_pair = _corner_pair(view) or ((255, 255, 255), (255, 255, 255))
        want = _probe_colours(before_pair)
        try:
            with phases.span("probe"):
                await bridge.call("probe", ["#%02X%02X%02X" % c for c in want])
        except PageScriptMissing:
            raise CaptureError("CAPTURE_NO_PICKER", "pagenote's page script is not running here (error page, PDF "
                                                    "or download?); reload the page and retry") from None
        probed = lambda pair: close(pair[0], want[0], 24) and close(pair[1], want[1], 24)  # noqa: E731
        # Only the requested colours prove the probe is on screen: "different from before" could just be
        # the page's own first paint arriving.
        shown = await _grab_until(view, probed, min(deadline, start + PROBE_WAIT_MS / 1000), phases, whole=False)
        early_outcome = await asyncio.gather(early, return_exceptions=True) if early is not None else [None]
        if shown is not None:
            # Posted: any frame without the probe from now on was made after the probe's frame, so fresh.
            bridge.post("probe", None)
            image = await _grab_until(view, lambda pair: not probed(pair), deadline, phases)
        else:
            log.warning("paint probe not visible (the page hides pagenote's overlay?); using a stability check")
            await bridge.call("probe", None)
            image = await _grab_stable(view, bridge, deadline)
        done = True
    finally:
        if not done:  # stopped while the probe may be on the page (an error, or the capture interrupted)
            bridge.post("probe", None)
        bridge.post("setOverlayVisible", True)
        if early is not None and not done:
            await cancel_and_wait(early)
    _check_grab(view, image, timeout_ms)
    if isinstance(early_outcome[0], BaseException):
        raise early_outcome[0]
    return image, early_outcome[0]


def _check_grab(view: QWebEngineView, image: QImage | None, timeout_ms: int) -> None:
    """Raise ``CAPTURE_BLANK`` (no image) or ``CAPTURE_SIZE`` (not the view's size × DPR) for a finished grab."""
    if image is None:
        raise CaptureError("CAPTURE_BLANK", f"no fresh, stable frame was painted within {timeout_ms} ms; if the "
                                            "window is minimised or hidden, show it and retry")
    if image.size() != expected_size(view):
        size = expected_size(view)
        raise CaptureError("CAPTURE_SIZE", f"got {image.width()}x{image.height()} device px, expected "
                                           f"{size.width()}x{size.height()}; retry once the window is settled")


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 8) -> bool:
    """Whether two RGB colours are equal within ``tolerance`` per channel."""
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


#: Two probe colour pairs used alternately by :func:`grab_probed_tile`, so a stale frame (showing the
#: previous pair) never passes for a new one.
TILE_PROBES = (((255, 0, 255), (0, 255, 0)), ((0, 255, 255), (255, 0, 0)))


async def grab_probed_tile(view: QWebEngineView, bridge: PageBridge, x: float, y: float, parity: int,
                           *, timeout_ms: int = 1_500, phases: Phases = NO_PHASES) -> tuple[QImage, dict] | None:
    """One full-page tile in a single round trip: scroll to (x, y) CSS px and show probe pair
    ``TILE_PROBES[parity]``; return ``(image, actual scroll)`` once the probe is on screen. The probe's two
    pixels are in the tile's top row, which the caller must not use (the previous tile covers it).

    Returns ``None`` when the probe does not show as requested (a page that tints or hides pagenote's
    overlay): the caller then falls back to :func:`grab_viewport`.
    """
    want = TILE_PROBES[parity % 2]
    with phases.span("probe"):
        actual = await bridge.call("scrollAndProbe", x, y, ["#%02X%02X%02X" % c for c in want])
    deadline = time.monotonic() + timeout_ms / 1000
    image = await _grab_until(view, lambda pair: close(pair[0], want[0]) and close(pair[1], want[1]), deadline,
                              phases)
    return (image, actual) if image is not None else None
