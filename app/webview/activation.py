"""Whether the page of a view may act on a gesture now: :class:`UserActivation` remembers the last input that
gives a page *transient user activation* in Chromium and reaches the page.

Qt 6.12 does not say whether a download came with a user gesture (``QWebEngineDownloadRequest`` has no such
property; only ``QWebEngineNewWindowRequest`` and ``QWebEngineNavigationRequest`` have ``isUserInitiated``).
So the host watches the input itself, where it enters Chromium: Qt's ``MouseButtonPress`` /
``MouseButtonDblClick`` / ``KeyPress`` / ``TouchEnd`` events on the view's focus proxy (Chromium's input widget,
followed across renderer swaps by :class:`~app.webview.proxy.FocusProxyWatch`) — the events HTML's activation-
triggering input list names (``keydown`` other than Escape, ``mousedown``, ``touchend``). The user's input and
the agent's (:mod:`app.webview.input`, which takes the same path) both count; input that annotation mode
swallows (an active :class:`~app.webview.input_guard.InputGuard` on the view) never reaches the page and does
not count.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.webview.input import agent_sending
from app.webview.proxy import FocusProxyWatch

_ACTIVATING = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick, QEvent.Type.KeyPress,
               QEvent.Type.TouchEnd}


class UserActivation(QObject):
    """The last activating input to ``view``'s page (module docstring). :meth:`consume` lets one action
    (a download) through per input, within ``lifespan_s`` seconds of it (Chromium's 5 s)."""

    def __init__(self, view: QWebEngineView, lifespan_s: float) -> None:
        super().__init__(view)
        self.view = view
        self.lifespan_s = lifespan_s
        #: ``time.monotonic()`` of the last activating input not used up yet; ``None``: none.
        self.last: float | None = None
        self.watch = FocusProxyWatch(view, self)

    def _swallowed(self) -> bool:
        """Whether annotation mode keeps the user's input from the page now."""
        from app.webview.input_guard import InputGuard

        return any(guard.active for guard in self.view.findChildren(InputGuard))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        kind = event.type()
        if kind in _ACTIVATING and obj is self.watch.proxy:
            if kind == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
                return False
            if agent_sending() or not self._swallowed():
                self.last = time.monotonic()
        return False

    def consume(self, now: float | None = None) -> bool:
        """Whether an activating input came within the lifespan before ``now`` (``time.monotonic()``); it is used
        up when it did."""
        now = time.monotonic() if now is None else now
        if self.last is None or now - self.last > self.lifespan_s:
            return False
        self.last = None
        return True

    def shutdown(self) -> None:
        """Stop watching (before the view is destroyed)."""
        self.watch.stop()
