"""Annotation kinds (text range, region, group) in the Markdown and the JSON: the documented lines, the round
trip (property-based), the model's rules, and errors that name the line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.model.annotation import COVERS_CAP, Annotation, AnnotationBatch, ElementRecord, Rect
from app.model.text import TEXT_CAP
from app.protocol.markdown import ProtocolError, encode_annotations, parse_annotations

PAGE = ElementRecord(url="http://127.0.0.1:8000/shop", title="Shop")
TEXT = Annotation(note="say it shorter", element=PAGE.model_copy(update={"tag": "p", "text": "Free shipping on all orders"}),
                  selection={"quote": "shipping on all", "start": 5, "end": 20})
REGION = Annotation(note="put a banner here", element=PAGE,
                    region={"rect": {"x": 0, "y": 1200.5, "width": 800, "height": 300},
                            "covers": [{"role": "banner", "name": 'Site "header"', "selector": "header.top",
                                        "share": 0.62}, {"share": 0.1}]})
GROUP = Annotation(note="same height", element=PAGE, common_ancestor="main > ul.cards",
                   elements=[ElementRecord(tag="li", selector="li:nth-child(1)", text="One"),
                             ElementRecord(tag="li", frame="iframe#f", selector="li", text="Two\n```")])


def test_each_kind_writes_its_documented_lines():
    text = encode_annotations(AnnotationBatch(annotations=(TEXT, REGION, GROUP)))
    assert "Selected range: start=5, end=20\n" in text
    assert "\nSelected text:\n```\nshipping on all\n```\n" in text
    assert "Region: x=0, y=1200.5, width=800, height=300\nCovers:\n- 62% banner \"Site \\\"header\\\"\" header.top\n" \
           "- 10% - \"\"\n" in text
    assert "Common ancestor: main > ul.cards\n\nElements: 2\n\n### Element 1\nTag: li\nSelector: li:nth-child(1)\n" in text
    assert "### Element 2\nFrame: iframe#f\nTag: li\n" in text


@pytest.mark.parametrize("annotation", [TEXT, REGION, GROUP], ids=["text", "region", "group"])
def test_each_kind_round_trips_markdown_and_json(annotation):
    batch = AnnotationBatch(annotations=(annotation, Annotation(note="plain", element=PAGE)))
    assert parse_annotations(encode_annotations(batch)) == batch
    back = AnnotationBatch.model_validate(json.loads(batch.model_dump_json()))
    assert back == batch and back.annotations[0].kind == annotation.kind


def test_the_kind_follows_from_the_fields_and_must_agree_with_them():
    assert (TEXT.kind, REGION.kind, GROUP.kind, Annotation().kind) == ("text", "region", "group", "element")
    with pytest.raises(ValidationError, match="exactly the fields of its kind"):
        Annotation(kind="group")
    with pytest.raises(ValidationError, match="exactly the fields of its kind"):
        Annotation(kind="region", selection={"quote": "x"})
    with pytest.raises(ValidationError, match="ends at or after"):
        Annotation(selection={"quote": "x", "start": 4, "end": 2})


def test_caps_hold_for_quote_and_covers():
    a = Annotation(selection={"quote": "x" * (TEXT_CAP + 50), "end": TEXT_CAP + 50})
    assert len(a.selection.quote) <= TEXT_CAP
    r = Annotation(region={"rect": {"x": 0, "y": 0, "width": 1, "height": 1}, "covers": [{"share": 0.1}] * 9})
    assert len(r.region.covers) == COVERS_CAP


@pytest.mark.parametrize(("tail", "words"), [
    ("Selected range: start=a, end=2\n", "unexpected Selected range"),
    ("Region: x=1\n", "Rect: expected"),
    ("Region: x=1, y=2, width=3, height=4\nCovers:\n- 50 button \"x\"\n", "Covers: expected"),
    ("Region: x=1, y=2, width=3, height=4\nCovers:\n- 50% button x\n", "quoted string"),
    ("Elements: 2\n\n### Element 1\nTag: li\n\n### Element 3\nTag: li\n", "expected '### Element 2'"),
    ("Elements: 1\n\n### Element 1\nNote: no\n", "unexpected line in an element"),
])
def test_malformed_kind_lines_name_the_line(tail, words):
    text = "# Web page annotations: 1\n\n## Annotation 1\nNote: n\n" + tail
    with pytest.raises(ProtocolError) as info:
        parse_annotations(text)
    assert words in str(info.value)
    assert 5 <= info.value.line <= len(text.splitlines())


# --- property-based round trip ------------------------------------------------------------------------------

_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=40) | st.sampled_from([
    "", "```", "## Annotation 2", "### Element 1", "- 5% x \"y\"", "Elements: 3", "Covers:", "a\r\nb", "\ud800",
    '"\\', "Selected text:", "  lead",
])
_coord = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
_size = st.floats(min_value=0, max_value=1e6, allow_nan=False)
_rects = st.builds(Rect, x=_coord, y=_coord, width=_size, height=_size)
_records = st.builds(ElementRecord, url=_text, tag=_text, role=_text, accessible_name=_text, selector=_text,
                     frame=_text, rect=st.none() | _rects, text=_text, html_excerpt=_text)
_covers = st.fixed_dictionaries({"role": _text, "name": _text, "selector": _text,
                                 "share": st.floats(min_value=0, max_value=1)})
_offsets = st.integers(min_value=0, max_value=2**31 - 1)
_selection = st.builds(lambda q, a, b: {"quote": q, "start": min(a, b), "end": max(a, b)}, _text, _offsets, _offsets)
_kind = st.one_of(
    st.just({}),
    st.fixed_dictionaries({"selection": _selection}),
    st.fixed_dictionaries({"region": st.fixed_dictionaries({"rect": _rects, "covers": st.lists(_covers, max_size=6)})}),
    st.fixed_dictionaries({"elements": st.lists(_records, min_size=1, max_size=4), "common_ancestor": _text}),
)
_annotations = st.builds(lambda kind, **kw: Annotation(**kind, **kw), _kind, note=_text, element=_records)


@settings(max_examples=300, deadline=None)
@given(st.lists(_annotations, max_size=4).map(lambda a: AnnotationBatch(annotations=tuple(a))))
def test_round_trip_holds_for_arbitrary_batches_of_every_kind(batch):
    text = encode_annotations(batch)
    assert parse_annotations(text) == batch
    assert encode_annotations(parse_annotations(text)) == text
    assert AnnotationBatch.model_validate_json(batch.model_dump_json()) == batch


def test_re_anchoring_changes_a_region_never_and_a_group_only_in_status():
    from app.model.session import Session

    session = Session()
    session.add("r", PAGE)
    session.get("r").annotation = REGION
    session.add("g", PAGE)
    session.get("g").annotation = GROUP
    live = ElementRecord(tag="li", selector="li.moved", text="One")
    for pin_id in ("r", "g"):
        session.set_anchor(pin_id, "stale", reason="no element matches")
        session.refresh(pin_id, "rematched", live, when="2026-11-30T10:00:00Z")
    assert session.get("r").annotation == REGION               # a region is its rectangle
    group = session.get("g").annotation
    assert group.status == "rematched" and group.element == PAGE and group.elements == GROUP.elements
    assert group.anchor == GROUP.elements[0] and REGION.anchor == PAGE
