"""One capture at a time per view, and every capture stoppable at any point: the user's Cancel (or Esc in the
page), the page starting to load another document, its renderer dying, its tab closing, its view hidden
(another tab shown, the window closed or minimised) or resized.

:class:`CaptureLock` is a view's one capture lock; the task holding it is its *owner*. An interruption cancels
the owner (``Task.cancel``), so it takes effect at the ``await`` the capture is in — a page call, a frame wait,
a worker thread — not only between tiles. Every ``finally`` of the capture code then puts the page back and
removes its temporary files, and the outermost :meth:`CaptureLock.hold` turns the cancellation into the
interruption's :class:`CaptureStopped` error with ``Task.uncancel`` (the asyncio docs' pattern for a task that
handles a cancellation itself). A cancellation the lock did not ask for (the app shutting down,
:func:`app.core.tasks.cancel_all`) stays a cancellation.

While a long capture (:data:`LONG`: the full page, element crops) holds the lock, the user's input to the page
is swallowed: the capture scrolls the page, and a wheel turn or a key between a tile's scroll and its grab
would move it. The pointer over the page shows a busy cursor meanwhile, and Esc in the page cancels. The
agent's own input (:func:`app.webview.input.agent_sending`) passes, as in annotation mode
(:mod:`app.webview.input_guard`). A viewport grab (a few frames; a region's crop right after its drag) leaves
the input alone: the pointer keeps its hover highlight.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.core.errors import PagenoteError
from app.webview.input import agent_sending
from app.webview.proxy import FocusProxyWatch

log = logging.getLogger("pagenote.capture")

T = TypeVar("T")

#: Why a capture stopped → (registry name, message, next step or ``None`` for the registry's).
CAUSES: dict[str, tuple[str, str, str | None]] = {
    "cancelled": ("CAPTURE_CANCELLED", "the capture was cancelled", None),
    "navigated": ("PAGE_NAVIGATED", "the page started loading another document during the capture",
                  "take the screenshot again once the page has loaded"),
    "crashed": ("FRAME_GONE", "the page's renderer stopped during the capture",
                "reload the page, then take the screenshot again"),
    "tab-closed": ("FRAME_GONE", "the tab was closed during the capture", "open the page again"),
    "window-closed": ("CAPTURE_EMPTY_VIEW", "the window was closed during the capture", None),
    "minimised": ("CAPTURE_MINIMIZED", "the window was minimised during the capture", None),
    "hidden": ("CAPTURE_EMPTY_VIEW", "another tab was shown during the capture",
               "show the tab, then take the screenshot again"),
    "resized": ("CAPTURE_SIZE", "the page's view changed size during the capture", None),
}

#: The user's input the page must not get during a capture (the capture scrolls it).
_SWALLOW = {
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.Wheel, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
    QEvent.Type.ShortcutOverride, QEvent.Type.ContextMenu, QEvent.Type.HoverEnter, QEvent.Type.HoverLeave,
    QEvent.Type.HoverMove, QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd,
    QEvent.Type.TouchCancel, QEvent.Type.TabletPress, QEvent.Type.TabletMove, QEvent.Type.TabletRelease,
    QEvent.Type.InputMethod, QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop,
}

#: Captures that scroll the page and take long: the user's input is held off meanwhile, and the window refuses
#: another capture in the tab (a viewport grab is over in a few frames).
LONG = ("full", "crops")


class CaptureStopped(PagenoteError):
    """A capture stopped from outside before it was done; ``cause`` is a key of :data:`CAUSES` (which gives
    the registry name, message and next step). ``saved``: for a capture made of several images (element
    crops), how many were saved before it stopped."""

    def __init__(self, cause: str) -> None:
        name, message, next_step = CAUSES[cause]
        super().__init__(name, message, next_step)
        self.cause = cause
        self.saved = 0


class CaptureLock:
    """The capture lock of ``view`` (one per view: a capture scrolls the page, hides its scrollbars and pins
    its fixed and sticky elements, so two at once would photograph each other's changes). See the module
    docstring for interruptions. ``owner`` is the task holding it, ``what`` the kind of capture it named."""

    def __init__(self, view: QWebEngineView) -> None:
        self.view = view
        self._lock = asyncio.Lock()
        self.owner: asyncio.Task | None = None
        self.what = ""
        self._stop: CaptureStopped | None = None

    def locked(self) -> bool:
        """Whether a capture holds the lock."""
        return self._lock.locked()

    @property
    def stopping(self) -> CaptureStopped | None:
        """The interruption asked for the capture holding the lock, if any."""
        return self._stop

    def interrupt(self, cause: str) -> bool:
        """Stop the capture holding the lock for ``cause`` (a key of :data:`CAUSES`; ``KeyError`` otherwise).
        Returns whether a capture was stopped by this call (``False``: none runs, or it is stopping already —
        the first cause is the one reported)."""
        error = CaptureStopped(cause)
        if self.owner is None or self.owner.done() or self._stop is not None:
            return False
        self._stop = error
        log.info("capture (%s) interrupted: %s", self.what, error.message)
        self.owner.cancel()
        return True

    async def released(self) -> None:
        """Return once no capture holds the lock (at once when none does)."""
        if self._lock.locked():
            async with self._lock:
                pass

    def check(self) -> None:
        """Raise the pending interruption, if any (before anything is saved)."""
        if self._stop is not None:
            raise self._stop

    @asynccontextmanager
    async def hold(self, what: str = "capture") -> AsyncIterator[None]:
        """Hold the lock for a capture of kind ``what`` (those in :data:`LONG` hold off the user's input to the
        page meanwhile); waits for a capture holding it. Re-entrant in its owner task: a capture made of captures (every element crop)
        holds it once for all, and is stopped as a whole. The outermost hold raises :class:`CaptureStopped`
        when the capture was interrupted (chained from the error it ended with, if any)."""
        task = asyncio.current_task()
        if task is not None and self.owner is task:
            yield
            return
        async with self._lock:
            self.owner, self.what, self._stop = task, what, None
            watch = _Watch(self)
            try:
                yield
            except asyncio.CancelledError:
                if self._stop is None or task.uncancel() > 0:
                    raise  # not ours, or cancelled by someone else too: stay cancelled
                raise self._stop from None
            except BaseException as exc:
                # An error raised before the interruption's cancellation reached an await (a page call to a
                # tab closed meanwhile fails at once): the interruption is what happened.
                if self._stop is None or not await _take_cancel(task):
                    raise
                raise self._stop from exc
            else:
                if self._stop is not None:  # interrupted after its last await: the capture is done all the same
                    await _take_cancel(task)
            finally:
                watch.stop()
                self.owner, self._stop = None, None


async def _take_cancel(task: asyncio.Task) -> bool:
    """Receive the lock's cancellation of ``task`` if it has not arrived yet, and withdraw it. ``False`` when
    someone else cancelled ``task`` too (the caller must let that cancellation go on)."""
    if task.cancelling() > 1:
        return False
    try:
        await asyncio.sleep(0)  # a requested cancellation is delivered at the next suspension
    except asyncio.CancelledError:
        pass
    task.uncancel()
    return True


async def in_thread(work: Callable[[], T], undo: Callable[[], None]) -> T:
    """``work()`` in the loop's default executor, returning its result. A thread cannot be stopped: when the
    awaiting task is cancelled meanwhile, it waits for ``work`` to end, then calls ``undo()`` (remove the file
    it wrote) and stays cancelled — so a cancelled capture never leaves a file being written behind it."""
    future = asyncio.get_running_loop().run_in_executor(None, work)
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        while not future.done():
            try:
                await asyncio.wait([future])
            except asyncio.CancelledError:
                continue  # cancelled again: the work still has to end before its file can go
        if not future.cancelled():
            future.exception()  # retrieved: its outcome no longer matters
        undo()
        raise


async def cancel_and_wait(*futures: asyncio.Future | None) -> None:
    """Cancel ``futures`` (``None`` entries skipped) and wait until each is done, dropping their outcomes; a
    cancellation of the caller meanwhile is not swallowed (unlike ``suppress(BaseException)`` around an
    ``await``, which would eat an interruption arriving during clean-up)."""
    pending = [f for f in futures if f is not None]
    for future in pending:
        future.cancel()
    if pending:
        await asyncio.wait(pending)
    for future in pending:
        if not future.cancelled():
            future.exception()  # retrieved, so never logged as "never retrieved"


class _Watch(QObject):
    """What interrupts ``lock``'s capture while it holds the lock, and the page's input swallowed meanwhile (see
    the module docstring). :meth:`stop` ends it; safe when the view is gone."""

    def __init__(self, lock: CaptureLock) -> None:
        super().__init__()
        self.lock = lock
        self.view = view = lock.view
        self.active = True
        self.cursor_set = False
        self.proxies = self.page = None
        if not shiboken6.isValid(view):
            return
        self.page = view.page()
        view.loadStarted.connect(self._navigated)
        self.page.renderProcessTerminated.connect(self._crashed)
        view.destroyed.connect(self._destroyed)
        view.installEventFilter(self)
        if lock.what in LONG:  # they scroll the page; a viewport grab (a region's crop) leaves the input alone
            self.proxies = FocusProxyWatch(view, self)  # the input filter follows the page's input widget
            self.proxies.changed.connect(self._busy_cursor)
            if self.proxies.proxy is not None:
                self._busy_cursor(self.proxies.proxy)

    def _busy_cursor(self, proxy) -> None:
        if not self.cursor_set:
            self.cursor_set = True
            # The mode's own cursor (annotation mode's cross) comes back afterwards.
            self.old_cursor = proxy.cursor() if proxy.testAttribute(Qt.WidgetAttribute.WA_SetCursor) else None
            self.cursor_proxy = proxy
            proxy.setCursor(Qt.CursorShape.BusyCursor)

    def _navigated(self) -> None:
        if self.active:
            self.lock.interrupt("navigated")

    def _crashed(self, status, *_code) -> None:
        if not self.active:
            return
        if getattr(status, "name", str(status)) == "NormalTerminationStatus":
            # Deleting a page ends its renderer normally, before the view's ``destroyed``: a closing tab, unless
            # the view is still there a moment later.
            QTimer.singleShot(0, self, self._ended)
        else:
            self.lock.interrupt("crashed")

    def _ended(self) -> None:
        if self.active:
            self.lock.interrupt("crashed" if shiboken6.isValid(self.view) else "tab-closed")

    def _destroyed(self, *_args) -> None:
        if self.active:
            self.lock.interrupt("tab-closed")

    def _hidden(self) -> None:
        """The view was hidden a moment ago: why (a tab closing hides its view before deleting it)."""
        if not self.active:
            return
        view = self.view
        if not shiboken6.isValid(view):
            self.lock.interrupt("tab-closed")
        elif not view.isVisible():
            window = view.window()
            self.lock.interrupt("minimised" if window.isMinimized() else
                                "window-closed" if not window.isVisible() else "hidden")

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if not self.active:
            return False
        kind = event.type()
        if obj is self.view:
            if kind == QEvent.Type.Hide:
                QTimer.singleShot(0, self, self._hidden)
            elif kind == QEvent.Type.Resize and event.size() != event.oldSize() and self.view.isVisible():
                self.lock.interrupt("resized")
            return False
        if kind not in _SWALLOW or agent_sending():
            return False
        if kind == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self.lock.interrupt("cancelled")
        # ShortcutOverride is swallowed but not accepted, so the window's shortcuts (Esc's Cancel …) still fire.
        return True

    def stop(self) -> None:
        """Stop watching: signals disconnected, filters removed, the page's cursor given back."""
        if not self.active:
            return
        self.active = False
        if self.cursor_set and shiboken6.isValid(self.cursor_proxy):
            if self.old_cursor is not None:
                self.cursor_proxy.setCursor(self.old_cursor)
            else:
                self.cursor_proxy.unsetCursor()
        if self.page is None or not shiboken6.isValid(self.view):
            return
        for signal, slot in ((self.view.loadStarted, self._navigated), (self.view.destroyed, self._destroyed)):
            signal.disconnect(slot)
        if shiboken6.isValid(self.page):
            self.page.renderProcessTerminated.disconnect(self._crashed)
        self.view.removeEventFilter(self)
        if self.proxies is not None and shiboken6.isValid(self.proxies):
            self.proxies.stop()
            self.proxies.deleteLater()
