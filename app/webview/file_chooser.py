"""Holding a page's file chooser for the agent: :class:`FileChooserHold` (Playwright MCP's "file chooser" modal
state, answered by ``browser_file_upload``).

Qt asks ``QWebEnginePage.chooseFiles(mode, oldFiles, acceptedMimeTypes)`` for the files and takes its return
value at once; Qt's default opens a modal ``QFileDialog`` (its own nested event loop). An agent cannot answer
inside that call without a nested loop, so while an agent acts the chooser never reaches Qt: the tab's DevTools
session intercepts it (CDP ``Page.setInterceptFileChooserDialog``; Chromium then emits ``Page.fileChooserOpened``
with the input's ``backendNodeId`` and ``mode`` instead of asking the embedder), the hold keeps it as
:attr:`FileChooserHold.pending`, and the agent's answer sets the files on that input
(``DOM.setFileInputFiles``: Chromium reads the files itself when the page does; the input fires ``input`` and
``change`` as after a user's choice). Measured on QtWebEngine 6.12 here: the event arrives about 12 ms after the
click; the page is never blocked meanwhile, and a chooser left unanswered does not stop the next one from opening.

For the user (no agent acting) interception is off and Qt's own dialog opens as always. Where nobody could see a
dialog (the ``offscreen`` platform: ``pagenote serve``) and where the agent acts but interception was not on yet,
:func:`fallback_files` answers Qt with no files (the chooser is cancelled) instead of a dialog nobody can close.
Cancelling a held chooser leaves the input as it was; the page gets no ``cancel`` event.

A held chooser is bounded like a held JavaScript dialog (:mod:`app.webview.dialog_hold`): it goes when the user
takes the page (Stop, a click into it) and, unanswered, :data:`~app.webview.dialog_hold.HOLD_MS` after it opened
(then it is cancelled, as pagenote's policy answers a dialog nobody answered). Agents reach the app over one
socket connection per call, so the app never knows that the agent who was told about a chooser went away: until
the bound, any agent is told the chooser is open and how long it has been (:attr:`PendingChooser.opened_at`), and
may answer or cancel it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.webview.dialog_hold import HOLD_MS

log = logging.getLogger("pagenote.webview")

#: How long an agent's click waits for the session to attach and intercept choosers before it clicks anyway:
#: seconds (an attach takes 0.4–0.8 s idle).
READY_WAIT_S = 10.0


def _logged(trip: asyncio.Future) -> None:
    """Log how :meth:`FileChooserHold.caught_up`'s round trip failed, if it did (it is never awaited for its
    result)."""
    if not trip.cancelled() and trip.exception() is not None:
        log.warning("file choosers: the round trip after the action failed: %s", trip.exception())


def fallback_files(hook: Callable[..., list[str] | None] | None, *args: Any) -> list[str] | None:
    """What the guest's ``chooseFiles`` answers Qt without asking Qt's dialog: ``hook(*args)``'s answer when it
    gives one (the hold's :meth:`FileChooserHold.qt_asked`), else ``[]`` (cancel) on the ``offscreen`` platform,
    else ``None`` (let Qt show its dialog: the user's own click in the window)."""
    if hook is not None:
        answer = hook(*args)
        if answer is not None:
            return answer
    return [] if QGuiApplication.platformName() == "offscreen" else None


@dataclass
class PendingChooser:
    """A held file chooser: ``multiple`` (``<input multiple>``: several files), the input's
    ``backend_node_id`` and ``frame_id`` (CDP), ``number`` (counts choosers held over the tab's life) and
    ``opened_at`` (``time.monotonic()`` seconds when it was held)."""

    multiple: bool
    backend_node_id: int
    frame_id: str
    number: int
    opened_at: float = field(default_factory=time.monotonic)

    def age_s(self) -> int:
        """Whole seconds since it was held."""
        return int(time.monotonic() - self.opened_at)

    def to_json(self) -> dict:
        """``{multiple}`` as agents read it."""
        return {"multiple": self.multiple}


class FileChooserHold(QObject):
    """Holds the file choosers of ``session``'s page while :attr:`enabled` (module docstring). ``page`` is the
    :class:`~app.webview.guest.Guest`; its ``file_chooser_hook`` is set to :meth:`qt_asked`.

    Signals:
        opened(PendingChooser): a chooser is held.
        closed(): the held chooser was answered, cancelled or went with its document.

    Attributes: ``pending`` (the held chooser or ``None``), ``opened_count`` (choosers held so far), ``missed``
    (choosers Qt asked for while the agent acted but interception was not on: cancelled), ``intercepting``
    (Chromium confirmed the last switch on, and no switch off or detach came since), ``hold_ms`` (how long a
    chooser stays held unanswered before it is cancelled: the dialogs' bound by default).
    """

    opened = Signal(object)
    closed = Signal()

    def __init__(self, session: Any, page: Any, parent: QObject | None = None, hold_ms: int = HOLD_MS) -> None:
        super().__init__(parent)
        self.session = session
        self.hold_ms = hold_ms
        self._bound = QTimer(self)   # the held chooser's bound (module docstring)
        self._bound.setSingleShot(True)
        self._bound.timeout.connect(self._expired)
        self.enabled = False
        self.pending: PendingChooser | None = None
        self.opened_count = 0
        self.missed = 0
        self.intercepting = False
        self._release: Callable[[], None] | None = None
        self._on: asyncio.Task | None = None   # interception being switched on in the current attach
        self._unsubscribe = session.subscribe("Page.fileChooserOpened", self._chooser_opened)
        session.attached.connect(self._attached)
        session.detached.connect(self._detached)
        page.loadStarted.connect(lambda: self._drop())   # the input goes with its document
        page.file_chooser_hook = self.qt_asked

    # -- on and off ----------------------------------------------------------------------------------------------

    def enable(self, on: bool) -> None:
        """Intercept choosers (``on``: an agent acts) or let Qt's dialog answer them; holds the session meanwhile.
        Switching off drops nothing held (:meth:`release` does)."""
        if on == self.enabled:
            return
        self.enabled = on
        if on:
            self._release = self.session.hold("file-chooser")
            if self.session.is_attached:
                self._attached()
            return
        if self._release is not None:
            self._release()
            self._release = None
        self._on = None
        if self.session.is_attached:
            try:
                spawn(self._switch(False), "file chooser interception off")
            except RuntimeError:   # no event loop (the app is closing): the session goes with the tab
                pass

    def release(self) -> None:
        """The user took the page: stop intercepting and drop the held chooser."""
        self.enable(False)
        self._drop()

    async def ready(self) -> bool:
        """While :attr:`enabled`: wait (at most :data:`READY_WAIT_S`) until choosers are intercepted. Returns
        whether they are; never raises (a failed attach is logged; :meth:`qt_asked` then cancels)."""
        if not self.enabled:
            return False
        try:
            await asyncio.wait_for(asyncio.shield(self.session.attach()), READY_WAIT_S)
            if self._on is None:
                self._attached()
            await asyncio.wait_for(asyncio.shield(self._on), READY_WAIT_S)
            return bool(self._on.result())
        except (PagenoteError, TimeoutError) as exc:
            log.warning("file choosers: the DevTools session did not intercept them (%s)", exc)
            return False

    async def caught_up(self, dialogs: Any = None) -> None:
        """Return once every chooser Chromium opened before this call is :attr:`pending` (or counted): one round
        trip over the session — ``Page.setInterceptFileChooserDialog`` again, idempotent and answered by the
        browser process, which emits ``Page.fileChooserOpened`` on the same ordered channel before that answer
        whenever the page's chooser request reached it first (the page sends it while it handles the click,
        before it reports the click: :meth:`app.tabs.actions.Actor.confirm`). Without it, on a loaded machine
        the event came after the click's answer (3 of 8 clicks on a file input under two busy loops on 2
        cores): the agent was not told that a chooser opened.

        ``dialogs`` (the tab's :class:`~app.webview.dialog_hold.DialogHold`): while the page waits on a held
        JavaScript dialog the answer does not come (measured: the 10 s command timeout), and a page held by a
        dialog opens no chooser either — so nothing is asked while one is held, and the wait ends when one
        opens meanwhile (the answer, when it comes, is dropped). Does nothing unless :attr:`intercepting`;
        never raises (a failed round trip is logged)."""
        if not self.intercepting or (dialogs is not None and dialogs.pending is not None):
            return
        trip = asyncio.ensure_future(self.session.send("Page.setInterceptFileChooserDialog", {"enabled": True},
                                                       use=False))
        trip.add_done_callback(_logged)
        if dialogs is None:
            await asyncio.wait({trip})
            return
        held = asyncio.get_running_loop().create_future()

        def opened(_dialog: Any) -> None:
            if not held.done():
                held.set_result(None)

        dialogs.opened.connect(opened)
        try:
            await asyncio.wait({trip, held}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            dialogs.opened.disconnect(opened)

    def _attached(self) -> None:
        if self.enabled:
            try:
                self._on = spawn(self._switch(True), "file chooser interception")
            except RuntimeError:   # no event loop (plain Qt code): ready() starts it
                self._on = None

    def _detached(self, _why: str) -> None:
        self._on = None
        self.intercepting = False

    async def _switch(self, on: bool) -> bool:
        try:
            if on:   # Chromium intercepts only for a session with the Page domain on (measured: off, Qt is asked)
                await self.session.send("Page.enable", use=False)
            await self.session.send("Page.setInterceptFileChooserDialog", {"enabled": on}, use=False)
        except PagenoteError as exc:
            log.warning("file chooser interception %s failed: %s", "on" if on else "off", exc)
            return False
        self.intercepting = on and self.enabled
        return on

    # -- choosers --------------------------------------------------------------------------------------------

    def _chooser_opened(self, params: dict) -> None:
        if not self.enabled:
            log.info("a file chooser opened after the agent's turn ended; nobody holds it")
            return
        self.opened_count += 1
        self.pending = PendingChooser(params.get("mode") == "selectMultiple", int(params.get("backendNodeId") or 0),
                                      str(params.get("frameId") or ""), self.opened_count)
        self._bound.start(self.hold_ms)
        self.opened.emit(self.pending)

    def _expired(self) -> None:
        if self.pending is not None:
            log.info("a file chooser went unanswered for %d ms: cancelled", self.hold_ms)
            self._drop()

    def qt_asked(self, mode: Any, old_files: list[str], accepted_mime_types: list[str]) -> list[str] | None:
        """The guest's ``chooseFiles`` while nothing intercepted the chooser: ``[]`` (cancel) while an agent
        acts — its click is told (:attr:`missed`) —, else ``None`` (Qt's own dialog, or the offscreen rule)."""
        if not self.enabled:
            return None
        self.missed += 1
        log.warning("a file chooser opened before pagenote could hold it for the agent: cancelled")
        return []

    async def answer(self, files: list[str]) -> PendingChooser:
        """Set ``files`` (checked real paths, :func:`app.core.uploads.checked_upload_paths`) on the held
        chooser's input; it is answered then. Raises ``NOT_FOUND`` when none is held or its input is gone (then
        nothing is held any more), and the session's errors (the chooser stays held)."""
        pending = self.pending
        if pending is None:
            raise PagenoteError("NOT_FOUND", "no file chooser is open",
                                "click the page's file input (or its button) first; the click says when one opens")
        try:
            await self.session.send("DOM.setFileInputFiles", {"files": files, "backendNodeId": pending.backend_node_id})
        except PagenoteError as exc:
            if exc.name != "CDP_FAILED":
                raise
            if self.pending is pending:
                self._drop()
            raise PagenoteError("NOT_FOUND", f"the file input that opened the chooser is gone ({exc.message})",
                                "click the file input again") from None
        if self.pending is pending:
            self._drop()
        return pending

    def cancel(self) -> PendingChooser | None:
        """Cancel the held chooser (the input keeps what it had). Returns it, or ``None`` when none is held."""
        pending = self.pending
        self._drop()
        return pending

    def _drop(self) -> None:
        self._bound.stop()
        if self.pending is not None:
            self.pending = None
            self.closed.emit()

    def close(self) -> None:
        """Stop (the tab closes): unsubscribe and let the session go."""
        self._bound.stop()
        self._unsubscribe()
        if self._release is not None:
            self._release()
            self._release = None
