"""A double click in annotation mode is one annotation with its note box open (real QtWebEngine, real mouse
events on the view's focus proxy). Qt delivers a double click to a widget as press, release, press,
MouseButtonDblClick, release; the second click used to confirm the note box the first one had just opened,
saving an empty note, and then open that annotation again for editing (so Esc no longer cancelled it)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def word_point(js, selector: str) -> QPoint:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()")
    return QPoint(round(r["x"]), round(r["y"]))


def second_click_of_a_double_click(proxy, point: QPoint) -> None:
    """What Qt sends the widget for a double click's second click: a press, MouseButtonDblClick, a release."""
    QTest.mousePress(proxy, LEFT, NONE, point)
    local = QPointF(point)
    QApplication.sendEvent(proxy, QMouseEvent(QEvent.Type.MouseButtonDblClick, local,
                                              QPointF(proxy.mapToGlobal(point)), LEFT, LEFT, NONE))
    QTest.mouseRelease(proxy, LEFT, NONE, point)


def test_double_clicking_a_word_pins_it_once_with_its_note_box_open(window, server, qtbot, js):
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    said = []
    window.annotate.message.connect(said.append)
    proxy, point = window.view.focusProxy(), word_point(js, "#w1")
    QTest.mouseClick(proxy, LEFT, NONE, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    [pin] = window.session.pins
    second_click_of_a_double_click(proxy, point)
    # The second click changed nothing: the new annotation's note box is still open, empty and new
    assert window.annotate.note_box.isVisible() and window.annotate.editing == pin.id
    assert window.annotate.editing_new and window.annotate.note_box.text() == ""
    assert [p.id for p in window.session.pins] == [pin.id] and not any("saved" in m for m in said)
    QTest.keyClicks(window.annotate.note_box.editor, "bold this word")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    assert [(p.annotation.note, p.annotation.element.selector) for p in window.session.pins] == \
        [("bold this word", "#w1")]


def test_esc_after_a_double_click_cancels_the_new_annotation(window, server, qtbot, js):
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    proxy, point = window.view.focusProxy(), word_point(js, "#w2")
    QTest.mouseClick(proxy, LEFT, NONE, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    second_click_of_a_double_click(proxy, point)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    assert window.session.pins == []


def test_a_double_click_while_the_note_box_has_text_is_two_clicks(window, server, qtbot, js):
    """Only the just-opened empty note box is kept: with a note typed, the second click confirms it as a
    click does."""
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    proxy, point = window.view.focusProxy(), word_point(js, "#w1")
    QTest.mouseClick(proxy, LEFT, NONE, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, "typed")
    second_click_of_a_double_click(proxy, point)
    assert window.session.pins[0].annotation.note == "typed"
