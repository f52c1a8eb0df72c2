"""The verify view's picture pane (issue 31, requirements 2 and 3): **Before | After | Diff** of one verification
behind a segmented toggle of three buttons, one picture at a time, the three at one scale; for a follow-up, a
**Round 1 | Round 2 …** toggle above it shows each round's pictures (the annotations it follows up, oldest first).

:class:`VerifyPictures` shows a :class:`~app.model.verification.Verification`'s ``before``, ``after`` and ``diff``
files (app/agent/verify_annotations.py writes them under ``annotations/sent/<batch id>/``); the verify view
(app/ui/verify_view.py) says which one with :meth:`VerifyPictures.show_result`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QImageReader, QPixmap
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from app.model.verification import Verification

#: The three pictures, in the toggle's order, and the Verification field holding each one's path.
IMAGES = ("before", "after", "diff")
#: Tallest picture shown, in device-independent px (the panel is narrow; the file is whole on disk).
IMAGE_HEIGHT = 180


class VerifyPictures(QWidget):
    """The segmented toggle (``buttons``: ``before``/``after``/``diff`` → its button, *After* first) over the
    picture (``image``, a label; its tooltip the file's path), the Diff's caption under it (``caption``).
    ``chosen`` is emitted when the user picks another round."""

    chosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: Verification | None = None
        #: The thread's rounds, oldest first (``(tooltip, verification or None)``) and which one is shown.
        self.rounds: list[tuple[str, Verification | None]] = []
        self.round = -1
        self.thread: list[tuple[str, str]] = []   # the shown thread's (name, tooltip) per round
        self.round_buttons: list[QToolButton] = []
        self.round_bar = QHBoxLayout()
        self.round_bar.setSpacing(0)
        self.round_bar.addStretch(1)
        self.round_group = QButtonGroup(self)
        self.round_group.setExclusive(True)
        self.segments = QButtonGroup(self)
        self.segments.setExclusive(True)
        toggle = QHBoxLayout()
        toggle.setSpacing(0)
        # The verify view's words (its translation context, as before the pane was its own class).
        names = {"before": QCoreApplication.translate("VerifyView", "Before"),
                 "after": QCoreApplication.translate("VerifyView", "After"),
                 "diff": QCoreApplication.translate("VerifyView", "Diff")}
        self.buttons: dict[str, QToolButton] = {}
        for name in IMAGES:
            button = QToolButton(text=names[name], checkable=True, objectName=f"segment_{name}")
            self.segments.addButton(button)
            self.buttons[name] = button
            toggle.addWidget(button)
        toggle.addStretch(1)
        self.buttons["after"].setChecked(True)
        self.image = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, objectName="verifyImage")
        self.image.setMinimumHeight(48)
        # The diff's boxes are numbered by region, not by annotation: said under it (Diff only; its room kept).
        self.caption = QLabel(QCoreApplication.translate("VerifyView", "Red boxes: changed regions"),
                              objectName="verifyDiffCaption", alignment=Qt.AlignmentFlag.AlignCenter)
        self.caption.setStyleSheet("color: palette(mid);")
        keep = self.caption.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.caption.setSizePolicy(keep)
        self.caption.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(self.round_bar)
        layout.addLayout(toggle)
        layout.addWidget(self.image)
        layout.addWidget(self.caption)
        for button in self.buttons.values():
            button.toggled.connect(lambda on: on and self._show())

    def shown_image(self) -> str:
        """Which picture the toggle shows: ``before``, ``after`` or ``diff``."""
        return next(name for name, button in self.buttons.items() if button.isChecked())

    def show_result(self, result: Verification | None, rounds: list | None = None) -> None:
        """Show ``result``'s pictures (``None``: none yet, the toggle disabled). ``rounds``: the thread's rounds,
        oldest first, each ``(button text, tooltip, verification or None)``, ``result``'s last; with two or more
        the round toggle shows them (``result``'s first; the round the user chose stays shown across refreshes of
        the same thread)."""
        rounds = rounds if rounds and len(rounds) > 1 else [("", "", result)]
        names = [name for name, _tip, _result in rounds] if len(rounds) > 1 else []
        thread = [(name, tip) for name, tip, _result in rounds]
        if thread != self.thread:   # another thread: its buttons, its last round first
            self.thread = thread
            self.round = len(rounds) - 1
            for button in self.round_buttons:
                self.round_group.removeButton(button)
                button.deleteLater()
            self.round_buttons = []
            for i, name in enumerate(names):
                button = QToolButton(text=name, checkable=True, objectName=f"round_{i + 1}")
                button.clicked.connect(lambda _on=False, i=i: (self.choose_round(i), self.chosen.emit()))
                self.round_group.addButton(button)
                self.round_bar.insertWidget(i, button)
                self.round_buttons.append(button)
        self.rounds = [(tip, found) for _name, tip, found in rounds]
        for button, (tip, _found) in zip(self.round_buttons, self.rounds):
            button.setToolTip(tip)
        self.choose_round(self.round)

    def choose_round(self, index: int) -> None:
        """Show round ``index`` (0: the oldest; the last: the shown annotation's own) of the thread."""
        self.round = max(0, min(index, len(self.rounds) - 1))
        self.result = self.rounds[self.round][1] if self.rounds else None
        for i, button in enumerate(self.round_buttons):
            button.setChecked(i == self.round)
        for button in self.buttons.values():
            button.setEnabled(self.result is not None)
        self._show()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._show()

    def _show(self) -> None:
        result = self.result
        self.caption.setVisible(result is not None and self.shown_image() == "diff")
        path = getattr(result, self.shown_image()) if result is not None else ""
        pixmap = QPixmap(path) if path and Path(path).is_file() else QPixmap()
        if pixmap.isNull():
            self.image.setPixmap(QPixmap())
            self.image.setText(QCoreApplication.translate("VerifyView", "(no picture: check first)") if result is None
                               else QCoreApplication.translate("VerifyView", "(picture missing)"))
            self.image.setToolTip("")
            self.image.setMinimumHeight(48)
            self.image.setMaximumHeight(16_777_215)   # QWIDGETSIZE_MAX: no picture, no fixed height
            return
        dpr = self.devicePixelRatioF()
        width = max(64, self.width() or 280)
        # One scale for Before, After and Diff (the largest of the three fits width × IMAGE_HEIGHT; never above
        # one image px per view px): each fitted on its own, a button that grew looked smaller after the fix.
        sizes = [QImageReader(p).size() for p in (result.before, result.after, result.diff) if p and Path(p).is_file()]
        most_w = max([z.width() for z in sizes if z.isValid()] + [pixmap.width()])
        most_h = max([z.height() for z in sizes if z.isValid()] + [pixmap.height()])
        k = min(dpr, width * dpr / most_w, IMAGE_HEIGHT * dpr / most_h)
        scaled = pixmap.scaled(max(1, round(pixmap.width() * k)), max(1, round(pixmap.height() * k)),
                               Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
        scaled.setDevicePixelRatio(dpr)
        self.image.setText("")
        self.image.setPixmap(scaled)
        # As tall as the tallest of the three at that scale: the toggle above and the caption under it stay in
        # place when the pictures differ in size (never clipped by a short detail pane).
        self.image.setFixedHeight(max(round(scaled.height() / dpr), round(most_h * k / dpr)))
        self.image.setToolTip(path)
