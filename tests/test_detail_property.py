"""Property: every detail level round-trips through the Markdown — ``parse(encode(b, L)) == restrict(b, L)`` —
with the detailed/forensic fields and reference images of arbitrary text (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from test_protocol import _annotations, _text, _user_text

from app.model.annotation import AnnotationBatch, ElementRecord
from app.model.css import CssRule
from app.protocol.detail import LEVELS, restrict
from app.protocol.markdown import REFERENCE_NOTE, encode_annotations, parse_annotations


def _with_detail(annotation, box_model, styles, ancestry, reference, css=((), 0)):
    element = ElementRecord.model_validate({**annotation.element.model_dump(), "box_model": box_model,
                                            "styles": styles, "ancestry": ancestry, "css": css[0],
                                            "css_cross_origin": css[1]})
    return type(annotation).model_validate({**annotation.model_dump(), "element": element.model_dump(),
                                            "reference": reference})


_reference = _text | st.sampled_from(["/p/ref.png", "/p/x" + REFERENCE_NOTE, REFERENCE_NOTE, " (design target"])
# The CSS: block's rules (issue 29, requirement 2): page text in the selector, file and values, any of it
# spelling the block's own separators, quotes and escapes.
_css_text = _text | st.sampled_from(['" — /x.css:1 — color: red', "a; b", '"q"', "\\", "-", "x.css:12", "[ref=e1]",
                                     "3 rules from cross-origin sheets (counted, not read)", "style attribute — ",
                                     "inherited from an ancestor: "])
_property = st.sampled_from(["color", "padding", "padding-left", "font-family", "display", "-webkit-x"])
_rule = st.one_of(
    st.builds(lambda s, f, n, d, i: CssRule(selector=s, file=f, line=n, declarations=d, inherited=i), _css_text,
              _css_text, st.integers(0, 10_000_000), st.dictionaries(_property, _css_text, max_size=4), st.booleans()),
    st.builds(lambda d, i: CssRule(inline=True, declarations=d, inherited=i),
              st.dictionaries(_property, _css_text, max_size=3), st.booleans()))
_css = st.tuples(st.lists(_rule, max_size=9), st.integers(0, 1_000_000))
_detailed = st.builds(_with_detail, _annotations, _text, _text, _user_text, _reference, _css)
_batches = st.builds(lambda anns, summary: AnnotationBatch(summary=summary, annotations=tuple(anns)),
                     st.lists(_detailed, max_size=3), _text)


@settings(max_examples=200, deadline=None)
@given(_batches, st.sampled_from(LEVELS))
def test_every_level_round_trips(batch, level):
    text = encode_annotations(batch, level)
    assert parse_annotations(text) == restrict(batch, level)
    assert encode_annotations(parse_annotations(text), level) == text
