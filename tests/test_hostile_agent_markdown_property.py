"""Property (security review item 4): no page string can make a line of the annotations Markdown start with a
protocol label outside a fenced block, whatever characters it holds, however a reader splits lines
(``str.splitlines()``, LF, JavaScript's line terminators). Arbitrary text goes into every page-supplied field of
every annotation kind; the user's note and summary get it too (their real newlines put them in a block)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.model.annotation import Annotation, AnnotationBatch, Cover, ElementRecord, Rect, Region, TextSelection
from app.protocol import kinds
from app.protocol.markdown import BLOCK_FIELDS, LINE_FIELDS, encode_annotations, parse_annotations

#: Characters some reader takes as a line end, the invisible ones, fences and the labels' own characters.
HOSTILE = ("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\u200b\u200d\u2060\ufeff\u200e\u202e\u2066\u061c"
           "\U000e0041\x00\x01\x7f\x9b\t`#:;\"'&<> -=.\\")
LABELS = ({key for key, _ in LINE_FIELDS} | {key for key, _, _ in BLOCK_FIELDS} | kinds.KEYS
          | {"Note", "Summary", "Screenshot", "Screenshot (clean)", "Status", "State", "Refreshed", "Reference",
             "Page screenshot", "Page screenshot (clean)", "Detail"})
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
