"""Screenshots for QA and agents (issue #4): full page (bands, sticky once, fixed once, seams), element crops,
annotated images, pixel redaction, never-fake captures, scale and metadata, index.jsonl, --baseline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from PySide6.QtCore import QPoint

from conftest import pin_at

from app.capture.viewport import CaptureError, grab_viewport, to_pil

BANDS = [(0xE6, 0x19, 0x4B), (0x3C, 0xB4, 0x4B), (0xFF, 0xE1, 0x19), (0x43, 0x63, 0xD8), (0xF5, 0x82, 0x31),
         (0x91, 0x1E, 0xB4), (0x46, 0xF0, 0xF0), (0xF0, 0x32, 0xE6), (0xBC, 0xF6, 0x0C), (0xFA, 0xBE, 0xBE)]
MAGENTA, CYAN = (255, 0, 255), (0, 255, 255)


def band_colour(y: int) -> tuple[int, int, int]:
    """Expected colour at document row ``y`` of tall.html (x away from the positioned boxes)."""
    return MAGENTA if y < 50 else BANDS[((y - 50) // 500) % len(BANDS)]


@pytest.fixture
def tall(window, server):
    def load(height: int):
        window.load_page(server.url(f"tall.html?h={height}"))
        return window

    return load


@pytest.mark.parametrize("height", [3000, 20_000])
def test_full_page_has_every_band_sticky_and_fixed_once_and_no_seams(tall, height):
    window = tall(height)
    clean, _ = window.run(window.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    vw = window.view.width()
    assert image.size == (vw, height) and clean.kind == "full" and clean.path.endswith("-full.png")
    column = [image.getpixel((200, y)) for y in range(height)]
    wrong = [y for y, c in enumerate(column) if c != band_colour(y) and not (120 <= y < 180)]
    assert wrong == [], f"rows with the wrong colour (seams or stale tiles), first: {wrong[:5]}"
    # Fixed element: once, where it sits at scroll 0 (bottom-right of the first viewport).
    vh = window.view.height()
    fixed_rows = [y for y in range(height) if image.getpixel((vw - 30, y)) == CYAN]
    assert fixed_rows == list(range(vh - 30, vh))
    # The page is back as it was: scroll 0, sticky and fixed restored.
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": 0}


def test_full_page_regions_equal_viewport_grabs_of_the_same_region(tall, js, qtbot):
    window = tall(3000)
    clean, _ = window.run(window.shooter().full_page())
    full = Image.open(clean.path).convert("RGB")
    # Below the first viewport: the full page shows the fixed badge there once (at the first viewport's bottom).
    for y in (max(700, window.page_call("documentMetrics")["viewport"]["height"]), 1555, 2200):
        js(f"window.scrollTo(0, {y})")
        qtbot.waitUntil(lambda: js("window.scrollY") == y, timeout=3000)
        # Hide what is not part of the document's flow at this scroll (the stuck header, the fixed badge),
        # and the scrollbar, as the full page does; then compare the region.
        window.page_call("pinForCapture", "sticky")
        window.page_call("pinForCapture", "fixed")
        try:
            view = to_pil(window.run(grab_viewport(window.view, window.tab.bridge))).convert("RGB")
        finally:
            window.page_call("pinForCapture", "restore")
        region = full.crop((0, y, view.width, y + view.height))
        diff = ImageChops.difference(region, view).convert("L").point(lambda v: 255 if v > 16 else 0)
        assert diff.histogram()[255] <= 0.001 * view.width * view.height


def test_element_crop_outside_the_viewport_has_a_16px_margin(tall):
    window = tall(3000)
    window.act_annotate.trigger()
    found = window.page_call("select", "#target")
    from app.model import ElementRecord

    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    window.page_call("scrollTo", 0, 0)
    assert window.run(window.element_crops()) == 1
    path = window.session.pins[0].annotation.screenshot
    crop = Image.open(path).convert("RGB")
    assert path.endswith("-a1.png") and crop.size == (132, 82)  # 100×50 + 2 × 16
    assert crop.getpixel((66, 41)) == (0x12, 0x34, 0x56)
    assert crop.getpixel((5, 41)) != (0x12, 0x34, 0x56)


def test_element_crop_is_clamped_to_the_document(tall):
    window = tall(3000)
    found = window.page_call("select", "#sticky")
    from app.model import ElementRecord

    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    window.run(window.element_crops())
    crop = Image.open(window.session.pins[0].annotation.screenshot).convert("RGB")
    width = window.page_call("documentMetrics")["width"]  # the layout width, without the scrollbar
    assert crop.size == (width, 50 + 16)  # no margin above the document's top or beyond its sides
    assert crop.getpixel((200, 10)) == MAGENTA


def test_annotated_full_page_draws_numbers_where_the_markers_are(tall, qtbot):
    window = tall(3000)
    window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(20, 80))
    found = window.page_call("select", "#target")
    from app.model import ElementRecord

    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    path = window.run(window.full_page_screenshot(annotated=True))
    drawn = Image.open(path).convert("RGB")
    assert path.name.endswith("-full-annotated.png")
    assert window.batch().screenshot_clean.endswith("-full.png")
    red = (220, 38, 38)
    assert drawn.getpixel((3, 48)) == red                      # badge 1 just above #corner's top-left (0, 60)
    assert drawn.getpixel((303, 3000 - 400 - 12)) == red       # badge 2 just above #target's top-left
    assert drawn.getpixel((350, 3000 - 400 + 25)) == (0x12, 0x34, 0x56)


def test_passwords_and_redact_marked_elements_are_filled_in_every_image(tall, qtbot):
    window = tall(3000)
    viewport, _ = window.run(window.shooter().viewport())
    full, _ = window.run(window.shooter().full_page())
    for path in (viewport.path, full.path):
        image = Image.open(path).convert("RGB")
        box = image.crop((20, 120, 320, 170))
        assert (255, 0, 0) not in {c for _, c in box.getcolors(1 << 16)}, "password text colour visible"
        secret = image.crop((400, 120, 600, 180))
        assert secret.getcolors(1 << 16) == [(200 * 60, (31, 41, 55))]


def test_hidden_view_and_minimised_window_fail_clearly(tall):
    window = tall(3000)
    window.showMinimized()
    with pytest.raises(CaptureError) as info:
        window.run(grab_viewport(window.view, window.tab.bridge))
    assert info.value.code == "CAPTURE_MINIMIZED"
    window.showNormal()
    window.view.hide()
    with pytest.raises(CaptureError) as info:
        window.run(grab_viewport(window.view, window.tab.bridge))
    assert info.value.code == "CAPTURE_EMPTY_VIEW"
    window.view.show()


def test_index_jsonl_lists_every_image(tall):
    window = tall(3000)
    window.run(window.shooter().viewport())
    window.run(window.shooter().full_page())
    lines = (window.project_dir / "shots" / "index.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["kind"] for r in records] == ["viewport", "full"]
    for r in records:
        assert Path(r["path"]).exists() and r["dpr"] == 1.0 and r["scale"] == 1.0
        assert {"url", "title", "viewport", "time", "annotations", "width", "height"} <= set(r)


def _capture(*args, cwd, env_extra=None):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "app", "capture", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=180)


def test_device_scale_and_dpr_metadata_at_twice_the_pixel_ratio(server, tmp_path):
    url = server.url("tall.html?h=1200")
    for scale, size in (("css", (1280, 800)), ("device", (2560, 1600))):
        proc = _capture(url, "--scale", scale, "--viewport", "1280x800", "--out", str(tmp_path / scale), cwd=tmp_path,
                        env_extra={"QT_SCALE_FACTOR": "2"})
        assert proc.returncode == 0, proc.stderr
        from app.protocol.markdown import parse_annotations

        image = Image.open(parse_annotations(proc.stdout).screenshot)
        assert image.size == size
        assert image.text["pagenote:dpr"] == "2" and image.text["pagenote:scale"] == ("1" if scale == "css" else "2")


def test_capture_against_a_baseline_passes_then_fails_on_a_change(server, tmp_path):
    base = tmp_path / "baseline"
    first = _capture(server.url("tall.html?h=1200"), "--baseline", str(base), "--out", str(tmp_path), cwd=tmp_path)
    assert first.returncode == 0 and "baseline created" in first.stderr
    same = _capture(server.url("tall.html?h=1200"), "--baseline", str(base), "--out", str(tmp_path), cwd=tmp_path)
    assert same.returncode == 0, same.stderr
    changed = _capture(server.url("tall.html?h=700"), "--baseline", str(base), "--out", str(tmp_path), cwd=tmp_path)
    assert changed.returncode == 1 and "FAILED" in changed.stderr
    assert list(tmp_path.glob("shots/*-diff.png"))


def test_an_annotation_scrolled_out_of_the_viewport_is_neither_drawn_nor_listed(tall):
    from app.model import ElementRecord

    window = tall(3000)
    found = window.page_call("select", "#target")      # at document y 2600: below the first viewport
    corner = window.page_call("select", "#corner")     # at y 60: on screen
    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    window.session.add(corner["id"], ElementRecord.model_validate(corner["record"]))
    window.page_call("scrollTo", 0, 0)
    clean, drawn = window.run(window.shooter().viewport(window.tab.capture.pins()))
    assert drawn is not None and drawn.annotations == [2]
    index = [json.loads(line) for line in (window.project_dir / "shots" / "index.jsonl").read_text().splitlines()]
    assert [r["annotations"] for r in index if r["kind"] == "viewport-annotated"] == [[2]]


def test_a_widget_pagenote_shows_over_the_page_is_in_no_grab(window, server, qtbot):
    """The note box is a child of the view (it sits over the page); the viewport grab — what screenshots and a
    pin's before crop are made from — draws the page alone, never pagenote's widgets over it."""
    from PySide6.QtWidgets import QLabel

    window.load_page(server.url("style_text.html"))
    window.view.page().runJavaScript("document.body.style.background = 'rgb(0, 128, 0)'")
    qtbot.waitUntil(lambda: to_pil(window.run(grab_viewport(window.view, window.tab.bridge))).convert("RGB")
                    .getpixel((300, 300)) == (0, 128, 0), timeout=5000)
    over = QLabel("pagenote's own widget", window.view)
    over.setStyleSheet("background: rgb(255, 0, 0)")
    over.setGeometry(0, 0, 200, 100)
    over.show()
    qtbot.waitUntil(over.isVisible, timeout=5000)
    image = to_pil(window.run(grab_viewport(window.view, window.tab.bridge))).convert("RGB")
    assert image.getpixel((10, 10)) == (0, 128, 0) and image.getpixel((150, 80)) == (0, 128, 0)
