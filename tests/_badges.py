"""Where the window draws a marker's badge (app/ui/marks.py places it beside its element by
app/core/placement.py): test helpers reading the overlay's own layout."""

from __future__ import annotations


def badge_rect(window, n: int):
    """The drawn badge of marker ``n`` as ``(x, y, width, height)`` in the view's CSS px, or ``None``."""
    zoom = window.view.zoomFactor() or 1.0
    for mark, rect in window.marks.badges():
        if mark.n == n:
            return rect.x() / zoom, rect.y() / zoom, rect.width() / zoom, rect.height() / zoom
    return None


def badge_fill_point(window, n: int) -> tuple[float, float] | None:
    """A point of badge ``n``'s red fill (5 CSS px in from its left edge, on its middle line), CSS px."""
    r = badge_rect(window, n)
    return None if r is None else (r[0] + 5, r[1] + r[3] / 2)
