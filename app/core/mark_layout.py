"""How one annotation is drawn — its outlines, its highlighted words and where its numbered badge goes — computed
once from the annotation's rects, for the window's marks (:mod:`app.ui.marks`) and the annotated PNG
(:mod:`app.capture.draw`) alike. Plain geometry, no Qt. Units: CSS px (top viewport for the window, the
image's CSS coordinates for a PNG); a drawer multiplies by its zoom or device pixel ratio.

An annotation's *shapes* come from the page (``overlay.js`` ``markerScene``), first the one its badge belongs
to:

- an element: its box (with the ink of its own text, ``marktext.js`` ``markRect``), or, for an inline box
  broken across lines (a link that wraps), one rect per line fragment — as Chromium's DevTools highlight
  draws an inline element's fragments;
- a group: each member's shape, the first member's first (the badge's);
- a region: its dragged rectangle;
- a text range: the client rects of its words (``Range.getClientRects()`` per Text node), highlighted, not
  outlined — as a selection is painted.

The badge touches the first shape's outline from outside (:func:`app.core.placement.place_badges`), clear of
the other badges, and — where it can — of the page's text lines around it (``overlay.js`` ``textNear``) and
of every other outline. Both drawers pass the same shapes and the same text lines, so they place every badge
at the same spot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.placement import Box, outline_box, place_badges, text_cover

#: The opacity of a text range's highlight over its words (the marker colour at this alpha: the words keep
#: their contrast), in the window and the PNG alike.
FILL_ALPHA = 0.3


@dataclass(frozen=True)
class MarkShapes:
    """One annotation to draw: its number ``n``, its ``shapes`` (≥ 1 boxes, CSS px; the badge belongs to the
    first), ``fill`` (a text range: the shapes are highlighted words, not outlined boxes) and ``area`` (the
    visible part of its frame or the picture, CSS px: the badge stays inside it)."""

    n: int
    shapes: tuple[Box, ...]
    area: Box
    fill: bool = False


@dataclass(frozen=True)
class MarkLayout:
    """What is drawn for one :class:`MarkShapes`: ``outlines`` (the outer edges of the
    :data:`~app.core.placement.OUTLINE_WIDTH` strokes drawn outside each shape; none for a text range),
    ``fills`` (the highlighted word boxes of a text range; none otherwise) and ``badge`` (its rect)."""

    n: int
    outlines: tuple[Box, ...]
    fills: tuple[Box, ...]
    badge: Box


def layout_marks(marks: Sequence[MarkShapes], text: Sequence[Box] = (),
                 cover: Callable[[Box], float] | None = None) -> list[MarkLayout]:
    """The drawing of ``marks`` (in number order: earlier badges take their place first), badges placed by
    :func:`app.core.placement.place_badges` against each mark's first shape, kept off the page's ``text``
    lines (or what ``cover(rect)`` says a rect hides, when given: the ink of a picture) and off the outlines
    of every shape but the first ones (place_badges already counts those). Returns one :class:`MarkLayout`
    per mark, in the order given. Raises ``ValueError`` for a mark with no shape."""
    if any(not m.shapes for m in marks):
        raise ValueError("a mark has at least one shape")
    lines = cover or text_cover(list(text))
    rest = text_cover([outline_box(s) for m in marks for s in m.shapes[1:]])

    def hidden(b: Box) -> float:
        return lines(b) + rest(b)

    badges = place_badges([(m.n, m.shapes[0], m.area) for m in marks], cover=hidden)
    return [MarkLayout(m.n, () if m.fill else tuple(outline_box(s) for s in m.shapes),
                       m.shapes if m.fill else (), b) for m, b in zip(marks, badges)]


def shapes_of(rect: dict) -> tuple[Box, ...]:
    """A mark's shapes from its rect dict (CSS px ``{x, y, width, height}``, the first shape, with an optional
    ``parts`` list of ``[x, y, width, height]``: the others)."""
    first = Box(float(rect["x"]), float(rect["y"]), float(rect["width"]), float(rect["height"]))
    return (first, *(Box(*map(float, p[:4])) for p in rect.get("parts") or () if len(p) >= 4))
