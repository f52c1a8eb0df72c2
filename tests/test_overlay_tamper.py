"""The page can neither hide, move nor cover what pagenote shows, and cannot tell that annotation mode is on.

The hover highlight, its label and the numbered markers are drawn by the host over the view (app/ui/marks.py),
never in the page. A hostile page's CSS aimed at pagenote's old overlay element, a translated <html>, or a
manual popover re-opened every animation frame change nothing the user sees: the highlight is where the
element a click pins is, and the markers are drawn above everything. Pixels are what the user sees: a grab
of the view's parent, which holds the view and the marks.

A fingerprinting page (observer.html) records DOM mutations, its element count and toggle/focus/pointer events
from its first script on: turning annotation mode on, hovering, stepping with Alt+↓, pinning with a note and
leaving the mode change none of them."""

from __future__ import annotations

import pytest
from _badges import badge_fill_point, badge_rect
from conftest import pin_at
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

RED = (0xDC, 0x26, 0x26)     # a marker's fill (app.core.policy MARKER_COLOR)
BLUE = (0x25, 0x63, 0xEB)    # the highlight's border (app.core.policy HIGHLIGHT_COLOR)
GREEN = (0, 160, 0)          # tamper.html's cover


def seen_pixel(window, x: float, y: float) -> tuple[int, int, int]:
    """The colour the user sees at the view's CSS px (x, y): the view's parent grabbed (page and marks)."""
    parent = window.view.parentWidget()
    image = parent.grab().toImage()
    dpr = window.view.devicePixelRatioF()
    zoom = window.view.zoomFactor()
    at = window.view.mapTo(parent, QPoint(round(x * zoom), round(y * zoom)))
    c = image.pixelColor(int(at.x() * dpr), int(at.y() * dpr))
    return c.red(), c.green(), c.blue()


def page_pixel(window, x: float, y: float) -> tuple[int, int, int]:
    """The page alone at CSS px (x, y): a grab of the view (what screenshots are made from)."""
    image = window.view.grab().toImage()
    dpr = window.view.devicePixelRatioF()
    c = image.pixelColor(int(x * dpr), int(y * dpr))
    return c.red(), c.green(), c.blue()


def near(a, b, tolerance: int = 10) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def move(proxy, point: QPoint) -> None:
    QTest.mouseMove(proxy, point + QPoint(1, 1))
    QTest.mouseMove(proxy, point)


@pytest.mark.parametrize("mode", ["hide", "move", "html", "cover"])
def test_page_css_and_top_layer_cannot_hide_move_or_cover_the_highlight_and_the_click_pins_what_it_shows(
        window, server, qtbot, js, mode):
    w = window
    w.load_page(server.url(f"tamper.html?{mode}"))
    feed = w.tab.annotator.scene
    w.act_annotate.trigger()
    # Over box B as the page lays it out (html translated: B is drawn 260 px right of its layout position).
    b = js("JSON.stringify(document.getElementById('b').getBoundingClientRect())")
    b = __import__("json").loads(b)
    point = QPoint(round(b["left"] + 40), round(b["top"] + 40))
    move(w.view.focusProxy(), point)
    qtbot.waitUntil(lambda: feed.scene.highlight is not None and feed.scene.highlight.label.startswith("div#b "),
                    timeout=3000)
    shown = feed.scene.highlight.rect
    # The user sees the highlight's border just outside B's left edge, whatever the page's CSS says.
    qtbot.waitUntil(lambda: near(seen_pixel(w, shown.x - 1, shown.y + 40), BLUE), timeout=3000)
    assert abs(shown.x - b["left"]) <= 1 and abs(shown.y - b["top"]) <= 1
    # The click pins the element the highlight showed: same rect.
    pin_at(w, qtbot, point, "tamper")
    pin = w.session.pins[-1]
    assert pin.annotation.element.tag == "div" and pin.annotation.element.selector.endswith("#b")
    rect = pin.annotation.element.rect
    assert (abs(rect.x - shown.x) <= 1 and abs(rect.y - shown.y) <= 1
            and abs(rect.width - shown.width) <= 1 and abs(rect.height - shown.height) <= 1)
    # Its marker is measured on that element and its badge drawn just above its top-left corner, above the
    # page (the cover included).
    qtbot.waitUntil(lambda: any(m.visible and m.n == 1 for m in feed.scene.marks), timeout=3000)
    mark = next(m for m in feed.scene.marks if m.n == 1)
    assert abs(mark.x - shown.x) <= 1 and abs(mark.y - shown.y) <= 1
    bx, by, _, bh = badge_rect(w, 1)
    # (touching the marker outline, which is drawn OUTLINE_WIDTH = 2 px outside the border box)
    assert abs(bx + 2 - shown.x) <= 1 and abs(by + bh + 2 - shown.y) <= 1
    x, y = badge_fill_point(w, 1)
    qtbot.waitUntil(lambda: near(seen_pixel(w, x, y), RED), timeout=3000)
    if mode == "cover":
        # The page's cover is on screen (the page alone is green there), and the marks are above it.
        w.run(w.tab.bridge.wait_frames(2))
        assert near(page_pixel(w, x, y), GREEN)


def test_the_marks_are_not_in_the_page_so_clean_screenshots_need_no_hiding(window, server, qtbot):
    w = window
    w.load_page(server.url("tamper.html"))
    w.act_annotate.trigger()
    pin_at(w, qtbot, QPoint(100, 160), "a")
    feed = w.tab.annotator.scene
    qtbot.waitUntil(lambda: any(m.visible for m in feed.scene.marks), timeout=3000)
    qtbot.waitUntil(lambda: near(seen_pixel(w, 65, 107), RED), timeout=3000)   # the badge above #a (60, 120)
    assert not near(page_pixel(w, 65, 107), RED)   # the page's own pixels: white, no marker


def _observed(js) -> dict:
    import json

    return json.loads(js("JSON.stringify({m: window.seen.mutations, e: window.seen.events, n: elementCount(),"
                         " own: document.querySelectorAll('pagenote-overlay, pagenote-probe').length})"))


def test_annotation_mode_hover_and_pin_leave_no_trace_in_the_page(window, server, qtbot, js):
    """Nothing of pagenote in the page's DOM (no element, no attribute) or event stream (no toggle,
    beforetoggle, focus, blur, pointer or key event) from the page's first script on — through entering
    annotation mode, hovering, Alt+↓, pinning with a typed note and leaving the mode. Allowed: nothing.
    Not observable here, and unavoidable: pagenote measures elements on the page's main thread (a page timing
    its own frames could notice the work), and a screenshot adds its paint probe (next test)."""
    w = window
    w.load_page(server.url("observer.html"))
    before = _observed(js)
    assert before["m"] == [] and before["e"] == [] and before["own"] == 0
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    feed = w.tab.annotator.scene
    move(proxy, QPoint(120, 150))
    qtbot.waitUntil(lambda: feed.scene.highlight is not None, timeout=3000)
    QTest.keyClick(proxy, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    w.run(w.tab.bridge.wait_frames(2))
    pin_at(w, qtbot, QPoint(100, 120), "secret words")
    qtbot.waitUntil(lambda: any(m.visible for m in feed.scene.marks), timeout=3000)
    w.act_annotate.trigger()   # leave the mode
    qtbot.waitUntil(lambda: feed.scene.highlight is None, timeout=3000)
    w.run(w.tab.bridge.wait_frames(3))
    after = _observed(js)
    assert after == before, after


def test_a_screenshot_leaves_the_page_as_it_was(window, server, qtbot, js):
    """A capture's paint probe is pagenote's only element ever put in the page: there for the capture, gone
    after it. Allowed, and all the page can see: the probe's element added to and removed from <html>, and
    its popover's beforetoggle/toggle events — the probe must be painted by the page's renderer, above the
    page's own top layer, to prove the grabbed frame is fresh (app/capture/viewport.py)."""
    w = window
    w.load_page(server.url("observer.html"))
    w.act_annotate.trigger()
    pin_at(w, qtbot, QPoint(100, 120), "n")
    before = _observed(js)
    w.run(w.tab.capture.viewport())
    after = _observed(js)
    assert after["n"] == before["n"] and after["own"] == 0
    assert set(after["m"]) - set(before["m"]) == {"childList HTML  +PAGENOTE-PROBE -0", "childList HTML  + -1"}
    assert set(after["e"]) - set(before["e"]) <= {"beforetoggle PAGENOTE-PROBE", "toggle PAGENOTE-PROBE"}


def test_the_marks_scale_with_the_page_zoom(window, server, qtbot, js):
    """Scenes are CSS px; the widget draws them × the view's zoom factor, where the page draws the element."""
    w = window
    w.load_page(server.url("tamper.html"))
    w.act_annotate.trigger()
    pin_at(w, qtbot, QPoint(100, 160), "a")
    feed = w.tab.annotator.scene
    try:
        before = js("window.innerWidth")
        w.view.setZoomFactor(2.0)
        qtbot.waitUntil(lambda: js("window.innerWidth") != before, timeout=3000)
        qtbot.waitUntil(lambda: any(m.visible and abs(m.x - 60) <= 1 for m in feed.scene.marks), timeout=3000)
        # Badge just above the box's top-left (60, 120) CSS px: (60, 96) CSS px = (120, 192) view px; 40 CSS
        # px into the box the page's grey shows through.
        qtbot.waitUntil(lambda: near(seen_pixel(w, 65, 107), RED), timeout=3000)
        qtbot.waitUntil(lambda: near(seen_pixel(w, 100, 160), (128, 128, 128)), timeout=3000)
    finally:
        w.view.setZoomFactor(1.0)


def test_the_note_box_stays_above_the_marks(window, server, qtbot):
    """The note box opens beside the element it annotates (never over it), and the marks are not drawn over
    it."""
    w = window
    w.load_page(server.url("tamper.html"))
    w.act_annotate.trigger()
    feed = w.tab.annotator.scene
    move(w.view.focusProxy(), QPoint(150, 130))
    qtbot.waitUntil(lambda: feed.scene.highlight is not None, timeout=3000)
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(150, 130))
    box = w.annotate.note_box
    qtbot.waitUntil(box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: feed.scene.highlight is not None and any(m.visible for m in feed.scene.marks), timeout=3000)
    h = feed.scene.highlight.rect
    # The note box is beside the highlighted element; a point of it shows the box's own pixel, untinted.
    g = box.geometry()
    assert g.left() >= h.x + h.width or g.right() < h.x or g.top() >= h.y + h.height or g.bottom() < h.y
    inside = g.topLeft() + QPoint(3, 3)
    own = box.grab().toImage().pixelColor(3 * round(box.devicePixelRatioF()), 3 * round(box.devicePixelRatioF()))
    parent = w.view.parentWidget()
    at = w.view.mapTo(parent, inside)
    dpr = w.view.devicePixelRatioF()
    seen = parent.grab().toImage().pixelColor(int(at.x() * dpr), int(at.y() * dpr))
    assert (seen.red(), seen.green(), seen.blue()) == (own.red(), own.green(), own.blue())
    QTest.keyClick(box.editor, Qt.Key.Key_Escape)
