"""Holding a page's JavaScript dialog for the agent: :class:`DialogHold`.

pagenote answers dialogs at once by policy (:mod:`app.webview.dialogs`). While an agent drives the page
(:class:`~app.tabs.agent_control.AgentControl` is ``acting``), a dialog is held instead, so the agent can read
it and answer it itself (``dialog.handle(accept, prompt_text?)``, Playwright MCP's ``browser_handle_dialog``):

- Qt's dialog virtuals (``QWebEnginePage.javaScriptAlert`` …) must return the answer, and the page's script
  waits until they do; Qt's own default waits in a modal ``QMessageBox``'s event loop. The hold waits the same
  way — a local ``QEventLoop`` in the virtual — so the agent socket, the window and every other task keep
  running meanwhile (asyncio runs on Qt's loop). It is the only nested loop in pagenote, and it is Qt's own
  dialog pattern. It is allowed because of where it runs: Qt calls the virtual from its own dispatch of the
  renderer's message, never from an asyncio task's step, so the loop nests no task (a task's step must not run
  one, :mod:`app.runtime.loop`); the suite's guard would fail a test that called :meth:`DialogHold.hold`
  inside a task (``tests/test_loop_guard.py``, docs/testing.md).
- The wait is bounded: after :data:`HOLD_MS` without an answer, or when the user takes control (Stop), the
  dialog is answered by the policy as always (``released``).
- While a dialog is held the page's renderer is blocked in it: every page call would time out, so the agent
  methods check :attr:`DialogHold.pending` first and answer ``MODAL_DIALOG`` at once, and a call that is
  waiting when a dialog opens is ended with ``MODAL_DIALOG`` too (:attr:`DialogHold.opened`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from app.webview.dialogs import page_text

#: Longest hold of one dialog (ms) before the policy answers it.
HOLD_MS = 60_000


@dataclass
class PendingDialog:
    """A held dialog: ``kind`` (alert | confirm | prompt | beforeunload), ``message`` and ``default`` as
    pagenote may show them (:func:`~app.webview.dialogs.page_text`), and the ``answer`` once given:
    ``(accept, prompt_text)``."""

    kind: str
    message: str
    default: str | None
    answer: tuple[bool, str | None] | None = None
    loop: QEventLoop | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        """``{type, message, default_value?}`` as agents read it."""
        out = {"type": self.kind, "message": self.message}
        if self.default is not None:
            out["default_value"] = self.default
        return out


class DialogHold(QObject):
    """Holds the dialogs of one page while :attr:`enabled` (module docstring).

    Signals:
        opened(PendingDialog): a dialog is held (the page waits).
        closed(): the held dialog was answered or released.
    """

    opened = Signal(object)
    closed = Signal()

    def __init__(self, parent: QObject | None = None, hold_ms: int = HOLD_MS) -> None:
        super().__init__(parent)
        self.enabled = False
        self.hold_ms = hold_ms
        self.pending: PendingDialog | None = None

    def hold(self, kind: str, message: str, default: str | None) -> tuple[bool, str | None] | None:
        """Called from the page's dialog virtual: wait (bounded) for :meth:`answer`. Returns ``(accept,
        prompt_text)``, or ``None`` when the dialog is not held (not :attr:`enabled`, another one already held)
        or was released: then the policy answers it."""
        if not self.enabled or self.pending is not None:
            return None
        pending = self.pending = PendingDialog(kind, page_text(message) or "", page_text(default))
        pending.loop = QEventLoop()
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(pending.loop.quit)
        timer.start(self.hold_ms)
        self.opened.emit(pending)
        if pending.answer is None:   # a slot may answer at once
            pending.loop.exec()
        timer.stop()
        self.pending = None
        self.closed.emit()
        return pending.answer

    def answer(self, accept: bool, prompt_text: str | None = None) -> PendingDialog | None:
        """Answer the held dialog (the page's call returns); returns it, or ``None`` when none is held."""
        pending = self.pending
        if pending is None:
            return None
        pending.answer = (accept, prompt_text)
        if pending.loop is not None:
            pending.loop.quit()
        return pending

    def release(self) -> None:
        """Let the policy answer the held dialog (the user took control); holds nothing further until enabled."""
        self.enabled = False
        if self.pending is not None and self.pending.loop is not None:
            self.pending.loop.quit()
