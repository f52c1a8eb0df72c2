"""Bring a marker into view when its panel row is selected: the page scrolls by the least amount that puts the
marker's outline inside the view, and not at all when it is already there — the "nearest" rule of CSSOM View
``scrollIntoView({block: "nearest", inline: "nearest"})`` (CSSOM View §5.1, "determine the scroll-into-view
position"), applied to what pagenote draws (the outline box, which may be larger than the element's box).
"""

from __future__ import annotations

from app.core.placement import Box, outline_box
from app.webview.bridge import WORLD

#: Room kept between a revealed outline and the view's edge, CSS px (less when the outline nearly fills it).
MARGIN = 16


def nearest_delta(lo: float, hi: float, size: float, margin: float = MARGIN) -> float:
    """How far to scroll one axis (CSS px, + = down/right) so the span ``lo``..``hi`` (viewport coordinates)
    lies inside ``0``..``size``: 0 when it already does; else the nearest edge, with up to ``margin`` of room.
    A span longer than the view is aligned at its start (its start is what a reader looks for)."""
    if lo >= 0 and hi <= size:
        return 0.0
    room = max(0.0, min(margin, (size - (hi - lo)) / 2))
    if hi - lo > size or lo < 0:
        return lo - room
    return hi - size + room


def reveal_delta(mark, view_width: float, view_height: float) -> tuple[float, float]:
    """``(dx, dy)`` in CSS px that bring ``mark``'s outline (a :class:`~app.webview.scene_data.Mark`, top-viewport
    CSS px) inside a view of ``view_width`` × ``view_height`` CSS px; ``(0, 0)`` when it is inside."""
    o = outline_box(Box(mark.x, mark.y, mark.width, mark.height))
    return (nearest_delta(o.x, o.x + o.width, view_width), nearest_delta(o.y, o.y + o.height, view_height))


def reveal_mark(overlay, key: tuple | None) -> tuple[float, float] | None:
    """Scroll ``overlay``'s page (a :class:`~app.ui.marks.MarksOverlay`) so marker ``key`` = ``(frame key,
    page-side id)`` is in view. The top document scrolls (an iframe's marker moves with its iframe), in
    pagenote's isolated world so no page script can intercept it. Returns the ``(dx, dy)`` asked for — ``(0,
    0)`` and no scroll when the marker is in view — or ``None`` when the scene has no visible marker ``key``."""
    mark = next((m for m in overlay.scene.marks if key is not None and (m.frame, m.id) == key and m.visible
                 and m.width and m.height), None)
    if mark is None:
        return None
    zoom = overlay.view.zoomFactor() or 1.0
    dx, dy = reveal_delta(mark, overlay.width() / zoom, overlay.height() / zoom)
    if dx or dy:
        overlay.view.page().runJavaScript(f"window.scrollBy({{left: {dx:.1f}, top: {dy:.1f}, behavior: 'instant'}})",
                                          WORLD)
    return dx, dy
