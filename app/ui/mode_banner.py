"""The annotation mode indicator on the page: a banner floating at the bottom of the view while the mode is
on, saying what a click does and how to leave, with a Done button, and an accent frame around the view
(drawn by :mod:`app.ui.marks`). It follows the controller's ``mode_changed`` — the same signal the toolbar
toggle follows — so what the user sees and what the page receives never disagree. It floats
(:mod:`app.ui.floating`): the view keeps its size, so the page sees no resize either.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from app.core.policy import HIGHLIGHT_COLOR
from app.ui.floating import Follow
from app.ui.status import ElidedLabel


class ModeBanner(QFrame):
    """Shown while annotation mode is on (:meth:`set_mode`); ``done`` is its button."""

    def __init__(self, view: QWidget) -> None:
        super().__init__(view.parentWidget())
        self.setObjectName("modeBanner")
        self.label = ElidedLabel()
        self.label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)  # as wide as its text
        self.label.setText(self.tr("Annotation mode — click an element to pin a note · Alt+↑ parent · "
                                    "Alt+↓ next under the pointer · Esc to leave"))
        self.done = QPushButton(self.tr("Done"))
        self.done.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 3, 6, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.done)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(palette.ColorRole.Window, QColor(HIGHLIGHT_COLOR))
        palette.setColor(palette.ColorRole.WindowText, QColor("#FFFFFF"))
        self.setPalette(palette)
        self.setMinimumWidth(520)
        self.follow = Follow(self, view, "bottom-centre")
        self.hide()

    def set_mode(self, on: bool) -> None:
        """Show (``True``) or hide the banner."""
        self.setVisible(on)
        if on:
            self.follow.place()
