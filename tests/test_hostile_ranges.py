"""A text drag (real QtWebEngine, the pointer in annotation mode) quotes what the element's own text would
show and nothing more: across a ``data-pagenote-redact`` span the quote reads ``[redacted]``, inside a
contenteditable host (text the user typed) its placeholder, as the element record's text does — the words
under them never reach the Markdown, the panel or an agent."""

from __future__ import annotations

from PySide6.QtCore import QPoint

from test_kinds_window import drag, rect_of, write_note

from app.core.policy import EDITABLE_TEXT, REDACTED_TEXT
from app.protocol.markdown import encode_annotations


def drag_across(window, qtbot, js, first: str, last: str) -> None:
    proxy = window.view.focusProxy()
    a, b = rect_of(js, first), rect_of(js, last)
    mid = round((a["y"] + a["bottom"]) / 2)
    drag(proxy, QPoint(round(a["x"]) + 1, mid), QPoint(round(b["right"]) - 1, mid))
    write_note(window, qtbot, "check")


def test_a_text_drag_quotes_neither_redacted_nor_typed_text(window, server, qtbot, js):
    window.load_page(server.url("range_secrets.html"))
    js("document.getElementById('pw').value = 'hunter2pw'; document.getElementById('ta').value = 'typedsecret';")
    window.annotate.set_mode(True)
    for first, last in (("#c1", "#c2"), ("#d1", "#d2"), ("#f1", "#f2"), ("#p1", "#p2")):
        drag_across(window, qtbot, js, first, last)
    quotes = [pin.annotation.selection.quote for pin in window.session.pins]
    assert quotes == [f"Card {REDACTED_TEXT} belongs to Alice", EDITABLE_TEXT, "Login   done",
                      "Plain words stay quoted"]
    markdown = encode_annotations(window.batch(), "forensic")
    for secret in ("4111", "surprise", "Tuesday", "hunter2pw", "typedsecret"):
        assert secret not in markdown
