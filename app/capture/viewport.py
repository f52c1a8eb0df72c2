"""Viewport screenshots: ``QWidget.grab()`` of the view, checked so a blank first frame is never saved.

After ``loadFinished`` the first grab can still be white (QtWebEngine has not received a compositor frame yet,
seen with Qt 6.12 / Chromium 140 offscreen). So a grab is accepted only when it is *plausible*: the right size
(view size in logical px × device pixel ratio) and either not a single flat colour, or flat in the page's own
background colour with no visible text in the viewport (a genuinely empty page). Otherwise it is retried
until ``timeout_ms``, then :class:`CaptureError` ``CAPTURE_BLANK`` is raised.
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


def _hex_rgb(value: str) -> tuple[int, int, int] | None:
    if not value.startswith("#") or len(value) not in (7, 9):
        return None
    if len(value) == 9 and value[7:] != "FF":
        return None  # a translucent page background composites over white
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def expected_size(view: QWebEngineView) -> QSize:
    """The viewport image size in device px: the view's logical size × its device pixel ratio."""
    dpr = view.devicePixelRatioF()
    return QSize(round(view.width() * dpr), round(view.height() * dpr))


def _plausible(image: QImage, view: QWebEngineView, picker: Picker) -> str:
    """Empty string when ``image`` can be saved, else why not."""
    if image.isNull() or image.width() <= 1 or image.height() <= 1:
        return "empty image"
    if image.size() != expected_size(view):
        return f"size {image.width()}x{image.height()} != expected {expected_size(view).width()}x{expected_size(view).height()}"
    flat = flat_colour(image)
    if flat is None:
        return ""
    hint = picker.call_sync("paintHint", timeout_ms=3_000)
    if not isinstance(hint, dict):
        return "flat image and the page did not answer"
    if hint.get("content"):
        return "flat image but the page has visible text"
    background = _hex_rgb(hint.get("background") or "") or (255, 255, 255)
    if max(abs(a - b) for a, b in zip(flat, background)) > 8:
        return f"flat image in {flat}, page background is {background}"
    return ""


def grab_viewport(view: QWebEngineView, picker: Picker, *, hide_overlay: bool = True,
                  timeout_ms: int = 5_000) -> QImage:
    """Grab the visible viewport of ``view`` as a ``QImage`` of ``expected_size(view)`` device px.

    ``hide_overlay`` hides pagenote's markers and highlight for the grab (restored afterwards). Raises
    :class:`CaptureError`: ``CAPTURE_EMPTY_VIEW`` when the view has no area, ``CAPTURE_BLANK`` when no
    plausible frame arrived within ``timeout_ms`` (see the module docstring).
    """
    if view.width() <= 1 or view.height() <= 1:
        raise CaptureError("CAPTURE_EMPTY_VIEW", "the view has no visible area; show or enlarge the window")
    if hide_overlay:
        picker.call_sync("setOverlayVisible", False)
    try:
        deadline = time.monotonic() + timeout_ms / 1000
        reason = "no frame"
        while True:
            picker.wait_frames(2)
            image = view.grab().toImage()
            reason = _plausible(image, view, picker)
            if not reason:
                return image
            if time.monotonic() >= deadline:
                break
            log.debug("viewport grab rejected (%s); retrying", reason)
            wait_ms(100)
        raise CaptureError("CAPTURE_BLANK", f"the page was not painted within {timeout_ms} ms ({reason}); "
                                            "make sure the window is not minimised and retry")
    finally:
        if hide_overlay:
            picker.call("setOverlayVisible", True)


def png_bytes(image: QImage) -> bytes:
    """Encode ``image`` as PNG bytes. Raises ``CaptureError`` ``CAPTURE_ENCODE`` if Qt cannot encode it."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise CaptureError("CAPTURE_ENCODE", "Qt could not encode the image as PNG")
    return bytes(buffer.data())
