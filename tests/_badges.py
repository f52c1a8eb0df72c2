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


def red_mask(rgb, colour=(220, 38, 38), tolerance=40):
    """Where an RGB array (H×W×3, uint8) shows the marker colour (within ``tolerance`` per channel)."""
    import numpy as np

    diff = np.abs(rgb[..., :3].astype(int) - np.array(colour)).max(axis=-1)
    return diff <= tolerance


def find_badges(rgb, k: float, outlines=()) -> list[tuple[float, float, float, float]]:
    """The badges drawn on an RGB array at ``k`` px per CSS px: solid marker-coloured pills, found as the parts
    of the marker-coloured pixels thicker than an outline (2 CSS px), at least half a badge tall. ``outlines``:
    the outer edges of the outlines drawn (CSS px boxes), whose strokes are left out first (a badge touches its
    outline: joined, they would read as one shape). Each as ``(x0, y0, x1, y1)`` in image px, top to bottom,
    then left to right."""
    import math

    import numpy as np
    from scipy import ndimage

    from app.core.placement import OUTLINE_WIDTH
    from app.core.policy import MARKER_SIZE

    mask = red_mask(rgb)
    for o in outlines:   # the stroke band, a pixel wider on each side
        x0, y0 = math.floor(o.x * k) - 1, math.floor(o.y * k) - 1
        x1, y1 = math.ceil(o.right * k) + 1, math.ceil(o.bottom * k) + 1
        band = np.zeros_like(mask)
        band[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = True
        inset = math.ceil(OUTLINE_WIDTH * k) + 2
        band[max(0, y0 + inset):max(0, y1 - inset), max(0, x0 + inset):max(0, x1 - inset)] = False
        mask &= ~band
    side = int(2 * k) + 2
    solid = ndimage.binary_opening(mask, structure=np.ones((side, side), bool))
    labels, _count = ndimage.label(solid)
    out = []
    for sl in ndimage.find_objects(labels):
        y, x = sl
        if y.stop - y.start >= MARKER_SIZE * k / 2:
            out.append((float(x.start), float(y.start), float(x.stop), float(y.stop)))
    return sorted(out, key=lambda b: (b[1], b[0]))
