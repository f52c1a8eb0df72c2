"""The stylesheet rules that style an annotated element (issue 29, requirement 2): the model of the ``CSS:`` block.

One :class:`CssRule` per matched author rule (or the element's ``style`` attribute), most specific first, at most
:data:`CSS_RULES_CAP`; each names where it is written (``file``, 1-based ``line``: the stylesheet's URL path on
the page's origin, or the original file its source map names) and only the declarations that *win* the cascade
for the properties pagenote records (``app/webview/css_rules.py`` decides which; Chromium's
``CSS.getMatchedStylesForNode`` is the source). Everything here is page text, so it is normalised like the
record's other page fields (:func:`~app.model.fields.page_line`) and capped again here (the second boundary;
the first is the lookup). No Qt.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core.core_schema import ValidationInfo

from app.model.fields import PageLine, page_line
from app.model.text import cap_line

#: Rules a ``CSS:`` block lists at most (issue 29: "≤ 8 rules").
CSS_RULES_CAP = 8
#: Declarations one rule lists at most, and the longest selector, file and value kept (code points).
DECLARATIONS_CAP = 16
SELECTOR_CAP = 200
FILE_CAP = 300
VALUE_CAP = 120
#: A CSS property name as pagenote records it (standard, lower case; custom properties are not recorded).
PROPERTY = re.compile(r"-?[a-z][a-z0-9-]{0,39}\Z")


class CssRule(BaseModel):
    """One rule that styles the element: ``selector`` (the rule's selectors that match it, ``", "``-joined; empty
    for a ``style`` attribute, ``inline`` then True; ``inherited``: it matched an ancestor), ``file`` (a URL path
    such as ``/src/App.css`` or a source map's original file; empty when the sheet has no URL) and ``line``
    (1-based; 0 when unknown), and the ``declarations`` that win for the recorded properties,
    ``{property: value}`` in the rule's order, a value ending in ``" !important"`` when it was declared so."""

    model_config = ConfigDict(frozen=True)

    selector: PageLine = ""
    inline: bool = False
    #: The rule matched an ancestor: its declarations are inherited values no rule of the element sets.
    inherited: bool = False
    file: PageLine = ""
    line: int = Field(default=0, ge=0, le=10_000_000)
    declarations: dict[str, str] = Field(default_factory=dict)

    _s = field_validator("selector")(classmethod(lambda cls, v: cap_line(v, SELECTOR_CAP)))
    _f = field_validator("file")(classmethod(lambda cls, v: cap_line(v, FILE_CAP)))

    @field_validator("declarations")
    @classmethod
    def _declarations(cls, v: dict[str, str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, value in v.items():
            value = cap_line(page_line(str(value)), VALUE_CAP)
            if PROPERTY.match(name) and value and len(out) < DECLARATIONS_CAP:
                out[name] = value
        return out

    @model_validator(mode="before")
    @classmethod
    def _place(cls, data: object) -> object:
        """The style attribute has no selector, file or line; a line is a line of a file (none without one)."""
        if isinstance(data, dict) and data.get("inline"):
            return {**data, "selector": "", "file": "", "line": 0}
        return data

    @field_validator("line")
    @classmethod
    def _no_file_no_line(cls, v: int, info: ValidationInfo) -> int:
        return v if info.data.get("file") else 0


def bounded_rules(value: object) -> tuple:
    """At most :data:`CSS_RULES_CAP` rules of ``value`` (a list or tuple), as given."""
    return tuple(value[:CSS_RULES_CAP]) if isinstance(value, (list, tuple)) else value
