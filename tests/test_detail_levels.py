"""Detail levels: compact / standard / detailed / forensic write the fields the level names, from a record
the real page made; the parser reads every level back."""

from __future__ import annotations

import json

import pytest

from app.model import ElementRecord
from app.model.annotation import Annotation, AnnotationBatch
from app.protocol.detail import LEVELS, DetailLevelError, restrict
from app.protocol.markdown import encode_annotations, parse_annotations


@pytest.fixture
def record_of(window):
    def record_of(url: str, selector: str) -> ElementRecord:
        window.load_page(url)
        found = window.page_call("select", selector)
        assert found["count"] == 1, f"{selector} matched {found.get('count')}"
        return ElementRecord.model_validate(found["record"])

    return record_of


def keys(markdown: str) -> set[str]:
    """The field keys of ``markdown`` (lines inside fenced blocks skipped)."""
    out, fence = set(), ""
    for line in markdown.splitlines():
        if fence:
            fence = "" if line == fence else fence
        elif line.startswith("```"):
            fence = line.rstrip("html")
        elif ":" in line and not line.startswith("#"):
            out.add(line.split(":", 1)[0])
    return out


def test_each_level_writes_its_fields_and_the_parser_reads_every_level(record_of, server, js):
    record = record_of(server.url("record.html"), "button.primary")
    batch = AnnotationBatch(annotations=(Annotation(note="make it bigger", element=record),))
    texts = {level: encode_annotations(batch, level) for level in LEVELS}
    for level, text in texts.items():
        assert parse_annotations(text) == restrict(batch, level), level
    compact, standard, detailed, forensic = (keys(texts[level]) for level in LEVELS)
    assert {"Note", "URL", "Selector", "Locators", "Rect", "Text", "Detail"} <= compact
    assert not compact & {"Tag", "Role", "Accessible name", "Color", "Font", "HTML excerpt", "Nearby context",
                          "Box model", "Styles", "Ancestry"}
    # standard is the record as before detail levels: no Detail: line, no detailed/forensic field
    assert texts["standard"] == encode_annotations(batch)
    assert {"Tag", "Role", "Accessible name", "Color", "Font", "HTML excerpt"} <= standard
    assert not standard & {"Detail", "Box model", "Styles", "Ancestry"}
    assert {"Box model", "Styles"} <= detailed - standard and "Ancestry" not in detailed
    assert forensic - detailed == {"Ancestry"}
    assert "Detail: forensic" in texts["forensic"] and "Detail: detailed" in texts["detailed"]


def test_box_model_and_styles_are_the_computed_values(record_of, server, js):
    r = record_of(server.url("record.html"), "button.primary")
    cs = js("""(() => { const cs = getComputedStyle(document.querySelector('button.primary'));
        const s = (p) => ['top', 'right', 'bottom', 'left'].map((k) => parseFloat(cs.getPropertyValue(p.replace('*', k))));
        return {margin: s('margin-*'), border: s('border-*-width'), padding: s('padding-*'),
                position: cs.position, radius: cs.borderRadius, cursor: cs.cursor}; })()""")
    parts = dict(p.split(" ", 1) for p in r.box_model.split("; "))
    for side in ("margin", "border", "padding"):
        assert [float(v) for v in parts[side].split()] == cs[side], side
    styles = dict(p.split(": ", 1) for p in r.styles.split("; "))
    assert styles["position"] == cs["position"] and styles["border-radius"] == cs["radius"]
    assert styles["cursor"] == cs["cursor"]


def test_forensic_ancestry_names_each_ancestor_and_crosses_open_shadow_roots(record_of, server, js):
    r = record_of(server.url("shadow.html"), "#open >> #inner-button")
    lines = r.ancestry.splitlines()
    assert lines[0].startswith("div ") and lines[1] == "#shadow-root (open)"
    assert lines[2].split(" ", 1) == ["open-card", "#open"]
    assert [line.split(" ", 1)[0] for line in lines[-2:]] == ["body", "html"]
    for line in lines[2:]:   # each selector of the light DOM names exactly that ancestor
        tag, selector = line.split(" ", 1)
        assert js(f"document.querySelectorAll({json.dumps(selector)}).length === 1 && "
                  f"document.querySelector({json.dumps(selector)}).localName === {json.dumps(tag)}")
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=r),)), "forensic")
    assert "Ancestry:\n```\n" + r.ancestry + "\n```" in text


def test_an_unknown_level_is_refused():
    with pytest.raises(DetailLevelError, match="compact, standard, detailed, forensic"):
        encode_annotations(AnnotationBatch(), "verbose")
