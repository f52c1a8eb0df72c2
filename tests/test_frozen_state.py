"""An annotation made while the page is frozen (toolbar Freeze, Ctrl+Shift+P) says so — ``State: frozen`` in
its Markdown, read back by the parser — and keeps the frozen moment's rect when Copy/Save/Export re-read it
after the page moves again (real QtWebEngine, a CSS animation, a real click)."""

from __future__ import annotations

from conftest import pin_at
from PySide6.QtCore import QPoint

from app.protocol.markdown import encode_annotations, parse_annotations
from app.webview.freeze import freezer_of


def box_x(js) -> float:
    return js("document.querySelector('#css').getBoundingClientRect().x + scrollX")


def test_an_annotation_made_on_a_frozen_page_says_so_and_keeps_that_moments_rect(window, server, qtbot, js):
    window.load_page(server.url("freeze.html"))
    freezer = freezer_of(window.tab.bridge)
    window.freeze.trigger()
    qtbot.waitUntil(lambda: freezer.frozen, timeout=5_000)
    r = js("(() => { const r = document.querySelector('#css').getBoundingClientRect();"
           " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    frozen_x = box_x(js)
    window.act_annotate.trigger()
    zoom = window.view.zoomFactor()
    pin_at(window, qtbot, QPoint(round(r[0] * zoom), round(r[1] * zoom)), "spinner too fast")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1 and not window.annotate.note_box.isVisible(), timeout=5_000)
    ann = window.session.pins[0].annotation
    assert ann.state == "frozen" and abs(ann.element.rect.x - frozen_x) < 1
    window.freeze.trigger()                       # moving again
    qtbot.waitUntil(lambda: not freezer.frozen, timeout=5_000)
    qtbot.waitUntil(lambda: abs(box_x(js) - frozen_x) > 20, timeout=10_000)
    batch = window.run(window.tab.refreshed_batch())
    [after] = batch.annotations
    assert after.state == "frozen" and after.element.rect == ann.element.rect
    text = encode_annotations(batch)
    assert "\nState: frozen (made on a frozen page" in text
    assert parse_annotations(text).annotations[0].state == "frozen"
    # Made while it moves: no State line
    pin_at(window, qtbot, QPoint(5, 5), "corner")
    qtbot.waitUntil(lambda: len(window.session.pins) == 2, timeout=5_000)
    assert window.session.pins[1].annotation.state == ""
