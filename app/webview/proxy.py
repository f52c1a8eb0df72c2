"""Follow a QWebEngineView's focus proxy — Chromium's input widget — as QtWebEngine replaces it.

QtWebEngine swaps the view's render widget (and with it ``view.focusProxy()``) when the renderer changes: a
navigation to another site or scheme that gets its own render process (``file://`` from ``http://`` and back),
or a render process restart. The new widget is added as a child of the view *before* it becomes the focus
proxy, so a check at ``ChildAdded`` still sees the old one; :class:`FocusProxyWatch` checks again once the
event loop has run (``QTimer.singleShot(0)``) and on every later child event, and moves an event filter from
the old widget to the new one. The old widget may already be deleted by then: it is never touched unless
``shiboken6.isValid`` says it still exists.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWebEngineWidgets import QWebEngineView


class FocusProxyWatch(QObject):
    """Keeps ``target`` (a QObject event filter) installed on ``view``'s current focus proxy.

    Signals: ``changed(object)`` with the new proxy (a QWidget) each time it is replaced.
    Attribute ``proxy``: the proxy the filter is on now, or None.
    """

    changed = Signal(object)

    def __init__(self, view: QWebEngineView, target: QObject) -> None:
        super().__init__(view)
        self.view = view
        self.target = target
        self.proxy = None
        view.installEventFilter(self)
        self.check()

    def check(self) -> None:
        """Move the filter to the view's focus proxy if it changed (safe to call any time)."""
        if not shiboken6.isValid(self.view):
            return
        proxy = self.view.focusProxy()
        if proxy is None or proxy is self.proxy:
            return
        if self.proxy is not None and shiboken6.isValid(self.proxy):
            self.proxy.removeEventFilter(self.target)
        proxy.installEventFilter(self.target)
        self.proxy = proxy
        self.changed.emit(proxy)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.view and event.type() in (QEvent.Type.ChildAdded, QEvent.Type.ChildPolished,
                                                 QEvent.Type.ChildRemoved):
            self.check()
            # The new render widget becomes the focus proxy only after it was added: look again then.
            QTimer.singleShot(0, self, self.check)
        return False

    def stop(self) -> None:
        """Remove the filters (before the view is destroyed)."""
        if shiboken6.isValid(self.view):
            self.view.removeEventFilter(self)
        if self.proxy is not None and shiboken6.isValid(self.proxy):
            self.proxy.removeEventFilter(self.target)
        self.proxy = None
