"""Host-side drawing on captured images (Pillow): redaction boxes and annotation outlines with numbers.

Never drawn in the page: the page's pixels are what Chromium rendered; pagenote's additions are drawn on the
host afterwards (issue #4 §3–4). Coordinates come in CSS px and are multiplied by ``k`` (image px per CSS
px) and shifted by ``origin`` (the image's top-left in the same CSS coordinate space).
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw, ImageFont

# The marker's colour and size are the page-side overlay's, defined once in the policy.
from app.core.placement import Box, place_badges
from app.core.policy import MARKER_RGBA as MARKER_RED

REDACTION_FILL = (31, 41, 55, 255)   # solid slate: nothing of what was there survives


def _box(rect: dict, k: float, origin: tuple[float, float]) -> tuple[int, int, int, int]:
    x0 = (rect["x"] - origin[0]) * k
    y0 = (rect["y"] - origin[1]) * k
    return (int(x0), int(y0), int(x0 + rect["width"] * k + 0.999), int(y0 + rect["height"] * k + 0.999))


def redact(image: Image.Image, rects: Iterable[dict], k: float = 1.0, origin: tuple[float, float] = (0, 0)) -> int:
    """Fill each rect (CSS px) solid with :data:`REDACTION_FILL` in ``image``, in place. Returns how many rects
    touched the image. The rects are every frame's secret fields and ``data-pagenote-redact`` elements
    (:func:`app.webview.frames.redaction_rects`; which fields are secret: ``SECRET_*`` in app/core/policy.py)."""
    draw = ImageDraw.Draw(image)
    touched = 0
    for rect in rects:
        box = _box(rect, k, origin)
        if box[2] <= 0 or box[3] <= 0 or box[0] >= image.width or box[1] >= image.height:
            continue
        draw.rectangle(box, fill=REDACTION_FILL)
        touched += 1
    return touched


def draw_annotations(image: Image.Image, items: Iterable[tuple[int, dict]], k: float = 1.0,
                     origin: tuple[float, float] = (0, 0)) -> None:
    """Draw each ``(number, rect)``: a 2 px outline around the element and a numbered badge placed as the
    window places it (:func:`app.core.placement.place_badges`: just outside the element's border box, inside
    the image, clear of the other badges; inside the element only when there is no room), in place."""
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(int(12 * k), 9))
    items = sorted(items, key=lambda item: item[0])
    area = Box(origin[0], origin[1], image.width / k, image.height / k)
    badges = place_badges([(n, Box(r["x"], r["y"], r["width"], r["height"]), area) for n, r in items])
    for number, rect in items:
        draw.rectangle(_box(rect, k, origin), outline=MARKER_RED, width=max(int(2 * k), 2))
    for (number, _), b in zip(items, badges):
        badge = _box({"x": b.x, "y": b.y, "width": b.width, "height": b.height}, k, origin)
        draw.rounded_rectangle(badge, radius=(badge[3] - badge[1]) // 2, fill=MARKER_RED,
                               outline=(255, 255, 255, 255), width=max(int(2 * k), 1))
        centre = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
        draw.text(centre, str(number), fill=(255, 255, 255, 255), font=font, anchor="mm")
