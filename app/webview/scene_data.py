"""What a scene is — the hover highlight and the numbered markers pagenote draws over a tab's page, in
top-viewport CSS px — and how one frame's scene from its page script (``overlay.js`` ``stamped()``) is checked
before it is drawn. Plain data, no Qt: :class:`~app.webview.scene.SceneFeed` gathers the frames' scenes into one
:class:`Scene`, :mod:`app.ui.marks` paints it.

Page data is untrusted (a renderer can be compromised): every number is checked to be finite, labels are
capped, at most :data:`MAX_MARKS` markers per frame, at most :data:`MAX_TEXT` line rects per marker.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: At most this many markers are taken from one frame's scene.
MAX_MARKS = 2_000
#: At most this many text line rects are taken around one marker.
MAX_TEXT = 64
#: The hover label is cut to this many characters.
LABEL_MAX = 200


@dataclass(frozen=True)
class Rect:
    """A rectangle in top-viewport CSS px."""

    x: float
    y: float
    width: float
    height: float

    def intersected(self, other: Rect | None) -> Rect:
        """The overlap with ``other`` (``self`` when ``other`` is ``None``); may have zero size."""
        if other is None:
            return self
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1 = min(self.x + self.width, other.x + other.width)
        y1 = min(self.y + self.height, other.y + other.height)
        return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


@dataclass(frozen=True)
class Mark:
    """One numbered marker: its badge's top-left at (``x``, ``y``), its element's box ``width``×``height``
    (the selected marker's outline), top-viewport CSS px. ``frame``: the frame key (``""`` main frame),
    ``id``: the page-side id in that frame, ``clip``: the visible part of its frame (``None``: the view)."""

    frame: str
    id: str
    n: int
    x: float
    y: float
    width: float
    height: float
    visible: bool
    stale: bool
    selected: bool
    clip: Rect | None = None
    #: The page's text line rects around the element (overlay.js ``textNear``), which its badge should not hide.
    text: tuple[Rect, ...] = ()
    #: The mark's other shapes (a group's other members, an inline box's other line fragments, a text range's
    #: other words), drawn like the first (the badge stays the first's): app/core/mark_layout.py.
    parts: tuple[Rect, ...] = ()
    #: A text range: its shapes are its words, highlighted rather than outlined.
    fill: bool = False


@dataclass(frozen=True)
class Highlight:
    """The hover highlight: the candidate's border box (top-viewport CSS px), its label, its frame's clip."""

    rect: Rect
    label: str
    clip: Rect | None = None
    #: The label's parts, for a label in the UI's language: the element's name (``a#cover``), and its place
    #: ``k`` of ``n`` in the hit-test stack at the pointer (0, 0: not in it). Empty name: use ``label``.
    name: str = ""
    k: int = 0
    n: int = 0


@dataclass(frozen=True)
class Scene:
    """Everything drawn over the page now."""

    highlight: Highlight | None = None
    marks: tuple[Mark, ...] = ()


def finite(value) -> float:
    """``value`` as a finite float; raises ``ValueError`` otherwise (a bad scene is dropped whole)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    return float(value)


def parse_scene(data) -> tuple[str, int, dict | None, list[dict]]:
    """``(doc, seq, hover, markers)`` of a page scene (``overlay.js`` ``stamped()``), checked. Raises
    ``ValueError`` for anything else."""
    if not isinstance(data, dict):
        raise ValueError("a scene is an object")
    doc, seq = str(data.get("doc", ""))[:32], int(finite(data.get("seq", 0)))
    hover = data.get("hover")
    if hover is not None:
        place = {k: int(min(max(finite(hover.get(k, 0)), 0), 10_000)) for k in ("k", "n")}
        hover = {k: finite(hover[k]) for k in ("x", "y", "width", "height")} | \
                {"label": str(hover.get("label", ""))[:LABEL_MAX], "name": str(hover.get("name", ""))[:64]} | place
    markers = []
    for m in (data.get("markers") or [])[:MAX_MARKS]:
        markers.append({"id": str(m["id"])[:64], "n": int(finite(m["n"])),
                        **{k: finite(m.get(k, 0)) for k in ("x", "y", "width", "height")},
                        **{k: bool(m.get(k)) for k in ("visible", "stale", "selected", "fill")},
                        **({"text": [[finite(v) for v in t[:4]] for t in m["text"][:MAX_TEXT] if len(t) >= 4]}
                           if m.get("text") else {}),
                        **({"parts": [[finite(v) for v in t[:4]] for t in m["parts"][:MAX_TEXT] if len(t) >= 4]}
                           if m.get("parts") else {})})
    return doc, seq, hover, markers
