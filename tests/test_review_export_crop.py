"""``pagenote capture --export html --reference FILE`` without ``--crops``: the annotation with the reference
gets its current-state crop (as the window's export makes one), the others none (real headless capture)."""

from __future__ import annotations

from PIL import Image

from conftest import run_capture

from app.protocol.markdown import parse_annotations


def test_html_export_crops_the_annotations_with_a_reference(server, tmp_path):
    reference = tmp_path / "target.png"
    Image.new("RGB", (40, 20), (22, 163, 74)).save(reference)
    done = run_capture(server.url("record.html"), "--out", str(tmp_path), "--annotate", "button.primary", "--note",
                       "like the target", "--reference", str(reference), "--annotate", "#user", "--note", "wider",
                       "--export", "html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    first, second = parse_annotations(done.stdout).annotations
    assert first.reference and first.screenshot and second.screenshot == ""
    html = next((tmp_path / "annotations").glob("*-review.html")).read_text(encoding="utf-8")
    assert "Current state (screenshot of the element)" in html


def test_the_html_names_what_a_crop_shows_and_a_frozen_pages_annotation(tmp_path):
    from app.model.annotation import Annotation, AnnotationBatch
    from app.protocol.html_export import review_html

    crop = tmp_path / "a1.png"
    Image.new("RGB", (20, 10), (0, 0, 0)).save(crop)
    region = Annotation(region={"rect": {"x": 0, "y": 0, "width": 20, "height": 10}}, screenshot=str(crop),
                        state="frozen")
    element = Annotation(element={"tag": "p"}, screenshot=str(crop))
    html = review_html(AnnotationBatch(annotations=(region, element)))
    assert "Current state (screenshot of the region)" in html and "Current state (screenshot of the element)" in html
    assert html.count("<div class=\"status\">made on a frozen page") == 1
