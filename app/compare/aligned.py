"""Two crops of one element compared with the element's box aligned (issue 31, requirement 1): a verification's
*before* (pin time) and *after* (now) crops each show the element with a margin around it, and the element may
have grown, shrunk or moved, so the images are cut to the same margin around the element's top-left corner
before :func:`app.compare.engine.compare_images` compares them pixel by pixel (its rule, its anti-aliasing
filter) and :func:`app.compare.diff_image.diff_image` draws the difference.

The cut: on each side, the margin kept is the smaller of the two crops' margins on that side (a crop clamped
at the document's edge has less), so the element's top-left corner lands on the same pixel of both images.
The images keep their own element sizes: a grown element makes the after image larger, and the compare counts
the area outside the overlap as changed (its ``size_mismatch``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from app.compare.diff_image import diff_image
from app.compare.engine import CompareResult, compare_images

__all__ = ["AlignedCompare", "Box", "compare_aligned"]

#: ``(x, y, width, height)`` of the element's box in an image, image px.
Box = tuple[float, float, float, float]


@dataclass
class AlignedCompare:
    """:func:`compare_aligned`'s result: the two cut images, the compare of them, and its diff image (RGB)."""

    before: Image.Image
    after: Image.Image
    result: CompareResult
    diff: Image.Image


def _cut(image: Image.Image, box: Box, left: int, top: int, right: int, bottom: int) -> Image.Image:
    x, y, w, h = (round(v) for v in box)
    return image.crop((max(0, x - left), max(0, y - top), min(image.width, x + w + right),
                       min(image.height, y + h + bottom)))


def compare_aligned(before: Image.Image, before_box: Box, after: Image.Image, after_box: Box) -> AlignedCompare:
    """Compare ``before`` and ``after`` (Pillow images at the same scale) with the element boxes
    ``before_box`` / ``after_box`` (image px within each image) aligned at their top-left corners (module
    docstring). Raises ``ValueError`` when a box lies outside its image (nothing to compare). Blocking
    (numpy/scipy over both images): run it off the event loop for large crops."""
    margins = []
    for image, (x, y, w, h) in ((before, before_box), (after, after_box)):
        if w <= 0 or h <= 0 or x >= image.width or y >= image.height or x + w <= 0 or y + h <= 0:
            raise ValueError(f"the element's box {(x, y, w, h)} is outside its {image.width}x{image.height} image")
        margins.append((max(0, round(x)), max(0, round(y)), max(0, image.width - round(x + w)),
                        max(0, image.height - round(y + h))))
    left, top, right, bottom = (min(a, b) for a, b in zip(*margins, strict=True))
    cut_before = _cut(before, before_box, left, top, right, bottom)
    cut_after = _cut(after, after_box, left, top, right, bottom)
    result = compare_images(cut_before, cut_after)
    return AlignedCompare(cut_before, cut_after, result, diff_image(cut_before, cut_after, result))
