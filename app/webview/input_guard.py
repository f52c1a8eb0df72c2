"""Annotation mode owns the user's input: an event filter on the view's focus proxy (Chromium's input widget)
swallows mouse, key, touch, context-menu and hover events so that no page script sees them, and re-emits the
ones pagenote needs as typed signals (issue #2 §3).

Wheel events pass through, so the user can still scroll while annotating. Keyboard focus may move to
pagenote's own widgets (the note box); the focus proxy's FocusIn/FocusOut are swallowed so the page never
sees a blur.

The agent's input (:mod:`app.webview.input`, sent while :func:`~app.webview.input.agent_sending`) passes: the
mode blocks the user's input, never the agent's, and the agent's clicks never make or change annotations.

QtWebEngine replaces the focus proxy when the renderer changes (cross-site or cross-scheme navigation — an
``http://`` page to a ``file://`` one and back —, render process restart), so the filter follows the current
proxy through :class:`~app.webview.proxy.FocusProxyWatch`. (An application-wide filter would avoid that, but
PySide6 6.12 crashes when an app-wide Python event filter sees events of objects under destruction.)
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QApplication

from app.webview.input import agent_sending
from app.webview.proxy import FocusProxyWatch

_SWALLOW = {
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride,
    QEvent.Type.ContextMenu, QEvent.Type.HoverEnter, QEvent.Type.HoverLeave, QEvent.Type.HoverMove,
    QEvent.Type.Enter, QEvent.Type.Leave, QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate,
    QEvent.Type.TouchEnd, QEvent.Type.TouchCancel, QEvent.Type.TabletPress, QEvent.Type.TabletMove,
    QEvent.Type.TabletRelease, QEvent.Type.InputMethod, QEvent.Type.DragEnter, QEvent.Type.DragMove,
    QEvent.Type.Drop,
    # Focus: the note box (a Qt widget) takes keyboard focus from the view; Chromium must not hear of it, or
    # the page would see blur/focusout (issue #2 §3: no focus change reaches page scripts).
    QEvent.Type.FocusIn, QEvent.Type.FocusOut,
}

_STEP_KEYS = {Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down"}
# Alt alone among these (Shift and keypad are ignored): Ctrl+Alt+arrows may belong to the desktop.
_MODS = Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier


class InputGuard(QObject):
    """While :attr:`active`, the page of ``view`` receives no user input.

    Signals (positions in the focus proxy's logical px; divide by the zoom factor for CSS px):
        hovered(QPointF): the pointer moved over the page.
        left(): the pointer left the page view (onto another widget — the side panel, the status bar, the note
            box —, or out of the window): Qt's Leave of the focus proxy.
        clicked(QPointF): left button pressed on the page.
        escape_pressed(): Esc was pressed while the page had keyboard focus.
        step(str): Alt+Up (``"up"``) or Alt+Down (``"down"``) while the page had keyboard focus (issue #3 §5,
            issue 9 §3: the hover candidate's parent, or the next element of the hit-test stack at the pointer).
    """

    hovered = Signal(QPointF)
    left = Signal()
    clicked = Signal(QPointF)
    #: The left button's press with the keyboard modifiers held (Qt.KeyboardModifier), its release, and a key
    #: released (Qt.Key): the drags and Ctrl+clicks of text, region and group annotations (app/ui/gestures.py).
    pressed = Signal(QPointF, object)
    released = Signal(QPointF)
    #: The second press of a double click (Qt's MouseButtonDblClick, sent after that press when it came within
    #: the platform's double-click interval and distance of the first).
    double_clicked = Signal(QPointF)
    key_released = Signal(int)
    escape_pressed = Signal()
    step = Signal(str)

    def __init__(self, view: QWebEngineView) -> None:
        super().__init__(view)
        self.view = view
        self.active = False
        # Keys whose press the mode swallowed: their release is swallowed too, even once the mode is off (the
        # Esc that leaves the mode must not reach the page as a lone keyup).
        self._held: set[int] = set()
        self.watch = FocusProxyWatch(view, self)
        self.watch.changed.connect(self._proxy_changed)

    @property
    def _proxy(self) -> QObject | None:
        return self.watch.proxy

    def _proxy_changed(self, proxy) -> None:
        # A new renderer's input widget: it gets the mode's cursor too (Chromium never sets one while the
        # mode swallows its mouse moves).
        if self.active:
            proxy.setCursor(Qt.CursorShape.CrossCursor)

    def set_active(self, on: bool) -> None:
        """Start (``True``) or stop owning the page's input.

        On stop, if keyboard focus left the view meanwhile, Chromium is told now (a FocusOut it did not get
        while the mode was on), so page and Qt agree again about focus.
        """
        self.active = on
        self.watch.check()
        proxy = self.view.focusProxy()
        if proxy is not None:
            # Chromium sets the cursor only in answer to mouse moves, which it no longer gets: ours wins.
            if on:
                proxy.setCursor(Qt.CursorShape.CrossCursor)
            else:
                proxy.unsetCursor()
        if not on and proxy is not None and not proxy.hasFocus():
            QApplication.sendEvent(proxy, QFocusEvent(QEvent.Type.FocusOut, Qt.FocusReason.OtherFocusReason))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if not self.active and self._held and obj is self._proxy and event.type() in (QEvent.Type.KeyPress,
                                                                                       QEvent.Type.KeyRelease):
            if event.key() not in self._held:
                return False
            if event.type() == QEvent.Type.KeyPress:  # a new press: its release is the page's again
                self._held.discard(event.key())
                return False
            if not event.isAutoRepeat():
                self._held.discard(event.key())
            return True
        if not self.active or obj is not self._proxy or event.type() not in _SWALLOW:
            return False
        if agent_sending():  # the agent's own input (app.webview.input) reaches the page, and pins nothing
            return False
        kind = event.type()
        if kind == QEvent.Type.KeyPress:
            self._held.add(event.key())
        elif kind == QEvent.Type.KeyRelease and not event.isAutoRepeat():
            self._held.discard(event.key())
        if kind == QEvent.Type.MouseMove:
            self.hovered.emit(event.position())
        elif kind == QEvent.Type.Leave:
            self.left.emit()
        elif kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self.pressed.emit(event.position(), event.modifiers())
            self.clicked.emit(event.position())
        elif kind == QEvent.Type.MouseButtonDblClick and event.button() == Qt.MouseButton.LeftButton:
            self.double_clicked.emit(event.position())
        elif kind == QEvent.Type.MouseButtonRelease and event.button() == Qt.MouseButton.LeftButton:
            self.released.emit(event.position())
        elif kind == QEvent.Type.KeyRelease and not event.isAutoRepeat():
            self.key_released.emit(event.key())
        elif kind == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
        elif (kind == QEvent.Type.KeyPress and event.key() in _STEP_KEYS
              and (event.modifiers() & _MODS) == Qt.KeyboardModifier.AltModifier):
            self.step.emit(_STEP_KEYS[event.key()])
        # ShortcutOverride is swallowed but not accepted, so the window's shortcuts (Ctrl+Shift+A …) still fire.
        return True

    def shutdown(self) -> None:
        """Stop filtering (call before the view is destroyed)."""
        self.active = False
        self.watch.stop()
