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

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPalette, QPen, QPolygonF, QRegion
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QWidget

from app.core.mark_layout import FILL_ALPHA, MarkLayout, MarkShapes, layout_marks
from app.core.placement import OUTLINE_WIDTH, Box, hover_label_box, outline_box
from app.core.policy import (HIGHLIGHT_COLOR, LABEL_HEIGHT, MARKER_COLOR, MARKER_SELECTED_COLOR,
                             MARKER_STALE_COLOR)
from app.ui.mark_reveal import reveal_mark
from app.ui.theme import MODE_COLOR
from app.webview.scene import SceneFeed
from app.webview.scene_data import Mark, Rect, Scene

LABEL_BACKGROUND = "#1E3A8A"
#: The halo around the marker of the panel's selected row, CSS px outside its outline.
HALO_WIDTH = 3
#: How far the note box's pointer sticks out from its edge towards the element, widget px.
CARET = 7


def _box(r: Rect) -> Box:
    return Box(r.x, r.y, r.width, r.height)


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
        self.mode_frame = False
        self.emphasised: tuple | None = None   # (frame key, page-side id) of the panel's selected row
        self.revealed: tuple | None = None     # the scroll (dx, dy) CSS px the last selection asked for
        self._watched: set = set()
        # An ambiguous annotation's candidates while the user picks one (app/ui/candidate_pick.py).
        self.choices: list[tuple[int, Rect]] = []
        feed.changed.connect(self._changed)
        view.installEventFilter(self)
        self._follow()
        self.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if watched is self.view and event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show,
                                                     QEvent.Type.Hide, QEvent.Type.ZOrderChange):
            self._follow()
        elif watched is getattr(self, "_panel_viewport", None):
            if not shiboken6.isValid(self._panel_list):   # the panel is being destroyed
                return False
            if event.type() == QEvent.Type.MouseMove:
                hovered = self._mark_of(self._panel_list.itemAt(event.position().toPoint()))
                self.emphasise(hovered or self._mark_of(self._panel_list.currentItem()))
            elif event.type() == QEvent.Type.Leave:
                self.emphasise(self._mark_of(self._panel_list.currentItem()))
        elif watched is not self.view and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.update()    # the note box opened or closed
        return False

    def _follow(self) -> None:
        """Sit exactly on the view, above it."""
        self.setGeometry(self.view.geometry())
        self.setVisible(self.view.isVisible())
        self.raise_()

    def set_mode_frame(self, on: bool) -> None:
        """Draw (``True``) or stop drawing the annotation mode frame: a 3 px border inside the view in
        :data:`app.ui.theme.MODE_COLOR`."""
        self.mode_frame = on
        self.update()

    def set_choices(self, choices: list[tuple[int, Rect]]) -> None:
        """Draw ``choices`` — ``(number, box in top-viewport CSS px)`` of the candidates the user picks from
        (:mod:`app.ui.candidate_pick`) — as numbered dashed outlines; ``[]`` stops."""
        self.choices = list(choices)
        self.update()

    def follow_panel(self, panel, tab_id: str, target) -> None:
        """Emphasise the marker of the side panel's selected row — or of the row under the mouse, while it is
        there — when that row is this tab's (``tab_id``), so the row and its marker read as one. ``panel``: an
        :class:`~app.ui.panel.AnnotationPanel`; ``target``: pin id → ``(frame route, page-side id)`` (the tab
        annotator's ``target``)."""
        self._tab_id, self._target, self._panel_list = tab_id, target, panel.list
        panel.list.currentItemChanged.connect(self._panel_row)
        panel.list.setMouseTracking(True)
        self._panel_viewport = panel.list.viewport()
        self._panel_viewport.installEventFilter(self)   # a hovered row emphasises its marker while hovered

    def _panel_row(self, item, _previous=None) -> None:
        """The panel's selection moved to ``item``: emphasise its marker and scroll it into view when it is
        outside the view (:func:`app.ui.mark_reveal.reveal_mark`; the page stays put when it is in view)."""
        mark = self._mark_of(item)
        self.emphasise(mark)
        self.revealed = reveal_mark(self, mark) if mark is not None else None

    def _mark_of(self, item) -> tuple | None:
        """``(frame key, page-side id)`` of a panel row's marker when the row is this tab's, else ``None``."""
        from app.ui.panel import ID_ROLE, TAB_ROLE

        pin_id = item.data(ID_ROLE) if item is not None else None
        if not pin_id or (item.data(TAB_ROLE) or "") not in ("", self._tab_id):
            return None
        route, page_id = self._target(str(pin_id))
        return route.key, page_id

    def emphasise(self, mark: tuple | None) -> None:
        """Draw the marker ``(frame key, page-side id)`` emphasised (a halo outside its outline); ``None``:
        none."""
        self.emphasised = mark
        self.update()

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

    def layouts(self) -> list[tuple[Mark, MarkLayout]]:
        """Each visible marker with what is drawn for it (CSS px of the view), by the one rule the annotated PNG
        follows too (:func:`app.core.mark_layout.layout_marks`: its shapes outlined or, for a text range,
        highlighted; its badge touching its first shape's outline, clear of the other badges, of the page's
        text lines around the marks and of the other outlines where it can), in number order."""
        zoom = self.view.zoomFactor() or 1.0
        view = Rect(0.0, 0.0, self.width() / zoom, self.height() / zoom)
        marks = sorted((m for m in self.scene.marks if m.visible), key=lambda m: m.n)
        shapes = [MarkShapes(m.n, (Box(m.x, m.y, m.width, m.height), *map(_box, m.parts)),
                             _box(view.intersected(m.clip)), m.fill) for m in marks]
        # The page's text lines around every marker (overlay.js textNear): no badge hides them when it can.
        return list(zip(marks, layout_marks(shapes, [_box(t) for m in marks for t in m.text])))

    def _placed(self) -> list[tuple[Mark, QRectF]]:
        zoom = self.view.zoomFactor() or 1.0
        return [(m, QRectF(b.x * zoom, b.y * zoom, b.width * zoom, b.height * zoom))
                for m, b in ((m, lay.badge) for m, lay in self.layouts())]

    def badges(self) -> list[tuple[Mark, QRectF]]:
        """The badges as drawn now: ``[(mark, rect in widget px = view px)]`` in number order."""
        return self._placed()

    def badge_at(self, pos: QPointF) -> Mark | None:
        """The marker whose badge is drawn at ``pos`` (view px), the highest number first; ``None`` if none."""
        for mark, rect in reversed(self._placed()):
            if rect.contains(pos):
                return mark
        return None

    def label_text(self, h) -> str:
        """The hover label, tooltip-sized as Chromium's inspector tooltip: ``link “index” · 34×16 · 2/5`` — the
        element as the side panel names it (role and name, overlay.js summaryName), its size in CSS px, and
        its place in the hit-test stack at the pointer when more than it is there (Alt+↑/↓ step through it;
        the shortcuts dialog says so); the page's label when the scene carries no name."""
        if not h.name:
            return h.label
        text = f"{h.name} · {round(h.rect.width)}×{round(h.rect.height)}"
        return text + (f" · {h.k}/{h.n}" if h.n > 1 and h.k else "")

    def note_open(self) -> bool:
        """True while the note box (the view's child ``noteBox``) is shown: the hover highlight and its label
        step aside, the pending marker shows what the note is about."""
        box = self.view.findChild(QWidget, "noteBox", Qt.FindChildOption.FindDirectChildrenOnly)
        if box is not None and box not in self._watched:
            self._watched.add(box)
            box.installEventFilter(self)
        return box is not None and box.isVisible()

    def caret(self) -> QPolygonF | None:
        """The note box's pointer (widget px): a small triangle on the box's edge that faces the element being
        annotated (the pending marker's outline), its tip :data:`CARET` px out towards it, slid along the edge
        to the element's middle as far as the box's rounded corners allow: ``[base, tip, base]``. ``None``
        without an open note box, without a pending marker, or when no edge of the box faces the element."""
        box = self.view.findChild(QWidget, "noteBox", Qt.FindChildOption.FindDirectChildrenOnly)
        mark = next((m for m in self.scene.marks if m.selected and m.visible and m.width and m.height), None)
        if box is None or not box.isVisible() or mark is None:
            return None
        zoom = self.view.zoomFactor() or 1.0
        o = outline_box(Box(mark.x, mark.y, mark.width, mark.height))
        e = QRectF(o.x * zoom, o.y * zoom, o.width * zoom, o.height * zoom)
        g = QRectF(box.geometry())   # the view's coordinates: this widget sits on the view
        c, inset = CARET, CARET + 10  # 10: clear of the box's rounded corner

        def along(lo: float, hi: float, want: float) -> float:
            return max(lo + inset, min(hi - inset, want))

        if g.top() >= e.bottom():       # the box is below the element: the tip points up
            x = along(g.left(), g.right(), e.center().x())
            return QPolygonF([QPointF(x - c, g.top()), QPointF(x, g.top() - c), QPointF(x + c, g.top())])
        if g.bottom() <= e.top():       # above: down
            x = along(g.left(), g.right(), e.center().x())
            return QPolygonF([QPointF(x - c, g.bottom()), QPointF(x, g.bottom() + c), QPointF(x + c, g.bottom())])
        if g.left() >= e.right():       # right of it: left
            y = along(g.top(), g.bottom(), e.center().y())
            return QPolygonF([QPointF(g.left(), y - c), QPointF(g.left() - c, y), QPointF(g.left(), y + c)])
        if g.right() <= e.left():       # left of it: right
            y = along(g.top(), g.bottom(), e.center().y())
            return QPolygonF([QPointF(g.right(), y - c), QPointF(g.right() + c, y), QPointF(g.right(), y + c)])
        return None

    def label_rect(self) -> tuple[QRectF, str] | None:
        """The hover label as drawn now: its rect in widget px, wholly inside the widget and outside the
        highlighted element — above its outline, below it when there is no room above, as Chromium's inspector
        tooltip (:func:`app.core.placement.hover_label_box`) — and its text, elided to the widget's width;
        ``None`` without a highlight."""
        h = self.scene.highlight
        if h is None or self.note_open():
            return None
        zoom = self.view.zoomFactor() or 1.0
        metrics = QFontMetricsF(self._label_font)
        text = metrics.elidedText(self.label_text(h), Qt.TextElideMode.ElideRight, max(0.0, self.width() - 16.0))
        width = min(metrics.horizontalAdvance(text) + 12, float(self.width()))
        o = outline_box(_box(h.rect))   # the highlight's outer edge: the label touches it, never covers it
        target = Box(o.x * zoom, o.y * zoom, o.width * zoom, o.height * zoom)
        badges = [Box(r.x(), r.y(), r.width(), r.height()) for _, r in self._placed()]
        box = hover_label_box(target, width, float(LABEL_HEIGHT),
                              Box(0.0, 0.0, float(self.width()), float(self.height())), avoid=badges)
        return QRectF(box.x, box.y, box.width, box.height), text

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt virtual)
        scene = self.scene
        if scene.highlight is None and not scene.marks and not self.mode_frame and not self.choices:
            return
        zoom = self.view.zoomFactor() or 1.0
        base = self._visible_region()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.mode_frame:
            painter.setPen(QPen(_colour(MODE_COLOR), 3))   # the mode's colour, as the strip and the toggle
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5))
        layouts = self.layouts()
        for mark, lay in layouts:
            # What the annotated PNG draws too (app/capture/draw.py, app/core/mark_layout.py): each shape's
            # outline, OUTLINE_WIDTH CSS px outside it (it covers none of the element), or a text range's words
            # highlighted; the badge touches the first. Blue while the note is open, grey when stale.
            if mark.width and mark.height:
                self._clip(painter, base, mark.clip, zoom)
                colour = MARKER_STALE_COLOR if mark.stale else MARKER_SELECTED_COLOR if mark.selected else MARKER_COLOR
                width = OUTLINE_WIDTH * zoom
                painter.setPen(QPen(_colour(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                                    Qt.PenJoinStyle.MiterJoin))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                o = outline_box(Box(mark.x, mark.y, mark.width, mark.height))
                half = width / 2   # the pen is centred on the path: the stroke's outer edge is the outline box
                for p in lay.outlines:
                    painter.drawRect(QRectF(p.x * zoom + half, p.y * zoom + half, p.width * zoom - width,
                                            p.height * zoom - width))
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(_colour(colour, FILL_ALPHA))
                for p in lay.fills:
                    painter.drawRect(QRectF(p.x * zoom, p.y * zoom, p.width * zoom, p.height * zoom))
                if self.emphasised == (mark.frame, mark.id):
                    # The panel's selected row: a halo just outside the outline, in its colour.
                    ring = HALO_WIDTH * zoom
                    painter.setPen(QPen(_colour(colour, 0.35), ring, Qt.PenStyle.SolidLine,
                                        Qt.PenCapStyle.SquareCap, Qt.PenJoinStyle.MiterJoin))
                    painter.drawRect(QRectF(o.x * zoom - ring / 2, o.y * zoom - ring / 2, o.width * zoom + ring,
                                            o.height * zoom + ring))
        if scene.highlight is not None and not self.note_open():
            self._paint_highlight(painter, base, zoom)
        for mark, lay in layouts:
            b = lay.badge
            rect = QRectF(b.x * zoom, b.y * zoom, b.width * zoom, b.height * zoom)
            self._clip(painter, base, mark.clip, zoom)
            self._paint_badge(painter, rect, mark.n, zoom,
                              MARKER_STALE_COLOR if mark.stale else
                              MARKER_SELECTED_COLOR if mark.selected else MARKER_COLOR)
        self._paint_choices(painter, base, zoom)
        caret = self.caret() if scene.marks else None
        if caret is not None:   # the note box points at what it annotates: its surface and edge colours
            painter.setClipRegion(base)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
            painter.setBrush(self.palette().color(QPalette.ColorRole.Base))
            painter.drawPolygon(caret)
        painter.end()

    def _paint_highlight(self, painter: QPainter, base: QRegion, zoom: float) -> None:
        h = self.scene.highlight
        r = QRectF(h.rect.x * zoom, h.rect.y * zoom, h.rect.width * zoom, h.rect.height * zoom)
        self._clip(painter, base, h.clip, zoom)
        # The marker's geometry (OUTLINE_WIDTH outside the border box: it covers none of the element's letters)
        # in the highlight colour, with a faint tint inside (6 % alpha: the text keeps its contrast).
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_colour(HIGHLIGHT_COLOR, 0.06))
        painter.drawRect(r)
        width = OUTLINE_WIDTH * zoom
        painter.setPen(QPen(_colour(HIGHLIGHT_COLOR), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                            Qt.PenJoinStyle.MiterJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(r.adjusted(-width / 2, -width / 2, width / 2, width / 2))
        label = self.label_rect()
        if label is None:
            return
        box, text = label
        painter.setClipRegion(base)
        painter.setFont(self._label_font)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_colour(LABEL_BACKGROUND))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_choices(self, painter: QPainter, base: QRegion, zoom: float) -> None:
        # Each candidate: a dashed outline OUTLINE_WIDTH outside its box (it covers none of it) and its number
        # in a badge on the outline's top-left corner, in the selected-marker colour.
        if not self.choices:
            return
        painter.setClipRegion(base)
        width = OUTLINE_WIDTH * zoom
        for n, r in self.choices:
            o = outline_box(_box(r))
            painter.setPen(QPen(_colour(MARKER_SELECTED_COLOR), width, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap,
                                Qt.PenJoinStyle.MiterJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(o.x * zoom + width / 2, o.y * zoom + width / 2, o.width * zoom - width,
                                    o.height * zoom - width))
            size = LABEL_HEIGHT * zoom
            self._paint_badge(painter, QRectF(o.x * zoom, o.y * zoom - size, size * (1.4 if n > 9 else 1), size),
                              n, zoom, MARKER_SELECTED_COLOR)

    def _paint_badge(self, painter: QPainter, badge: QRectF, n: int, zoom: float, fill: str) -> None:
        # A solid pill touching its element's outline, in the outline's colour: nothing between them, so the
        # two read as one marker (the annotated PNG draws the same, app/capture/draw.py).
        size = badge.height()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_colour(fill))
        painter.drawRoundedRect(badge, size / 4, size / 4)
        self._number_font.setPixelSize(max(1, round(12 * zoom)))
        painter.setFont(self._number_font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(n))
