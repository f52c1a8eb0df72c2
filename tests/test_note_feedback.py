"""Feedback while a note is written: the status line's "release Ctrl to write the note" goes once Ctrl is released
and the group's note box opens; a text range's words stay drawn while its note box is open (real QtWebEngine, real
input)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tests.test_kinds_window import CTRL, drag, rect_of, start


def test_the_release_ctrl_hint_goes_when_the_note_box_opens(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#cards")
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((cards["x"] - 5) * zoom), round((cards["y"] - 5) * zoom)),
         QPoint(round((cards["right"] - 100) * zoom), round((cards["bottom"] + 5) * zoom)), CTRL)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 3, timeout=5_000)
    assert "release Ctrl" in window.status_label.text()
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    assert "release Ctrl" not in window.status_label.text()


def test_the_dragged_words_stay_drawn_while_their_note_box_is_open(window, server, qtbot, js):
    from PySide6.QtCore import QPoint as P

    from tests.test_kinds_window import drag as drag_

    proxy = start(window, server, js)
    a, b = rect_of(js, "#w1"), rect_of(js, "#w2")
    zoom = window.view.zoomFactor()
    mid = (a["y"] + a["bottom"]) / 2
    drag_(proxy, P(round((a["x"] + 1) * zoom), round(mid * zoom)), P(round((b["right"] - 1) * zoom), round(mid * zoom)))
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    overlay = window.annotate.gestures.overlay
    assert overlay.isVisible() and overlay.text_rects
    left = min(r.left() for r in overlay.text_rects) / zoom
    right = max(r.right() for r in overlay.text_rects) / zoom
    assert abs(left - a["x"]) < 2 and abs(right - b["right"]) < 2
    QTest.keyClicks(window.annotate.note_box.editor, "shorter")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5_000)
    assert not overlay.text_rects and not overlay.isVisible()


def test_a_group_of_one_element_is_an_element_annotation(window, server, qtbot, js):
    proxy = start(window, server, js)
    c2 = rect_of(js, "#c2")
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((c2["x"] - 5) * zoom), round((c2["y"] - 5) * zoom)),
         QPoint(round((c2["right"] + 5) * zoom), round((c2["bottom"] + 5) * zoom)), CTRL)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 1, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, "taller")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5_000)
    ann = window.session.pins[0].annotation
    assert ann.kind == "element" and ann.elements == () and ann.element.text == "Two" and ann.note == "taller"


def test_copy_and_save_take_the_note_still_being_typed(window, server, qtbot, js):
    """A designer's trial pressed Ctrl+S with a note box open: the saved file had that annotation with no note
    while the box showed the typed words. Copy, Save and Send first keep the open box's text, as Enter would."""
    from PySide6.QtGui import QGuiApplication

    from app.protocol.markdown import parse_annotations

    proxy = start(window, server, js)
    box = rect_of(js, "#w1")
    zoom = window.view.zoomFactor()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(round((box["x"] + 2) * zoom), round((box["y"] + 2) * zoom)))
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    QTest.keyClicks(window.annotate.note_box.editor, "make it bolder")   # no Enter
    window.run(window.export("copy"))
    assert not window.annotate.note_box.isVisible()
    assert [a.note for a in parse_annotations(QGuiApplication.clipboard().text()).annotations] == ["make it bolder"]
    assert [p.annotation.note for p in window.session.pins] == ["make it bolder"]
