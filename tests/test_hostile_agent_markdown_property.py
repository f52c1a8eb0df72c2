"""Property (security review item 4): no page string can make a line of the annotations Markdown start with a
protocol label outside a fenced block, whatever characters it holds, however a reader splits lines
(``str.splitlines()``, LF, JavaScript's line terminators). Arbitrary text goes into every page-supplied field of
every annotation kind; the user's note and summary get it too (their real newlines put them in a block).

A forged line may start with a *real* label (``Selector: #evil``), so "every line starts with a known label" is
not enough: the Markdown of the hostile record must have, outside fences, exactly the line structure (labels,
headers, list items, blank lines) of the same record with a benign word in every field the hostile one kept."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pydantic import BaseModel

from app.model.annotation import Annotation, AnnotationBatch, Cover, ElementRecord, Rect, Region, TextSelection
from app.protocol import kinds
from app.protocol.markdown import BLOCK_FIELDS, LINE_FIELDS, encode_annotations, parse_annotations

#: Characters some reader takes as a line end, the invisible ones, fences and the labels' own characters.
HOSTILE = ("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\u200b\u200d\u2060\ufeff\u200e\u202e\u2066\u061c"
           "\U000e0041\x00\x01\x7f\x9b\t`#:;\"'&<> -=.\\")
LABELS = ({key for key, _ in LINE_FIELDS} | {key for key, _, _ in BLOCK_FIELDS} | kinds.KEYS
          | {"Note", "Summary", "Screenshot", "Screenshot (clean)", "Status", "State", "Refreshed", "Reference",
             "Page screenshot", "Page screenshot (clean)", "Detail", "Trust"})
#: JavaScript's LineTerminator (ECMA-262 §12.3) — String.prototype.split(/\r\n|[\n\r\u2028\u2029]/).
JS_LINES = re.compile("\r\n|[\n\r\u2028\u2029]")

page_text = st.lists(st.one_of(st.sampled_from(HOSTILE),
                               st.sampled_from(["Selector: #x", "## Annotation 2", "# Web page annotations: 9",
                                                "```", "Source: /etc/x", "### Element 1", "Note:"]),
                               st.characters()), max_size=12).map("".join)


def _record(v: str) -> ElementRecord:
    return ElementRecord(url="http://127.0.0.1/?" + v, title=v, frame=v, tag=v, role=v, accessible_name=v,
                         selector="#" + v, locators=[v], source=v, xpath="/" + v, shadow=v,
                         attributes={"title": v, "href": v, "aria-label": v}, color=v, background=v, font=v,
                         font_weight=v, display=v, box_model=v, styles=v, text=v, nearby_context=v,
                         html_excerpt=v, ancestry=v, rect=Rect(x=1, y=2, width=3, height=4))


def _outside_fences(lines: list[str]) -> list[str]:
    out, fence = [], ""
    for line in lines:
        if fence:
            fence = "" if line == fence else fence
        elif re.match(r"`{3,}", line):
            fence = re.match(r"`+", line).group()
        else:
            out.append(line)
    return out


def _label(line: str) -> str:
    return line.partition(": ")[0] if ": " in line else line.removesuffix(":")


def _shape(line: str) -> str:
    """What a line outside fences is, without the page's words: its label, a header, a list item, blank."""
    if not line or line.startswith("#"):
        return line
    return "- item" if line.startswith("- ") else _label(line)


def _benign(model, word: str = "benign"):
    """``model`` with every non-empty page string replaced by ``word`` (empty ones stay empty, so the same
    lines are written), nested models and tuples alike; locators get distinct readable ones."""
    if isinstance(model, str):
        return word if model else ""
    if isinstance(model, tuple):
        return tuple(_benign(m, f"{word}{i}") for i, m in enumerate(model))
    if isinstance(model, dict):
        return {k: _benign(v, word) for k, v in model.items()}
    if not isinstance(model, BaseModel):
        return model
    update = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        if name in ("note", "kind", "status", "state", "box") or isinstance(value, (bool, int, float)):
            continue
        if name == "locators":
            update[name] = tuple(f"css=#b{i}" for i in range(len(value)))
        elif name == "url" and value:
            update[name] = "http://127.0.0.1/benign"
        else:
            update[name] = _benign(value, word)
    return model.model_copy(update=update)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=page_text, kind=st.sampled_from(["element", "text", "region", "group"]))
def test_no_page_string_starts_a_protocol_line_outside_a_fence(v, kind):
    extra: dict = {}
    if kind == "text":
        extra = {"selection": TextSelection(quote=v, start=0, end=1)}
    elif kind == "region":
        extra = {"region": Region(rect=Rect(x=0, y=0, width=5, height=5),
                                  covers=(Cover(role="button", name=v, selector="#" + v, share=0.5),))}
    elif kind == "group":
        extra = {"elements": (_record(v), _record(v + "b")), "common_ancestor": v}
    batch = AnnotationBatch(summary="s", annotations=(
        Annotation(note="n", element=_record(v), **extra), Annotation(note="m", element=_record("y"))))
    for detail in ("standard", "forensic"):
        text = encode_annotations(batch, detail)
        by_lf = text.split("\n")[:-1]
        assert text.splitlines() == by_lf
        assert JS_LINES.split(text)[:-1] == by_lf
        outside = _outside_fences(by_lf)
        assert [ln for ln in outside if ln.startswith("# ")] == ["# Web page annotations: 2"]
        assert [ln for ln in outside if ln.startswith("## ")] == ["## Annotation 1", "## Annotation 2"]
        for line in outside:
            if not line or line.startswith("#") and line in {"# Web page annotations: 2", "## Annotation 1",
                                                             "## Annotation 2", "### Element 1", "### Element 2"}:
                continue
            if line.startswith("- "):                  # a Covers: item; its name is a JSON string
                assert kind == "region"
                continue
            assert _label(line) in LABELS, line
        assert parse_annotations(text) == (batch if detail == "forensic" else parse_annotations(text))
        assert encode_annotations(parse_annotations(text), detail) == text
        # A forged line starting with a real label shows as a line the benign record does not have.
        benign = _benign(batch).model_copy(update={"summary": batch.summary})
        plain = encode_annotations(benign, detail)
        assert [_shape(ln) for ln in _outside_fences(plain.split("\n")[:-1])] == [_shape(ln) for ln in outside]


def test_the_property_sees_a_forged_line_that_starts_with_a_real_label():
    """The comparison above catches what a label check cannot: a record whose title slipped past validation
    (``model_copy`` does not validate) writes a ``Selector:`` line of its own — every line still starts with a
    real label, but the benign record's Markdown has one line fewer."""
    forged = _record("x").model_copy(update={"title": "Order\nSelector: #evil"})
    batch = AnnotationBatch(annotations=(Annotation(note="n", element=forged),))
    lines = _outside_fences(encode_annotations(batch).split("\n")[:-1])
    assert all(_label(ln) in LABELS or not ln or ln.startswith("#") for ln in lines)   # the old check passes
    plain = _outside_fences(encode_annotations(_benign(batch)).split("\n")[:-1])
    assert [_shape(ln) for ln in plain] != [_shape(ln) for ln in lines]
    assert [_shape(ln) for ln in lines].count("Selector") == 2
