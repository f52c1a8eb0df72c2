"""The window's live markers of a region and a group, right after they are made with the pointer (real
QtWebEngine, real drags): a region is outlined at its dragged rectangle (not round the element its badge is
kept on), every member of a group is outlined (one badge), as in the annotated PNG."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from app.core.policy import MARKER_COLOR, MARKER_SELECTED_COLOR, MARKER_STALE_COLOR
from tests.test_kinds_window import CTRL, SHIFT, drag, rect_of, start, write_note


def marks(window):
    return [m for m in window.tab.annotator.scene.scene.marks if m.visible]


def red_at(window, x: float, y: float, colours=(MARKER_COLOR, MARKER_SELECTED_COLOR)) -> bool:
    """The marks widget paints a live marker's colour at CSS px (x, y) of the view (not a stale one's grey)."""
    widget = window.view.parentWidget().findChild(QWidget, "pagenote-marks")
    zoom = window.view.zoomFactor()
    image = widget.grab().toImage()
    k = zoom * image.devicePixelRatio()
    colour = QColor(image.pixel(round(x * k), round(y * k)))
    # Painted on a transparent widget: within a few levels of the marker colour (blue while it is selected)
    return any(all(abs(a - b) < 24 for a, b in zip(colour.getRgb()[:3], QColor(c).getRgb()[:3]))
               for c in colours)


def test_a_region_is_outlined_at_its_rectangle_right_after_the_drag(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#c3")
    zoom = window.view.zoomFactor()
    # Empty space right of the cards: inside the full-width list, whose box is far wider than the drag
    a = QPoint(round((cards["right"] + 100) * zoom), round(cards["y"] * zoom))
    b = QPoint(round((cards["right"] + 260) * zoom), round((cards["bottom"] - 10) * zoom))
    drag(proxy, a, b, SHIFT)
    write_note(window, qtbot, "a banner here")
    region = window.session.pins[0].annotation.region
    assert region is not None
    sx, sy = js("scrollX"), js("scrollY")
    want = (region.rect.x - sx, region.rect.y - sy, region.rect.width, region.rect.height)
    qtbot.waitUntil(lambda: len(marks(window)) == 1, timeout=5_000)
    qtbot.waitUntil(lambda: all(abs(p - q) < 1 for p, q in zip(
        (lambda m: (m.x, m.y, m.width, m.height))(marks(window)[0]), want)), timeout=5_000)
    [mark] = marks(window)
    assert not mark.stale
    # Painted there: the outline 1 px outside the rectangle's right edge, nothing under the list's bottom edge
    mid = want[1] + want[3] / 2
    qtbot.waitUntil(lambda: red_at(window, want[0] + want[2] + 1, mid), timeout=5_000)
    ul = rect_of(js, "#cards")
    # (red only: the hover highlight, blue, is round the list under the pointer)
    assert not red_at(window, cards["right"] + 50, ul["bottom"] + 1, (MARKER_COLOR,))


def test_every_member_of_a_group_is_outlined_under_one_badge(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#cards")
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((cards["x"] - 5) * zoom), round((cards["y"] - 5) * zoom)),
         QPoint(round((cards["right"] - 100) * zoom), round((cards["bottom"] + 5) * zoom)), CTRL)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 3, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "same height")
    assert len(window.session.pins[0].annotation.elements) == 3
    qtbot.waitUntil(lambda: len(marks(window)) == 1 and len(marks(window)[0].parts) == 2, timeout=5_000)
    [mark] = marks(window)
    c1, c2, c3 = (rect_of(js, s) for s in ("#c1", "#c2", "#c3"))
    assert abs(mark.x - c1["x"]) < 1 and abs(mark.width - (c1["right"] - c1["x"])) < 1
    assert [(round(p.x), round(p.y), round(p.width)) for p in mark.parts] == \
           [(round(c["x"]), round(c["y"]), round(c["right"] - c["x"])) for c in (c2, c3)]
    # Painted: each card's right edge has the red outline just outside it; one badge only
    mid = (c3["y"] + c3["bottom"]) / 2
    for c in (c1, c2, c3):
        qtbot.waitUntil(lambda c=c: red_at(window, c["right"] + 1, mid), timeout=5_000)
    widget = window.view.parentWidget().findChild(QWidget, "pagenote-marks")
    assert [m.n for m, _ in widget.badges()] == [1]
    assert MARKER_STALE_COLOR != MARKER_COLOR


def test_an_imported_region_is_drawn_live_not_stale(window, server, server2, qtbot, js, tmp_path):
    from app.ui.review_io import install_review_ui

    review = install_review_ui(window)
    proxy = start(window, server, js)
    cards = rect_of(js, "#c3")
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((cards["right"] + 100) * zoom), round(cards["y"] * zoom)),
         QPoint(round((cards["right"] + 260) * zoom), round((cards["bottom"] - 10) * zoom)), SHIFT)
    write_note(window, qtbot, "a banner here")
    exported = window.run(review.export_to(tmp_path / "review.json", "json"))
    window.clear()
    window.load_page(server2.url("kinds.html"))
    [pin_id] = window.run(review.import_from(exported))
    assert window.session.get(pin_id).annotation.status == ""
    region = window.session.get(pin_id).annotation.region
    qtbot.waitUntil(lambda: len(marks(window)) == 1, timeout=10_000)
    # Drawn at its rectangle in the live colour, and still so after the page's re-anchoring checks ran
    js("document.body.appendChild(document.createElement('i'))")   # a DOM change: anchors are checked again
    mid = region.rect.y - js("scrollY") + region.rect.height / 2
    qtbot.waitUntil(lambda: red_at(window, region.rect.x - js("scrollX") + region.rect.width + 1, mid), timeout=5_000)
    assert not marks(window)[0].stale
    assert window.session.get(pin_id).annotation.status == ""


def test_a_saved_text_range_is_drawn_as_its_words_not_its_paragraph_and_again_after_a_reload(window, server, qtbot,
                                                                                              js):
    """Issue 30, requirement 4: a text range kept outlining its whole paragraph once saved. Its marker's shapes
    are its words' client rects (highlighted), in the window as in the PNG (tests/test_one_drawing_rule.py)."""
    proxy = start(window, server, js)
    a, b = rect_of(js, "#w1"), rect_of(js, "#w2")
    mid = (a["y"] + a["bottom"]) / 2
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((a["x"] + 1) * zoom), round(mid * zoom)), QPoint(round((b["right"] - 1) * zoom),
                                                                            round(mid * zoom)))
    write_note(window, qtbot, "shorter")

    def drawn_words():
        shown = marks(window)
        if len(shown) != 1 or not shown[0].fill:
            return None
        m = shown[0]
        return [(m.x, m.y, m.width, m.height), *((p.x, p.y, p.width, p.height) for p in m.parts)]

    def expected():
        return js("(() => { const r = document.createRange(); r.setStart(document.getElementById('w1').firstChild, 0);"
                  " const w2 = document.getElementById('w2').firstChild; r.setEnd(w2, w2.length);"
                  " const x0 = r.getBoundingClientRect();"
                  " const p = document.getElementById('w1').closest('p').getBoundingClientRect();"
                  " return {x: x0.x, right: x0.right, p: p.width}; })()")

    for reload in (False, True):
        if reload:
            window.load_page(server.url("kinds.html"))
        qtbot.waitUntil(lambda: drawn_words() is not None, timeout=10_000)
        words, want = drawn_words(), expected()
        # From the first word's left to the last word's right, narrower than the paragraph
        assert abs(min(w[0] for w in words) - want["x"]) < 1.5, (words, want)
        assert abs(max(w[0] + w[2] for w in words) - want["right"]) < 1.5, (words, want)
        assert max(w[0] + w[2] for w in words) - min(w[0] for w in words) < want["p"] - 20
