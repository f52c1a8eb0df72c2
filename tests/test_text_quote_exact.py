"""A text range's quote is exactly the element's ``textContent.slice(start, end)`` — a trailing space
included — in the record, its Markdown and the Markdown read back (real QtWebEngine, a real drag)."""

from __future__ import annotations

from PySide6.QtCore import QPoint

from app.model.annotation import TextSelection
from app.protocol.markdown import encode_annotations, parse_annotations
from tests.test_kinds_window import drag, rect_of, start, write_note


def test_a_drag_ending_after_a_space_quotes_the_space(window, server, qtbot, js):
    proxy = start(window, server, js)
    a = rect_of(js, "#w1")
    # The left edge of "dollars" (the text after #w2 is " dollars today."): the range ends after the space
    d = js("(() => { const t = document.querySelector('#w2').nextSibling, r = document.createRange();"
           " r.setStart(t, 1); r.setEnd(t, 2); const b = r.getBoundingClientRect(); return [b.left, b.top, b.bottom]; })()")
    zoom = window.view.zoomFactor()
    mid = (d[1] + d[2]) / 2
    drag(proxy, QPoint(round((a["x"] + 1) * zoom), round(mid * zoom)), QPoint(round((d[0] + 1) * zoom), round(mid * zoom)))
    write_note(window, qtbot, "keep the space")
    ann = window.session.pins[0].annotation
    sel = ann.selection
    words = js(f"document.querySelector({ann.element.selector!r}).textContent.slice({sel.start}, {sel.end})")
    assert sel.quote == words == "all orders over fifty "
    back = parse_annotations(encode_annotations(window.batch())).annotations[0].selection
    assert back == sel
    # What no block may hold still goes: CRLF and a lone CR are one LF each; the cap keeps its mark
    assert TextSelection(quote="a\r\nb\rc ", end=6).quote == "a\nb\nc "
