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
import re
import sys
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.policy import BOX_CONTENTS, BOX_DETACHED, BOX_HIDDEN, BOX_ZERO_SIZE, NO_BOX_KINDS, STATUS_REMATCHED, STATUS_STALE
from app.core.wording import a_or_an
from app.model.css import CssRule, bounded_rules
from app.model.fields import (NOT_TAKEN_CLOSE, NOT_TAKEN_OPEN, REASON_CAP, Line, PageLine, Reason,  # noqa: F401
                              WholeLine, holds_invisible, not_taken, one_of_path_or_reason, page_line, redacted_block,
                              split_not_taken)
from app.model.text import CONTEXT_CAP, HTML_CAP, TEXT_CAP, cap_line, cap_note, cap_quote
from app.model.rounds import FollowUp
from app.protocol.attributes import bounded_attributes
from app.protocol.locators import bounded_locators
from app.protocol.redact import redact_urls

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


#: The most look-alikes an element record counts (app/picker_js/anchors.js LOOK_ALIKE_SCAN).
LOOK_ALIKES_MAX = 5_000


class ElementRecord(BaseModel):
    """Everything pagenote says about one picked element (issue #2, "The element record").

    Every string field is normalised and capped on validation (see the module docstring); ``attributes`` maps
    allow-listed attribute names to values, each capped at :data:`ATTRIBUTE_VALUE_CAP` code points, never the
    ``value`` attribute. Colours are ``#RRGGBB``/``#RRGGBBAA``/``transparent`` as computed in the page.
    """

    model_config = ConfigDict(frozen=True)

    url: Line = ""
    title: PageLine = ""
    #: For an element inside iframes: the chain of iframe selectors from the top document, ``" >> "``-joined
    #: (issue #3 §2). ``selector``/``xpath`` are then relative to the innermost frame's document, and ``rect``
    #: is still in top-document coordinates.
    frame: PageLine = ""
    tag: PageLine = ""
    role: PageLine = ""
    accessible_name: PageLine = ""
    selector: WholeLine = ""
    #: Ranked locators, best first, each verified in the page to match only this element (issue #3 §1;
    #: grammar in app/picker_js/locators.js, line rules in app/protocol/locators.py).
    locators: tuple[str, ...] = ()
    #: Source hints on development builds (app/webview/source_hints.py): ``"; "``-joined candidates, most specific
    #: first, each ``Component (framework) file:line:column``; ``""`` on production builds or when turned off.
    source: PageLine = ""
    xpath: WholeLine = ""
    #: ``closed``: the element hosts a closed shadow root, so it was picked itself (issue #3 §3).
    shadow: PageLine = ""
    attributes: dict[str, str] = Field(default_factory=dict)
    color: PageLine = ""
    background: PageLine = ""
    font: PageLine = ""
    font_weight: PageLine = ""
    display: PageLine = ""
    rect: Rect | None = None
    #: How ``rect`` was measured (issue 9 §6; app/picker_js/geometry.js): ``""`` the element's border box;
    #: ``"contents"`` (``display: contents``) the union of its children's boxes; ``"hidden"``/``"detached"``/
    #: ``"zero-size"``: it draws nothing, so ``rect`` is ``None`` (Markdown ``Rect: none (hidden)``).
    box: Literal["", BOX_CONTENTS, BOX_HIDDEN, BOX_DETACHED, BOX_ZERO_SIZE] = ""
    text: str = ""
    nearby_context: str = ""
    html_excerpt: str = ""
    #: Fields only the ``detailed``/``forensic`` detail levels write (app/protocol/detail.py; page side
    #: app/picker_js/detail.js). ``box_model``: CSS px, top right bottom left, ``margin 0 0 16 0; border 1 1 1 1;
    #: padding 8 12 8 12``; ``styles``: a fixed computed-style subset, ``name: value; …``; ``ancestry``: the
    #: ancestors, nearest first, one ``tag selector`` line each (``#shadow-root (open)`` where one is crossed).
    box_model: PageLine = ""
    styles: PageLine = ""
    ancestry: str = ""
    #: The stylesheet rules that style the element (``detailed`` level and above; issue 29, requirement 2;
    #: :mod:`app.model.css`), most specific first, read over CDP after the pin shows (app/webview/css_rules.py),
    #: and how many matched rules came from cross-origin sheets (counted, never read).
    css: tuple[CssRule, ...] = ()
    css_cross_origin: int = Field(default=0, ge=0, le=1_000_000)
    #: True when a page-supplied field held invisible characters or exotic line breaks
    #: (:data:`app.core.policy.INVISIBLE_CHARS`), now shown escaped (``\u200b``); the window can flag the record.
    #: Markdown: the ``Hidden characters:`` line.
    hidden_chars: bool = False
    #: How many elements of its page had this one's role, accessible name, text and nearby text when it was
    #: pinned, itself included (app/picker_js/anchors.js ``lookAlikeCount``, over at most the first
    #: :data:`LOOK_ALIKES_MAX` of its tag); 0: not counted (an imported record). Re-anchoring in a new document
    #: leaves the annotation stale (ambiguous) when fewer are left (issue 30, requirement 1). Not in Markdown.
    look_alikes: int = Field(default=0, ge=0, le=LOOK_ALIKES_MAX)

    @model_validator(mode="before")
    @classmethod
    def _hidden(cls, data: object) -> object:
        if isinstance(data, dict) and not data.get("hidden_chars") and holds_invisible(data):
            data = {**data, "hidden_chars": True}
        return data

    @field_validator("look_alikes", mode="before")
    @classmethod
    def _look_alikes(cls, v: object) -> int:
        # The page is not trusted: anything but a whole number in range counts as not counted.
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= LOOK_ALIKES_MAX else 0

    @field_validator("ancestry")
    @classmethod
    def _ancestry(cls, v: str) -> str:
        return redacted_block(v, CONTEXT_CAP)

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        return redacted_block(v, TEXT_CAP)

    @field_validator("nearby_context")
    @classmethod
    def _context(cls, v: str) -> str:
        return redacted_block(v, CONTEXT_CAP)

    @field_validator("html_excerpt")
    @classmethod
    def _html(cls, v: str) -> str:
        return redacted_block(v, HTML_CAP)

    @field_validator("url")
    @classmethod
    def _url(cls, v: str) -> str:
        return page_line(v)

    @field_validator("attributes")
    @classmethod
    def _attributes(cls, v: dict[str, str]) -> dict[str, str]:
        return bounded_attributes(v)

    _css = field_validator("css", mode="before")(classmethod(lambda cls, v: bounded_rules(v)))

    @field_validator("locators", mode="before")
    @classmethod
    def _locators(cls, v: object) -> tuple[str, ...]:
        return bounded_locators(v)

    @model_validator(mode="after")
    def _no_box_no_rect(self) -> ElementRecord:
        if self.box in NO_BOX_KINDS and self.rect is not None:
            raise ValueError(f"an element with no box ({self.box}) has no rect")
        return self


#: Annotation kinds: one element, a text range inside one element, a dragged region, a group of elements.
KIND_ELEMENT, KIND_TEXT, KIND_REGION, KIND_GROUP = "element", "text", "region", "group"
#: At most this many elements a region names as covered (the ones covering most of it), and in one group.
COVERS_CAP = 5
GROUP_CAP = 50
#: Text offsets are counted in UTF-16 code units (DOM ``CharacterData`` offsets), bounded like a DOM string.
MAX_OFFSET = 2**31 - 1


def _token(value: str) -> str:
    """A role as one token: no whitespace; ``"-"`` (how the ``Covers:`` line writes no role) reads as ``""``."""
    value = re.sub(r"\s+", "", cap_line(value))
    return "" if value == "-" else value


class TextSelection(BaseModel):
    """A range of text inside the annotation's element: ``quote`` (the selected words as
    ``textContent.slice(start, end)`` gives them, spaces included: :func:`~app.model.text.cap_quote`), and
    ``start``/``end``, offsets into the element's ``textContent`` in UTF-16 code
    units (DOM Standard, "CharacterData": offsets are code units), ``start <= end``."""

    model_config = ConfigDict(frozen=True)

    quote: str = ""
    start: int = Field(default=0, ge=0, le=MAX_OFFSET)
    end: int = Field(default=0, ge=0, le=MAX_OFFSET)

    #: Credentials redacted on the normalised quote, then capped (idempotent, as :func:`~app.model.fields.page_line`).
    _q = field_validator("quote")(classmethod(
        lambda cls, v: cap_quote(redact_urls(cap_quote(v, sys.maxsize)), TEXT_CAP)))

    @model_validator(mode="after")
    def _ordered(self) -> TextSelection:
        if self.end < self.start:
            raise ValueError("a text range ends at or after its start")
        return self


class Cover(BaseModel):
    """One element a region covers: its ``role`` (one token), accessible ``name``, ``selector`` and ``share``,
    the fraction of the region's area its border box covers (0–1, rounded to 0.01)."""

    model_config = ConfigDict(frozen=True)

    role: Annotated[str, AfterValidator(_token)] = ""
    name: PageLine = ""
    selector: WholeLine = ""
    share: float = Field(default=0.0, ge=0, le=1)

    _s = field_validator("share")(classmethod(lambda cls, v: round(float(v), 2)))


class Region(BaseModel):
    """A dragged rectangle: ``rect`` in CSS px, document coordinates (like :class:`Rect`), and the elements
    covering most of it, largest share first (at most :data:`COVERS_CAP`)."""

    model_config = ConfigDict(frozen=True)

    rect: Rect
    covers: tuple[Cover, ...] = ()

    @field_validator("covers")
    @classmethod
    def _cap(cls, v: tuple[Cover, ...]) -> tuple[Cover, ...]:
        return tuple(v[:COVERS_CAP])


def _infer_kind(data: Any) -> Any:
    """Model input: a missing ``kind`` follows from the fields that are set (so the Markdown parser, which
    reads the kind from the blocks present, needs no ``Kind:`` line)."""
    if not isinstance(data, dict) or data.get("kind"):
        return data
    kind = (KIND_TEXT if data.get("selection") is not None else KIND_REGION if data.get("region") is not None
            else KIND_GROUP if data.get("elements") else KIND_ELEMENT)
    return {**data, "kind": kind}


def _flag_hidden(data: Any) -> Any:
    """Model input: when the annotation's own page fields (a text range's quote, a region's covered names and
    selectors, a group's common ancestor) hold invisible characters, its ``element`` record says so
    (``hidden_chars``), as when the record's own fields do: the Markdown's ``Hidden characters:`` line and the
    window's flag cover the whole annotation."""
    if not isinstance(data, dict):
        return data
    own = (data.get("selection"), data.get("region"), data.get("common_ancestor"))
    if not any(holds_invisible(x.model_dump() if isinstance(x, BaseModel) else x) for x in own):
        return data
    element = data.get("element")
    if isinstance(element, ElementRecord):
        element = element if element.hidden_chars else element.model_copy(update={"hidden_chars": True})
    elif isinstance(element, dict) or element is None:
        element = {**(element or {}), "hidden_chars": True}
    return {**data, "element": element}


def _kind_matches(model: Any) -> Any:
    has = {KIND_TEXT: model.selection is not None, KIND_REGION: model.region is not None,
           KIND_GROUP: bool(model.elements)}
    if any(on and kind != model.kind for kind, on in has.items()) or (model.kind != KIND_ELEMENT and not has[model.kind]):
        raise ValueError(f"{a_or_an(model.kind)} annotation has exactly the fields of its kind "
                         "(text: selection, region: region, group: elements)")
    return model


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
    #: Why the crop asked for was not taken (issue 9 §5): ``"CODE — reason"``, CODE a registry name; the
    #: Markdown writes it as ``Screenshot: [not taken: CODE — reason]``. Never set together with ``screenshot``.
    screenshot_error: Reason = ""
    #: In a batch spanning pages (issue 9 §9): the latest screenshot of *this annotation's page* (the annotated
    #: image when there is one) and the same image without pagenote's drawings; empty otherwise.
    page_screenshot: Line = ""
    page_screenshot_clean: Line = ""
    #: How the annotation is anchored now (issue #3 §7): ``""`` exact (same node), ``"rematched"`` (the node
    #: was replaced and found again by its locators, same role/name/text; the record is refreshed) or
    #: ``"stale"`` (no unique match: the element is gone or changed).
    status: Literal["", STATUS_REMATCHED, STATUS_STALE] = ""  # "" is exact
    #: Why a stale annotation was not moved (issue 9 §4), e.g. ``ambiguous: 5 candidates``; empty otherwise.
    status_reason: Line = ""
    #: For a stale annotation whose evidence names several elements (``ambiguous: N candidates``): their unique
    #: CSS selectors in document order, at most 10 (app/picker_js/anchors.js), kept so the user can pick one
    #: (issue 30, requirement 1); empty otherwise. Not written to Markdown.
    candidates: tuple[WholeLine, ...] = ()
    #: When the record was last re-read from the live element and what that changed (issue 9 §4; written by
    #: :meth:`app.model.session.Session.refresh`), e.g. ``2026-11-30T10:15:00Z: selector, locators, xpath, rect
    #: changed``; empty when it never changed since the element was pinned.
    refreshed: Line = ""
    #: Absolute path of a reference image the user attached (the design target, in the project's shots/), or
    #: empty; ``screenshot`` stays the element's current state.
    reference: Line = ""
    #: :data:`STATE_FROZEN` when it was made while its page was frozen (the toolbar's Freeze: animations,
    #: transitions, media and requestAnimationFrame paused; timers run): its record's ``rect`` is the frozen moment's, kept by
    #: re-reads after the page moves again (:meth:`app.model.session.Session.refresh`); else empty.
    state: Literal["", "frozen"] = ""
    #: The emulated device and viewport it was made at (issue 26 req. 4; :meth:`app.tabs.emulation.EmulationState.describe`),
    #: e.g. ``iPhone 15, viewport 393×852 CSS px, DPR 3, mobile, touch``; empty when the tab emulated no viewport.
    emulated: Line = ""
    #: What the annotation points at: :data:`KIND_ELEMENT` (``element``), :data:`KIND_TEXT` (``selection``
    #: inside ``element``, the element containing the range), :data:`KIND_REGION` (``region``; ``element``
    #: holds only the page's URL and title) or :data:`KIND_GROUP` (``elements`` in the order they were added,
    #: ``common_ancestor`` their nearest common ancestor's selector; ``element`` holds the page's URL/title).
    kind: Literal[KIND_ELEMENT, KIND_TEXT, KIND_REGION, KIND_GROUP] = KIND_ELEMENT
    selection: TextSelection | None = None
    region: Region | None = None
    elements: tuple[ElementRecord, ...] = Field(default=(), max_length=GROUP_CAP)
    common_ancestor: WholeLine = ""
    #: The sent annotation this one follows up (issue 31, requirement 3: the user reopened it), or ``None``.
    follow_up: FollowUp | None = None

    @property
    def anchor(self) -> ElementRecord:
        """The record the annotation's marker finds its element by (re-anchoring): a group's first element (its
        marker sits there), else :attr:`element` (a region's is its page: no element to find again)."""
        return self.elements[0] if self.kind == KIND_GROUP else self.element

    @property
    def crop_rect(self) -> Rect | None:
        """What this annotation's crop shows when it is not one element's box (CSS px, document coordinates):
        a region's rectangle, the union of a group's element boxes as pinned (``None`` when none has one);
        ``None`` for an element or text annotation (their element is cropped)."""
        if self.region is not None:
            return self.region.rect
        rects = [e.rect for e in self.elements if e.rect is not None]
        if not rects:
            return None
        left, top = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.x + r.width for r in rects), max(r.y + r.height for r in rects)
        return Rect(x=left, y=top, width=right - left, height=bottom - top)

    _n = field_validator("note")(classmethod(lambda cls, v: cap_note(v)))
    _in = model_validator(mode="before")(classmethod(
        lambda cls, data: _flag_hidden(_infer_kind(split_not_taken(data)))))
    _out = model_validator(mode="after")(one_of_path_or_reason)
    _k = model_validator(mode="after")(_kind_matches)


class AnnotationBatch(BaseModel):
    """What is handed to an agent at once: an optional overall note (``summary``), optional absolute paths of
    a screenshot (``screenshot``: the annotated one when there is one) and of the same image without
    pagenote's drawings (``screenshot_clean``), or why it was not taken (``screenshot_error``, like
    :attr:`Annotation.screenshot_error`), and the annotations in their numbered order.

    The batch's screenshot is of the page all its annotations are on; a batch spanning pages has none, and
    each annotation names its own page's screenshot instead (:attr:`Annotation.page_screenshot`, issue 9 §9;
    the rule is applied by :meth:`app.model.session.Session.batch`)."""

    model_config = ConfigDict(frozen=True)

    summary: str = ""
    screenshot: Line = ""
    screenshot_clean: Line = ""
    screenshot_error: Reason = ""
    annotations: tuple[Annotation, ...] = ()

    _s = field_validator("summary")(classmethod(lambda cls, v: cap_note(v)))
    _in = model_validator(mode="before")(classmethod(lambda cls, data: split_not_taken(data)))
    _out = model_validator(mode="after")(one_of_path_or_reason)
