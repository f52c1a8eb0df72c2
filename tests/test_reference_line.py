"""The ``Reference:`` line's wording is true whatever else the annotation's section holds.

A reference image pasted onto an annotation of a page with no screenshot yet (the usual case in the window:
no crop, no page screenshot) used to read "the Screenshot line is the current state" in a section with no
``Screenshot:`` line, leaving an agent to guess which image that meant. Markdown written with that wording
still reads back to the same path.
"""

from __future__ import annotations

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.markdown import REFERENCE_NOTE_OLD, encode_annotations, parse_annotations

REF = "/home/me/app/shots/20261130-101502-ref-design.png"
CROP = "/home/me/app/shots/20261130-101500-checkout-a1.png"


def _section(markdown: str) -> list[str]:
    return markdown.split("## Annotation 1\n", 1)[1].splitlines()


def _batch(screenshot: str = "") -> AnnotationBatch:
    element = ElementRecord(url="http://127.0.0.1:8000/", tag="h1", role="heading", selector="h1")
    return AnnotationBatch(annotations=(Annotation(note="like this", element=element, reference=REF,
                                                   screenshot=screenshot),))


def test_without_a_screenshot_the_reference_names_no_screenshot_line():
    lines = _section(encode_annotations(_batch()))
    [reference] = [line for line in lines if line.startswith("Reference: ")]
    assert not any(line.startswith("Screenshot:") for line in lines)
    assert "Screenshot line" not in reference and "design target" in reference and "current state" in reference


def test_with_a_crop_both_lines_are_there_and_read_back():
    markdown = encode_annotations(_batch(CROP))
    lines = _section(markdown)
    assert f"Screenshot: {CROP}" in lines and any(line.startswith(f"Reference: {REF} (design target") for line in lines)
    [annotation] = parse_annotations(markdown).annotations
    assert (annotation.note, annotation.reference, annotation.screenshot) == ("like this", REF, CROP)


def test_markdown_written_with_the_earlier_wording_reads_back_to_the_path():
    old = encode_annotations(_batch(CROP)).replace(f"Reference: {REF} (design target: how it should look; "
                                                   "not the current state)", f"Reference: {REF}{REFERENCE_NOTE_OLD}")
    assert REFERENCE_NOTE_OLD in old
    [annotation] = parse_annotations(old).annotations
    assert annotation.reference == REF
