"""Find in page (Ctrl+F): a bar floating at the top right of the page (:mod:`app.ui.floating`) with the search text, "3 of 12", previous/next and close,
over QtWebEngine's own find (``QWebEnginePage.findText``; Chromium highlights the matches).

Enter finds the next match, Shift+Enter the previous one, Esc closes the bar and clears the highlights.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QToolButton

from app.ui.floating import Follow


class _Field(QLineEdit):
    """The search field: Enter next, Shift+Enter previous, Esc close (through ``bar``)."""

    def __init__(self, bar: FindBar) -> None:
        super().__init__(bar)
        self.bar = bar

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt virtual)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.bar.find(backward=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return
        if event.key() == Qt.Key.Key_Escape:
            self.bar.close_bar()
            return
        super().keyPressEvent(event)


class FindBar(QFrame):
    """The find bar for ``view`` (hidden until :meth:`start`). Signal ``closed()`` when it closes (the window
    decides where the keyboard focus goes)."""

    closed = Signal()

    def __init__(self, view: QWebEngineView) -> None:
        super().__init__(view.parentWidget())
        self.setObjectName("findBar")
        self.view = view
        self.field = _Field(self)
        self.field.setPlaceholderText(self.tr("Find in page"))
        self.field.setClearButtonEnabled(True)
        self.count = QLabel()
        self.count.setObjectName("muted")
        self.previous = QToolButton(text="↑", toolTip=self.tr("Previous match (Shift+Enter)"))
        self.next = QToolButton(text="↓", toolTip=self.tr("Next match (Enter)"))
        self.close_button = QToolButton(text="✕", toolTip=self.tr("Close (Esc)"))
        for button in (self.previous, self.next, self.close_button):
            button.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.previous)
        layout.addWidget(self.next)
        layout.addWidget(self.close_button)
        self.field.textChanged.connect(lambda _text: self.find())
        self.previous.clicked.connect(lambda: self.find(backward=True))
        self.next.clicked.connect(lambda: self.find())
        self.close_button.clicked.connect(self.close_bar)
        view.page().findTextFinished.connect(self._found)
        self.setAutoFillBackground(True)
        self.setMinimumWidth(380)
        self.follow = Follow(self, view, "top-right")   # floats: the page keeps its size
        self.hide()

    def start(self) -> None:
        """Show the bar and select its text for typing."""
        self.show()
        self.follow.place()
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()

    def find(self, backward: bool = False) -> None:
        """Find the field's text (the next match, or the previous one when ``backward``)."""
        flags = QWebEnginePage.FindFlag.FindBackward if backward else QWebEnginePage.FindFlag(0)
        text = self.field.text()
        self.view.page().findText(text, flags)
        if not text:
            self.count.setText("")

    def _found(self, result) -> None:
        if not self.field.text():
            self.count.setText("")
        elif result.numberOfMatches():
            self.count.setText(self.tr("{0} of {1}").format(result.activeMatch(), result.numberOfMatches()))
        else:
            self.count.setText(self.tr("No matches"))

    def close_bar(self) -> None:
        """Hide the bar and clear the page's match highlights."""
        self.view.page().findText("")
        self.hide()
        self.closed.emit()
