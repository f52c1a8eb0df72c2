"""The HTML review (app/protocol/html_export.py) shows regions and groups: their own record is the page (URL
and title, no rect), so each note says where they are — a region's rectangle and what it covers most, a
group's members and their union (``Annotation.crop_rect``) — and the page image the review embeds outlines
them there (real QtWebEngine, the window's File → Export Review)."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image, ImageChops
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.html_export import review_html

PAGE = ElementRecord(url="http://127.0.0.1:8000/shop", title="Shop")
REGION = Annotation(note="put a banner here", element=PAGE,
                    region={"rect": {"x": 10, "y": 1200.5, "width": 800, "height": 300},
                            "covers": [{"role": "banner", "name": "Site <header>", "selector": "header.top",
                                        "share": 0.62}]})
GROUP = Annotation(note="same height", element=PAGE, common_ancestor="#cards",
                   elements=[ElementRecord(tag="li", selector="#c1", text="One",
                                           rect={"x": 20, "y": 40, "width": 150, "height": 80}),
                             ElementRecord(tag="li", selector="#c3", text="Three",
                                           rect={"x": 360, "y": 40, "width": 150, "height": 80})])


def test_a_region_note_and_a_group_note_say_where_they_are():
    text = review_html(AnnotationBatch(annotations=(REGION, GROUP)))
    assert "Region 800×300 at x=10, y=1200.5 over banner “Site &lt;header&gt;” (header.top)" in text
    assert "Group of 2, together 490×80 at x=20, y=40:" in text
    assert "<code>#c1</code>" in text and "<code>#c3</code>" in text


def _drag(proxy, a: QPoint, b: QPoint, modifiers) -> None:
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, modifiers, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, modifiers, b)


def _note(window, qtbot, text: str) -> None:
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, text)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)


def test_the_exported_page_image_outlines_a_region_and_a_group(window, server, qtbot, js, tmp_path):
    from app.ui.review_io import install_review_ui

    review = install_review_ui(window)
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    cards = js("(() => { const r = document.querySelector('#cards').getBoundingClientRect();"
               " return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })()")
    _drag(proxy, QPoint(round(cards["x"]) - 5, round(cards["y"]) - 5),
          QPoint(round(cards["right"]) - 100, round(cards["bottom"]) + 5), Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 3, timeout=5000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    _note(window, qtbot, "same height")
    _drag(proxy, QPoint(600, 300), QPoint(760, 420), Qt.KeyboardModifier.ShiftModifier)
    _note(window, qtbot, "a banner here")
    group, region = (p.annotation for p in window.session.pins)
    assert (group.kind, region.kind) == ("group", "region")
    written = window.run(review.export_to(tmp_path / "review.html", "html"))
    text = written.read_text(encoding="utf-8")
    assert "Group of 3" in text and "Region " in text
    page = re.search(r'<img class="page" [^>]*src="data:image/png;base64,([^"]+)"', text).group(1)
    drawn = Image.open(io.BytesIO(base64.b64decode(page))).convert("RGB")
    clean = Image.open(window.batch().screenshot_clean).convert("RGB")
    diff = ImageChops.difference(clean, drawn).convert("L").point(lambda v: 255 if v > 40 else 0)
    k = drawn.width / window.view.width() * window.view.zoomFactor()  # image px per CSS px (no scroll here)
    for rect in (group.crop_rect, region.crop_rect):
        # ink just outside each rectangle's left and right edges, at its vertical middle
        y = round((rect.y + rect.height / 2) * k)
        for x in (rect.x, rect.x + rect.width):
            row = [diff.getpixel((px, y)) for px in range(max(0, round(x * k) - 6), min(diff.width, round(x * k) + 6))]
            assert 255 in row, (rect, x)
