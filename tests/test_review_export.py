"""Sharing a review as one file: ``pagenote capture --export html|json --reference FILE --detail LEVEL`` and
``--import FILE`` onto another origin. The HTML export is opened in Debian's Chromium (Playwright, no download)
with every image loaded and no request leaving the page; the JSON import re-anchors on a second origin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_capture

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.html_export import review_html
from app.protocol.markdown import REFERENCE_NOTE, parse_annotations
from app.protocol.review_json import load_review

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def exported(server, tmp_path_factory):
    """One capture on ``server``: two annotations, crops, a JPEG reference image on the first, detail level
    ``detailed``, exported as HTML and JSON. ``(out dir, stdout, the reference JPEG)``."""
    out = tmp_path_factory.mktemp("review")
    reference = out / "target.jpg"
    Image.new("RGB", (160, 48), (22, 163, 74)).save(reference)
    done = run_capture(server.url("record.html"), "--out", str(out), "--annotate", "button.primary", "--note",
                       "make it look like the target", "--reference", str(reference), "--annotate", "#user",
                       "--note", "wider field", "--crops", "--detail", "detailed", "--export", "html",
                       "--export", "json", cwd=out)
    assert done.returncode == 0, done.stderr
    return out, done.stdout, reference


def one(out: Path, pattern: str) -> Path:
    found = sorted((out / "annotations").glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_a_reference_image_is_stored_in_shots_and_listed_as_the_design_target(exported):
    out, stdout, reference = exported
    batch = parse_annotations(stdout)
    first, second = batch.annotations
    assert Path(first.reference).parent == (out / "shots").resolve() and first.reference.endswith(".png")
    with Image.open(first.reference) as image:   # stored as PNG, the same picture
        assert image.format == "PNG" and image.size == (160, 48)
        assert image.convert("RGB").getpixel((80, 24)) == Image.open(reference).convert("RGB").getpixel((80, 24))
    assert f"Reference: {first.reference}{REFERENCE_NOTE}" in stdout and "design target" in REFERENCE_NOTE
    assert "current state" in REFERENCE_NOTE and first.screenshot and Path(first.screenshot).is_file()
    assert second.reference == ""
    # the level asked for: detailed fields, no forensic ones; the saved .md is the same text
    assert "Detail: detailed" in stdout and "Box model: " in stdout and "Ancestry:" not in stdout
    assert one(out, "*[0-9].md").read_text(encoding="utf-8") == stdout


def test_html_export_opens_in_chromium_with_every_image_and_no_request(exported):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (Debian's chromium package)")
    playwright = pytest.importorskip("playwright.sync_api")
    out, stdout, _ = exported
    page_html = one(out, "*-review.html")
    text = page_html.read_text(encoding="utf-8")
    assert "make it look like the target" in text and "Design target" in text and "Current state" in text
    requests: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            context = browser.new_context()
            routed: list[str] = []

            def count(route):
                routed.append(route.request.url)
                route.continue_()

            context.route("**/*", count)
            page = context.new_page()
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_html.as_uri(), wait_until="load")
            images = page.evaluate("""[...document.images].map((i) => ({complete: i.complete, w: i.naturalWidth,
                                       data: i.src.startsWith('data:image/'), alt: i.alt}))""")
            notes = page.evaluate("""[...document.querySelectorAll('li.note')].map((li) =>
                                      [li.querySelector('.num').textContent, li.querySelector('.text').textContent])""")
        finally:
            browser.close()
    # the page screenshot, two element crops, one reference image
    assert len(images) == 4 and all(i["complete"] and i["w"] > 0 and i["data"] for i in images), images
    assert requests == [page_html.as_uri()], requests     # the document itself, nothing else
    assert [u for u in routed if u != page_html.as_uri()] == []
    assert notes == [["1", "make it look like the target"], ["2", "wider field"]]


def test_html_export_escapes_notes_and_records():
    hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    batch = AnnotationBatch(annotations=(Annotation(note=hostile, element=ElementRecord(selector=hostile)),))
    text = review_html(batch)
    assert "<script>alert" not in text and "<img src=x" not in text and "&lt;script&gt;" in text


def test_json_import_onto_a_second_origin_re_anchors_with_the_usual_statuses(exported, server, server2, tmp_path):
    out, _, _ = exported
    review = json.loads(one(out, "*-review.json").read_text(encoding="utf-8"))
    assert load_review(json.dumps(review)).annotations[0].element.url == server.url("record.html")
    # a third annotation whose element is not on the page: it must come out stale, not moved
    gone = json.loads(json.dumps(review["batch"]["annotations"][1]))
    gone["note"] = "this one is gone"
    gone["element"].update(selector="#nothing-here", locators=["css=#nothing-here"], text="No such text",
                           accessible_name="Nobody", role="button", tag="button")
    review["batch"]["annotations"].append(gone)
    moved = tmp_path / "review.json"
    moved.write_text(json.dumps(review), encoding="utf-8")
    done = run_capture(server2.url("record.html"), "--out", str(tmp_path), "--import", str(moved),
                       "--no-screenshot", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    batch = parse_annotations(done.stdout)
    assert [a.note for a in batch.annotations] == ["make it look like the target", "wider field", "this one is gone"]
    assert [a.status for a in batch.annotations] == ["", "", "stale"]  # found where recorded: exact
    assert all(a.element.url == server2.url("record.html") for a in batch.annotations)
    assert batch.annotations[0].element.selector == "button.btn.primary"
    assert batch.annotations[2].status_reason   # why it was not moved
    assert batch.annotations[0].reference      # the design target travels with the review


@pytest.mark.parametrize(("content", "problem"), [
    ("{not json", "not JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    ('{"format": "something-else"}', 'not a pagenote review: expected "format": "pagenote-review"'),
    ('{"format": "pagenote-review", "version": 7, "batch": {}}', "review version 7 is not supported"),
    ('{"format": "pagenote-review", "version": 1, "batch": {"annotations": [{"element": {"rect": '
     '{"x": 0, "y": 0, "width": -5, "height": 1}}}]}}',
     "batch.annotations.0.element.rect.width: Input should be greater than or equal to 0"),
])
def test_import_refuses_an_invalid_file_naming_the_problem(server, tmp_path, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    done = run_capture(server.url("record.html"), "--out", str(tmp_path), "--import", str(bad), "--no-screenshot",
                       cwd=tmp_path)
    assert done.returncode == 2
    assert f"pagenote: BAD_REVIEW_FILE: {bad}: {problem}" in done.stderr
    assert done.stdout == ""
