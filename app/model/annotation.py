"""The annotation model: what a batch of web page annotations *is*, independent of Qt and of any sink.

Data flows one way: the page-side picker produces an element record (JSON), this module validates it into
:class:`ElementRecord`, the UI/CLI wraps it into :class:`Annotation` objects inside an
:class:`AnnotationBatch`, and :mod:`app.protocol.markdown` encodes the batch.

Validation here is the *second* boundary for caps (the first is in the page, ``app/picker_js/record.js``):
whatever the page sends, a validated model obeys the protocol's limits, so every sink writes bounded output.
Normalisation is idempotent (validating an already valid model changes nothing), which is what makes the
Markdown round trip ``parse(encode(b)) == b`` hold.
"""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from app.core.policy import STATUS_REMATCHED, STATUS_STALE
from app.model.text import CONTEXT_CAP, HTML_CAP, LINE_CAP, TEXT_CAP, cap_block, cap_line, cap_note
from app.protocol.attributes import bounded_attributes
from app.protocol.locators import bounded_locators

Line = Annotated[str, AfterValidator(cap_line)]


def _whole_line(value: str) -> str:
    value = cap_line(value, LINE_CAP + 1)
    return "" if len(value) > LINE_CAP else value


#: A single-line value that is useless when cut (a selector, an XPath): too long → omitted, never truncated.
WholeLine = Annotated[str, AfterValidator(_whole_line)]


#: Larger than any layout Chromium produces (LayoutUnit saturates near 2**25 px), small enough that ``repr``
#: never switches to exponent notation in the ``Rect:`` line.
MAX_COORDINATE = 1e9


def _round2(value: float) -> float:
    if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
        raise ValueError(f"rect values must be finite numbers within ±{MAX_COORDINATE:g} CSS px")
    out = round(float(value), 2)
    return 0.0 if out == 0 else out  # no "-0" in the output


class Rect(BaseModel):
    """An element's border box in **CSS px, document coordinates** (the top-left of the document is 0,0;
    independent of scroll), rounded to 0.01 px. Source: ``Element.getBoundingClientRect()`` plus the frame's
    scroll offset (CSSOM View §6)."""

    model_config = ConfigDict(frozen=True)

    x: float
    y: float
    width: float = Field(ge=0)
    height: float = Field(ge=0)

    _r = field_validator("x", "y", "width", "height")(classmethod(lambda cls, v: _round2(v)))


class ElementRecord(BaseModel):
    """Everything pagenote says about one picked element (issue #2, "The element record").

    Every string field is normalised and capped on validation (see the module docstring); ``attributes`` maps
    allow-listed attribute names to values, each capped at :data:`ATTRIBUTE_VALUE_CAP` code points, never the
    ``value`` attribute. Colours are ``#RRGGBB``/``#RRGGBBAA``/``transparent`` as computed in the page.
    """

    model_config = ConfigDict(frozen=True)

    url: Line = ""
    title: Line = ""
    #: For an element inside iframes: the chain of iframe selectors from the top document, ``" >> "``-joined
    #: (issue #3 §2). ``selector``/``xpath`` are then relative to the innermost frame's document, and ``rect``
    #: is still in top-document coordinates.
    frame: Line = ""
    tag: Line = ""
    role: Line = ""
    accessible_name: Line = ""
    selector: WholeLine = ""
    #: Ranked locators, best first, each verified in the page to match only this element (issue #3 §1;
    #: grammar in app/picker_js/locators.js, line rules in app/protocol/locators.py).
    locators: tuple[str, ...] = ()
    xpath: WholeLine = ""
    #: ``closed``: the element hosts a closed shadow root, so it was picked itself (issue #3 §3).
    shadow: Line = ""
    attributes: dict[str, str] = Field(default_factory=dict)
    color: Line = ""
    background: Line = ""
    font: Line = ""
    font_weight: Line = ""
    display: Line = ""
    rect: Rect | None = None
    text: str = ""
    nearby_context: str = ""
    html_excerpt: str = ""

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        return cap_block(v, TEXT_CAP)

    @field_validator("nearby_context")
    @classmethod
    def _context(cls, v: str) -> str:
        return cap_block(v, CONTEXT_CAP)

    @field_validator("html_excerpt")
    @classmethod
    def _html(cls, v: str) -> str:
        return cap_block(v, HTML_CAP)

    @field_validator("attributes")
    @classmethod
    def _attributes(cls, v: dict[str, str]) -> dict[str, str]:
        return bounded_attributes(v)

    @field_validator("locators", mode="before")
    @classmethod
    def _locators(cls, v: object) -> tuple[str, ...]:
        return bounded_locators(v)


class Annotation(BaseModel):
    """One numbered annotation: the user's note plus the record of the element it points at.

    Its number is its 1-based position in :attr:`AnnotationBatch.annotations`; it is not stored, so numbers
    stay contiguous after a delete by construction.
    """

    model_config = ConfigDict(frozen=True)

    note: str = ""
    element: ElementRecord = Field(default_factory=ElementRecord)
    #: Absolute path of this annotation's element crop (issue #4 §2), or empty.
    screenshot: Line = ""
    #: How the annotation is anchored now (issue #3 §7): ``""`` exact (same node), ``"rematched"`` (the node
    #: was replaced and found again by its locators, same role/name/text; the record is refreshed) or
    #: ``"stale"`` (no unique match: the element is gone or changed).
    status: Literal["", STATUS_REMATCHED, STATUS_STALE] = ""  # "" is exact

    _n = field_validator("note")(classmethod(lambda cls, v: cap_note(v)))


class AnnotationBatch(BaseModel):
    """What is handed to an agent at once: an optional overall note (``summary``), optional absolute paths of
    a screenshot (``screenshot``: the annotated one when there is one) and of the same image without
    pagenote's drawings (``screenshot_clean``), and the annotations in their numbered order."""

    model_config = ConfigDict(frozen=True)

    summary: str = ""
    screenshot: Line = ""
    screenshot_clean: Line = ""
    annotations: tuple[Annotation, ...] = ()

    _s = field_validator("summary")(classmethod(lambda cls, v: cap_note(v)))
