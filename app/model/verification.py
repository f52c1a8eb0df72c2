"""What a verification of a sent annotation found (issue 31, requirement 1): the anchor's status, the changes
of its element record between the pin and now, and the pixel difference of its before and after crops. No Qt.

:func:`record_changes` compares two :class:`~app.model.annotation.ElementRecord` s — the one sent (taken at pin
time) and the one read from the live element now — field by field, only among what the record holds:

- computed styles: ``color``, ``background``, ``font``, ``font_weight``, ``display``, the box model
  (``margin``, ``border-width``, ``padding``, written as CSS shorthands: ``padding: 4px 8px → 12px 16px``) and the
  fixed computed-style subset of ``styles`` (app/picker_js/detail.js) — a change only when it can paint
  (:mod:`app.model.painted`: no colour of an outline, border side or column rule that is not drawn, none of a
  text decoration without a line);
- the element's rendered text (``text``);
- its size (``width``, ``height``) and position (``x``, ``y``; document coordinates), CSS px, when one moved by
  more than :data:`GEOMETRY_TOLERANCE`. A position change that the element's own size change explains (centred:
  ``x`` moves by minus half the width change; right- or bottom-aligned: by minus all of it) is inherent to that
  size change: its line says so (``x: 141.66px → 133.66px (centred: follows its width change)``) and the verdict
  does not count it as a move. ``top``/``right``/``bottom``/``left`` are compared only when the box moved or
  resized (their resolved values are used values, CSSOM §9).

:class:`Verification` is one annotation's verdict, JSON-able (kept with the sent batch, answered to agents);
:meth:`Verification.lines` is its text, the verdict first.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from app.model.annotation import ElementRecord
from app.model.painted import border_widths, painted

#: A size or position change smaller than this (CSS px) is rounding, not a change (records round to 0.01 px).
GEOMETRY_TOLERANCE = 0.5
#: A pixel difference up to this share (percent of the aligned canvas) counts as "no visible change": the
#: compare's own default pass threshold (app.compare.engine.THRESHOLD_PERCENT).
PIXEL_THRESHOLD_PERCENT = 0.1
#: The record's plain style fields, in the order they are reported, with the CSS property each one is.
STYLE_FIELDS = (("color", "color"), ("background", "background-color"), ("font", "font"),
                ("font_weight", "font-weight"), ("display", "display"))
#: Box-model parts (``box_model``: ``margin T R B L; border T R B L; padding T R B L; content WxH``) reported,
#: with their CSS shorthand's name.
BOX_PARTS = (("margin", "margin"), ("border", "border-width"), ("padding", "padding"))

#: The inset properties, compared only when the element's box moved or changed size (:func:`record_changes`).
INSETS = ("top", "right", "bottom", "left")

Kind = Literal["style", "text", "size", "position"]


#: Every character ``str.splitlines()`` (and JavaScript) breaks a line at.
_BREAKS = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def one_line(value: str) -> str:
    """``value`` with each line break written as its JSON escape (``"a\\nb"`` for a, newline, b)."""
    return _BREAKS.sub(lambda m: json.dumps(m.group())[1:-1], value)


class Change(BaseModel):
    """One change: ``kind`` (style | text | size | position), ``name`` (a CSS property, ``text``, ``width`` …)
    and the values ``before`` and ``after`` as written (``""``: none); ``note``: why it happened when the change
    itself says so (a position that follows the element's own size change: :func:`record_changes`), else
    ``""`` (left out of the JSON)."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    name: str
    before: str
    after: str
    note: str = ""

    @model_serializer(mode="wrap")
    def _without_empty_note(self, handler):
        data = handler(self)
        if isinstance(data, dict) and not data.get("note"):
            data.pop("note", None)
        return data

    def line(self) -> str:
        """``padding: 4px 8px → 12px 16px``; a text change quotes both texts; a note follows in parentheses.
        Always one line: a line break in a value (the page's text) is written escaped (``\\n``, ``\\u2028`` …),
        so a page cannot add lines to a verification's text."""
        before, after = one_line(self.before), one_line(self.after)
        note = f" ({self.note})" if self.note else ""
        if self.kind == "text":
            return f'text: "{before}" → "{after}"{note}'
        return f"{self.name}: {before or '(none)'} → {after or '(none)'}{note}"


class PixelDiff(BaseModel):
    """The aligned pixel compare (app.compare.aligned): the changed-pixel share in percent of the compared
    canvas (``changed_percent``, 0..100), the counts, the changed regions found, and both images' sizes
    (image px: :attr:`Verification.scale` per CSS px)."""

    model_config = ConfigDict(frozen=True)

    changed_percent: float
    changed_pixels: int
    total_pixels: int
    regions: int
    before_size: tuple[int, int]
    after_size: tuple[int, int]


class Verification(BaseModel):
    """One verified annotation: number ``annotation`` of sent batch ``batch``; ``status`` of its anchor now
    (``exact``: the same node, or found where it was recorded; ``rematched``: found again by its locators — a
    stale one is an error, never a verification); ``changes`` (:func:`record_changes`); ``pixels`` and the
    ``before``/``after``/``diff`` PNG paths (``""`` for a kind with no crop); ``scale``: image px per CSS px of
    both crops; ``checked_at``: UTC, ISO 8601."""

    batch: str
    annotation: int = Field(ge=1)
    status: Literal["exact", "rematched"]
    checked_at: str
    changes: tuple[Change, ...] = ()
    pixels: PixelDiff | None = None
    before: str = ""
    after: str = ""
    diff: str = ""
    scale: float = 1.0

    @property
    def changed(self) -> bool:
        """Whether anything changed: a record change, or pixels beyond :data:`PIXEL_THRESHOLD_PERCENT`."""
        return bool(self.changes) or (self.pixels is not None
                                      and self.pixels.changed_percent > PIXEL_THRESHOLD_PERCENT)

    def verdict(self) -> str:
        """One line: ``Annotation 2: changed (exact; 2 style changes; 1 size change; 14.2 % of pixels differ)`` or
        ``Annotation 2: no change (exact; 0.0 % of pixels differ)``. A position change that only follows the
        element's own size change (a ``note``) is not counted: it is part of the size change."""
        counts: dict[str, int] = {}
        for change in self.changes:
            if not (change.kind == "position" and change.note):
                counts[change.kind] = counts.get(change.kind, 0) + 1
        parts = [self.status] + [f"{n} {kind} change{'s' if n != 1 else ''}" for kind, n in counts.items()]
        if self.pixels is not None:
            parts.append(f"{self.pixels.changed_percent:.1f} % of pixels differ")
        return f"Annotation {self.annotation}: {'changed' if self.changed else 'no change'} ({'; '.join(parts)})"

    def lines(self) -> list[str]:
        """The verdict, then one line per change (text changes first), then the image paths."""
        order = {"text": 0, "style": 1, "size": 2, "position": 3}
        out = [self.verdict()]
        out += [f"- {c.line()}" for c in sorted(self.changes, key=lambda c: order[c.kind])]
        for name in ("before", "after", "diff"):
            if getattr(self, name):
                out.append(f"{name.capitalize()}: {getattr(self, name)}")
        return out


def _number(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


def _px(value: str) -> str:
    number = _number(value)
    if number is None:
        return value
    return "0" if number == 0 else f"{value}px"


def shorthand(sides: list[str]) -> str:
    """Four sides (``top right bottom left``, CSS px numbers as text) as the shortest CSS shorthand:
    ``["4", "8", "4", "8"]`` → ``4px 8px`` (CSS Backgrounds and Borders §4: one to four values)."""
    t, r, b, left = sides
    if t == r == b == left:
        values = [t]
    elif t == b and r == left:
        values = [t, r]
    elif r == left:
        values = [t, r, b]
    else:
        values = [t, r, b, left]
    return " ".join(_px(v) for v in values)


def box_parts(box_model: str) -> dict[str, str]:
    """``margin 0 0 16 0; border …; padding 8 12 8 12; content 40x20`` → ``{"margin": "0 0 16px 0", …}`` for
    :data:`BOX_PARTS` (the CSS shorthand of each); parts missing or malformed are left out."""
    out = {}
    for part in box_model.split(";"):
        name, _, rest = part.strip().partition(" ")
        values = rest.split()
        for key, css in BOX_PARTS:
            if name == key and len(values) == 4:
                out[css] = shorthand(values)
    return out


def _declarations(styles: str) -> list[str]:
    """``styles`` split at each ``;`` outside quotes, parentheses and backslash escapes: a computed value may hold
    the page's own string (``cursor: url("data:,x; padding: 0"), auto``), which must stay inside its value (CSS
    Syntax 3 §4: strings, functions and escapes are tokens of their own)."""
    out, depth, quote, escaped, start = [], 0, "", False, 0
    for i, ch in enumerate(styles):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0:
            out.append(styles[start:i])
            start = i + 1
    out.append(styles[start:])
    return out


def style_map(styles: str) -> dict[str, str]:
    """``name: value; …`` (the record's ``styles``) as a dict, in order (split by :func:`_declarations`)."""
    out = {}
    for item in _declarations(styles):
        name, sep, value = item.partition(":")
        if sep and name.strip():
            out[name.strip()] = value.strip()
    return out


def _style_values(record: ElementRecord) -> dict[str, str]:
    values: dict[str, str] = {css: getattr(record, f) for f, css in STYLE_FIELDS}
    values.update(box_parts(record.box_model))
    values.update(style_map(record.styles))
    return values


def _styles(before: ElementRecord, after: ElementRecord) -> list[Change]:
    old, new = _style_values(before), _style_values(after)
    old_seen = painted(old, border_widths(before.box_model))
    new_seen = painted(new, border_widths(after.box_model))
    # Only what the pin recorded is compared (a property the record did not hold has no "before"), and only a
    # change that can paint (:func:`painted`).
    return [Change(kind="style", name=name, before=value, after=new.get(name, ""))
            for name, value in old.items()
            if value and new.get(name, "") != value and old_seen.get(name) != new_seen.get(name)]


def _geometry(before: ElementRecord, after: ElementRecord, positions: bool) -> list[Change]:
    if before.rect is None or after.rect is None:
        if (before.box or "") != (after.box or ""):
            return [Change(kind="size", name="box", before=before.box or "drawn", after=after.box or "drawn")]
        return []
    out = []
    for kind, name in (("size", "width"), ("size", "height"), ("position", "x"), ("position", "y"))[:4 if positions else 2]:
        a, b = getattr(before.rect, name), getattr(after.rect, name)
        if abs(a - b) > GEOMETRY_TOLERANCE:
            out.append(Change(kind=kind, name=name, before=_css_px(a), after=_css_px(b),
                              note=_follows_size(before.rect, after.rect, name) if kind == "position" else ""))
    return out


def _css_px(value: float) -> str:
    """``96.56px``, ``31px``: CSS px to 0.01 px, as records round them (never 6 significant digits only)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") + "px"


def _follows_size(before, after, axis: str) -> str:
    """Why the box's ``x`` (or ``y``) moved when its own size change explains it, else ``""``: an element
    centred in its container (``margin: auto``, ``justify-content: center``, ``text-align: center`` …) grows
    to both sides, so its left edge moves by minus half its width change; one aligned to the right (bottom)
    moves by minus all of it. Inherent to that size change: the element was not moved. Anything else (the
    content before it, its container) is a move of its own, with no note."""
    size = "width" if axis == "x" else "height"
    moved = getattr(after, axis) - getattr(before, axis)
    grown = getattr(after, size) - getattr(before, size)
    if abs(grown) <= GEOMETRY_TOLERANCE:
        return ""
    if abs(moved + grown / 2) <= GEOMETRY_TOLERANCE:
        return f"centred: follows its {size} change"
    if abs(moved + grown) <= GEOMETRY_TOLERANCE:
        return f"{'right' if axis == 'x' else 'bottom'}-aligned: follows its {size} change"
    return ""


def record_changes(before: ElementRecord, after: ElementRecord, positions: bool = True) -> tuple[Change, ...]:
    """The changes from ``before`` (the record sent) to ``after`` (read from the live element now): text,
    then styles, size and position (module docstring for which fields and the rules). ``positions``: compare
    ``x``/``y`` too (not for an element inside a frame, whose record now is in the frame's coordinates)."""
    text = ([Change(kind="text", name="text", before=before.text, after=after.text)]
            if before.text != after.text else [])
    geometry = _geometry(before, after, positions)
    sized = {c.name for c in geometry if c.kind == "size"}
    # A computed ``width``/``height`` (the styles subset) that changed with the box says it twice: the size
    # change (rounded CSS px) stands for both.
    styles = [c for c in _styles(before, after) if c.name not in sized]
    # The resolved ``top``/``right``/``bottom``/``left`` of a positioned element is its used value (CSSOM §9.2,
    # "resolved value"): ``right`` of a button placed by ``left`` is measured from its containing block, so a
    # scrollbar appearing changes it. Any inset that takes effect moves or sizes the element's box: with the box
    # where it was, an inset change drew nothing.
    if before.rect is not None and after.rect is not None and not geometry and positions:
        styles = [c for c in styles if c.name not in INSETS]
    return tuple(text + styles + geometry)
