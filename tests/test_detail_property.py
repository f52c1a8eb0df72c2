"""Property: every detail level round-trips through the Markdown — ``parse(encode(b, L)) == restrict(b, L)`` —
with the detailed/forensic fields and reference images of arbitrary text (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from test_protocol import _annotations, _text, _user_text

from app.model.annotation import AnnotationBatch, ElementRecord
from app.protocol.detail import LEVELS, restrict
from app.protocol.markdown import REFERENCE_NOTE, encode_annotations, parse_annotations


def _with_detail(annotation, box_model, styles, ancestry, reference):
    element = ElementRecord.model_validate({**annotation.element.model_dump(), "box_model": box_model,
                                            "styles": styles, "ancestry": ancestry})
    return type(annotation).model_validate({**annotation.model_dump(), "element": element.model_dump(),
                                            "reference": reference})


_reference = _text | st.sampled_from(["/p/ref.png", "/p/x" + REFERENCE_NOTE, REFERENCE_NOTE, " (design target"])
_detailed = st.builds(_with_detail, _annotations, _text, _text, _user_text, _reference)
_batches = st.builds(lambda anns, summary: AnnotationBatch(summary=summary, annotations=tuple(anns)),
                     st.lists(_detailed, max_size=3), _text)


@settings(max_examples=200, deadline=None)
@given(_batches, st.sampled_from(LEVELS))
def test_every_level_round_trips(batch, level):
    text = encode_annotations(batch, level)
    assert parse_annotations(text) == restrict(batch, level)
    assert encode_annotations(parse_annotations(text), level) == text
