"""The Markdown protocol: exact shape, caps, round trip (property-based), and errors that name the line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.model import Annotation, AnnotationBatch, ElementRecord, Rect
from app.model.text import HTML_CAP, LINE_CAP, TEXT_CAP
from app.protocol.attributes import encode_attributes, parse_attributes
from app.protocol.markdown import TRUST_TEXT, ProtocolError, encode_annotations, parse_annotations

#: The head's fixed last line (app/protocol/markdown.py TRUST_TEXT).
TRUST = f"Trust: {TRUST_TEXT}\n"

EXAMPLE = AnnotationBatch(
    summary="keep the overall style, fix what is marked",
    screenshot="/abs/path/shots/20261130-101500-checkout.png",
    annotations=(
        Annotation(note="this button is too small, more padding", element=ElementRecord(
            url="http://localhost:5173/checkout", title="Checkout", tag="button", role="button",
            accessible_name="Place order", selector="#checkout > div.cart > button.submit",
            xpath="/html/body/div[1]/main/section/div[2]/button[1]",
            attributes={"id": "submit", "class": "btn primary"}, color="#FFFFFF", background="#2563EB",
            font="16px Inter, system-ui", font_weight="600", display="flex",
            rect=Rect(x=120, y=840, width=180, height=48), text="Place order", nearby_context="…",
            html_excerpt="<button …>…</button>")),
        Annotation(note="", element=ElementRecord(tag="a")),
    ),
)


def test_encoder_writes_the_documented_shape():
    text = encode_annotations(EXAMPLE)
    assert text.startswith("# Web page annotations: 2\n\nSummary: keep the overall style, fix what is marked\n"
                           "Screenshot: /abs/path/shots/20261130-101500-checkout.png\n" + TRUST + "\n## Annotation 1\n"
                           "Note: this button is too small, more padding\nURL: http://localhost:5173/checkout\n")
    assert 'Attributes: id="submit" class="btn primary"\n' in text
    assert "Rect: x=120, y=840, width=180, height=48\n\nText:\n```\nPlace order\n```\n" in text
    assert "HTML excerpt:\n```html\n<button …>…</button>\n```\n" in text
    # An empty note omits the Note: line; empty fields are omitted.
    assert text.endswith("## Annotation 2\nTag: a\n")


def test_round_trip_of_the_example_and_crlf():
    text = encode_annotations(EXAMPLE)
    assert parse_annotations(text) == EXAMPLE
    assert parse_annotations(text.replace("\n", "\r\n")) == EXAMPLE


def test_fence_is_longer_than_any_backtick_run():
    batch = AnnotationBatch(annotations=(Annotation(element=ElementRecord(text="a ```` b\n## Annotation 2")),))
    text = encode_annotations(batch)
    assert "\n`````\na ```` b\n## Annotation 2\n`````\n" in text
    assert parse_annotations(text) == batch


def test_single_line_fields_fold_newlines_and_cap_with_marker():
    record = ElementRecord(title="a\nb\r\nc", accessible_name="x" * (LINE_CAP + 50))
    assert record.title == "a b c"
    assert len(record.accessible_name) == LINE_CAP and record.accessible_name.endswith(" [truncated]")
    assert ElementRecord(accessible_name=record.accessible_name).accessible_name == record.accessible_name
    # A selector or XPath that does not fit is omitted: a cut one would match nothing.
    assert ElementRecord(selector="#" + "x" * LINE_CAP, xpath="/x" * LINE_CAP).selector == ""
    assert ElementRecord(selector="#" + "x" * (LINE_CAP - 1)).selector.endswith("x")


def test_attributes_keep_only_the_allow_list_and_never_value():
    record = ElementRecord(attributes={"id": "a", "value": "secret", "onclick": "x()", "aria-label": "b",
                                       "data-testid": "t", "style": "color: red"})
    assert record.attributes == {"id": "a", "aria-label": "b", "data-testid": "t"}
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)))
    assert parse_annotations(text.replace('Attributes: id="a"', 'Attributes: value="leak" id="a"')) \
        .annotations[0].element.attributes == record.attributes


def test_blocks_are_capped_with_a_last_truncated_line():
    record = ElementRecord(text="y" * (TEXT_CAP * 3), html_excerpt="<p>" + "z" * HTML_CAP)
    assert len(record.text) <= TEXT_CAP and record.text.endswith("\n[truncated]")
    assert len(record.html_excerpt) <= HTML_CAP and record.html_excerpt.endswith("\n[truncated]")
    batch = AnnotationBatch(annotations=(Annotation(element=record),))
    assert parse_annotations(encode_annotations(batch)) == batch


def test_lone_surrogates_become_replacement_chars_and_the_markdown_encodes_to_utf8():
    """The model's side. (Python strings hold code points, so its cut cannot split one; the page's cut, in
    UTF-16 code units, can: tests/test_record.py checks that one.)"""
    record = ElementRecord(text="😀" * (TEXT_CAP + 10) + "\udc00", accessible_name="a\ud800b")
    assert record.accessible_name == "a\ufffdb"
    assert record.text.endswith("😀\n[truncated]") and "\ufffd" not in record.text
    encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),))).encode("utf-8")


def test_screenshot_lines_for_batch_clean_image_and_element_crops():
    batch = AnnotationBatch(screenshot="/p/s-annotated.png", screenshot_clean="/p/s.png", annotations=(
        Annotation(note="n", element=ElementRecord(tag="a", rect=Rect(x=1, y=2, width=3, height=4)),
                   screenshot="/p/s-a1.png"),))
    text = encode_annotations(batch)
    assert "Screenshot: /p/s-annotated.png\nScreenshot (clean): /p/s.png\n" in text
    assert "Rect: x=1, y=2, width=3, height=4\nScreenshot: /p/s-a1.png\n" in text
    assert parse_annotations(text) == batch


def test_status_lines_for_rematched_and_stale_but_not_exact():
    batch = AnnotationBatch(annotations=(Annotation(note="a", status="rematched"), Annotation(status="stale"),
                                         Annotation(note="c")))
    text = encode_annotations(batch)
    assert "## Annotation 1\nNote: a\nStatus: rematched" in text
    assert "## Annotation 2\nStatus: [element no longer matched]\n" in text
    assert text.count("Status:") == 2
    assert parse_annotations(text) == batch


def test_multi_line_note_is_a_block_and_round_trips():
    batch = AnnotationBatch(summary="line one\nline two", annotations=(Annotation(note="first\nsecond"),))
    text = encode_annotations(batch)
    assert "Note:\n```\nfirst\nsecond\n```\n" in text
    assert parse_annotations(text) == batch


def test_a_screenshot_not_taken_reads_not_taken_with_its_code_and_round_trips():
    batch = AnnotationBatch(screenshot_error="CAPTURE_TOO_LARGE — the document is 250100x800 CSS px",
                            annotations=(Annotation(note="a", screenshot="/p/x-a1.png"),
                                         Annotation(note="b", screenshot_error="CAPTURE_NOT_ON_PAGE — gone")))
    text = encode_annotations(batch)
    assert text.startswith("# Web page annotations: 2\n\n"
                           "Screenshot: [not taken: CAPTURE_TOO_LARGE — the document is 250100x800 CSS px]\n"
                           + TRUST + "\n")
    assert "## Annotation 1\nNote: a\nScreenshot: /p/x-a1.png\n" in text
    assert text.endswith("## Annotation 2\nNote: b\nScreenshot: [not taken: CAPTURE_NOT_ON_PAGE — gone]\n")
    parsed = parse_annotations(text)
    assert parsed == batch
    assert parsed.annotations[1].screenshot == "" and parsed.screenshot == ""
    assert parsed.annotations[1].screenshot_error == "CAPTURE_NOT_ON_PAGE — gone"
    # A path and a reason at once is not a valid annotation.
    with pytest.raises(ProtocolError) as info:
        parse_annotations(text.replace("Note: b\n", "Note: b\nScreenshot: /p/y.png\n"))
    assert info.value.line == 13 and "appears twice" in str(info.value)
    with pytest.raises(ValueError, match="not both"):
        Annotation(screenshot="/p/a.png", screenshot_error="CAPTURE_BLANK — x")


def test_page_screenshot_lines_of_a_batch_spanning_pages_round_trip():
    batch = AnnotationBatch(annotations=(
        Annotation(note="a", element=ElementRecord(url="http://h/a"), page_screenshot="/p/a-annotated.png",
                   page_screenshot_clean="/p/a.png"),
        Annotation(note="b", element=ElementRecord(url="http://h/b"), screenshot="/p/b-a2.png",
                   page_screenshot="/p/b.png")))
    text = encode_annotations(batch)
    assert text == ("# Web page annotations: 2\n\n" + TRUST + "\n## Annotation 1\nNote: a\nURL: http://h/a\n"
                    "Page screenshot: /p/a-annotated.png\nPage screenshot (clean): /p/a.png\n\n"
                    "## Annotation 2\nNote: b\nURL: http://h/b\nScreenshot: /p/b-a2.png\n"
                    "Page screenshot: /p/b.png\n")
    assert parse_annotations(text) == batch


def test_a_50000_character_note_is_kept_whole_in_a_block_and_round_trips():
    note = ("word " * 10_000).strip()  # 49,999 characters, one line
    summary = "s" * 9_000
    batch = AnnotationBatch(summary=summary, annotations=(Annotation(note=note),))
    assert batch.annotations[0].note == note and batch.summary == summary
    text = encode_annotations(batch)
    assert f"Summary:\n```\n{summary}\n```\n" in text
    assert f"## Annotation 1\nNote:\n```\n{note}\n```\n" in text
    assert "[truncated]" not in text
    assert parse_annotations(text) == batch
    # Under the bound a note up to LINE_CAP stays a one-line field.
    assert "Note: " + "x" * LINE_CAP + "\n" in encode_annotations(
        AnnotationBatch(annotations=(Annotation(note="x" * LINE_CAP),)))


def test_a_note_beyond_the_hard_bound_is_cut_with_the_mark_and_the_session_says_so():
    from app.model.session import Session
    from app.model.text import NOTE_CAP

    session = Session()
    session.add("e1", ElementRecord(tag="p"), note="n" * 50_000)
    session.add("e2", ElementRecord(tag="p"), note="m" * (NOTE_CAP + 6_000))
    session.set_summary("fine")
    assert session.cut_notes() == [f"annotation 2's note has {NOTE_CAP + 6_000:,} characters; the batch cuts it "
                                   f"to {NOTE_CAP:,}, ending in a [truncated] line"]
    batch = session.batch()
    assert batch.annotations[0].note == "n" * 50_000
    cut = batch.annotations[1].note
    assert len(cut) == NOTE_CAP and cut.endswith("\n[truncated]") and cut.startswith("m" * 1000)
    assert parse_annotations(encode_annotations(batch)) == batch
    session.set_summary("s" * (NOTE_CAP + 1))
    assert session.cut_notes()[0] == (f"the overall note has {NOTE_CAP + 1:,} characters; the batch cuts it to "
                                      f"{NOTE_CAP:,}, ending in a [truncated] line")


def test_attributes_escape_quotes_and_ampersands():
    attrs = {"title": 'say "hi" & bye', "data-x": "&quot;"}
    line = encode_attributes(attrs)
    assert line == 'title="say &quot;hi&quot; &amp; bye" data-x="&amp;quot;"'
    assert parse_attributes(line) == attrs


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", 1, "title line"),
    ("# Web page annotations: x\n", 1, "whole number"),
    ("# Web page annotations: " + "9" * 5000 + "\n", 1, "whole number"),
    ("# Web page annotations: 2\n\n## Annotation 1\nTag: a\n", 1, "says 2"),
    ("# Web page annotations: 1\n\n## Annotation 2\nTag: a\n", 3, "expected '## Annotation 1'"),
    ("# Web page annotations: 1\n\n## Annotation 1\nColour: red\n", 4, "unexpected line"),
    ("# Web page annotations: 1\n\n## Annotation 1\nTag: a\nTag: b\n", 5, "appears twice"),
    ("# Web page annotations: 1\n\n## Annotation 1\nText:\n```\nabc\n", 5, "never closed"),
    ("# Web page annotations: 1\n\n## Annotation 1\nText:\nabc\n", 5, "opening fence"),
    ("# Web page annotations: 1\n\n## Annotation 1\nRect: x=1, y=2\n", 4, "Rect"),
    ("# Web page annotations: 1\n\n## Annotation 1\nAttributes: id=x\n", 4, "Attributes"),
    ("# Web page annotations: 0\n\nBogus: 1\n", 3, "before the first annotation"),
])
def test_malformed_input_names_the_line(text, line, words):
    with pytest.raises(ProtocolError) as info:
        parse_annotations(text)
    assert info.value.line == line
    assert words in str(info.value)


# --- property-based round trip ------------------------------------------------------------------------------

_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=60) | st.sampled_from([
    "", " ", "```", "````x```", "## Annotation 3", "# Web page annotations: 9", "a\r\nb", "\r", "😀\u200d😀",
    "Note: x", "Text:", "\ud800", "line\n\n\nline", "  lead", "trail  ", "x" * 20 + "`" * 7,
    "[not taken: CAPTURE_TOO_LARGE — x]", " [not taken:  y ] ", "[not taken: ]", "Screenshot: [not taken: z]",
    "Page screenshot: /p", "Screenshot (clean): /q",
])
#: A note, summary or reason long enough to be a block instead of a line (issue 9 §8), or over the hard bound.
_long = st.builds(lambda unit, n: unit * n, st.sampled_from(["x", "ab\n", "😀", "` "]),
                  st.sampled_from([LINE_CAP + 1, 30_000, 70_000]))
_user_text = _text | _long
#: Locators: arbitrary text plus quotes, backslashes, "; " inside and outside quotes, unicode (the model drops
#: the ones the line could not carry; the rest must come back whole).
_locator = _text | st.sampled_from([
    'role=button[name="Say \\"hi\\"; then \\\\ leave"]', 'text="a; b"', 'testid[data-cy]=x', 'testid="p; q"',
    'css=[title="x; y"] > a', "xpath=/html/body/div[2]", 'text="unterminated', "x; y", "a\\", 'label="😀 ü"',
    'placeholder="\\\\"', '"; "', 'text=""; ""', "css=#a\\; b",
]) | st.text(st.sampled_from('ab"\\; ü😀='), max_size=12)
_coord = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
_size = st.floats(min_value=0, max_value=1e6, allow_nan=False)
_records = st.builds(
    ElementRecord, url=_text, title=_text, tag=_text, role=_text, accessible_name=_text, selector=_text,
    xpath=_text, locators=st.lists(_locator, max_size=10), source=_text, color=_text, background=_text, font=_text,
    font_weight=_text, display=_text,
    attributes=st.dictionaries(st.sampled_from(["id", "class", "title", "href", "aria-label", "data-testid"]) |
                               st.from_regex(r"aria-[a-z]{1,8}", fullmatch=True), _text, max_size=4),
    rect=st.none() | st.builds(Rect, x=_coord, y=_coord, width=_size, height=_size),
    text=_text, nearby_context=_text, html_excerpt=_text)
#: A screenshot: a path (any text; "[not taken: R]" is read as a reason) or the reason it was not taken.
_shot = st.one_of(st.fixed_dictionaries({"screenshot": _text}),
                  st.fixed_dictionaries({"screenshot_error": _text | _long}))
_annotations = st.builds(lambda shot, **kw: Annotation(**shot, **kw), _shot, note=_user_text, element=_records,
                         page_screenshot=_text, page_screenshot_clean=_text,
                         status=st.sampled_from(["", "rematched", "stale"]))
_batches = st.builds(lambda shot, **kw: AnnotationBatch(**shot, **kw), _shot, summary=_user_text,
                     screenshot_clean=_text, annotations=st.lists(_annotations, max_size=4).map(tuple))


@settings(max_examples=300, deadline=None)
@given(_batches)
def test_round_trip_holds_for_arbitrary_batches(batch):
    text = encode_annotations(batch)
    text.encode("utf-8")  # always valid UTF-8
    assert parse_annotations(text) == batch
    assert encode_annotations(parse_annotations(text)) == text


def test_a_rematched_record_keeps_its_pin_time_source_line():
    """The page re-reads location and identity before an export, never the dev-build Source: hints; a node
    replaced by its unique look-alike (same role, name, text) keeps the Source: line it was pinned with, and
    the Markdown still carries it."""
    from app.core.policy import STATUS_REMATCHED
    from app.model.session import Session

    session = Session()
    session.add("e1", ElementRecord(tag="button", selector="#a", source="Card (react) src/Card.jsx:4:7"))
    changed = session.refresh("e1", STATUS_REMATCHED, ElementRecord(tag="button", selector="#b"), when="t")
    assert changed == ["selector"]
    assert session.get("e1").annotation.element.source == "Card (react) src/Card.jsx:4:7"
    assert "\nSource: Card (react) src/Card.jsx:4:7 (page-supplied hints from the framework's markers)\n" \
        in encode_annotations(session.batch())


def test_a_source_line_with_the_notes_earlier_wording_still_parses():
    """Markdown written before the Source: note named "the framework's markers" ended the line with
    "(page-supplied hints from development-build markers)": the parser drops either ending, and re-encoding
    writes the current one."""
    from app.protocol.element_lines import SOURCE_NOTE, SOURCE_NOTE_BEFORE

    batch = AnnotationBatch(url="http://127.0.0.1:5173/", title="Shop", annotations=[
        Annotation(id="n1", number=1, note="Pad it", element=ElementRecord(
            tag="button", selector="#buy", source="Card (react) src/Card.jsx:4:7"))])
    now = encode_annotations(batch)
    assert f"Card (react) src/Card.jsx:4:7{SOURCE_NOTE}\n" in now
    before = now.replace(SOURCE_NOTE, SOURCE_NOTE_BEFORE)
    assert before != now
    assert parse_annotations(before).annotations[0].element.source == "Card (react) src/Card.jsx:4:7"
    assert encode_annotations(parse_annotations(before)) == now
