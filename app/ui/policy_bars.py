"""Bars above the page for what the host's policy held back from a page, each answered by the user without a
modal box (the window stays usable; nothing waits in a nested event loop):

- :class:`DownloadsBar`: downloads that came with no click or key press, or more than one per gesture (Chrome's
  automatic-downloads prompt, :mod:`app.tabs.downloads`): each file named — test files, build files, scripts
  and executables marked as such — with **Allow** and **Block**.
- :class:`PopupBar`: popups a page opened with no click or key press (Chrome's "Pop-up blocked",
  :mod:`app.tabs.popups`): the page's origin and where the popup would go, with **Allow once** and a close
  button.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.tabs.downloads import TabDownloads, named
from app.tabs.popups import TabPopups

#: Names the bar lists at most (the rest are counted).
LISTED = 12


def _bar(widget: QFrame, name: str) -> QLabel:
    """Style ``widget`` as a policy bar (object name ``name``) and return its label (plain text: the names and
    the origin are page data)."""
    widget.setObjectName(name)
    widget.setFrameShape(QFrame.Shape.StyledPanel)
    widget.setStyleSheet(f"#{name} {{ background: #FEF3C7; border: 1px solid #D97706; }}"
                         f"#{name} QLabel {{ color: #78350F; }}")
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class DownloadsBar(QFrame):
    """Shows the downloads of ``downloads`` (a tab's :class:`~app.tabs.downloads.TabDownloads`) that wait for the
    user's answer; **Allow** lets them (and the page's next ones) through, **Block** discards them (and refuses
    the page's next ones). Hidden when nothing waits. ``label`` holds the text (tests read it)."""

    def __init__(self, downloads: TabDownloads, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.downloads = downloads
        self.label = _bar(self, "downloadsBar")
        self.allow = QPushButton(self.tr("Allow"))
        self.block = QPushButton(self.tr("Block"))
        self.allow.setToolTip(self.tr("Save these files in your downloads folder, and let this page download "
                                      "more"))
        self.block.setToolTip(self.tr("Discard these files, and refuse this page's next downloads"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.allow)
        layout.addWidget(self.block)
        self.allow.clicked.connect(downloads.allow)
        self.block.clicked.connect(downloads.block)
        downloads.asking.connect(self._show)
        self._show(list(downloads.pending))

    def _show(self, waiting: list) -> None:
        if not waiting:
            self.hide()
            return
        names = [named(item.name, item.risk) for item in waiting[:LISTED]]
        listed = ", ".join(names)
        if len(waiting) > LISTED:
            listed += self.tr(" and {0} more").format(len(waiting) - LISTED)
        origin = waiting[0].origin or self.tr("This page")
        if len(waiting) == 1:
            text = self.tr("{0} wants to download a file: {1}.").format(origin, listed)
        else:
            text = self.tr("{0} wants to download {1} files: {2}.").format(origin, len(waiting), listed)
        self.label.setText(text + " " + self.tr("Nothing is saved until you allow it."))
        self.show()


class PopupBar(QFrame):
    """Shows the newest popup ``popups`` (a tab's :class:`~app.tabs.popups.TabPopups`) blocked for want of a
    gesture; **Allow once** opens it in a new tab, the close button forgets the blocked popups. Hidden when none
    is blocked. ``label`` holds the text (tests read it)."""

    def __init__(self, popups: TabPopups, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.popups = popups
        self.label = _bar(self, "popupBar")
        self.allow_once = QPushButton(self.tr("Allow once"))
        self.allow_once.setToolTip(self.tr("Open this popup in a new tab"))
        self.dismiss = QPushButton("✕")
        self.dismiss.setAccessibleName(self.tr("Close"))
        self.dismiss.setToolTip(self.tr("Keep the popups blocked"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.allow_once)
        layout.addWidget(self.dismiss)
        self.allow_once.clicked.connect(lambda: popups.allow_once())
        self.dismiss.clicked.connect(popups.dismiss)
        popups.blocked_changed.connect(self._show)
        self._show(list(popups.blocked))

    def _show(self, blocked: list) -> None:
        if not blocked:
            self.hide()
            return
        newest = blocked[-1]
        if len(blocked) == 1:
            text = self.tr("Popup blocked: {0} tried to open {1} with no click or key press of yours.")
            self.label.setText(text.format(newest.origin, newest.url))
        else:
            text = self.tr("{0} popups blocked: {1} tried to open them with no click or key press of yours; the "
                           "newest: {2}.")
            self.label.setText(text.format(len(blocked), newest.origin, newest.url))
        self.show()
