"""The annotation mode indicator: a one-line strip under the page view, always there so that turning the mode
on or off never resizes the view (in annotation mode the page must see nothing of pagenote, no ``resize``
either) and never covers the page's content. Off: a muted hint how to start; on: the mode colour (teal), what a
click does and how to leave, and a Done button — together with the mode-coloured frame around the view (drawn by
:mod:`app.ui.marks`). It follows the controller's ``mode_changed``, the same signal the toolbar toggle
follows, so what the user sees and what the page receives never disagree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QToolButton, QToolTip, QWidget

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
        # The other gestures, one click or hover away: the strip itself stays one short sentence (it must fit
        # a narrow window and longer languages without eliding).
        self.gestures = QToolButton(objectName="gestures")
        self.gestures.setText(self.tr("More gestures"))
        self.gestures.setAutoRaise(True)
        self.gestures.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.gestures.setToolTip(self.gesture_text())
        self.gestures.clicked.connect(lambda: QToolTip.showText(
            self.gestures.mapToGlobal(self.gestures.rect().topLeft()), self.gesture_text(), self.gestures))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 3, 6, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.gestures)
        layout.addWidget(self.done)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # As tall with or without its button: the view above it never changes size.
        self.setFixedHeight(max(self.done.sizeHint().height(), self.label.sizeHint().height()) + 8)
        #: Whether an agent waits for the user's notes here (``browser_annotate``: app/ui/agent_annotate.py).
        self.agent_request = False
        self._show(False)

    def gesture_text(self) -> str:
        """Every gesture of annotation mode, one a line (the tooltip of :attr:`gestures`)."""
        return "\n".join((self.tr("Click: pin the element under the pointer"),
                           self.tr("Drag across text: pin that text"),
                           self.tr("Shift+drag: pin a region"),
                           self.tr("Ctrl+click: add to a group"),
                           self.tr("Alt+↑: the parent element · Alt+↓: the next element under the pointer"),
                           self.tr("Esc: leave annotation mode")))

    def set_mode(self, on: bool) -> None:
        """Show the mode as on (``True``) or off."""
        self._show(on)

    def set_agent_request(self, on: bool) -> None:
        """Say (while the mode is on) that an agent asked for notes and waits for Send, or stop saying it."""
        self.agent_request = on
        self._show(self.active)

    def _show(self, on: bool) -> None:
        self.active = on
        self.setProperty("on", "true" if on else "false")
        if on and self.agent_request:
            self.label.setText(self.tr("An agent asked for notes: pin elements, then Send"))
        else:
            self.label.setText(self.tr("Annotation mode — click an element to pin a note · Esc to leave") if on else
                               self.tr("Press Annotate (Ctrl+Shift+A), then click an element to pin a note"))
        sp = self.done.sizePolicy()
        sp.setRetainSizeWhenHidden(True)
        self.done.setSizePolicy(sp)
        self.done.setVisible(on)
        self.gestures.setSizePolicy(sp)
        self.gestures.setVisible(on)
        self.style().unpolish(self)   # the stylesheet's [on="true"] colours follow the property
        self.style().polish(self)
        for child in (self.label, self.gestures):   # children's rules under [on=…] too
            child.style().unpolish(child)
            child.style().polish(child)
