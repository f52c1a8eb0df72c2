"""Visual compare of two screenshots (issue #4 §6): :mod:`.engine` (the rule, :func:`compare_images`),
:mod:`.diff_image` (the picture), :mod:`.images` (opening large screenshots), :mod:`.cli`
(``pagenote compare``, and :func:`summary`, its human text)."""

from app.compare.cli import summary
from app.compare.diff_image import diff_image
from app.compare.engine import CELL, HARD_DIFF, THRESHOLD_PERCENT, TOLERANCE, CompareResult, Region, compare_images
from app.compare.images import MAX_PIXELS, open_image

__all__ = [
    "CELL", "HARD_DIFF", "MAX_PIXELS", "THRESHOLD_PERCENT", "TOLERANCE", "CompareResult", "Region",
    "compare_images", "diff_image", "open_image", "summary",
]
