"""The agent's input to a page: Qt mouse, wheel, key and input-method events sent to the view's focus proxy
(Chromium's input widget, ``QWebEngineView.focusProxy()``) — the path the user's own input takes — so the page
sees trusted events (``event.isTrusted``), and React/Vue controlled inputs update through their own handlers.
Nothing here runs script in the page; no ``dispatchEvent``.

While :func:`agent_sending` is true the events on their way are the agent's: the annotation-mode
:class:`~app.webview.input_guard.InputGuard` lets them through (and makes no annotation of them), and the
user-control watch (:mod:`app.tabs.agent_control`) does not take them for the user's.

Positions are view px (CSS px × the view's zoom factor). Key names follow Playwright's ``keyboard.press``:
``Enter``, ``ArrowLeft``, ``a``, ``Control+Shift+A``, ``ControlOrMeta+a`` (:func:`parse_combo`).
"""

from __future__ import annotations

import time
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QInputMethodEvent, QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QApplication

from app.core.errors import PagenoteError

_sending = 0


def agent_sending() -> bool:
    """Whether the event being delivered now was sent by :class:`AgentInput` (not by the user)."""
    return _sending > 0


@contextmanager
def _agent():
    global _sending
    _sending += 1
    try:
        yield
    finally:
        _sending -= 1


MOD = Qt.KeyboardModifier
#: Playwright's modifier names → Qt modifiers (``ControlOrMeta`` is Control here: Linux and Windows).
MODIFIERS = {"Alt": MOD.AltModifier, "Control": MOD.ControlModifier, "ControlOrMeta": MOD.ControlModifier,
             "Meta": MOD.MetaModifier, "Shift": MOD.ShiftModifier}
_MOD_KEYS = {"Alt": Qt.Key.Key_Alt, "Control": Qt.Key.Key_Control, "ControlOrMeta": Qt.Key.Key_Control,
             "Meta": Qt.Key.Key_Meta, "Shift": Qt.Key.Key_Shift}
#: Named keys (the DOM ``KeyboardEvent.key`` values, UI Events KeyboardEvent key Values) → (Qt key, text).
NAMED_KEYS = {
    "Enter": (Qt.Key.Key_Return, "\r"), "Tab": (Qt.Key.Key_Tab, "\t"), "Backspace": (Qt.Key.Key_Backspace, "\b"),
    "Delete": (Qt.Key.Key_Delete, ""), "Escape": (Qt.Key.Key_Escape, ""), "Space": (Qt.Key.Key_Space, " "),
    "ArrowLeft": (Qt.Key.Key_Left, ""), "ArrowRight": (Qt.Key.Key_Right, ""), "ArrowUp": (Qt.Key.Key_Up, ""),
    "ArrowDown": (Qt.Key.Key_Down, ""), "Home": (Qt.Key.Key_Home, ""), "End": (Qt.Key.Key_End, ""),
    "PageUp": (Qt.Key.Key_PageUp, ""), "PageDown": (Qt.Key.Key_PageDown, ""), "Insert": (Qt.Key.Key_Insert, ""),
    **{f"F{n}": (getattr(Qt.Key, f"Key_F{n}"), "") for n in range(1, 13)},
    **{name: (key, "") for name, key in _MOD_KEYS.items()},
}
BUTTONS = {"left": Qt.MouseButton.LeftButton, "right": Qt.MouseButton.RightButton,
           "middle": Qt.MouseButton.MiddleButton}


def char_key(ch: str) -> tuple[Qt.Key, str]:
    """The Qt key and text of one printable character (``a`` → ``Key_A``, ``"a"``); ``Key_unknown`` for
    characters without a key of their own (they still type: Chromium reads the text)."""
    if ch == " ":
        return Qt.Key.Key_Space, " "
    code = ord(ch.upper()) if len(ch) == 1 else 0
    if 0x20 < code < 0x7F:
        return Qt.Key(code), ch
    return Qt.Key.Key_unknown, ch


def parse_combo(combo: str) -> tuple[Qt.KeyboardModifier, list[Qt.Key], Qt.Key, str]:
    """``"Control+Shift+A"`` → ``(modifiers, modifier keys, key, text)`` (Playwright's ``keyboard.press``
    syntax: modifiers joined with ``+``, then one named key or one character; ``+`` itself is ``"+"`` or
    ``"Shift++"``). The text is what the key types (empty for named keys that type nothing, and when Control,
    Alt or Meta is held). Raises :class:`PagenoteError` ``INVALID_PARAMS`` for an unknown key or modifier."""
    if combo == "+":
        mods, last = [], "+"
    elif combo.endswith("++"):
        mods, last = combo[:-2].split("+"), "+"
    else:
        *mods, last = combo.split("+")
    modifiers = MOD.NoModifier
    keys = []
    for name in mods:
        if name not in MODIFIERS:
            raise PagenoteError("INVALID_PARAMS", f"press: unknown modifier {name!r} in {combo!r}",
                                f"use {', '.join(MODIFIERS)} joined with + (e.g. Control+Shift+A)")
        modifiers |= MODIFIERS[name]
        keys.append(_MOD_KEYS[name])
    if last in NAMED_KEYS:
        key, text = NAMED_KEYS[last]
    elif len(last) == 1:
        key, text = char_key(last)
        if modifiers & MOD.ShiftModifier and text.isalpha():
            text = text.upper()
    else:
        raise PagenoteError("INVALID_PARAMS", f"press: unknown key {last!r}",
                            "use a key name (Enter, Tab, Escape, ArrowDown, Backspace, F5 …) or one character")
    if modifiers & (MOD.ControlModifier | MOD.AltModifier | MOD.MetaModifier):
        text = ""
    return modifiers, keys, key, text


class AgentInput:
    """Sends trusted input to ``view``'s page (module docstring). Every method returns once Qt handed the events
    to Chromium (synchronously); the page handles them a moment later."""

    def __init__(self, view: QWebEngineView) -> None:
        self.view = view
        self._buttons = Qt.MouseButton.NoButton
        self._last = QPointF(-1, -1)

    def _proxy(self):
        proxy = self.view.focusProxy()
        if proxy is None:
            raise PagenoteError("NO_PAGE", "the view has no page widget yet")
        return proxy

    def _send(self, event: QEvent) -> None:
        if hasattr(event, "setTimestamp"):   # input events (an input-method event has no timestamp)
            event.setTimestamp(int(time.monotonic() * 1000))
        with _agent():
            QApplication.sendEvent(self._proxy(), event)

    def _mouse(self, kind: QEvent.Type, at: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> None:
        proxy = self._proxy()
        global_at = QPointF(proxy.mapToGlobal(at.toPoint()))
        self._send(QMouseEvent(kind, at, global_at, button, self._buttons, modifiers))

    def move(self, at: QPointF, modifiers: Qt.KeyboardModifier = MOD.NoModifier) -> None:
        """The pointer moves to ``at`` (``mousemove``, ``pointerover`` … as the page sees a user's)."""
        self._mouse(QEvent.Type.MouseMove, at, Qt.MouseButton.NoButton, modifiers)
        self._last = at

    def down(self, at: QPointF, button: Qt.MouseButton = Qt.MouseButton.LeftButton,
             modifiers: Qt.KeyboardModifier = MOD.NoModifier) -> None:
        self._buttons |= button
        self._mouse(QEvent.Type.MouseButtonPress, at, button, modifiers)

    def up(self, at: QPointF, button: Qt.MouseButton = Qt.MouseButton.LeftButton,
           modifiers: Qt.KeyboardModifier = MOD.NoModifier) -> None:
        self._buttons &= ~button
        self._mouse(QEvent.Type.MouseButtonRelease, at, button, modifiers)

    def click(self, at: QPointF, button: Qt.MouseButton = Qt.MouseButton.LeftButton,
              modifiers: Qt.KeyboardModifier = MOD.NoModifier, count: int = 1) -> None:
        """Move to ``at`` and press and release ``button`` ``count`` times (2: a double click — Chromium counts
        presses at one place within the double-click interval, as for the user). Modifier keys are held for
        the whole click (their key events come first and last)."""
        keys = [key for name, key in _MOD_KEYS.items() if name != "ControlOrMeta" and modifiers & MODIFIERS[name]]
        held = MOD.NoModifier
        for key in keys:
            held |= _modifier_of(key)
            self._send(QKeyEvent(QEvent.Type.KeyPress, key, held))
        self.move(at, modifiers)
        for _ in range(count):
            self.down(at, button, modifiers)
            self.up(at, button, modifiers)
        for key in reversed(keys):
            held &= ~_modifier_of(key)
            self._send(QKeyEvent(QEvent.Type.KeyRelease, key, held))

    def wheel(self, at: QPointF, dx: float, dy: float) -> None:
        """Scroll by (``dx``, ``dy``) CSS-ish px at ``at`` (a wheel event: the scroller under ``at`` moves, as
        for a touchpad; positive ``dy`` scrolls down)."""
        proxy = self._proxy()
        pixels = QPoint(int(-dx), int(-dy))
        angle = QPoint(int(-dx * 120 / 100), int(-dy * 120 / 100))   # Chromium: 120 units ≈ 100 px on Linux
        self._send(QWheelEvent(at, QPointF(proxy.mapToGlobal(at.toPoint())), pixels, angle, Qt.MouseButton.NoButton,
                               MOD.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))

    def key(self, key: Qt.Key, text: str = "", modifiers: Qt.KeyboardModifier = MOD.NoModifier) -> None:
        """Press and release one key (``keydown``, ``keypress`` when it types, ``input``, ``keyup``)."""
        self._send(QKeyEvent(QEvent.Type.KeyPress, key, modifiers, text))
        self._send(QKeyEvent(QEvent.Type.KeyRelease, key, modifiers, text))

    def press(self, combo: str) -> int:
        """Press a key combination (:func:`parse_combo`): modifiers down, the key, modifiers up. Returns the
        number of keys released (each a ``keyup`` in the page)."""
        modifiers, keys, key, text = parse_combo(combo)
        held = MOD.NoModifier
        for k in keys:
            held |= _modifier_of(k)
            self._send(QKeyEvent(QEvent.Type.KeyPress, k, held))
        self.key(key, text, modifiers)
        for k in reversed(keys):
            held &= ~_modifier_of(k)
            self._send(QKeyEvent(QEvent.Type.KeyRelease, k, held))
        return 1 + len(keys)

    def type_text(self, text: str) -> int:
        """Type ``text`` one key at a time (``\\n`` as Enter, ``\\t`` as Tab); characters no key makes (emoji,
        CJK) are committed through the input method, as an IME would. Returns the number of keys pressed
        (each a ``keyup`` in the page; commits make none)."""
        keys = 0
        for ch in text:
            if ch == "\n":
                self.key(Qt.Key.Key_Return, "\r")
            elif ch == "\t":
                self.key(Qt.Key.Key_Tab, "\t")
            else:
                key, typed = char_key(ch)
                if key == Qt.Key.Key_unknown:
                    self.commit(ch)
                    continue
                self.key(key, typed, MOD.ShiftModifier if typed.isupper() else MOD.NoModifier)
            keys += 1
        return keys

    def commit(self, text: str) -> None:
        """Insert ``text`` at the caret in one step, as an input method commits it (one ``input`` event,
        ``inputType`` ``insertText``; it replaces the selection)."""
        event = QInputMethodEvent("", [])
        event.setCommitString(text)
        self._send(event)


def _modifier_of(key: Qt.Key) -> Qt.KeyboardModifier:
    return {Qt.Key.Key_Alt: MOD.AltModifier, Qt.Key.Key_Control: MOD.ControlModifier,
            Qt.Key.Key_Meta: MOD.MetaModifier, Qt.Key.Key_Shift: MOD.ShiftModifier}[key]
