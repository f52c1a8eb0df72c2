"""What a drag in annotation mode draws while it goes on: the dragged rectangle (a region, or a box that picks
a group), the text range's rects, and the outlines of a group's elements so far. Painted by the host over the
view (a sibling widget on the view's geometry, like :mod:`app.ui.marks`), never in the page; mouse events
pass through it to the view."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QWidget

from app.core.policy import HIGHLIGHT_COLOR

SELECTION_FILL = QColor(37, 99, 235, 70)   # the highlight colour, translucent


class DragOverlay(QWidget):
    """``rect``: the dragged rectangle (view px) or ``None``; ``text_rects``/``group_rects``: rects in view
    px. Set them with :meth:`show_state`."""

    def __init__(self, view: QWebEngineView) -> None:
        super().__init__(view.parentWidget())
        self.view = view
        self.rect_: QRectF | None = None
        self.text_rects: list[QRectF] = []
        self.group_rects: list[QRectF] = []
        self.setObjectName("pagenote-drag")
        for attr in (Qt.WidgetAttribute.WA_TransparentForMouseEvents, Qt.WidgetAttribute.WA_NoSystemBackground,
                     Qt.WidgetAttribute.WA_TranslucentBackground):
            self.setAttribute(attr)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        view.installEventFilter(self)
        self._follow()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.view and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            self._follow()
        return False

    def _follow(self) -> None:
        self.setGeometry(self.view.geometry())
        self.raise_()

    def show_state(self, rect: QRectF | None = None, text_rects: list[QRectF] | None = None,
                   group_rects: list[QRectF] | None = None) -> None:
        """Draw these now (``None``/empty: nothing of that kind)."""
        self.rect_, self.text_rects, self.group_rects = rect, text_rects or [], group_rects or []
        self._follow()
        self.setVisible(bool(rect is not None or self.text_rects or self.group_rects))
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt virtual)
        painter = QPainter(self)
        colour = QColor(HIGHLIGHT_COLOR)
        for r in self.text_rects:
            painter.fillRect(r, SELECTION_FILL)
        pen = QPen(colour, 2)
        painter.setPen(pen)
        for r in self.group_rects:
            painter.drawRect(r)
        if self.rect_ is not None:
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.fillRect(self.rect_, QColor(37, 99, 235, 30))
            painter.drawRect(self.rect_)
        painter.end()
