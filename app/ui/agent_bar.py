"""The user stays in charge while an agent acts on the page: :class:`AgentBar`, a non-modal bar floating at the
top of the view ("Agent is using this page" with a Stop button; after Stop, "Hand back to the agent") — it
floats, so the page keeps its size and a click the agent aimed is not moved by the bar appearing — and
:class:`AgentPointer`, a brief ring drawn over the view where each agent click landed. Both read a tab's
:class:`~app.tabs.agent_control.AgentControl` and :class:`~app.webview.dialog_hold.DialogHold`; they compute
nothing about the page."""

from __future__ import annotations

import time

import shiboken6

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.tabs.agent_control import ACTING, STOPPED, AgentParts

#: How long one click mark stays (ms), and its ring's radius (view px).
POINTER_MS = 900
POINTER_RADIUS = 14
POINTER_COLOR = "#DB2777"


class AgentPointer(QWidget):
    """A transparent layer over ``view`` (mouse events pass through) that draws a ring at each agent click for
    :data:`POINTER_MS`. ``marks`` holds ``[(point, shown_at)]`` (tests read it)."""

    def __init__(self, view: QWebEngineView) -> None:
        super().__init__(view)
        self.view = view
        self.marks: list[tuple[QPointF, float]] = []
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self._timer = QTimer(self)
        self._timer.setInterval(POINTER_MS // 3)
        self._timer.timeout.connect(self._expire)
        view.installEventFilter(self)
        self.setGeometry(view.rect())
        self.hide()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.view and event.type() == QEvent.Type.Resize and shiboken6.isValid(self.view):
            self.setGeometry(self.view.rect())
        return False

    def show_at(self, at: QPointF) -> None:
        """Draw a ring at ``at`` (view px) for a moment."""
        self.marks.append((QPointF(at), time.monotonic()))
        self.setGeometry(self.view.rect())
        self.show()
        self.raise_()
        self.update()
        self._timer.start()

    def _expire(self) -> None:
        now = time.monotonic()
        self.marks = [(p, t) for p, t in self.marks if now - t < POINTER_MS / 1000]
        if not self.marks:
            self._timer.stop()
            self.hide()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt virtual)
        if not self.marks:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        now = time.monotonic()
        for point, shown in self.marks:
            fade = max(0.0, 1.0 - (now - shown) / (POINTER_MS / 1000))
            colour = QColor(POINTER_COLOR)
            colour.setAlphaF(0.35 + 0.65 * fade)
            painter.setPen(QPen(colour, 3))
            fill = QColor(POINTER_COLOR)
            fill.setAlphaF(0.25 * fade)
            painter.setBrush(fill)
            painter.drawEllipse(point, POINTER_RADIUS, POINTER_RADIUS)
        painter.end()


class AgentBar(QFrame):
    """The bar over the top of the page while an agent acts (``acting``: "Agent is using this page" + Stop) or after the
    user took the page (``stopped``: + "Hand back to the agent"); hidden when ``idle``. A dialog held for the
    agent is named in it. ``label``, ``stop_button`` and ``hand_back_button`` are public (tests use them)."""

    def __init__(self, parts: AgentParts, view: QWebEngineView) -> None:
        super().__init__(view.parentWidget())
        self.parts = parts
        self.view = view
        view.installEventFilter(self)
        self.setObjectName("agentBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#agentBar { background: #FCE7F3; border: 1px solid #DB2777; border-radius: 4px; }"
                           "#agentBar QLabel { color: #831843; }")
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # a dialog's message is page data: never rich text
        self.label.setWordWrap(True)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Take the page back: the agent's further actions are refused"))
        self.stop_button.clicked.connect(lambda: parts.control.stop())
        self.hand_back_button = QPushButton(self.tr("Hand back to the agent"))
        self.hand_back_button.clicked.connect(parts.control.hand_back)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.stop_button)
        layout.addWidget(self.hand_back_button)
        self.pointer = AgentPointer(view)
        parts.control.pointer.connect(self.pointer.show_at)
        parts.control.changed.connect(lambda _state: self.refresh())
        parts.dialogs.opened.connect(lambda _pending: self.refresh())
        parts.dialogs.closed.connect(self.refresh)
        self.refresh()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.view and event.type() in (QEvent.Type.Move, QEvent.Type.Resize) and shiboken6.isValid(self.view):
            self.place()
        return False

    def place(self) -> None:
        """Keep the bar at the top centre of the view, 10 px in, at most the view's width less 20 px."""
        g = self.view.geometry()
        width = min(max(self.sizeHint().width(), 420), g.width() - 20)
        self.setGeometry(g.left() + (g.width() - width) // 2, g.top() + 10, width, self.sizeHint().height())
        self.raise_()

    def refresh(self) -> None:
        """Show the state of the page's control (class docstring)."""
        state = self.parts.control.state
        pending = self.parts.dialogs.pending
        if state == ACTING:
            text = self.tr("Agent is using this page")
            if pending is not None:
                text += self.tr(" \u2014 the page opened a dialog ({0}): \u201c{1}\u201d; waiting for the agent's "
                                "answer").format(pending.kind, pending.message)
        elif state == STOPPED:
            text = self.tr("You took the page back: the agent's actions are refused until you hand it back")
        else:
            self.hide()
            return
        self.label.setText(text)
        self.stop_button.setVisible(state == ACTING)
        self.hand_back_button.setVisible(state == STOPPED)
        self.show()
        self.place()
