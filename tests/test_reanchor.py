"""Re-anchoring with a status (exact / rematched / stale) and SPA routes (issue #3 §7, §8)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.protocol.markdown import encode_annotations, parse_annotations


@pytest.fixture
def spa(window, server):
    window.load_page(server.url("spa.html"))
    window.act_annotate.trigger()
    return window


def pin(window, qtbot, js, selector: str) -> str:
    rect = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
              " return [r.left + 5, r.top + 5]; })()")
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(rect[0]), int(rect[1])))
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    return window.session.pins[-1].id


def status_of(window, pin_id: str) -> str:
    return window.session.get(pin_id).annotation.status


def visible_markers(window) -> list[int]:
    return sorted(m["n"] for m in window.page_call("markers") if m["visible"])


def test_same_node_stays_exact(spa, qtbot, js):
    pin_id = pin(spa, qtbot, js, "#list li:nth-child(2)")
    sentinel = pin(spa, qtbot, js, "#app h1")
    # An unrelated DOM change, and in the same task the sentinel's heading replaced by something else: once
    # the sentinel reads stale, the re-anchoring pass that saw the change has run, and the item stayed exact.
    js("document.body.appendChild(document.createElement('p'));"
       " document.querySelector('#app h1').replaceWith(Object.assign(document.createElement('p'), {textContent: 'x'}))")
    qtbot.waitUntil(lambda: status_of(spa, sentinel) == "stale", timeout=10_000)
    assert status_of(spa, pin_id) == ""
    assert encode_annotations(spa.batch()).count("Status:") == 1   # the sentinel's only


def test_rerendered_identical_node_is_rematched_and_the_marker_moves_with_it(spa, qtbot, js):
    pin_id = pin(spa, qtbot, js, "#list li:nth-child(2)")
    js("window.items = ['Avocados', 'Bananas', 'Cherries', 'Dates']; window.items.unshift('Zucchini'); window.render()")
    qtbot.waitUntil(lambda: status_of(spa, pin_id) == "rematched", timeout=5000)
    assert spa.session.get(pin_id).annotation.element.text == "Bananas"
    assert "Status: rematched" in encode_annotations(spa.batch())
    # The marker sits on the new node (third item now).
    target = js("(() => { const r = document.querySelector('#list li:nth-child(3)').getBoundingClientRect();"
                " return [r.left, r.top]; })()")
    qtbot.waitUntil(lambda: visible_markers(spa) == [1], timeout=3000)
    marker = spa.page_call("markers")[0]
    assert abs(marker["x"] - target[0]) <= 1 and abs(marker["y"] - target[1]) <= 1


def test_node_replaced_by_something_else_goes_stale_never_to_a_look_alike(spa, qtbot, js):
    pin_id = pin(spa, qtbot, js, "#list li:nth-child(2)")
    js("window.items = ['Apples', 'Blueberries', 'Cherries']; window.render()")  # same class, other text
    qtbot.waitUntil(lambda: status_of(spa, pin_id) == "stale", timeout=5000)
    assert spa.session.get(pin_id).annotation.element.text == "Bananas"  # the record is not moved
    text = encode_annotations(spa.batch())
    assert "Status: [element no longer matched]" in text
    assert parse_annotations(text).annotations[0].status == "stale"
    assert spa.panel.rows()[0].startswith("⚠ 1.")
    # A grey marker stays where the element was last seen.
    qtbot.waitUntil(lambda: spa.page_call("markers")[0]["visible"], timeout=3000)


def test_markers_show_only_on_their_route_and_come_back(spa, qtbot, js):
    first = pin(spa, qtbot, js, "#list li:nth-child(1)")
    js("window.go('b')")
    qtbot.waitUntil(lambda: spa.view.url().query() == "route=b", timeout=3000)
    qtbot.waitUntil(lambda: visible_markers(spa) == [], timeout=3000)
    second = pin(spa, qtbot, js, "#b-button")
    assert [p.id for p in spa.session.pins] == [first, second]
    assert len(spa.panel.headers()) == 2 and [r.split(".")[0] for r in spa.panel.rows()] == ["1", "2"]
    batch = spa.batch()
    assert batch.annotations[0].element.url.endswith("spa.html")
    assert batch.annotations[1].element.url.endswith("spa.html?route=b")
    js("history.back()")
    qtbot.waitUntil(lambda: spa.view.url().query() == "", timeout=3000)
    qtbot.waitUntil(lambda: visible_markers(spa) == [1], timeout=5000)
    assert status_of(spa, first) in ("", "rematched")


def test_reload_re_anchors_instead_of_dropping(spa, qtbot, js, server):
    pin_id = pin(spa, qtbot, js, "#list li:nth-child(3)")
    with qtbot.waitSignal(spa.view.loadFinished, timeout=10_000):
        spa.view.reload()
    qtbot.waitUntil(lambda: visible_markers(spa) == [1], timeout=5000)
    # Found again where its record says (the page did not change): the same element, exact
    assert spa.run(spa.tab.refreshed_batch()).annotations[0].status == ""
    assert len(spa.session.pins) == 1


def test_a_stale_marker_scrolls_with_the_page_and_a_rematch_keeps_the_url(spa, qtbot, js):
    js("document.body.style.height = '3000px'; true")
    pin_id = pin(spa, qtbot, js, "#list li:nth-child(2)")
    url = spa.session.get(pin_id).annotation.element.url
    js("window.items = ['Apples', 'Blueberries', 'Cherries']; window.render()")
    qtbot.waitUntil(lambda: status_of(spa, pin_id) == "stale", timeout=5000)
    qtbot.waitUntil(lambda: spa.page_call("markers")[0]["visible"], timeout=3000)
    before = spa.page_call("markers")[0]["y"]
    js("window.scrollTo(0, 100)")
    qtbot.waitUntil(lambda: abs(spa.page_call("markers")[0]["y"] - (before - 100)) <= 1, timeout=3000)
    # Rematch after the URL gained a fragment: the URL line stays the page's.
    js("location.hash = 'x'; window.items = ['Apples', 'Bananas', 'Cherries']; window.render()")
    qtbot.waitUntil(lambda: status_of(spa, pin_id) == "rematched", timeout=5000)
    assert spa.session.get(pin_id).annotation.element.url == url
