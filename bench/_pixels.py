"""What the user sees: grabs of a few pixels at an element's left edge (the hover outline) or top-left (the
marker badge), polled as fast as the event loop wakes. The highlight and markers are drawn by the host over
the view (``app.ui.marks``), so the grab is of the view's parent (page and marks), not of the view."""

from __future__ import annotations

import asyncio
import time

from _window import WAIT_MS

BLUE, RED = (0x25, 0x63, 0xEB), (0xDC, 0x26, 0x26)   # app.core.policy: outline / selected badge, badge
TOLERANCE = 10                        # per channel


def near(rgb: tuple[int, int, int], want: tuple[int, int, int]) -> bool:
    """True when every channel of ``rgb`` is within :data:`TOLERANCE` of ``want``."""
    return max(abs(a - b) for a, b in zip(rgb, want)) <= TOLERANCE


def edge_window(t: dict) -> tuple[int, int, int, int]:
    """x, y, w, h on the element's left edge at mid-height: where the outline's 2 px border is drawn."""
    return int(t["rect"]["x"]) - 1, round(t["edgeY"]) - 1, 4, 3


def dot_window(t: dict) -> tuple[int, int, int, int]:
    """Inside the marker dot at the element's top-left (22 px round, 2 px white rim), left of its number."""
    return int(t["rect"]["x"]) + 3, int(t["rect"]["y"]) + 9, 3, 5


def badge_window(w, n: int) -> tuple[int, int, int, int] | None:
    """Inside marker ``n``'s badge where the host places it (``app.ui.marks`` ``badges()``: outside the element
    when there is room, so not at the element's own top-left), left of its number: 3×5 view px at the badge's
    left third, mid-height; None while no badge ``n`` is placed."""
    for mark, rect in w.window.annotate.marks.badges():
        if mark.n == n:
            return int(rect.x()) + 4, int(rect.center().y()) - 2, 3, 5
    return None


def badge_seen(w, n: int, colours) -> tuple[int, int, int] | None:
    """:func:`seen_colour` in marker ``n``'s badge (:func:`badge_window`), None while it is not placed."""
    window = badge_window(w, n)
    return seen_colour(w, window, colours) if window is not None else None


def seen_colour(w, window, colours) -> tuple[int, int, int] | None:
    """The first of ``colours`` that a pixel of ``window`` (view px) has in a grab of what the user sees
    (``w``: a ``BenchWindow``; its view's parent, page and marks), or None."""
    from PySide6.QtCore import QRect

    ox, oy = w.screen_origin()
    x, y, width, height = window
    image = w.screen_widget().grab(QRect(x + ox, y + oy, width, height)).toImage()
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            for want in colours:
                if near((c.red(), c.green(), c.blue()), want):
                    return want
    return None


async def poll_pixels(seen, timeout_ms: int = WAIT_MS) -> float | None:
    """Host time of the first grab (its start) for which ``seen()`` holds, grabbing each time the loop comes
    back from a 1 ms sleep (``asyncio.sleep`` on Qt's loop); None on timeout."""
    deadline = time.perf_counter() + timeout_ms / 1e3
    while time.perf_counter() < deadline:
        t = time.perf_counter()
        if seen():
            return t
        await asyncio.sleep(0.001)
    return None
