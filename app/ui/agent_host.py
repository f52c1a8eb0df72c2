"""The window as seen by the agent socket: implements :class:`app.agent.methods.Host` for a
:class:`~app.ui.main_window.MainWindow` (current batch, page state, the one tab, screenshots)."""

from __future__ import annotations

import base64
import logging
from typing import TYPE_CHECKING

from pathlib import Path

from app.agent.methods import ScreenshotParams
from app.agent.rpc import RpcError
from app.capture.downscale import downscale_png
from app.capture.viewport import CaptureError
from app.model.annotation import AnnotationBatch
from app.sinks import write_atomic
from app.webview.picker import PickerTimeout

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

log = logging.getLogger("pagenote.agent")

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
        window = self.window
        number = params.annotation
        shooter = window.shooter()
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
                shot = shooter.element(number, ids[number - 1])
            elif params.kind == "full":
                shot, _ = shooter.full_page()
            else:
                shot, _ = shooter.viewport(annotated=False)
        except CaptureError as exc:
            if exc.code == "CAPTURE_NOT_ON_PAGE":
                raise RpcError("NOT_FOUND", str(exc), "navigate back to the page it was made on") from None
            raise RpcError("CAPTURE_FAILED", str(exc)) from None
        except PickerTimeout as exc:
            raise RpcError("CAPTURE_FAILED", str(exc)) from None
        data = Path(shot.path).read_bytes()
        result = {"kind": params.kind, "path": shot.path, "width": shot.width, "height": shot.height,
                  "scale": 1.0, "css_scale": shot.scale, "dpr": shot.dpr, "annotation": number}
        if params.downscale:
            small, scale, (w, h) = downscale_png(data)
            if scale < 1.0:
                small_path = Path(shot.path).with_name(Path(shot.path).stem + "-agent.png")
                write_atomic(small_path, small)
                result.update(path=str(small_path), full_size_path=shot.path, full_width=shot.width,
                              full_height=shot.height, width=w, height=h, scale=scale)
            data = small
        if params.inline:
            result["data"] = base64.b64encode(data).decode("ascii")
            result["mime_type"] = "image/png"
        return result
