"""The annotation mode indicator: a one-line strip under the page view, always there so that turning the mode
on or off never resizes the view (in annotation mode the page must see nothing of pagenote, no ``resize``
either) and never covers the page's content. Off: a muted hint how to start; on: the accent colour, what a
click does and how to leave, and a Done button — together with the accent frame around the view (drawn by
:mod:`app.ui.marks`). It follows the controller's ``mode_changed``, the same signal the toolbar toggle
follows, so what the user sees and what the page receives never disagree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from app.ui.status import ElidedLabel


class ModeBanner(QFrame):
    """The strip (put it in the layout under ``view``); :meth:`set_mode` switches it, ``done`` is its button
    (shown while the mode is on). ``active`` says which state it shows."""

    def __init__(self, view: QWidget) -> None:
        super().__init__(view.parentWidget())
        self.setObjectName("modeBanner")
        self.active = False
        self.label = ElidedLabel()
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.done = QPushButton(self.tr("Done"))
        self.done.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 3, 6, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.done)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # As tall with or without its button: the view above it never changes size.
        self.setFixedHeight(max(self.done.sizeHint().height(), self.label.sizeHint().height()) + 8)
        self._show(False)

    def set_mode(self, on: bool) -> None:
        """Show the mode as on (``True``) or off."""
        self._show(on)

    def _show(self, on: bool) -> None:
        self.active = on
        self.setProperty("on", "true" if on else "false")
        self.label.setText(self.tr("Annotation mode — click an element to pin a note · drag across text · "
                                   "Shift+drag a region · Ctrl+click a group · Alt+↑ parent · Alt+↓ next under "
                                   "the pointer · Esc to leave") if on else
                           self.tr("Press Annotate (Ctrl+Shift+A), then click an element to pin a note"))
        sp = self.done.sizePolicy()
        sp.setRetainSizeWhenHidden(True)
        self.done.setSizePolicy(sp)
        self.done.setVisible(on)
        self.style().unpolish(self)   # the stylesheet's [on="true"] colours follow the property
        self.style().polish(self)
        self.label.style().unpolish(self.label)
        self.label.style().polish(self.label)
