"""The window's screenshot intents (toolbar Screenshot, Full page, Crop annotated elements, Copy path): each
asks the shown tab's capture part (:mod:`app.tabs.capture`) and says in the status bar what was saved.

A mixin of :class:`~app.ui.main_window.MainWindow` (it uses the window's ``tab``, ``say`` and ``status``); its
texts keep the ``MainWindow`` translation context they had there (literal ``QCoreApplication.translate`` calls,
which lupdate reads).
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QProgressDialog

from app.capture.shots import Shot
from app.core.errors import PagenoteError
from app.protocol.redact import redact_urls

log = logging.getLogger("pagenote.ui")


class ShotIntents:
    """Screenshot actions of the window; see the module docstring."""

    def shooter(self, scale: str = "css"):
        """A :class:`~app.capture.shots.Shooter` for the tab's view, saving under ``<project>/shots/``."""
        return self.tab.capture.shooter(scale)

    def _shot_done(self, clean: Shot, annotated: Shot | None, what: str) -> Path:
        """Say what was saved (``what``: the kind's translated name), offer Copy path; returns the latest path."""
        extra = QCoreApplication.translate("MainWindow", " and {0} with {1} numbered outlines").format(
            Path(annotated.path).name, len(annotated.annotations)) if annotated else ""
        text = QCoreApplication.translate("MainWindow", "{0} saved: {1} ({2}×{3} px){4}").format(
            what, clean.path, clean.width, clean.height, extra)
        self.status.show_message(redact_urls(text), QCoreApplication.translate("MainWindow", "Copy path"))
        log.info("%s", text)
        return Path(self.tab.capture.last_shot)

    async def screenshot(self) -> Path | None:
        """Save the visible viewport to ``<project>/shots/<stamp>-<slug>.png`` and, when annotations are on
        the page, ``…-annotated.png`` with their outlines and numbers. Returns the batch's screenshot path
        (the annotated one when there is one) or ``None`` on failure (said in the status bar)."""
        self.say(QCoreApplication.translate("MainWindow", "Taking screenshot…"))
        try:
            clean, annotated = await self.tab.capture.viewport()
        except (PagenoteError, OSError) as exc:
            self.say(QCoreApplication.translate("MainWindow", "Screenshot failed: {0}").format(exc))
            return None
        return self._shot_done(clean, annotated, QCoreApplication.translate("MainWindow", "Screenshot"))

    async def full_page_screenshot(self, annotated: bool = False) -> Path | None:
        """Save the whole document (``…-full.png``, and ``…-full-annotated.png`` when asked). Shows a
        progress dialog when it takes over half a second; Esc cancels."""
        dialog = QProgressDialog(QCoreApplication.translate("MainWindow", "Capturing the full page…"),
                                 QCoreApplication.translate("MainWindow", "Cancel"), 0, 0, self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(500)
        dialog.setAutoClose(False)

        def progress(done: int, total: int) -> None:
            dialog.setMaximum(total)
            dialog.setValue(done)

        try:
            clean, drawn = await self.tab.capture.full_page(annotated, progress, dialog.wasCanceled)
        except (PagenoteError, OSError) as exc:
            self.say(QCoreApplication.translate("MainWindow", "Full-page screenshot failed: {0}").format(exc))
            return None
        finally:
            dialog.close()
            dialog.deleteLater()
        return self._shot_done(clean, drawn, QCoreApplication.translate("MainWindow", "Full-page screenshot"))

    async def element_crops(self) -> int:
        """Save a crop of every annotated element on this page (``…-a<i>.png``) and list it as that
        annotation's ``Screenshot:`` line. Returns how many were saved."""
        saved, problems = await self.tab.capture.element_crops()
        for number, exc in problems:
            self.say(QCoreApplication.translate("MainWindow", "Annotation {0}: {1}").format(number, exc))
        self.say(QCoreApplication.translate("MainWindow", "Saved %n element crop(s) in {0}", "", saved).format(
            self.tab.capture.shooter().directory))
        return saved

    def _copy_shot_path(self) -> None:
        """Status bar's Copy path: the latest screenshot's path onto the clipboard."""
        QGuiApplication.clipboard().setText(self.tab.capture.last_shot)
        self.say(QCoreApplication.translate("MainWindow", "Copied {0}").format(self.tab.capture.last_shot))

