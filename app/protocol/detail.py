"""Detail levels: how much of each element record goes to the agent.

The page always records everything it can (app/picker_js/record.js and detail.js); a level is a *view* of a
batch, applied when it is written (Markdown, JSON, MCP), so the same sent batch can be read at any level later.

=========== ===============================================================================================
``compact`` the note, where the element is (URL, frame, selector, locators, rect) and its text — and the
            annotation's own lines (status, screenshots, reference image, kind blocks)
``standard`` today's record (the default): compact + title, tag, role, accessible name, source hints, XPath,
            shadow, attributes, colours, font, display, nearby context, HTML excerpt
``detailed`` standard + ``Box model:`` (margin/border/padding, CSS px) + ``Styles:`` (a fixed computed-style
            subset, app/picker_js/detail.js) + ``CSS:`` (the stylesheet rules that style it, app/model/css.py)
``forensic`` detailed + ``Ancestry:`` (every ancestor with its selector, crossing open shadow roots; the frame
            chain is the ``Frame:`` line)
=========== ===============================================================================================

A level other than ``standard`` is stated under the title as ``Detail: <level>`` so a reader knows what was
left out; :func:`app.protocol.markdown.parse_annotations` reads every level (the fields a level leaves out
are simply empty). ``parse(encode(restrict(b, L), L)) == restrict(b, L)`` for every level ``L``. What only the
window uses (``look_alikes``: how many look-alikes the element had when pinned, for re-anchoring) is in no
level.
"""

from __future__ import annotations

from typing import Literal, get_args

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord

Level = Literal["compact", "standard", "detailed", "forensic"]
#: The levels, least detail first.
LEVELS: tuple[str, ...] = get_args(Level)
DEFAULT_LEVEL = "standard"

#: ElementRecord fields each level keeps (a level keeps the fields of the levels before it).
_COMPACT = frozenset({"url", "frame", "selector", "locators", "rect", "box", "text", "hidden_chars"})
_STANDARD = _COMPACT | {"title", "tag", "role", "accessible_name", "source", "xpath", "shadow", "attributes",
                        "color", "background", "font", "font_weight", "display", "nearby_context", "html_excerpt"}
_DETAILED = _STANDARD | {"box_model", "styles", "css", "css_cross_origin"}
_FORENSIC = _DETAILED | {"ancestry"}
KEPT: dict[str, frozenset[str]] = {"compact": _COMPACT, "standard": _STANDARD, "detailed": _DETAILED,
                                   "forensic": _FORENSIC}


class DetailLevelError(ValueError):
    """A name that is not one of :data:`LEVELS`."""


def check_level(level: str) -> str:
    """``level`` when it is one of :data:`LEVELS`; :class:`DetailLevelError` naming the choices otherwise."""
    if level not in LEVELS:
        raise DetailLevelError(f"unknown detail level {level!r}: choose one of {', '.join(LEVELS)}")
    return level


def restrict_element(element: ElementRecord, level: str) -> ElementRecord:
    """``element`` with the fields ``level`` does not carry set to their defaults."""
    kept = KEPT[check_level(level)]
    dropped = {name: field.get_default(call_default_factory=True)
               for name, field in ElementRecord.model_fields.items() if name not in kept}
    if all(getattr(element, name) == value for name, value in dropped.items()):
        return element
    return element.model_copy(update=dropped)


def restrict_annotation(annotation: Annotation, level: str) -> Annotation:
    """``annotation`` with its element record (and a group's element records) at ``level``."""
    update: dict = {"element": restrict_element(annotation.element, level)}
    elements = getattr(annotation, "elements", ())
    if elements:
        update["elements"] = tuple(restrict_element(e, level) for e in elements)
    return annotation.model_copy(update=update)


def restrict(batch: AnnotationBatch, level: str) -> AnnotationBatch:
    """``batch`` as ``level`` writes it (module docstring); ``forensic`` drops only what the window alone uses.
    Raises :class:`DetailLevelError` for an unknown level."""
    check_level(level)
    return batch.model_copy(update={"annotations": tuple(restrict_annotation(a, level)
                                                         for a in batch.annotations)})
