"""pagenote's marks over the page, drawn by the host: the hover highlight with its label and the numbered
markers, painted by a transparent widget stacked over the page view from the tab's
:class:`~app.webview.scene.SceneFeed` (top-viewport CSS px × the view's zoom factor = widget px).

Drawn outside the page, they cannot be hidden, moved, restyled or covered by the page's CSS, top layer or
scripts, and nothing of them is in the page's DOM. The widget is a *sibling* of the view (a child of the
view's parent, kept on the view's geometry), not a child: ``QWidget.grab()`` of the view — what every
screenshot is made from (:mod:`app.capture.viewport`) — shows the page alone, while what the user sees is
the parent's pixels (view and marks). Mouse events pass through it (``WA_TransparentForMouseEvents``) to the
view, whose input guard owns them in annotation mode. Widgets the view shows above the page (the note box, a
child of the view) are left uncovered.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QRegion
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QWidget

from app.core.policy import (HIGHLIGHT_COLOR, MARKER_COLOR, MARKER_SELECTED_COLOR, MARKER_SIZE,
                             MARKER_STALE_COLOR)
from app.webview.scene import Rect, Scene, SceneFeed, badge_width

LABEL_BACKGROUND = "#1E3A8A"


def _colour(hex_colour: str, alpha: float = 1.0) -> QColor:
    c = QColor(hex_colour)
    c.setAlphaF(alpha)
    return c


class MarksOverlay(QWidget):
    """Paints ``feed``'s scene over ``view`` (see the module docstring). The view must be inside a parent
    widget (its layout places the view; this widget follows the view's geometry by itself)."""

    def __init__(self, view: QWebEngineView, feed: SceneFeed) -> None:
        parent = view.parentWidget()
        if parent is None:
            raise ValueError("the view must be placed in a parent widget before its marks overlay is made")
        super().__init__(parent)
        self.view = view
        self.feed = feed
        self.scene: Scene = feed.scene
        self.setObjectName("pagenote-marks")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._label_font = QFont()
        self._label_font.setPixelSize(11)
        self._number_font = QFont()
        self._number_font.setBold(True)
        feed.changed.connect(self._changed)
        view.installEventFilter(self)
        self._follow()
        self.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if watched is self.view and event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show,
                                                     QEvent.Type.Hide, QEvent.Type.ZOrderChange):
            self._follow()
        return False

    def _follow(self) -> None:
        """Sit exactly on the view, above it."""
        self.setGeometry(self.view.geometry())
        self.setVisible(self.view.isVisible())
        self.raise_()

    def _changed(self, scene: Scene) -> None:
        self.scene = scene
        self.update()

    # -- painting ------------------------------------------------------------------------------------------------

    def _visible_region(self) -> QRegion:
        """The widget minus the view's own child widgets that show above the page (the note box)."""
        region = QRegion(self.rect())
        proxy = self.view.focusProxy()
        for child in self.view.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            # QtWebEngine's own children (the render widget, which is the focus proxy) show the page itself.
            if child is proxy or not child.isVisible() or "WebEngine" in child.metaObject().className():
                continue
            region -= QRegion(child.geometry())
        return region

    def _clip(self, painter: QPainter, base: QRegion, clip: Rect | None, zoom: float) -> None:
        region = base
        if clip is not None:
            region = region & QRegion(QRectF(clip.x * zoom, clip.y * zoom, clip.width * zoom,
                                             clip.height * zoom).toAlignedRect())
        painter.setClipRegion(region)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt virtual)
        scene = self.scene
        if scene.highlight is None and not scene.marks:
            return
        zoom = self.view.zoomFactor() or 1.0
        base = self._visible_region()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for mark in scene.marks:
            if mark.visible and mark.selected and mark.width and mark.height:
                self._clip(painter, base, mark.clip, zoom)
                pen = QPen(_colour(MARKER_COLOR, 0.7), 2, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(QRectF(mark.x * zoom + 1, mark.y * zoom + 1, mark.width * zoom - 2,
                                        mark.height * zoom - 2))
        if scene.highlight is not None:
            self._paint_highlight(painter, base, zoom)
        for mark in scene.marks:
            if mark.visible:
                self._clip(painter, base, mark.clip, zoom)
                self._paint_badge(painter, mark.x * zoom, mark.y * zoom, mark.n, zoom,
                                  MARKER_STALE_COLOR if mark.stale else
                                  MARKER_SELECTED_COLOR if mark.selected else MARKER_COLOR)
        painter.end()

    def _paint_highlight(self, painter: QPainter, base: QRegion, zoom: float) -> None:
        h = self.scene.highlight
        r = QRectF(h.rect.x * zoom, h.rect.y * zoom, h.rect.width * zoom, h.rect.height * zoom)
        self._clip(painter, base, h.clip, zoom)
        painter.setPen(QPen(_colour(HIGHLIGHT_COLOR), 2))
        painter.setBrush(_colour(HIGHLIGHT_COLOR, 0.12))
        painter.drawRect(r.adjusted(1, 1, -1, -1))   # a 2 px border inside the border box
        # The label above the box (below it when there is no room), never left of the view.
        painter.setClipRegion(base)
        painter.setFont(self._label_font)
        metrics = QFontMetricsF(self._label_font)
        width = metrics.horizontalAdvance(h.label) + 12
        box = QRectF(max(0.0, min(r.left(), self.width() - width)), r.top() - 19 if r.top() >= 20 else r.bottom() + 2,
                     width, 18)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_colour(LABEL_BACKGROUND))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, h.label)

    def _paint_badge(self, painter: QPainter, x: float, y: float, n: int, zoom: float, fill: str) -> None:
        size = MARKER_SIZE * zoom
        badge = QRectF(x, y, badge_width(n) * zoom, size)
        painter.setPen(QPen(QColor("#FFFFFF"), 2 * zoom))
        painter.setBrush(_colour(fill))
        painter.drawRoundedRect(badge.adjusted(zoom, zoom, -zoom, -zoom), size / 2 - zoom, size / 2 - zoom)
        self._number_font.setPixelSize(max(1, round(12 * zoom)))
        painter.setFont(self._number_font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(n))
