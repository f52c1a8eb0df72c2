"""The window as seen by the agent socket: implements :class:`app.agent.methods.Host` for a
:class:`~app.ui.main_window.MainWindow` (current batch, page state, the one tab, screenshots)."""

from __future__ import annotations

import base64
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect

from app.agent.methods import ScreenshotParams
from app.agent.rpc import RpcError
from app.capture.downscale import downscale_png
from app.capture.viewport import CaptureError, grab_viewport, png_bytes
from app.model.annotation import AnnotationBatch
from app.sinks import shot_path, write_atomic
from app.webview.picker import PickerTimeout

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

log = logging.getLogger("pagenote.agent")

#: Margin around an element crop, in CSS px (issue #4 §2).
CROP_MARGIN = 16


class WindowHost:
    """Adapter from the agent methods to ``window``. Errors are raised as :class:`RpcError`."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def current_batch(self) -> AnnotationBatch:
        return self.window.batch()

    def tabs(self) -> list[dict]:
        page = self.window.page
        return [{"id": "1", "title": page.title(), "url": page.url().toString(), "active": True}]

    def page_state(self) -> dict:
        view = self.window.view
        state = self.window.picker.call_sync("viewportState", timeout_ms=3_000) if not self.window.loading else None
        return {
            "url": self.window.page.url().toString(),
            "title": self.window.page.title(),
            "loading": self.window.loading,
            "viewport": (state or {}).get("viewport") or {"width": view.width() / view.zoomFactor(),
                                                           "height": view.height() / view.zoomFactor()},
            "scroll": (state or {}).get("scroll"),
            "dpr": view.devicePixelRatioF(),
            "zoom": view.zoomFactor(),
        }

    def screenshot(self, params: ScreenshotParams) -> dict:
        if params.kind == "full":
            raise RpcError("INVALID_PARAMS", "screenshot: kind=full is not available yet",
                           "use kind=viewport or kind=element")
        window = self.window
        crop: QRect | None = None
        number = params.annotation
        try:
            if params.kind == "element":
                if params.batch == "current":
                    ids = [p.id for p in window.session.pins]
                elif params.batch in window.session.sent_ids:
                    ids = window.session.sent_ids[params.batch]
                else:
                    raise RpcError("NOT_FOUND", f"batch {params.batch!r} was not sent from this window session",
                                   "element screenshots work for the current batch and batches sent since start")
                if number is None or not 1 <= number <= len(ids):
                    raise RpcError("NOT_FOUND", f"there is no annotation {number} in batch {params.batch!r}")
                rect = window.picker.call_sync("reveal", ids[number - 1])
                if not isinstance(rect, dict):
                    raise RpcError("NOT_FOUND", f"annotation {number}'s element is not on the current page",
                                   "navigate back to the page it was made on")
                crop = self._crop_rect(rect)
            image = grab_viewport(window.view, window.picker)
        except (CaptureError, PickerTimeout) as exc:
            raise RpcError("CAPTURE_FAILED", str(exc)) from None
        if crop is not None:
            image = image.copy(crop.intersected(image.rect()))
        data = png_bytes(image)
        title = window.page.title() or window.page.url().host()
        path = shot_path(window.project_dir, title + (f"-a{number}" if crop is not None else ""))
        write_atomic(path, data)
        result = {"kind": params.kind, "path": str(path), "width": image.width(), "height": image.height(),
                  "scale": 1.0, "dpr": window.view.devicePixelRatioF(), "annotation": number}
        if params.downscale:
            small, scale, (w, h) = downscale_png(data)
            if scale < 1.0:
                small_path = path.with_name(path.stem + "-agent.png")
                write_atomic(small_path, small)
                result.update(path=str(small_path), full_size_path=str(path), full_width=result["width"],
                              full_height=result["height"], width=w, height=h, scale=scale)
            data = small
        if params.inline:
            result["data"] = base64.b64encode(data).decode("ascii")
            result["mime_type"] = "image/png"
        return result

    def _crop_rect(self, rect: dict) -> QRect:
        """Viewport CSS px rect + margin → device px rect in the grab."""
        view = self.window.view
        k = view.zoomFactor() * view.devicePixelRatioF()
        m = CROP_MARGIN
        return QRect(int((rect["x"] - m) * k), int((rect["y"] - m) * k),
                     int((rect["width"] + 2 * m) * k) + 1, int((rect["height"] + 2 * m) * k) + 1)
