"""Host-side drawing on captured images (Pillow): redaction boxes and annotation outlines with numbers.

Never drawn in the page: the page's pixels are what Chromium rendered; pagenote's additions are drawn on the
host afterwards (issue #4 §3–4). Coordinates come in CSS px and are multiplied by ``k`` (image px per CSS
px) and shifted by ``origin`` (the image's top-left in the same CSS coordinate space).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PIL import Image, ImageDraw, ImageFont

# The marker's colour and size are the page-side overlay's, defined once in the policy.
from app.core.mark_layout import FILL_ALPHA, MarkLayout, MarkShapes, layout_marks, shapes_of
from app.core.placement import OUTLINE_WIDTH, Box
from app.core.policy import MARKER_RGBA as MARKER_RED

REDACTION_FILL = (31, 41, 55, 255)   # solid slate: nothing of what was there survives


#: A grey-level difference from a rect's background above which a pixel is content (text), not a tint.
INK_DELTA = 48
#: A row or column of a rect with more than this share of ink is a line (a rule, a border), not content.
LINE_SHARE = 0.9


def _box(rect: dict, k: float, origin: tuple[float, float]) -> tuple[int, int, int, int]:
    x0 = (rect["x"] - origin[0]) * k
    y0 = (rect["y"] - origin[1]) * k
    return (int(x0), int(y0), int(x0 + rect["width"] * k + 0.999), int(y0 + rect["height"] * k + 0.999))


def redact(image: Image.Image, rects: Iterable[dict], k: float = 1.0, origin: tuple[float, float] = (0, 0)) -> int:
    """Fill each rect (CSS px) solid with :data:`REDACTION_FILL` in ``image``, in place. Returns how many rects
    touched the image. The rects are every frame's secret fields, contenteditable editing hosts and
    ``data-pagenote-redact`` elements (:func:`app.webview.frames.redaction_rects`; which fields are secret:
    ``SECRET_*`` in app/core/secret_rules.py — the rule every text reader follows too, app/picker_js/redact.js)."""
    draw = ImageDraw.Draw(image)
    touched = 0
    for rect in rects:
        box = _box(rect, k, origin)
        if box[2] <= 0 or box[3] <= 0 or box[0] >= image.width or box[1] >= image.height:
            continue
        draw.rectangle(box, fill=REDACTION_FILL)
        touched += 1
    return touched


def _number_font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    """A bold sans font for the badge numbers, as the window's (DejaVu Sans Bold when the system has it,
    else Pillow's own)."""
    try:
        return ImageFont.truetype("DejaVuSans-Bold.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def ink_cover(image: Image.Image, k: float = 1.0, origin: tuple[float, float] = (0, 0)):
    """A ``cover`` function for :func:`app.core.placement.place_badges` read from the captured pixels: how
    much of a rect (CSS px) is *ink* — pixels that differ from the rect's most common colour by more than a
    faint tint (text, images) — as an area in CSS px². A row or column that is ink nearly all across the rect
    is a rule or a border, not content, and does not count (the window's scene reports text lines only,
    overlay.js ``textNear``: both then pick the same side). The picture is what the page rendered."""
    grey = np.asarray(image.convert("L"), dtype=np.int16)

    def cover(b: Box) -> float:
        x0, y0 = max(0, int((b.x - origin[0]) * k)), max(0, int((b.y - origin[1]) * k))
        x1 = min(grey.shape[1], int((b.right - origin[0]) * k + 0.999))
        y1 = min(grey.shape[0], int((b.bottom - origin[1]) * k + 0.999))
        if x1 <= x0 or y1 <= y0:
            return 0.0
        part = grey[y0:y1, x0:x1]
        bg = np.bincount(part.ravel(), minlength=256).argmax()
        ink = np.abs(part - bg) > INK_DELTA
        ink[ink.mean(axis=1) > LINE_SHARE, :] = False   # rules and borders across the rect
        ink[:, ink.mean(axis=0) > LINE_SHARE] = False
        return float(ink.sum()) / (k * k)
    return cover


#: Supersampling of a badge's shape: its rounded corners are drawn this many times larger, then scaled down
#: (antialiased edges, as the window's QPainter draws them).
BADGE_SUPERSAMPLE = 4


def _smooth_badge(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int, int]) -> None:
    """Fill the badge ``box`` (image px, x0, y0, x1, y1) with ``colour`` as a rounded rectangle (radius a
    quarter of its height, the window's shape) with antialiased corners, in place."""
    w, h = box[2] - box[0], box[3] - box[1]
    if w <= 0 or h <= 0:
        return
    s = BADGE_SUPERSAMPLE
    mask = Image.new("L", (w * s, h * s), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=h * s // 4, fill=255)
    mask = mask.resize((w, h), Image.Resampling.LANCZOS)
    image.paste(Image.new(image.mode, (w, h), colour[:len(image.getbands())]), box[:2], mask)


def _area(rect: dict, picture: Box) -> Box:
    """The part of ``picture`` mark ``rect`` may draw its badge in: ``picture`` cut to the rect's ``clip`` (the
    visible part of its frame, same coordinates) when it has one."""
    c = rect.get("clip")
    if not c:
        return picture
    x0, y0 = max(picture.x, c["x"]), max(picture.y, c["y"])
    x1, y1 = min(picture.right, c["x"] + c["width"]), min(picture.bottom, c["y"] + c["height"])
    return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def draw_annotations(image: Image.Image, items: Iterable[tuple[int, dict]], k: float = 1.0,
                     origin: tuple[float, float] = (0, 0)) -> None:
    """Draw each ``(number, rect)`` as the window draws its marker, in place, by the one rule
    (:func:`app.core.mark_layout.layout_marks`): each shape outlined (:data:`~app.core.placement.OUTLINE_WIDTH`
    outside it, :data:`MARKER_RED`) or, for a text range, its words highlighted, and a numbered badge touching
    the first shape's outline. ``rect``: the first shape, CSS px ``{x, y, width, height}``, with optional
    ``parts`` (the other shapes, ``[[x, y, width, height]]``), ``fill`` (a text range), ``text`` (the page's
    text lines around it, ``[[x, y, width, height]]``: badges keep off them, as in the window) and ``clip``
    (its frame's visible part) — what :func:`app.webview.kind_rects.kind_pin_rects` reads from the window's
    scene. Without ``text`` on any item the text is read from these pixels instead (:func:`ink_cover`).
    ``k``: image px per CSS px (the device pixel ratio with device scale); ``origin``: the image's top-left in
    the rects' coordinates."""
    items = sorted(items, key=lambda item: item[0])
    picture = Box(origin[0], origin[1], image.width / k, image.height / k)
    marks = [MarkShapes(n, shapes_of(r), _area(r, picture), bool(r.get("fill"))) for n, r in items]
    if any("text" in r for _, r in items):
        layouts = layout_marks(marks, [Box(*map(float, t[:4])) for _, r in items for t in r.get("text") or ()
                                       if len(t) >= 4])
    else:   # measured before anything is drawn
        layouts = layout_marks(marks, cover=ink_cover(image, k, origin))
    _draw_layouts(image, layouts, k, origin)


def _draw_layouts(image: Image.Image, layouts: list[MarkLayout], k: float, origin: tuple[float, float]) -> None:
    font = _number_font(max(int(12 * k), 9))
    fills = [f for lay in layouts for f in lay.fills]
    if fills:   # a text range's words: the marker colour at FILL_ALPHA over them (composited, as QPainter does)
        tint = Image.new("RGBA", image.size, (0, 0, 0, 0))
        shade = ImageDraw.Draw(tint)
        for f in fills:
            x0, y0, x1, y1 = _box({"x": f.x, "y": f.y, "width": f.width, "height": f.height}, k, origin)
            shade.rectangle((x0, y0, x1 - 1, y1 - 1), fill=(*MARKER_RED[:3], round(255 * FILL_ALPHA)))
        image.paste(Image.alpha_composite(image.convert("RGBA"), tint).convert(image.mode))
    draw = ImageDraw.Draw(image)
    width = max(round(OUTLINE_WIDTH * k), 1)
    for lay in layouts:
        for o in lay.outlines:
            # PIL's outline grows inwards from the box given: the box is the outline's outer edge.
            box = _box({"x": o.x, "y": o.y, "width": o.width, "height": o.height}, k, origin)
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=MARKER_RED, width=width)
    for lay in layouts:
        b = lay.badge
        badge = _box({"x": b.x, "y": b.y, "width": b.width, "height": b.height}, k, origin)
        _smooth_badge(image, badge, MARKER_RED)
        centre = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
        draw.text(centre, str(lay.n), fill=(255, 255, 255, 255), font=font, anchor="mm")
