"""The diff image of ``pagenote compare`` (issue #4 §6): a picture of a :class:`~app.compare.engine.CompareResult`
for people and agents."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from app.compare.engine import CompareResult, compare_images, flatten

__all__ = ["FADE_CONTRAST", "MAGENTA", "OUTSIDE_TINT", "RED", "diff_image"]

FADE_CONTRAST = 0.3
"""The current page is drawn at 30 % contrast, faded towards white."""
MAGENTA = (255, 0, 255)
"""Changed pixels inside the overlap."""
RED = (230, 0, 0)
"""Region outlines and their number tags."""
OUTSIDE_TINT = 0.45
"""How strongly the area outside the overlap (size mismatch) is blended towards magenta, 0..1."""


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ValueError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def diff_image(baseline: Image.Image, current: Image.Image, result: CompareResult) -> Image.Image:
    """An RGB picture of ``result``, of the canvas size (``result.width`` × ``result.height`` px).

    The current image at :data:`FADE_CONTRAST` contrast (grey, faded towards white); changed pixels inside the
    overlap painted solid :data:`MAGENTA`; the area outside the overlap (size mismatch) tinted magenta by
    :data:`OUTSIDE_TINT` so its content stays visible; each region outlined in :data:`RED`, 2 px outside its
    box, with its number ``#n`` (1-based, the order of ``result.regions``) on a red tag beside it (above the
    box, else below it, else inside its top-left corner).

    ``baseline`` and ``current`` are the Pillow images (any mode) ``result`` was computed from; when
    ``result`` has no ``changed_mask`` the compare is run again with ``result.tolerance``. Raises
    ``ValueError`` when the canvas size of the images does not match ``result``.
    """
    mask = result.changed_mask
    if mask is None:
        mask = compare_images(baseline, current, tolerance=result.tolerance).changed_mask
    width, height = result.width, result.height
    if mask.size != (width, height) or (max(baseline.width, current.width),
                                        max(baseline.height, current.height)) != (width, height):
        raise ValueError("the result does not belong to these images (canvas sizes differ)")
    cur = flatten(current)
    ow, oh = min(baseline.width, current.width), min(baseline.height, current.height)

    fade = [255 - round((255 - v) * FADE_CONTRAST) for v in range(256)]
    canvas = Image.new("RGB", (width, height), (255, 255, 255))
    canvas.paste(cur.convert("L").point(fade).convert("RGB"), (0, 0))
    canvas.paste(MAGENTA, (0, 0, ow, oh), mask.crop((0, 0, ow, oh)))
    for box in ((ow, 0, width, height), (0, oh, ow, height)):  # outside the overlap: right strip, bottom strip
        if box[2] > box[0] and box[3] > box[1]:
            part = canvas.crop(box)
            canvas.paste(Image.blend(part, Image.new("RGB", part.size, MAGENTA), OUTSIDE_TINT), box[:2])

    draw = ImageDraw.Draw(canvas)
    font = _font(14)
    for number, r in enumerate(result.regions, 1):
        outline = (max(0, r.x - 2), max(0, r.y - 2), min(width - 1, r.x + r.width + 1),
                   min(height - 1, r.y + r.height + 1))
        draw.rectangle(outline, outline=RED, width=2)
        label = f"#{number}"
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        tw, th = right - left + 6, bottom - top + 4
        tx = min(max(0, outline[0]), max(0, width - tw))
        if outline[1] - th >= 0:
            ty = outline[1] - th
        elif outline[3] + 1 + th <= height:
            ty = outline[3] + 1
        else:
            ty = outline[1]
        draw.rectangle((tx, ty, tx + tw - 1, ty + th - 1), fill=RED)
        draw.text((tx + 3 - left, ty + 2 - top), label, fill=(255, 255, 255), font=font)
    return canvas
