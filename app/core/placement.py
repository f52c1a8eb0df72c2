"""Where pagenote puts what it draws next to an element — numbered marker badges, the note box, the hover
label — so that it never hides the element it marks. One rule for the window (:mod:`app.ui.marks`,
:mod:`app.ui.annotate`) and the annotated screenshots (:mod:`app.capture.draw`). Plain geometry, no Qt.

Units: whatever the caller's rects are in (CSS px for badges and labels, view px for the note box); ``y`` grows
downwards. The rules follow what browser developer tools do with their element labels (Chromium's DevTools
highlight puts the element's tooltip above the box, below it when there is no room, and keeps it inside the
viewport): outside the box first, inside only when nothing outside fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.policy import BADGE_GAP, LABEL_GAP, MARKER_SIZE, NOTE_GAP

#: How many badge widths a badge may be pushed along its element's edge to clear earlier badges.
STACK_STEPS = 8


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: top-left (``x``, ``y``), ``width`` × ``height`` (≥ 0)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def intersects(self, other: Box) -> bool:
        """True when the two share interior area (touching edges do not count)."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def inside(self, area: Box) -> bool:
        """True when this box lies wholly within ``area`` (edges included)."""
        return (self.x >= area.x and self.y >= area.y and self.right <= area.right + 1e-6
                and self.bottom <= area.bottom + 1e-6)

    def overlap(self, other: Box) -> float:
        """The area the two boxes share (0 when they do not intersect)."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return max(0.0, w) * max(0.0, h)

    def clamped(self, area: Box) -> Box:
        """Moved (not resized) to lie inside ``area`` as far as it can; its top-left wins when it is larger."""
        x = max(area.x, min(self.x, area.right - self.width))
        y = max(area.y, min(self.y, area.bottom - self.height))
        return Box(x, y, self.width, self.height)


def badge_width(n: int) -> float:
    """A marker badge's width in CSS px for number ``n``: at least :data:`~app.core.policy.MARKER_SIZE`,
    7 px more per digit (``overlay.js`` ``badgeWidth`` is the same rule; tests/test_scene.py checks both)."""
    return max(MARKER_SIZE, 7 * len(str(n)) + 12)


#: The marker outline's width in CSS px, drawn *outside* the element's border box (it never covers the
#: element's own pixels), in :data:`~app.core.policy.MARKER_COLOR` — one style for the window
#: (:mod:`app.ui.marks`) and the annotated PNG (:mod:`app.capture.draw`).
OUTLINE_WIDTH = 2


def outline_box(e: Box) -> Box:
    """The outer edge of ``e``'s marker outline: ``e`` grown by :data:`OUTLINE_WIDTH` on every side (the
    stroke fills the band between this box and ``e``)."""
    return Box(e.x - OUTLINE_WIDTH, e.y - OUTLINE_WIDTH, e.width + 2 * OUTLINE_WIDTH, e.height + 2 * OUTLINE_WIDTH)


def _badge_candidates(e: Box, w: float, h: float, gap: float) -> list[tuple[float, float]]:
    """Top-left corners for a ``w``×``h`` badge against ``e``'s outline (``e`` is the outline's outer box:
    the badge touches it), best first: on top of its top-left corner, under its bottom-left corner, left
    of it, right of it (centred on a low outline, else at its top), on top of / under its right corners; then the
    same edges pushed along by badge widths (stacking beside badges already there)."""
    step = w + gap
    # Beside an outline lower than two badges the badge is centred on it (aligned to its top it would hang
    # below a line of text); beside a taller one it aligns with its top.
    side_y = e.y + (e.height - h) / 2 if e.height < 2 * h else e.y
    first = [(e.x, e.y - h), (e.x, e.bottom), (e.x - w, side_y), (e.right, side_y),
             (e.right - w, e.y - h), (e.right - w, e.bottom), (e.x - w, e.bottom - h), (e.right, e.bottom - h)]
    pushed = []
    for i in range(1, STACK_STEPS + 1):
        pushed += [(e.x + i * step, e.y - h), (e.x - w, e.y + i * (h + gap)),
                   (e.x + i * step, e.bottom), (e.right, e.y + i * (h + gap)),
                   (e.x - w - i * step, e.y - h)]
    return first + pushed


def _edges(boxes: Sequence[Box]) -> list[tuple[float, float, float, float]]:
    return [(o.x, o.y, o.x + o.width, o.y + o.height) for o in boxes]


def _hidden(b: Box, edges: list[tuple[float, float, float, float]]) -> float:
    """The sum of ``b.overlap(o)`` over the boxes ``edges`` (:func:`_edges`), the same number: only the boxes
    ``b`` intersects add to it (a paint lays out every badge against every text line and outline, in ms)."""
    x0, y0, x1, y1 = b.x, b.y, b.x + b.width, b.y + b.height
    total = 0.0
    for ox0, oy0, ox1, oy1 in edges:
        if ox0 < x1 and x0 < ox1 and oy0 < y1 and y0 < oy1:
            total += (min(x1, ox1) - max(x0, ox0)) * (min(y1, oy1) - max(y0, oy0))
    return total


def touches(b: Box, o: Box, tolerance: float = 0.5) -> bool:
    """True when ``b`` adjoins ``o`` from outside: they share part of an edge or a corner (within
    ``tolerance``, same units), without overlapping by more than it."""
    gap = max(o.x - b.right, b.x - o.right, o.y - b.bottom, b.y - o.bottom)   # > 0 apart, < 0 overlapping
    return abs(gap) <= tolerance


def text_cover(obstacles: Sequence[Box]) -> Callable[[Box], float]:
    """A ``cover`` function for :func:`place_badges`: how much of ``obstacles`` (e.g. the page's text line
    rects, same units) a badge rect would hide, as an area."""
    edges = _edges(obstacles)

    def cover(b: Box) -> float:
        return _hidden(b, edges)
    return cover


def place_badges(items: Sequence[tuple[int, Box, Box]], gap: float = BADGE_GAP,
                 cover: Callable[[Box], float] | None = None) -> list[Box]:
    """Badge rects for ``items`` ``[(number, element border box, area)]`` in drawing order (number order):
    each badge touching its element's outline (:func:`outline_box`) from outside, so it reads as that
    element's (issue 30, requirement 4: a group's badge on its first member's outline, a text range's on its
    first highlighted words'), inside its ``area`` (the visible viewport or frame part), clear of the badges
    placed before it. Of the places that fit and touch the outline (:func:`touches`), the first that hides no
    content wins: ``cover(rect)`` says how much page content (text lines) a rect hides, and the other items'
    outlines count as content too; when every such place hides some, the one hiding least. Only when earlier
    badges take every touching place is the badge pushed along an edge past them (stacking). When nothing
    outside fits (a full-width element at the edge of the view, a crowd) the badge goes inside the element's
    visible part at its top-left, moved right past earlier badges while it can. An element wholly outside its
    area keeps the first candidate (not shown). Returns one rect per item, in the same units as the input."""
    placed: list[Box] = []
    outlines = [outline_box(e) for _, e, _ in items]
    edges = _edges(outlines)
    for i, (n, e, area) in enumerate(items):
        w, h = badge_width(n), float(MARKER_SIZE)
        o = outlines[i]
        others = edges[:i] + edges[i + 1:]
        spot = None
        if e.intersects(area) or (e.width == 0 and area.x <= e.x <= area.right and area.y <= e.y <= area.bottom):
            # The best place touching the outline, and the best pushed off it (an inline link's top edge is
            # shorter than a badge step): a pushed one only when no touching one is free of earlier badges —
            # hiding less text never buys a badge that no longer reads as its element's (a group's first
            # member in a paragraph, a text range's first words: every touching place hides some words).
            best: dict[bool, tuple[Box, float]] = {}
            for x, y in _badge_candidates(o, w, h, gap):
                # Slid into the area along the edge it touches (an element at the view's left edge has its
                # outline partly out of view); a slide across the outline is refused below.
                b = Box(x, y, w, h).clamped(area)
                if not b.inside(area) or b.intersects(o) or any(b.intersects(p) for p in placed):
                    continue
                near = touches(b, o)
                if not near and True in best:
                    continue
                cost = _hidden(b, others) + (cover(b) if cover is not None else 0.0)
                if near not in best or cost < best[near][1]:
                    best[near] = (b, cost)
                if near and cost <= 0:
                    break
            found = best.get(True) or best.get(False)
            spot = found[0] if found is not None else _inside(e, area, w, h, placed, gap)
        else:
            spot = Box(o.x, o.y - h, w, h)
        placed.append(spot)
    return placed


def _inside(e: Box, area: Box, w: float, h: float, placed: list[Box], gap: float) -> Box:
    """The fallback: the top-left of ``e``'s visible part, pushed right past earlier badges while room is left."""
    x0, y0 = max(e.x, area.x), max(e.y, area.y)
    first = Box(x0, y0, w, h).clamped(area)
    b = first
    for _ in range(STACK_STEPS * 4):
        if not any(b.intersects(p) for p in placed):
            return b
        nxt = Box(max(p.right for p in placed if b.intersects(p)) + gap, b.y, w, h)
        if not nxt.inside(area):
            break
        b = nxt
    return first


def place_beside(target: Box, width: float, height: float, area: Box, gap: float = NOTE_GAP,
                 avoid: Sequence[Box] = ()) -> Box:
    """A ``width``×``height`` box (the note box) next to ``target``: below it, above it, right of it, left of
    it — the first that fits inside ``area`` — aligned with ``target``'s left or top edge and slid along
    that edge to stay inside. Of those that fit, the first that covers none of ``avoid`` (the other
    annotations' markers, same units) wins, else the one covering least of them. When none fits, the place
    inside ``area`` that covers the least of ``target``."""
    candidates = [
        Box(target.x, target.bottom + gap, width, height),
        Box(target.x, target.y - gap - height, width, height),
        Box(target.right + gap, target.y, width, height),
        Box(target.x - gap - width, target.y, width, height),
    ]
    fitting = []
    for i, c in enumerate(candidates):
        # Slide along the edge it sits on (x for below/above, y for right/left), never across the target.
        slid = Box(max(area.x, min(c.x, area.right - width)), c.y, width, height) if i < 2 else \
            Box(c.x, max(area.y, min(c.y, area.bottom - height)), width, height)
        if slid.inside(area) and not slid.intersects(target):
            fitting.append(slid)
            if i < 2:   # also slid the other way along the edge, past the markers it would cover
                for a in avoid:
                    if slid.intersects(a):
                        for x in (a.right + gap, a.x - gap - width):
                            other = Box(max(area.x, min(x, area.right - width)), c.y, width, height)
                            if other.inside(area) and not other.intersects(target):
                                fitting.append(other)
    if fitting:
        return min(enumerate(fitting), key=lambda ic: (sum(ic[1].overlap(a) for a in avoid), ic[0]))[1]
    corners = [Box(x, y, width, height) for x in (area.x, area.right - width) for y in (area.y, area.bottom - height)]
    return min((c.clamped(area) for c in candidates + corners), key=lambda c: c.overlap(target))


def hover_label_box(target: Box, width: float, height: float, area: Box, gap: float = LABEL_GAP,
                    avoid: Sequence[Box] = ()) -> Box:
    """The hover label's rect: outside ``target`` (the highlight's outer edge), never over the element's own
    text — above its left edge, below it when there is no room above, as Chromium's inspector tooltip
    (DevTools' element highlight) does — slid along that edge to lie inside ``area`` (a label wider than
    ``area`` must be cut to fit first), and past the ``avoid`` rects (the markers' badges, same units) when one
    is in the way. When neither above nor below fits (the element fills the view's height), at the top of
    ``area``, over the element: nowhere else is left. Of the places tried, the first that hides no badge
    wins, else the one hiding least."""
    above = Box(target.x, target.y - gap - height, width, height)
    below = Box(target.x, target.bottom + gap, width, height)
    bases = [c for c in (above, below) if area.y <= c.y and c.bottom <= area.bottom] or \
        [Box(target.x, area.y, width, height)]
    candidates: list[Box] = []
    for c in bases:
        c = c.clamped(area)
        candidates.append(c)
        for b in avoid:
            if c.intersects(b):
                candidates += [Box(b.right + gap, c.y, width, height).clamped(area),
                               Box(b.x - gap - width, c.y, width, height).clamped(area)]
    return min(enumerate(candidates), key=lambda ic: (sum(ic[1].overlap(b) for b in avoid), ic[0]))[1]
