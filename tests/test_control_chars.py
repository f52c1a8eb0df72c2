"""Control characters in page data cannot forge Markdown lines or reorder what a reader sees.

``str.splitlines()`` ends a line at FS/GS/RS (U+001C–U+001E), NEL (U+0085), VT, FF and U+2028/U+2029 too, so a
reader splitting that way must see exactly the lines the parser sees; bidi overrides and isolates
(U+202A–U+202E, U+2066–U+2069) must not survive to reverse the display of a line.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from app.model import Annotation, AnnotationBatch, ElementRecord
from app.model.text import cap_line, normalise_block
from app.protocol.markdown import LINE_FIELDS, encode_annotations, parse_annotations

BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\r\n"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
#: Every C0 and C1 control, DEL, the separators and the bidi controls.
HOSTILE = "".join(map(chr, range(0x01, 0x20))) + "\x7f" + "".join(map(chr, range(0x80, 0xA0))) + "\u2028\u2029" + BIDI


def _forged(sep: str) -> str:
    return f"Buy{sep}Selector: #evil{sep}# Web page annotations: 9{sep}## Annotation 7"


def _record(sep: str) -> ElementRecord:
    return ElementRecord(url=f"http://127.0.0.1/?q={_forged(sep)}", title=_forged(sep), tag="button",
                         role=_forged(sep), accessible_name=_forged(sep), selector="#buy" + sep + "x",
                         locators=["css=#buy", f'text="{_forged(sep)}"'], attributes={"title": _forged(sep)},
                         font=_forged(sep), text=_forged(sep) + sep + "```" + sep + "Selector: #evil2",
                         nearby_context=_forged(sep), html_excerpt="<p>" + _forged(sep) + "</p>")


def _outside_fences(lines: list[str]) -> list[str]:
    """The lines a reader sees outside fenced blocks (a fence opens with 3+ backticks, closes with the same run)."""
    out, fence = [], ""
    for line in lines:
        if fence:
            fence = "" if line == fence else fence
        elif line.startswith("```"):
            fence = line[:len(line) - len(line.lstrip("`"))]
        else:
            out.append(line)
    return out


def _single_line_values(text: str) -> list[str]:
    keys = {key for key, _ in LINE_FIELDS} | {"Note", "Summary", "Screenshot"}
    return [line.split(": ", 1)[1] for line in text.split("\n") if line.split(": ", 1)[0] in keys and ": " in line]


def test_fs_gs_rs_and_nel_in_single_line_fields_never_make_a_fake_selector_or_title_line():
    for sep in BREAKS:
        batch = AnnotationBatch(summary=_forged(sep), annotations=(Annotation(note="x", element=_record(sep)),))
        text = encode_annotations(batch)
        assert text.splitlines() == text.split("\n")[:-1], repr(sep)
        lines = _outside_fences(text.splitlines())
        assert [line for line in lines if line.startswith("# Web page annotations:")] == ["# Web page annotations: 1"]
        assert not [line for line in lines if line.startswith("Selector: #evil")], repr(sep)
        assert not [line for line in lines if line.startswith("## Annotation 7")], repr(sep)
        assert parse_annotations(text) == batch


def test_single_line_fields_hold_no_control_or_bidi_character():
    record = ElementRecord(title="a" + HOSTILE + "b", accessible_name="\u202eevil.exe\u202c.txt",
                           attributes={"title": HOSTILE}, selector="#a" + "\u2066" + "b")
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)))
    for value in _single_line_values(text):
        assert not [c for c in value if unicodedata.category(c) == "Cc" or c in BIDI + "\u2028\u2029"], value
    assert record.accessible_name == "\\u202eevil.exe\\u202c.txt"  # shown escaped, not silently dropped
    assert record.hidden_chars
    assert parse_annotations(text) == AnnotationBatch(annotations=(Annotation(element=record),))


def test_blocks_escape_every_splitlines_break_but_lf_so_a_fence_cannot_close_early():
    # A page's block keeps LF (CR, CRLF become LF) and shows the other breaks escaped (security review item 4);
    # a user's note turns them into LF.
    assert normalise_block("a\x1c```\x1dSelector: #x\x85b\u2028c\r\nd") == \
        "a\\u001c```\\u001dSelector: #x\\u0085b\\u2028c\nd"
    assert normalise_block("a\x1c```\x1dSelector: #x\x85b\u2028c", page=False) == "a\n```\nSelector: #x\nb\nc"
    record = ElementRecord(text="a\x1e```\x1eSelector: #evil")
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)))
    assert "\nText:\n````\na\\u001e```\\u001eSelector: #evil\n````\n" in text
    assert text.splitlines() == text.split("\n")[:-1]


def test_tab_in_a_single_line_field_is_a_space_and_cleaning_is_idempotent():
    assert cap_line("a\tb\x1cc\x85d\ne") == "a b\\u001cc\\u0085d e"
    value = cap_line(HOSTILE + "x" + HOSTILE)
    assert cap_line(value) == value


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(HOSTILE + "ab: #`"), max_size=40), st.text(alphabet=st.sampled_from(HOSTILE + "ab: #`\n"), max_size=40))
def test_any_control_characters_round_trip_and_split_the_same_way(line, block):
    batch = AnnotationBatch(summary=block, annotations=(Annotation(note=line, element=ElementRecord(
        title=line, accessible_name=line, selector=line, locators=[line], attributes={"title": line},
        text=block, html_excerpt=block)),))
    text = encode_annotations(batch)
    assert text.splitlines() == text.split("\n")[:-1]
    assert not any(c in text for c in BIDI)
    assert parse_annotations(text) == batch
