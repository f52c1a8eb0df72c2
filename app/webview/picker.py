"""Host side of the page picker: typed calls into ``window.__pagenote`` in the isolated world.

Every call goes through ``QWebEnginePage.runJavaScript(src, ApplicationWorld, callback)``; the page side
answers with JSON strings (see ``app/picker_js/main.js``) which are parsed here. Callbacks receive ``None``
when the picker is not installed in the current document yet (before ``DocumentReady``) or the call failed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWebEngineCore import QWebEngineFrame, QWebEnginePage, QWebEngineScript

log = logging.getLogger("pagenote.picker")

WORLD = QWebEngineScript.ScriptWorldId.ApplicationWorld


class PickerTimeout(RuntimeError):
    """A synchronous picker call got no answer within its timeout (the renderer is busy or gone)."""


def _call_source(method: str, *args: Any) -> str:
    arglist = ", ".join(json.dumps(a) for a in args)
    # A page-side exception becomes {"__error__": stack} so it reaches our log instead of vanishing.
    return (f"(() => {{ if (!window.__pagenote) return '__pagenote_missing__';"
            f" try {{ return window.__pagenote.{method}({arglist}); }}"
            f" catch (e) {{ return JSON.stringify({{__error__: String((e && e.stack) || e)}}); }} }})()")


class Picker:
    """Calls into the page-side picker of ``page`` — a ``QWebEnginePage`` (its main frame) or one
    ``QWebEngineFrame`` (a sub-frame, cross-origin included; Qt ≥ 6.8). Coordinates are the frame's viewport
    CSS px."""

    def __init__(self, page: QWebEnginePage | QWebEngineFrame) -> None:
        self.page = page

    def call(self, method: str, *args: Any, callback: Callable[[Any], None] | None = None) -> None:
        """Call ``window.__pagenote.<method>(*args)``; ``callback`` gets the parsed JSON result, ``None`` when
        the picker is missing or returned nothing."""

        def done(result: Any) -> None:
            if callback is None:
                return
            if result == "__pagenote_missing__" or result is None or result == "":
                callback(None)
                return
            if isinstance(result, str):
                try:
                    result = json.loads(result)
                except ValueError:
                    pass
            if isinstance(result, dict) and "__error__" in result:
                log.warning("page-side %s() failed: %s", method, result["__error__"][:2000])
                callback(None)
                return
            callback(result)

        self.page.runJavaScript(_call_source(method, *args), WORLD, done)

    def call_sync(self, method: str, *args: Any, timeout_ms: int = 10_000) -> Any:
        """Like :meth:`call` but waits (nested event loop) and returns the result.

        Raises :class:`PickerTimeout` when no answer arrives in ``timeout_ms``.
        """
        loop = QEventLoop()
        box: list[Any] = []

        def done(result: Any) -> None:
            box.append(result)
            loop.quit()

        self.call(method, *args, callback=done)
        if not box:
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            timer.start(timeout_ms)
            loop.exec()
            timer.stop()
        if not box:
            raise PickerTimeout(f"PICKER_TIMEOUT: no answer from the page to {method}() in {timeout_ms} ms")
        return box[0]

    def wait_ready(self, timeout_ms: int = 10_000) -> bool:
        """Wait until the picker is installed in the current document; False on timeout."""
        deadline = timeout_ms
        while deadline > 0:
            if self.call_sync("frame", timeout_ms=deadline) is not None:
                return True
            wait_ms(50)
            deadline -= 50
        return False

    def wait_frames(self, n: int = 2, timeout_ms: int = 3_000) -> bool:
        """Wait until the renderer has run ``n`` more animation frames (so a DOM change is painted)."""
        target = self.call_sync("requestFrames", n, timeout_ms=timeout_ms)
        if target is None:
            return False
        waited = 0
        while waited < timeout_ms:
            frame = self.call_sync("frame", timeout_ms=timeout_ms)
            if frame is not None and frame >= target:
                return True
            wait_ms(16)
            waited += 16
        return False


def wait_ms(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds (never a bare sleep: the GUI keeps painting)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
