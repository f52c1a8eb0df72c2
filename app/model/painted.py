"""Which recorded computed styles can paint (issue 31: a verification lists only changes that can show). No Qt.

A verification compares an element's computed styles at pin time and now
(:func:`app.model.verification.record_changes`). Some values change without anything on screen changing: a line
that is not drawn still has a computed colour, and that colour often follows ``currentColor`` — so a text colour
change also "changes" an invisible outline (the trial's ``outline: rgb(34, 34, 34) none 0px → rgb(255, 255, 255)
none 0px``). :func:`painted` maps each style to what of it can paint; a change counts only when that differs.

The rules, each from its spec:

- **Outline** (CSS Basic User Interface 4, §5 "Outline properties": ``outline-style: none`` draws no outline, and
  the computed ``outline-width`` is 0 when the style is ``none``): with style ``none`` or width 0, the ``outline``
  shorthand and its ``outline-color`` / ``outline-style`` / ``outline-width`` longhands paint nothing.
- **Borders** (CSS Backgrounds and Borders 3, §3.2 "Line Patterns: the border-style properties": ``none`` —
  "No border. Color and width are ignored (i.e., the border has width 0)", ``hidden`` the same; §3.3
  "border-width": the computed width is 0 when the style is ``none`` or ``hidden``): a side whose style is
  ``none``/``hidden`` or whose width is 0 paints no colour or style — per side for ``border-color`` and
  ``border-style`` (one to four values, §3.1's side order), whole for ``border``, ``border-top`` … and their
  ``-color`` / ``-style`` / ``-width`` longhands.
- **Column rules** (CSS Multi-column Layout 1, §4 "Column Gaps and Rules": ``column-rule-style`` as
  ``border-style``; the computed ``column-rule-width`` is 0 when the style is ``none`` or ``hidden``): as an outline.
- **Text decorations** (CSS Text Decoration 3, §2.1 "text-decoration-line": ``none`` produces no decoration; §2.3
  "text-decoration-color" and §2.2 "text-decoration-style" are the colour and style *of the lines*): with
  ``text-decoration-line: none``, ``text-decoration-color``, ``-style`` and ``-thickness`` paint nothing, and the
  ``text-decoration`` shorthand is just ``none``.

Any other property is taken as it is. An unknown or unreadable style or width counts as drawn (when in doubt, a
change is listed).
"""

from __future__ import annotations

import re

#: Shorthands drawing one line each, whose colour, style and width paint only when it is drawn.
LINES = ("outline", "column-rule", "border", "border-top", "border-right", "border-bottom", "border-left")
#: Line styles that draw nothing (``hidden`` is not valid for outline-style; taken the same where it appears).
NOT_DRAWN = ("none", "hidden")
#: Keywords a line's style may be (CSS Backgrounds 3 §3.2 ``<line-style>``, plus outline's ``auto``).
LINE_STYLES = frozenset(("none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset",
                         "outset", "auto"))
SIDES = ("top", "right", "bottom", "left")
#: Shown in place of a value that paints nothing (never a real CSS value).
HIDDEN = "(not drawn)"
_WIDTH = re.compile(r"^(-?[\d.]+)(px)?$")


def tokens(value: str) -> list[str]:
    """``rgb(1, 2, 3) solid 2px`` → ``["rgb(1, 2, 3)", "solid", "2px"]``: split at spaces outside parentheses."""
    out, depth, word = [], 0, ""
    for ch in value.strip():
        if ch == " " and depth == 0:
            if word:
                out.append(word)
            word = ""
            continue
        depth += (ch == "(") - (ch == ")")
        word += ch
    if word:
        out.append(word)
    return out


def four_sides(values: list[str]) -> list[str]:
    """One to four values as ``[top, right, bottom, left]`` (CSS Backgrounds 3 §3.1: ``a`` → all, ``a b`` →
    top/bottom and right/left, ``a b c`` → top, right/left, bottom); anything else: four empty values."""
    if len(values) == 1:
        return values * 4
    if len(values) == 2:
        return values * 2
    if len(values) == 3:
        return [values[0], values[1], values[2], values[1]]
    return list(values) if len(values) == 4 else [""] * 4


def _width(value: str) -> float | None:
    found = _WIDTH.match(value.strip())
    return float(found.group(1)) if found else None


def _line(values: dict[str, str], name: str, widths: dict[str, float]) -> bool:
    """Whether the line ``name`` (one of :data:`LINES`) is drawn: its style is not none/hidden and its width is
    not 0 — read from its longhands, else its shorthand, else (a border side) ``border-style`` and the box
    model's border widths. Unknown counts as drawn."""
    style = values.get(f"{name}-style", "")
    width = _width(values.get(f"{name}-width", ""))
    for token in tokens(values.get(name, "")):
        if not style and token in LINE_STYLES:
            style = token
        elif width is None and _width(token) is not None:
            width = _width(token)
    side = name.removeprefix("border-")
    if side in SIDES:
        style = style or four_sides(tokens(values.get("border-style", "")))[SIDES.index(side)]
        width = width if width is not None else widths.get(side)
    return style not in NOT_DRAWN and width != 0


def border_widths(box_model: str) -> dict[str, float]:
    """The border widths of a record's ``box_model`` (``… border T R B L; …``, CSS px) by side; ``{}`` when it
    has none."""
    for part in box_model.split(";"):
        name, _, rest = part.strip().partition(" ")
        numbers = [_width(v) for v in rest.split()]
        if name == "border" and len(numbers) == 4 and None not in numbers:
            return dict(zip(SIDES, numbers))
    return {}


def painted(values: dict[str, str], widths: dict[str, float] | None = None) -> dict[str, str]:
    """``values`` (CSS property → computed value, as a record holds them) with each part that cannot paint
    replaced by :data:`HIDDEN` (module docstring for the rules); ``widths``: the border widths by side
    (:func:`border_widths`) when the values lack them. Compare two results to tell a visible change."""
    widths = widths or {}
    out = dict(values)
    drawn = {name: _line(values, name, widths) for name in LINES if name != "border"}
    drawn["border"] = any(drawn[f"border-{side}"] for side in SIDES)   # the four sides at once
    for name in LINES:
        if drawn[name]:
            continue
        for key in (name, f"{name}-color", f"{name}-style", f"{name}-width"):
            if key in out and key != "border-width":
                out[key] = HIDDEN
    for key in ("border-color", "border-style"):   # one to four values: per side
        if key in out:
            sides = four_sides(tokens(out[key]))
            out[key] = " ".join(v if drawn[f"border-{s}"] else HIDDEN for s, v in zip(SIDES, sides))
    line = values.get("text-decoration-line") or (tokens(values.get("text-decoration", "")) or [""])[0]
    if line == "none":
        for key in ("text-decoration", "text-decoration-color", "text-decoration-style",
                    "text-decoration-thickness"):
            if key in out:
                out[key] = HIDDEN
    return out
