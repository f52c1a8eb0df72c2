"""Visual compare of two screenshots (issue #4 §6): :mod:`.engine` (the rule, :func:`compare_images`),
:mod:`.diff_image` (the picture), :mod:`.images` (opening large screenshots), :mod:`.cli`
(``pagenote compare``, and :func:`summary`, its human text).

The names below load their module on first use (PEP 562 module ``__getattr__``): importing
``app.compare.images`` — as every agent screenshot does — must not pull numpy and scipy into start-up."""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "summary": "cli", "diff_image": "diff_image", "open_image": "images", "MAX_PIXELS": "images",
    **{name: "engine" for name in ("CELL", "HARD_DIFF", "THRESHOLD_PERCENT", "TOLERANCE", "CompareResult",
                                   "Region", "compare_images")},
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
