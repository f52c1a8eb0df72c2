"""File → Export Review… as HTML from a window whose batch spans tabs (real window, real QtWebEngine, pages
on 127.0.0.1): every page of the batch gets its page screenshot, taken in its own tab, and an annotation
with a reference image in a tab that is not shown gets its current-state crop from that tab."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from conftest import pin_at

from app.tabs.review_import import attach_reference
from app.ui.review_io import install_review_ui

CTRL = Qt.KeyboardModifier.ControlModifier


def centre(js, selector: str) -> QPoint:
    x, y = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(x), round(y))


def test_html_export_screenshots_each_tabs_page_and_crops_in_the_annotations_own_tab(window, server, qtbot, js,
                                                                                      tmp_path):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    first = window.tab
    window.act_annotate.trigger()
    pin_at(window, qtbot, centre(js, "button.primary"), "bigger")
    qtbot.waitUntil(lambda: len(first.session.pins) == 1, timeout=5_000)
    reference = tmp_path / "shots" / "20260101-000000-ref-target.png"
    reference.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 20), (22, 163, 74)).save(reference)
    attach_reference(first.session, first.session.pins[0].id, str(reference))
    button = js("(() => { const r = document.querySelector('button.primary').getBoundingClientRect();"
                " return [r.width, r.height]; })()")
    before = list(window.app.tabs)
    QTest.keyClick(window.address, Qt.Key.Key_T, CTRL)
    qtbot.waitUntil(lambda: len(window.app.tabs) == len(before) + 1, timeout=5_000)
    second = window.tab
    assert second is not first
    window.load_page(server.url("counters.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, centre(js, "#target"), "other page")
    qtbot.waitUntil(lambda: len(second.session.pins) == 1, timeout=5_000)
    assert not any(a.page_screenshot or a.screenshot for a in window.batch().annotations)

    out = window.run(review.export_to(tmp_path / "out" / "review.html", "html"))
    assert out is not None
    assert window.tab is second                    # the tab shown before is shown again
    one, two = window.batch().annotations
    assert one.page_screenshot and two.page_screenshot and one.page_screenshot != two.page_screenshot
    assert "no page screenshot" not in out.read_text(encoding="utf-8")
    # Each page screenshot is of its own page, the same view size: their pixels differ
    with Image.open(one.page_screenshot) as a, Image.open(two.page_screenshot) as b:
        assert a.size == b.size and a.convert("RGB").tobytes() != b.convert("RGB").tobytes()
    # The crop of annotation 1 was taken in the first tab: the button with the crop's margin (and its badge) round it
    assert one.screenshot, one.screenshot_error
    with Image.open(Path(one.screenshot)) as crop:
        assert 0 <= crop.width - button[0] <= 40 and 0 <= crop.height - button[1] <= 40, (crop.size, button)
