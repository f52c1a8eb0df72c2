"""Annotation mode owns the user's input: an event filter on the view's focus proxy (Chromium's input widget)
swallows mouse, key, touch, context-menu and hover events so that no page script sees them, and re-emits the
ones pagenote needs as typed signals (issue #2 §3).

Wheel events pass through, so the user can still scroll while annotating. The filter is installed on the
``QApplication`` and matches the *current* focus proxy on every event, because QtWebEngine replaces the proxy
widget when the renderer changes (cross-site navigation, render process restart).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QApplication

_SWALLOW = {
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride,
    QEvent.Type.ContextMenu, QEvent.Type.HoverEnter, QEvent.Type.HoverLeave, QEvent.Type.HoverMove,
    QEvent.Type.Enter, QEvent.Type.Leave, QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate,
    QEvent.Type.TouchEnd, QEvent.Type.TouchCancel, QEvent.Type.TabletPress, QEvent.Type.TabletMove,
    QEvent.Type.TabletRelease, QEvent.Type.InputMethod, QEvent.Type.DragEnter, QEvent.Type.DragMove,
    QEvent.Type.Drop,
}


class InputGuard(QObject):
    """While :attr:`active`, the page of ``view`` receives no user input.

    Signals (positions in the focus proxy's logical px; divide by the zoom factor for CSS px):
        hovered(QPointF): the pointer moved over the page.
        clicked(QPointF): left button pressed on the page.
        key_event(QEvent): a key press/release or input-method event, for pagenote's note box; the original
            event object, valid only during the signal.
    """

    hovered = Signal(QPointF)
    clicked = Signal(QPointF)
    key_event = Signal(QEvent)

    def __init__(self, view: QWebEngineView) -> None:
        super().__init__(view)
        self.view = view
        self.active = False
        QApplication.instance().installEventFilter(self)

    def set_active(self, on: bool) -> None:
        """Start (``True``) or stop owning the page's input."""
        self.active = on

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if not self.active or event.type() not in _SWALLOW or obj is not self.view.focusProxy():
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseMove:
            self.hovered.emit(event.position())
        elif kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(event.position())
        elif kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.InputMethod):
            self.key_event.emit(event)
        # ShortcutOverride is swallowed but not accepted, so the window's shortcuts (Ctrl+Shift+A …) still fire.
        return True

    def shutdown(self) -> None:
        """Remove the application-wide filter (call before the view is destroyed)."""
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
