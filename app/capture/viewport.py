"""Viewport screenshots: ``QWidget.grab()`` of the view, taken only once a fresh frame is on screen.

After ``loadFinished`` the first grab can still be white, and a grab right after a DOM change can show the
frame before it (seen with Qt 6.12 / Chromium 140 offscreen: QtWebEngine presents compositor frames
asynchronously). So a capture proves freshness by pixels, host side, with a *paint probe*:

1. grab, read device pixel (0, 0) = p;
2. ask the page-side overlay (in the top layer) to show a 1×1 CSS px probe at the viewport's top-left in a
   colour far from p (markers and highlight hidden), and grab until pixel (0, 0) moves far from p (the page
   may tint it: filters, opacity) — a frame made after our request is on screen; call that colour q;
3. hide the overlay and grab until pixel (0, 0) moves far from q: that grab is a fresh, clean frame.

If the probe never shows (a page that deletes pagenote's overlay, or hides it), the capture falls back to
stability: two grabs a few frames apart must be identical. Each wait ends with :class:`CaptureError`
``CAPTURE_BLANK`` after ``timeout_ms``. The image must be the view's logical size × DPR (``CAPTURE_SIZE``).
"""

from __future__ import annotations

import logging
import time

from PIL import Image
from PySide6.QtCore import QBuffer, QIODevice, QSize
from PySide6.QtGui import QImage
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.webview.picker import Picker, wait_ms

log = logging.getLogger("pagenote.capture")


class CaptureError(RuntimeError):
    """A screenshot could not be taken honestly. ``code`` is stable (``CAPTURE_BLANK``, ``CAPTURE_SIZE``,
    ``CAPTURE_EMPTY_VIEW``); the message says what to do next."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def to_pil(image: QImage) -> Image.Image:
    """Copy a ``QImage`` into a Pillow RGBA image (device px)."""
    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = bytes(rgba.constBits())
    return Image.frombuffer("RGBA", (rgba.width(), rgba.height()), data, "raw", "RGBA", rgba.bytesPerLine(), 1)


def flat_colour(image: QImage) -> tuple[int, int, int] | None:
    """The single RGB colour of ``image`` when every pixel has it, else ``None``."""
    extrema = to_pil(image).convert("RGB").getextrema()
    if all(lo == hi for lo, hi in extrema):
        return tuple(lo for lo, _ in extrema)  # type: ignore[return-value]
    return None


def expected_size(view: QWebEngineView) -> QSize:
    """The viewport image size in device px: the view's logical size × its device pixel ratio."""
    dpr = view.devicePixelRatioF()
    return QSize(round(view.width() * dpr), round(view.height() * dpr))


def _origin_rgb(image: QImage) -> tuple[int, int, int]:
    c = image.pixelColor(0, 0)
    return c.red(), c.green(), c.blue()


def _far(a: tuple[int, int, int], b: tuple[int, int, int], distance: int = 64) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) >= distance


def _grab_until(view: QWebEngineView, accept, deadline: float) -> QImage | None:
    """Grab until ``accept(pixel00)``; ``None`` when ``deadline`` (monotonic s) passes first."""
    while True:
        image = view.grab().toImage()
        if not image.isNull() and image.width() > 0 and accept(_origin_rgb(image)):
            return image
        if time.monotonic() >= deadline:
            return None
        wait_ms(16)


def _grab_stable(view: QWebEngineView, picker: Picker, deadline: float) -> QImage | None:
    """Two grabs a few frames apart that are identical (the fallback when the probe cannot be seen)."""
    previous = None
    while time.monotonic() < deadline:
        picker.wait_frames(2)
        image = view.grab().toImage()
        if previous is not None and image == previous and flat_colour(image) is None:
            return image
        previous = image
        wait_ms(100)
    return None


#: How long the probe may take to appear before the stability fallback is used, in ms.
PROBE_WAIT_MS = 1_500


def grab_viewport(view: QWebEngineView, picker: Picker, *, timeout_ms: int = 5_000) -> QImage:
    """Grab the visible viewport of ``view``, without pagenote's overlay, as a ``QImage`` of
    ``expected_size(view)`` device px (see the module docstring for how freshness is proven).

    Raises :class:`CaptureError`: ``CAPTURE_EMPTY_VIEW`` when the view is hidden or has no area,
    ``CAPTURE_NO_PICKER`` when pagenote's page script is not running in the page, ``CAPTURE_BLANK`` when no
    fresh frame arrived within ``timeout_ms``, ``CAPTURE_SIZE`` when the image is not the view's size × DPR.
    """
    if view.width() <= 1 or view.height() <= 1 or not view.isVisible():
        raise CaptureError("CAPTURE_EMPTY_VIEW", "the view is hidden or has no area; show or enlarge the window")
    if picker.call_sync("frame") is None:
        raise CaptureError("CAPTURE_NO_PICKER", "pagenote's page script is not running here (error page, PDF "
                                                "or download?); reload the page and retry")
    start = time.monotonic()
    deadline = start + timeout_ms / 1000
    try:
        before = _origin_rgb(view.grab().toImage())
        probe = tuple(0 if v >= 128 else 255 for v in before)  # ≥ 128 away from p in every channel
        picker.call_sync("probe", "#%02X%02X%02X" % probe)
        shown = _grab_until(view, lambda rgb: _far(rgb, before), min(deadline, start + PROBE_WAIT_MS / 1000))
        if shown is not None:
            seen = _origin_rgb(shown)
            picker.call_sync("probe", None)
            image = _grab_until(view, lambda rgb: _far(rgb, seen), deadline)
        else:
            log.warning("paint probe not visible (the page hides pagenote's overlay?); using a stability check")
            picker.call_sync("probe", None)
            image = _grab_stable(view, picker, deadline)
    finally:
        picker.call("setOverlayVisible", True)
    if image is None:
        raise CaptureError("CAPTURE_BLANK", f"no fresh, stable frame was painted within {timeout_ms} ms; if the "
                                            "window is minimised or hidden, show it and retry")
    if image.size() != expected_size(view):
        size = expected_size(view)
        raise CaptureError("CAPTURE_SIZE", f"got {image.width()}x{image.height()} device px, expected "
                                           f"{size.width()}x{size.height()}; retry once the window is settled")
    return image


def png_bytes(image: QImage) -> bytes:
    """Encode ``image`` as PNG bytes. Raises ``CaptureError`` ``CAPTURE_ENCODE`` if Qt cannot encode it."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise CaptureError("CAPTURE_ENCODE", "Qt could not encode the image as PNG")
    return bytes(buffer.data())
