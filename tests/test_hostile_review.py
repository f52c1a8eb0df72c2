"""A review file is not to be trusted: someone else wrote it. Its paths must not make pagenote read, show,
embed or hand to agents a file of this computer that is not a pagenote reference image.

A hostile ``.json`` review names the user's private picture, ``/etc/passwd``, a ``../`` path and a look-alike
``shots/…-ref-….png`` symlink pointing at the private picture as reference images. Imported with ``pagenote
capture --import`` into a real page and exported as HTML, none of them may come back as a ``Reference:`` or
inside the HTML file; a real pagenote reference image (another project's ``shots/``) still travels, copied
into this project's ``shots/``."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

from PIL import Image

from conftest import run_capture

from app.protocol.markdown import parse_annotations


def _png(path: Path, colour: tuple[int, int, int]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), colour).save(path)
    return path


def test_an_imported_review_cannot_point_pagenote_at_files_outside_pagenote_references(server, tmp_path):
    private = _png(tmp_path / "home" / "Pictures" / "holiday.png", (200, 10, 140))
    lookalike = tmp_path / "evil" / "shots" / "20260101-000000-ref-target.png"
    lookalike.parent.mkdir(parents=True)
    os.symlink(private, lookalike)
    genuine = _png(tmp_path / "other-project" / "shots" / "20260101-000000-ref-design.png", (22, 163, 74))
    project = tmp_path / "project"
    project.mkdir()
    url = server.url("record.html")
    references = [str(private), "/etc/passwd", str(project / ".." / "home" / "Pictures" / "holiday.png"),
                  str(lookalike), str(genuine)]
    review = {"format": "pagenote-review", "version": 1, "batch": {"annotations": [
        {"note": f"note {n}", "element": {"url": url, "selector": "#user"}, "reference": ref}
        for n, ref in enumerate(references)]}}
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(review), encoding="utf-8")

    done = run_capture(url, "--out", str(project), "--import", str(hostile), "--no-screenshot", "--export", "html",
                       cwd=project)
    assert done.returncode == 0, done.stderr
    batch = parse_annotations(done.stdout)
    assert [a.note for a in batch.annotations] == [f"note {n}" for n in range(5)]
    assert [a.reference for a in batch.annotations[:4]] == ["", "", "", ""]
    kept = Path(batch.annotations[4].reference)
    assert kept.parent == (project / "shots").resolve() and kept.is_file()
    with Image.open(kept) as image:   # the same design target, now the project's own copy
        assert image.convert("RGB").getpixel((20, 15)) == (22, 163, 74)

    html = next((project / "annotations").glob("*-review.html")).read_text(encoding="utf-8")
    assert base64.b64encode(private.read_bytes()).decode("ascii") not in html
    assert "holiday" not in html and "/etc/passwd" not in html and "evil" not in html
    assert "holiday" not in done.stdout and "/etc/passwd" not in done.stdout


def test_a_review_nested_too_deeply_is_refused_as_a_bad_review_file(server, tmp_path):
    """JSON nested deeper than the decoder's recursion limit (200 000 brackets, 400 KB) is a bad review file
    named as such, not a Python traceback."""
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "pagenote-review", "version": 1, "batch": {"summary": '
                    + "[" * 200_000 + "]" * 200_000 + "}}", encoding="utf-8")
    done = run_capture(server.url("record.html"), "--out", str(tmp_path), "--import", str(deep), "--no-screenshot",
                       cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"pagenote: BAD_REVIEW_FILE: {deep}: not JSON: nested too deeply" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_review_with_more_annotations_than_pagenote_imports_is_refused(server, tmp_path):
    """Each imported annotation becomes a pin, a marker and a panel row: a 360 KB file of 5 000 bare
    annotations took 15 s in the headless capture (10 000: 43 s, growing with the square). A review above
    :data:`MAX_ANNOTATIONS` is refused, naming the count and the limit."""
    from app.protocol.review_json import MAX_ANNOTATIONS

    n = MAX_ANNOTATIONS + 1
    review = {"format": "pagenote-review", "version": 1, "batch": {"annotations": [
        {"note": f"n{i}", "element": {"url": server.url("record.html"), "selector": "#user"}} for i in range(n)]}}
    many = tmp_path / "many.json"
    many.write_text(json.dumps(review), encoding="utf-8")
    done = run_capture(server.url("record.html"), "--out", str(tmp_path), "--import", str(many), "--no-screenshot",
                       cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert (f"pagenote: BAD_REVIEW_FILE: {many}: batch.annotations: {n} annotations, more than the "
            f"{MAX_ANNOTATIONS} a review may hold") in done.stderr


def test_imported_annotations_cannot_bring_urls_of_other_schemes_into_the_batch(server, tmp_path):
    """A review's element URLs become each pin's page: the one a closed tab's row re-opens, the URL line an
    agent may navigate to. Onto an http page, a ``javascript:``, ``data:`` or ``file:`` URL is not kept — the
    annotation is looked for on the tab's own page instead."""
    url = server.url("record.html")
    hostile = ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>",
               "file:///etc/passwd", "blob:http://evil.example/1"]
    review = {"format": "pagenote-review", "version": 1, "batch": {"annotations": [
        {"note": f"n{i}", "element": {"url": u, "selector": "#user", "locators": ["css=#user"]}}
        for i, u in enumerate(hostile)]}}
    path = tmp_path / "schemes.json"
    path.write_text(json.dumps(review), encoding="utf-8")
    done = run_capture(url, "--out", str(tmp_path), "--import", str(path), "--no-screenshot", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    batch = parse_annotations(done.stdout)
    assert [a.element.url for a in batch.annotations] == [url] * len(hostile)
    for bad in ("javascript:", "data:text/html", "file:///etc/passwd", "blob:"):
        assert bad not in done.stdout


def test_an_imported_xpath_locator_pagenote_did_not_write_is_not_evaluated(server, tmp_path):
    """A review's ``xpath=`` locators are evaluated in the page when the annotation is anchored again. One that
    nests ``count(//*)`` three deep takes the renderer minutes on 3 000 elements (two deep: 130 ms), hanging
    the tab; only the absolute positional paths pagenote writes (``/html/body/div[2]``, xpath.js) are kept,
    and the annotation is found again by its other locators."""
    url = server.url("many_elements.html")
    made = run_capture(url, "--out", str(tmp_path / "made"), "--annotate", "#user", "--note", "wider",
                       "--no-screenshot", "--export", "json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    review = json.loads(next((tmp_path / "made" / "annotations").glob("*-review.json")).read_text("utf-8"))
    element = review["batch"]["annotations"][0]["element"]
    nasty = "xpath=//*[count(//*[count(//*[count(//*) > 0]) > 0]) > 0]"
    element.update(selector="#old-user", locators=[nasty, "css=#user"])
    path = tmp_path / "xpath.json"
    path.write_text(json.dumps(review), encoding="utf-8")
    done = run_capture(url, "--out", str(tmp_path), "--import", str(path), "--no-screenshot", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [annotation] = parse_annotations(done.stdout).annotations
    # Found by css=#user and re-read from the live page (a hung renderer leaves the record as imported).
    assert annotation.status != "stale" and annotation.element.selector == "#user"
    assert "count(" not in done.stdout
