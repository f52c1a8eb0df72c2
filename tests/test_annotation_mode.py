"""Annotation mode: the page sees none of the user's input, markers are numbered and follow their elements,
numbers stay contiguous after a delete (issue #2 §2, §3)."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtTest import QTest



@pytest.fixture
def counters(window, server, js):
    window.load_page(server.url("counters.html"))
    # The page focused its own field: the tests below check the mode never moves that focus.
    assert js("document.activeElement.id") == "field"
    js("for (const k in window.counts) window.counts[k] = 0")
    return window


def sentinel(qtbot, window, js):
    """Send a wheel event (it passes through annotation mode, the user can scroll) and wait until the page's
    non-passive listener has counted it. Chromium delivers input to the page in order, so every event sent
    before it has reached the page's listeners by then: a count read afterwards is final, not early."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    before = js("window.wheels")
    proxy = window.view.focusProxy()
    at = QPointF(700, 400)
    QApplication.sendEvent(proxy, QWheelEvent(at, QPointF(proxy.mapToGlobal(at.toPoint())), QPoint(0, -40),
                                              QPoint(0, -48), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                              Qt.ScrollPhase.NoScrollPhase, False))
    qtbot.waitUntil(lambda: js("window.wheels") > before, timeout=10_000)


def double_click(proxy, point: QPoint) -> None:
    """A user's double click at ``point`` (view px): two presses and releases with real, close timestamps
    (Chromium counts the clicks by time and place; QTest's own timestamps never make a ``dblclick``)."""
    import time

    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    at = QPointF(point)
    for kind, buttons in [(QEvent.Type.MouseButtonPress, left), (QEvent.Type.MouseButtonRelease, none)] * 2:
        event = QMouseEvent(kind, at, QPointF(proxy.mapToGlobal(point)), left, buttons, Qt.KeyboardModifier.NoModifier)
        event.setTimestamp(int(time.monotonic() * 1000))
        QApplication.sendEvent(proxy, event)


def page_facing_input(qtbot, window, js):
    """Input straight at the page: hover across #target's edges, right, middle and double clicks, a click on
    the page's field and keys typed there, then a click on #target. With the mode off it moves every counter of
    counters.html but ``submit``; with the mode on, none."""
    proxy = window.view.focusProxy()
    for x in range(20, 280, 20):  # into and out of #target (40..240 px): over/out/enter/leave
        QTest.mouseMove(proxy, QPoint(x, 70))
    QTest.mouseClick(proxy, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, QPoint(120, 80))
    QTest.mouseClick(proxy, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(120, 80))
    double_click(proxy, QPoint(500, 60))
    field = center(js, "#field")
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, field)
    QTest.keyClicks(proxy, "abc")
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(100, 70))


def pin(qtbot, window, point: QPoint, note: str | None = None):
    """Click at ``point`` (view px) in annotation mode and type ``note`` in the note box, then Enter."""
    proxy = window.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
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
    for x in range(20, 280, 20):  # hover into and out of #target (40..240 px)
        QTest.mouseMove(proxy, QPoint(x, 70))
    pin(qtbot, w, QPoint(100, 70), note="Make this bigger")
    # Shift+Enter adds a line; Esc on a new annotation cancels it.
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(60, 150))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, "two")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClicks(w.annotate.note_box.editor, "lines")
    assert w.annotate.note_box.text() == "two\nlines"
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Escape)
    # Right click, double click, keys straight at the page.
    QTest.mouseClick(proxy, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, QPoint(120, 80))
    QTest.mouseClick(proxy, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(120, 80))
    double_click(proxy, QPoint(500, 60))
    w.annotate.note_box.hide()
    w.view.setFocus()
    QTest.keyClicks(proxy, "abc")
    sentinel(qtbot, w, js)
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}
    assert js("document.getElementById('menu').dataset.open") == "true"
    assert js("document.activeElement.id") == "field"
    assert js("location.pathname") == "/counters.html"
    # The double click's first press picked the menu, its second confirmed that empty note (a click while the
    # note box is open saves it) and picked the menu again (the box hidden above).
    assert [p.annotation.note for p in w.session.pins] == ["Make this bigger", ""]
    # Esc with no note open leaves the mode; the markers stay.
    QTest.keyClick(proxy, Qt.Key.Key_Escape)
    assert not w.annotate.active and not w.act_annotate.isChecked()
    assert [m["n"] for m in markers(w)] == [1, 2]


def test_links_and_forms_are_inert_in_annotation_mode_and_live_outside_it(counters, qtbot, js):
    w = counters
    link = js("(() => { const r = document.getElementById('link').getBoundingClientRect();"
              " return [r.left + 5, r.top + 5]; })()")
    point, submit = QPoint(int(link[0]), int(link[1])), center(js, "#go")
    w.act_annotate.trigger()
    pin(qtbot, w, point)
    pin(qtbot, w, submit)   # the form's submit button
    w.view.setFocus()
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_Return)   # Enter would submit the form from its field
    sentinel(qtbot, w, js)
    assert js("location.pathname") == "/counters.html"
    assert js("window.counts.submit") == 0 and js("window.counts.click") == 0
    assert [p.annotation.element.selector for p in w.session.pins] == ["#link", "#go"]
    w.act_annotate.trigger()  # off: the page gets input again
    assert not w.annotate.active
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert js("location.pathname") == "/navigated.html"
    # The same button submits the form outside the mode (the control for "does not submit" above).
    w.load_page(w.view.url().toString().replace("navigated.html", "counters.html"))
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         center(js, "#go"))
    assert js("location.pathname") == "/submitted.html" and js("location.search") == "?q=typed"


def test_outside_annotation_mode_the_page_counts_input(counters, qtbot, js):
    """The control for the tests that count nothing in the mode: the same input with the mode off moves every
    counter of the page (but ``submit``), and the wheel sentinel is counted after it."""
    w = counters
    page_facing_input(qtbot, w, js)
    sentinel(qtbot, w, js)
    counts = js("window.counts")
    assert [k for k, n in counts.items() if n == 0] == ["submit"], json.dumps(counts)
    assert js("document.getElementById('menu').dataset.open") == "false"
    assert js("document.getElementById('field').value") == "typedabc"


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
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
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


def candidate(window) -> str:
    """The hover candidate's name (the label's first word: ``div#veil``), or ``""``."""
    state = window.page_call("hoverState")
    return state["label"].split()[0] if state else ""


def step(window, qtbot, key, expected: str) -> None:
    """Press Alt+``key`` on the page and wait for the candidate ``expected``."""
    QTest.keyClick(window.view.focusProxy(), key, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: candidate(window) == expected, timeout=3000)


def test_alt_arrows_pick_through_wrappers_and_the_page_sees_no_input(counters, qtbot, js):
    """Alt+Up walks the hover candidate through a transparent veil's ancestors, Alt+Down through the hit-test
    stack at the pointer (wrapping); the next click inside the candidate pins it; moving onto another element
    resets it (issue #3 §5, issue 9 §3)."""
    w = counters
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    over_button = QPoint(100, 355)  # #inner's box, under the transparent #veil
    up, down = Qt.Key.Key_Up, Qt.Key.Key_Down
    QTest.mouseMove(proxy, over_button)
    qtbot.waitUntil(lambda: candidate(w) == "div#veil", timeout=3000)
    state = w.page_call("hoverState")
    # The label format: name, size, then the place in the stack at the pointer as a tooltip-sized k/n suffix
    # (issue 30 §3: no sentence; the keys are in the shortcuts dialog).
    assert state["label"] == "div#veil  320×180  1/5"   # the stack place as a k/n suffix (Alt+↑/↓ walk it)
    assert state["pointer"] and state["place"] == {"k": 1, "n": 5}
    step(w, qtbot, up, "div#card")
    assert w.page_call("hoverState")["place"] == {"k": 4, "n": 5}   # veil, #inner, .frame, #card, html
    step(w, qtbot, up, "body")
    # <body> (0 px high: every child is absolutely positioned) is not hit there: no place in the label, and
    # Alt+Down goes back to the first element of the stack.
    assert re.fullmatch(r"body  \d+×0", w.page_call("hoverState")["label"])
    step(w, qtbot, down, "div#veil")
    step(w, qtbot, down, "button#inner")   # under the veil
    assert w.page_call("hoverState")["label"].endswith("  2/5")
    step(w, qtbot, down, "div.frame")
    step(w, qtbot, down, "div#card")
    step(w, qtbot, down, "html")           # the last of the stack …
    step(w, qtbot, down, "div#veil")       # … wraps to the element under the pointer
    step(w, qtbot, down, "button#inner")
    step(w, qtbot, up, "div.frame")
    step(w, qtbot, up, "div#card")
    assert not w.page_call("hoverState")["pointer"]
    QTest.mouseMove(proxy, QPoint(over_button.x() + 2, over_button.y() + 1))  # still over #veil: kept
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, over_button)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    assert [p.annotation.element.selector for p in w.session.pins] == ["#card"]

    # Moving onto another element resets the candidate to the element under the pointer.
    QTest.mouseMove(proxy, QPoint(100, 70))
    qtbot.waitUntil(lambda: candidate(w) == "div#target", timeout=3000)
    QTest.mouseMove(proxy, over_button)
    qtbot.waitUntil(lambda: candidate(w) == "div#veil", timeout=3000)
    # A click outside the candidate pins the element under the pointer: the button stays the candidate while
    # the pointer moves on over #veil (no longer at this point: the label has no place), the click is beside it.
    step(w, qtbot, down, "button#inner")
    beside = QPoint(300, 450)
    QTest.mouseMove(proxy, beside)
    qtbot.waitUntil(lambda: w.page_call("hoverState")["place"] is None, timeout=3000)
    assert w.page_call("hoverState")["label"].startswith("button#inner ") and candidate(w) == "button#inner"
    w.view.setFocus()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, beside)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    assert [p.annotation.element.selector for p in w.session.pins] == ["#card", "#veil"]

    sentinel(qtbot, w, js)
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}
    assert js("document.getElementById('menu').dataset.open") == "true"
    assert js("document.activeElement.id") == "field"


def center(js, selector: str) -> QPoint:
    """The centre of ``selector``'s box in view px (zoom 1)."""
    x, y = js(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(int(x), int(y))


def test_alt_down_picks_the_button_and_text_under_a_link_that_covers_the_card(window, server, qtbot, js):
    """A card whose whole area is a transparent link (issue 9 §3): hovering shows the link "1 of N", Alt+Down
    steps through the hit-test stack (button, card, body, html, back to the link), a click pins the element
    chosen, and the page sees none of it."""
    w = window
    w.load_page(server.url("covered.html"))
    # What happened before the mode (the window's first activation can focus the page late on a busy machine)
    # is not the mode's: count from here, as the counters fixture does.
    js("for (const k in window.counts) window.counts[k] = 0")
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    down = Qt.Key.Key_Down
    button, text = center(js, "#buy"), center(js, "#blurb")
    expected = js(f"document.elementsFromPoint({button.x()}, {button.y()}).map((e) => e.localName)")
    assert expected[:3] == ["a", "button", "div"]   # the page's own hit-test stack at the button
    n = len(expected)
    QTest.mouseMove(proxy, button)
    qtbot.waitUntil(lambda: candidate(w) == "a#cover", timeout=3000)
    state = w.page_call("hoverState")
    assert state["label"] == f"a#cover  320×200  1/{n}"
    assert state["pointer"]
    step(w, qtbot, down, "button#buy")
    assert w.page_call("hoverState")["label"] == f"button#buy  100×40  2/{n}"
    step(w, qtbot, down, "div#card")
    for _ in range(n - 3):                  # … body, html: the last of the stack
        QTest.keyClick(proxy, down, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: w.page_call("hoverState")["place"] == {"k": n, "n": n}, timeout=3000)
    assert candidate(w) == "html"
    step(w, qtbot, down, "a#cover")         # wraps to the element under the pointer
    assert w.page_call("hoverState")["place"] == {"k": 1, "n": n}
    step(w, qtbot, down, "button#buy")
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, button)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    element = w.session.pins[0].annotation.element
    assert (element.tag, element.selector) == ("button", "#buy")

    # Over the text: still the link under the pointer; the button (not at this point) stays the candidate
    # until Alt+Down starts the new point's stack from its first element.
    QTest.mouseMove(proxy, text)
    qtbot.waitUntil(lambda: w.page_call("hoverState")["place"] is None, timeout=3000)
    step(w, qtbot, down, "a#cover")
    step(w, qtbot, down, "p#blurb")
    pin(qtbot, w, text, note="the text")
    assert [(p.annotation.element.tag, p.annotation.element.selector) for p in w.session.pins] == [
        ("button", "#buy"), ("p", "#blurb")]
    # Beside the chosen text (still over the link: the text stays the candidate) a click pins the link.
    QTest.mouseMove(proxy, QPoint(300, 220))
    qtbot.waitUntil(lambda: w.page_call("hoverState")["place"] is None, timeout=3000)
    assert candidate(w) == "p#blurb"
    pin(qtbot, w, QPoint(300, 220))
    assert w.session.pins[-1].annotation.element.selector == "#cover"

    sentinel(qtbot, w, js)
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}
    assert js("location.pathname") == "/covered.html"


def test_alt_down_goes_through_open_shadow_roots(window, server, qtbot):
    """The stack at a point inside nested open shadow roots lists the shadow content before its host (as
    deepElementAt picks the deepest element); a closed root stays its host."""
    w = window
    w.load_page(server.url("shadow.html"))
    w.act_annotate.trigger()
    found = w.page_call("select", "#open >> #nested >> #deep")
    r = found["viewport"]
    assert w.page_call("hover", r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)["kind"] == "element"
    names = [w.page_call("hoverState")["label"].split()[0]]
    for _ in range(6):
        names.append(w.page_call("hoverStep", "down")["label"].split()[0])
    assert names == ["b#deep", "nested-box#nested", "div.frame", "open-card#open", "body", "html", "b#deep"]
    closed = w.page_call("select", "#closed")["viewport"]
    w.page_call("hover", closed["x"] + 5, closed["y"] + 5)
    assert w.page_call("hoverState")["label"].startswith("closed-card#closed ")
    assert w.page_call("hoverStep", "down")["label"].split()[0] == "body"


def test_alt_down_inside_an_iframe_cycles_the_frames_own_stack(window, server, qtbot):
    """Over an iframe the pointer is routed into the frame; Alt+Down cycles the stack of the frame's own
    document there, and the click pins the frame's element chosen."""
    from app.webview.frames import select_chain

    w = window
    w.load_page(server.url("frames.html"))
    w.act_annotate.trigger()
    route, found = w.run(select_chain(w.tab.bridge, "#same >> #child-button"))
    vp = found["viewport"]
    point = QPoint(int(route.offset[0] + vp["x"] + vp["width"] / 2), int(route.offset[1] + vp["y"] + vp["height"] / 2))

    def state():
        return w.page_call("hoverState", frame=route.frame) or {}

    QTest.mouseMove(w.view.focusProxy(), point)
    qtbot.waitUntil(lambda: state().get("label", "").startswith("button#child-button "), timeout=5000)
    assert state()["place"] == {"k": 1, "n": 3}                      # button, body, html of the frame
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: state().get("place") == {"k": 2, "n": 3}, timeout=3000)
    assert state()["label"].startswith("body ") and w.page_call("hoverState") is None
    pin(qtbot, w, point)
    assert w.session.pins[0].annotation.element.tag == "body"


def test_a_display_contents_element_is_highlighted_and_pinned_by_its_childrens_union(window, server, qtbot, js):
    """``display: contents`` has no box of its own; Alt+↑ from a child highlights it as the union of its
    children's boxes (as DevTools does, and as its record reports), and a click inside that union pins it."""
    w = window
    w.load_page(server.url("export_truth.html"))
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    k1, k2 = (js(f"(() => {{ const r = document.querySelector('#wrap .{k}').getBoundingClientRect();"
                 " return [r.left, r.top, r.right, r.bottom]; })()") for k in ("k1", "k2"))
    union = (min(k1[0], k2[0]), min(k1[1], k2[1]), max(k1[2], k2[2]), max(k1[3], k2[3]))
    QTest.mouseMove(proxy, QPoint(int(k1[0]) + 5, int(k1[1]) + 5))
    qtbot.waitUntil(lambda: candidate(w) == "div.k1", timeout=3000)
    step(w, qtbot, Qt.Key.Key_Up, "section#wrap")
    state = w.page_call("hoverState")
    width, height = round(union[2] - union[0]), round(union[3] - union[1])
    assert state["label"].startswith(f"section#wrap  {width}×{height}")
    assert state["viewport"] == pytest.approx({"x": union[0], "y": union[1], "width": union[2] - union[0],
                                               "height": union[3] - union[1]}, abs=0.01)
    # A click inside the union but outside the first child (on the second child) pins the wrapper.
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(k2[0]) + 5, int(k2[1]) + 5))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    element = w.session.pins[0].annotation.element
    assert element.tag == "section" and element.box == "contents"


def test_the_mode_keeps_the_page_s_input_across_a_renderer_swap(window, server, qtbot, tmp_path):
    """Going from an http page to a file:// page (and back) replaces Chromium's input widget (the view's focus
    proxy): annotation mode follows it — the hover highlight works, a click pins, and the page hears nothing."""
    w = window
    local = tmp_path / "simple.html"
    local.write_text("<!doctype html><body><button id=b style='margin:40px;width:200px;height:80px'>B</button>"
                     "<script>window.log = []; for (const t of ['pointermove', 'mousemove', 'pointerdown', "
                     "'mousedown', 'click']) addEventListener(t, () => log.push(t), true)</script>")
    w.load_page(server.url("record.html"))
    w.act_annotate.trigger()
    before = w.view.focusProxy()
    for url in (QUrl.fromLocalFile(str(local)).toString(), server.url("record.html"), QUrl.fromLocalFile(str(local)).toString()):
        w.load_page(url)
    assert w.view.focusProxy() is not before, "the renderer swap this test is about did not happen"
    proxy = w.view.focusProxy()
    QTest.mouseMove(proxy, QPoint(100, 70))
    qtbot.waitUntil(lambda: candidate(w) == "button#b", timeout=5000)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(100, 70))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    assert [p.annotation.element.selector for p in w.session.pins] == ["#b"]
    with qtbot.waitCallback() as cb:
        w.view.page().runJavaScript("JSON.stringify(window.log)", 0, cb)
    assert cb.args[0] == "[]"


def test_a_hovered_element_that_stops_rendering_loses_its_highlight(window, server, qtbot, js):
    """The pointer rests on an element the page then hides (display: none): no highlight is drawn, rather
    than a 0×0 one with its label at the viewport's top-left corner."""
    w = window
    w.load_page(server.url("covered.html"))
    w.act_annotate.trigger()
    QTest.mouseMove(w.view.focusProxy(), center(js, "#buy"))
    qtbot.waitUntil(lambda: candidate(w) == "a#cover", timeout=3000)
    step(w, qtbot, Qt.Key.Key_Down, "button#buy")
    scene = w.tab.annotator.scene
    qtbot.waitUntil(lambda: scene.scene.highlight is not None and scene.scene.highlight.rect.width > 0, timeout=3000)
    js("document.getElementById('buy').style.display = 'none'; true")
    qtbot.waitUntil(lambda: scene.scene.highlight is None, timeout=3000)
