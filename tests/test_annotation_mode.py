"""Annotation mode: the page sees none of the user's input, markers are numbered and follow their elements,
numbers stay contiguous after a delete (issue #2 §2, §3)."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest



@pytest.fixture
def counters(window, server, js):
    window.load_page(server.url("counters.html"))
    assert js("window.total()") == 0 or js("document.activeElement.id") == "field"
    js("for (const k in window.counts) window.counts[k] = 0")
    return window


def settle(qtbot, window, ms=150):
    """Let Chromium process whatever input reached it (a round trip through the renderer, then a pause)."""
    window.page_call("frame")
    window.run(asyncio.sleep(ms / 1000))


def pin(qtbot, window, point: QPoint, note: str | None = None):
    """Click at ``point`` (view px) in annotation mode and type ``note`` in the note box, then Enter."""
    proxy = window.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    if note is not None:
        QTest.keyClicks(window.annotate.note_box.editor, note)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)


def markers(window):
    return sorted(window.page_call("markers"), key=lambda m: m["n"])


def test_page_sees_no_input_while_picking_and_typing_a_note(counters, qtbot, js):
    w = counters
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    for x in range(50, 250, 20):  # hover
        QTest.mouseMove(proxy, QPoint(x, 70))
    pin(qtbot, w, QPoint(100, 70), note="Make this bigger")
    # Shift+Enter adds a line; Esc on a new annotation cancels it.
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(60, 150))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    QTest.keyClicks(w.annotate.note_box.editor, "two")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClicks(w.annotate.note_box.editor, "lines")
    assert w.annotate.note_box.text() == "two\nlines"
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Escape)
    # Right click, double click, keys straight at the page.
    QTest.mouseClick(proxy, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, QPoint(120, 80))
    QTest.mouseDClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(500, 60))
    w.annotate.note_box.hide()
    w.view.setFocus()
    QTest.keyClicks(proxy, "abc")
    settle(qtbot, w)
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}
    assert js("document.getElementById('menu').dataset.open") == "true"
    assert js("document.activeElement.id") == "field"
    assert js("location.pathname") == "/counters.html"
    assert [p.annotation.note for p in w.session.pins] == ["Make this bigger"]
    # Esc with no note open leaves the mode; the marker stays.
    QTest.keyClick(proxy, Qt.Key.Key_Escape)
    assert not w.annotate.active and not w.act_annotate.isChecked()
    assert [m["n"] for m in markers(w)] == [1]


def test_links_and_forms_are_inert_in_annotation_mode_and_live_outside_it(counters, qtbot, js):
    w = counters
    link = js("(() => { const r = document.getElementById('link').getBoundingClientRect();"
              " return [r.left + 5, r.top + 5]; })()")
    point = QPoint(int(link[0]), int(link[1]))
    w.act_annotate.trigger()
    pin(qtbot, w, point)
    settle(qtbot, w, 300)
    assert js("location.pathname") == "/counters.html"
    w.act_annotate.trigger()  # off: the page gets input again
    assert not w.annotate.active
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert js("location.pathname") == "/navigated.html"


def test_outside_annotation_mode_the_page_counts_input(counters, qtbot, js):
    w = counters
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(100, 70))
    qtbot.waitUntil(lambda: js("window.counts.click") == 1, timeout=5000)
    assert js("window.counts.mousedown") == 1 and js("window.counts.pointerdown") == 1


def test_numbers_stay_contiguous_after_delete_in_panel_and_page(counters, qtbot):
    w = counters
    w.act_annotate.trigger()
    for i, point in enumerate((QPoint(100, 70), QPoint(60, 150), QPoint(450, 60)), start=1):
        pin(qtbot, w, point, note=f"note {i}")
    assert [m["n"] for m in markers(w)] == [1, 2, 3]
    second = w.session.pins[1].id
    w.annotate.delete(second)
    qtbot.waitUntil(lambda: [m["n"] for m in markers(w)] == [1, 2], timeout=3000)
    assert [r.split(".")[0] for r in w.panel.rows()] == ["1", "2"]
    assert [p.annotation.note for p in w.session.pins] == ["note 1", "note 3"]
    assert second not in {m["id"] for m in markers(w)}


def test_clicking_a_marker_reopens_its_note(counters, qtbot):
    w = counters
    w.act_annotate.trigger()
    pin(qtbot, w, QPoint(100, 70), note="first")
    qtbot.waitUntil(lambda: markers(w)[0]["visible"], timeout=3000)  # drawn at its element (next frame)
    marker = markers(w)[0]
    proxy = w.view.focusProxy()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(marker["x"]) + 5, int(marker["y"]) + 5))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    assert w.annotate.note_box.text() == "first"
    assert len(w.session.pins) == 1


def test_markers_follow_their_elements_on_scroll_and_resize(window, server, qtbot, js):
    w = window
    w.load_page(server.url("record.html"))
    w.act_annotate.trigger()
    js("document.querySelector('#quotes').scrollIntoView({block: 'center'})")
    far = js("(() => { const r = document.querySelector('#quotes').getBoundingClientRect(); return [r.left, r.top]; })()")
    pin(qtbot, w, QPoint(int(far[0]) + 3, int(far[1]) + 3))
    pin_id = w.session.pins[0].id

    def aligned() -> bool:
        m = markers(w)[0]
        r = w.page_call("elementViewport", pin_id)
        return abs(m["x"] - r["x"]) <= 1 and abs(m["y"] - r["y"]) <= 1

    qtbot.waitUntil(aligned, timeout=3000)
    start = js("window.scrollY")
    js("window.scrollBy(0, 137)")
    qtbot.waitUntil(lambda: js("window.scrollY") == start + 137, timeout=3000)
    qtbot.waitUntil(aligned, timeout=3000)
    w.resize(900, 700)
    qtbot.waitUntil(lambda: js("window.innerWidth") < 1000, timeout=3000)
    qtbot.waitUntil(aligned, timeout=3000)


def test_alt_arrows_pick_through_wrappers_and_the_page_sees_no_input(counters, qtbot, js):
    """Alt+Up / Alt+Down walk the hover candidate through a transparent veil's ancestors; the next click
    inside the candidate pins it; moving onto another element resets it (issue #3 §5)."""
    w = counters
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    over_button = QPoint(100, 355)  # #inner's box, under the transparent #veil

    def candidate() -> str:
        state = w.page_call("hoverState")
        return state["label"].split()[0] if state else ""

    def step(key, expected: str) -> None:
        QTest.keyClick(proxy, key, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: candidate() == expected, timeout=3000)

    up, down = Qt.Key.Key_Up, Qt.Key.Key_Down
    QTest.mouseMove(proxy, over_button)
    qtbot.waitUntil(lambda: candidate() == "div#veil", timeout=3000)
    state = w.page_call("hoverState")
    assert state["label"] == "div#veil  320×180 · Alt+↑ parent · Alt+↓ child" and state["pointer"]
    step(up, "div#card")
    step(up, "body")
    step(down, "div#card")                 # back toward the element under the pointer
    step(down, "div#veil")
    step(down, "i.mark")                   # at the pointer's element: its first rendered child (not <script>)
    step(up, "div#veil")
    step(up, "div#card")
    assert not w.page_call("hoverState")["pointer"]
    QTest.mouseMove(proxy, QPoint(over_button.x() + 2, over_button.y() + 1))  # still over #veil: kept
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, over_button)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    assert [p.annotation.element.selector for p in w.session.pins] == ["#card"]

    # Moving onto another element resets the candidate to the element under the pointer.
    QTest.mouseMove(proxy, QPoint(100, 70))
    qtbot.waitUntil(lambda: candidate() == "div#target", timeout=3000)
    QTest.mouseMove(proxy, over_button)
    qtbot.waitUntil(lambda: candidate() == "div#veil", timeout=3000)
    # A click outside the candidate (the 12×12 mark at the card's corner) pins the element under the pointer.
    step(down, "i.mark")
    w.view.setFocus()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, over_button)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    assert [p.annotation.element.selector for p in w.session.pins] == ["#card", "#veil"]

    settle(qtbot, w)
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}
    assert js("document.getElementById('menu').dataset.open") == "true"
    assert js("document.activeElement.id") == "field"
