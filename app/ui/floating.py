"""Widgets that float over the page view without taking room from it: the find bar and the annotation mode
banner. Changing the view's size would make the page see ``resize`` events — in annotation mode the page must
see nothing of pagenote — so these are siblings stacked over the view (like :mod:`app.ui.marks`), kept at
one of its edges as it moves and resizes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtWidgets import QWidget

#: Distance from the view's edges, px.
MARGIN = 10


class Follow(QObject):
    """Keeps ``widget`` (a child of ``view``'s parent) over ``view`` at ``where``: ``"top-right"`` or
    ``"bottom-centre"``, :data:`MARGIN` px in, at its size hint's height and at most the view's width."""

    def __init__(self, widget: QWidget, view: QWidget, where: str) -> None:
        super().__init__(widget)
        if where not in ("top-right", "bottom-centre"):
            raise ValueError(f"unknown place {where!r}")
        self.widget, self.view, self.where = widget, view, where
        view.installEventFilter(self)
        widget.installEventFilter(self)
        view.destroyed.connect(self._view_gone)

    def _view_gone(self) -> None:
        self.view = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if self.view is not None and event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show,
                                                      QEvent.Type.LayoutRequest):
            self.place()
        return False

    def place(self) -> None:
        """Move and size the widget to its place now, above its siblings (nothing once the view is gone)."""
        if self.view is None:
            return
        g = self.view.geometry()
        hint = self.widget.sizeHint()
        width = min(max(hint.width(), self.widget.minimumWidth()), g.width() - 2 * MARGIN)
        height = hint.height()
        if self.where == "top-right":
            at = QPoint(g.right() - MARGIN - width, g.top() + MARGIN)
        else:
            at = QPoint(g.left() + (g.width() - width) // 2, g.bottom() - MARGIN - height)
        if self.widget.geometry() != (geometry := self.widget.geometry().__class__(at.x(), at.y(), width, height)):
            self.widget.setGeometry(geometry)
        self.widget.raise_()
