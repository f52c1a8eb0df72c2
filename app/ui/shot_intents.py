"""The window's screenshot intents (toolbar Screenshot, Full page, Crop annotated elements, Copy path): each
asks the shown tab's capture part (:mod:`app.tabs.capture`) and says in the status bar what was saved.

Long captures (the full page, element crops) show their progress and a Cancel button in the status bar, and
Esc cancels; nothing here is modal, so no event loop ever runs inside a capture's coroutine (a window-modal
``QProgressDialog.setValue`` processes events once the dialog is shown — Qt's QProgressDialog docs — and
qasync then re-entered the capture's task: "Cannot enter into task … while another task … is being
executed"). A capture stopped for any reason (Cancel, a navigation, the renderer dying, its tab or the window
closing …: :mod:`app.capture.interrupt`) puts the page back and leaves no file; the status bar then says in
one line what happened. A capture asked for in a tab while a long one runs there is refused with a message;
behind a short one it waits its turn (a viewport grab takes a few frames).

A mixin of :class:`~app.ui.main_window.MainWindow` (it uses the window's ``tab``, ``say`` and ``status``); its
texts keep the ``MainWindow`` translation context they had there (literal ``QCoreApplication.translate`` calls,
which lupdate reads).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut

from app.capture.interrupt import CaptureStopped
from app.capture.shots import Shot
from app.core.errors import PagenoteError
from app.protocol.redact import redact_urls

log = logging.getLogger("pagenote.ui")


class ShotIntents:
    """Screenshot actions of the window; see the module docstring."""

    def shooter(self, scale: str = "css"):
        """A :class:`~app.capture.shots.Shooter` for the tab's view, saving under ``<project>/shots/``."""
        return self.tab.capture.shooter(scale)

    def _shot_done(self, capture, clean: Shot, annotated: Shot | None, what: str) -> Path:
        """Say what was saved (``what``: the kind's translated name), offer Copy path; returns the latest path
        of ``capture`` (the tab's :class:`~app.tabs.capture.TabCapture`)."""
        extra = QCoreApplication.translate("MainWindow", " and {0} with {1} numbered outlines").format(
            Path(annotated.path).name, len(annotated.annotations)) if annotated else ""
        text = QCoreApplication.translate("MainWindow", "{0} saved: {1} ({2}×{3} px){4}").format(
            what, clean.path, clean.width, clean.height, extra)
        self.status.show_message(redact_urls(text), QCoreApplication.translate("MainWindow", "Copy path"))
        log.info("%s", text)
        return Path(capture.last_shot)

    def _refused(self, capture) -> bool:
        """Say so and return ``True`` when a long capture (the full page, element crops) runs in ``capture``'s
        tab; behind a short one (a viewport screenshot, a region's crop) a request waits its turn."""
        if not capture.busy_long:
            return False
        self.say(QCoreApplication.translate(
            "MainWindow", "A screenshot is being taken in this tab: wait until it is done, or press Esc to cancel it"))
        return True

    def _stopped(self, what: str, exc: Exception) -> str:
        """The status line for a capture (``what``, translated) that ended with ``exc`` without its image."""
        texts = {
            "cancelled": QCoreApplication.translate("MainWindow", "{0} cancelled; the page is as it was"),
            "navigated": QCoreApplication.translate("MainWindow",
                                                    "{0} stopped: the page started loading another document"),
            "crashed": QCoreApplication.translate(
                "MainWindow", "{0} stopped: the page's renderer crashed. Reload to continue — your annotations are kept."),
            "tab-closed": QCoreApplication.translate("MainWindow", "{0} stopped: its tab was closed"),
            "window-closed": QCoreApplication.translate("MainWindow", "{0} stopped: the window was closed"),
            "minimised": QCoreApplication.translate("MainWindow", "{0} stopped: the window was minimised"),
            "hidden": QCoreApplication.translate("MainWindow", "{0} stopped: another tab was shown"),
            "resized": QCoreApplication.translate("MainWindow",
                                                  "{0} stopped: the page's view changed size; take it again"),
        }
        text = texts.get(getattr(exc, "cause", ""))
        if text is None:
            return QCoreApplication.translate("MainWindow", "{0} failed: {1}").format(what, exc)
        return text.format(what)

    @contextmanager
    def _progress(self, capture, text: str) -> Iterator[Callable[[int, int], None]]:
        """Show ``text`` with a progress bar and Cancel in the status bar while the ``with`` block runs; Esc in
        the window cancels too (``capture``: the tab's :class:`~app.tabs.capture.TabCapture`). Yields the
        ``progress(done, total)`` callback."""
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WindowShortcut)
        escape.activated.connect(capture.cancel)
        self.status.start_progress(text, capture.cancel)
        try:
            yield self.status.set_progress
        finally:
            if shiboken6.isValid(escape):
                escape.setEnabled(False)
                escape.deleteLater()
            if shiboken6.isValid(self.status):
                self.status.end_progress()

    async def screenshot(self) -> Path | None:
        """Save the visible viewport to ``<project>/shots/<stamp>-<slug>.png`` and, when annotations are on
        the page, ``…-annotated.png`` with their outlines and numbers. Returns the batch's screenshot path
        (the annotated one when there is one) or ``None`` on failure or refusal (said in the status bar)."""
        capture = self.tab.capture
        if self._refused(capture):
            return None
        self.say(QCoreApplication.translate("MainWindow", "Taking screenshot…"))
        what = QCoreApplication.translate("MainWindow", "Screenshot")
        try:
            clean, annotated = await capture.viewport()
        except (PagenoteError, OSError) as exc:
            self.say(self._stopped(what, exc))
            return None
        return self._shot_done(capture, clean, annotated, what)

    async def full_page_screenshot(self, annotated: bool = False) -> Path | None:
        """Save the whole document (``…-full.png``, and ``…-full-annotated.png`` when asked), with progress and
        Cancel in the status bar (Esc cancels). Returns the batch's screenshot path, ``None`` when it failed,
        was stopped or refused (said in the status bar)."""
        capture = self.tab.capture
        if self._refused(capture):
            return None
        what = QCoreApplication.translate("MainWindow", "Full-page screenshot")
        with self._progress(capture, QCoreApplication.translate(
                "MainWindow", "Capturing the full page… (Esc cancels)")) as progress:
            try:
                clean, drawn = await capture.full_page(annotated, progress)
            except (PagenoteError, OSError) as exc:
                self.say(self._stopped(what, exc))
                return None
        return self._shot_done(capture, clean, drawn, what)

    async def element_crops(self) -> int:
        """Save a crop of every annotated element on this page (``…-a<i>.png``) and list it as that
        annotation's ``Screenshot:`` line, with progress and Cancel in the status bar (Esc cancels). Returns
        how many were saved."""
        capture = self.tab.capture
        if self._refused(capture):
            return 0
        stopped = None
        with self._progress(capture, QCoreApplication.translate(
                "MainWindow", "Cropping the annotated elements… (Esc cancels)")) as progress:
            try:
                saved, problems = await capture.element_crops(progress)
            except CaptureStopped as exc:
                stopped, saved, problems = exc, exc.saved, []
        for number, exc in problems:
            self.say(QCoreApplication.translate("MainWindow", "Annotation {0}: {1}").format(number, exc))
        directory = capture.shooter().directory
        if stopped is None:
            self.say(QCoreApplication.translate("MainWindow", "Saved %n element crop(s) in {0}", "", saved).format(
                directory))
        else:
            line = self._stopped(QCoreApplication.translate("MainWindow", "Element crops"), stopped)
            if saved:
                line += " · " + QCoreApplication.translate(
                    "MainWindow", "%n element crop(s) saved before that in {0}", "", saved).format(directory)
            self.say(line)
        return saved

    def _copy_shot_path(self) -> None:
        """Status bar's Copy path: the latest screenshot's path onto the clipboard."""
        QGuiApplication.clipboard().setText(self.tab.capture.last_shot)
        self.say(QCoreApplication.translate("MainWindow", "Copied {0}").format(self.tab.capture.last_shot))
