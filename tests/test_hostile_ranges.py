"""A text drag (real QtWebEngine, the pointer in annotation mode) quotes what the element's own text would
show and nothing more: across a ``data-pagenote-redact`` span the quote reads ``[redacted]``, inside a
contenteditable host (text the user typed) its placeholder, as the element record's text does — the words
under them never reach the Markdown, the panel or an agent."""

from __future__ import annotations

from PySide6.QtCore import QPoint

from test_kinds_window import drag, rect_of, write_note

from app.core.secret_rules import EDITABLE_TEXT, REDACTED_TEXT
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


def test_a_redacted_web_components_shadow_text_never_leaves_the_page(window, server, qtbot, js):
    """``data-pagenote-redact`` on a custom element covers its open shadow tree too: a text drag and a click
    inside it record ``[redacted]`` — the card number went out in the quote, the record's text, its
    ``text=`` locator and its HTML excerpt (``closest()`` stops at the shadow root)."""
    from conftest import pin_at

    window.load_page(server.url("redact_shadow.html"))
    window.annotate.set_mode(True)

    def box(inner: str) -> list[float]:
        return js(f"(() => {{ const r = document.getElementById('card').shadowRoot.getElementById({inner!r})"
                  ".getBoundingClientRect(); return [r.x, r.y, r.right, r.bottom]; })()")

    num, exp = box("num"), box("exp")
    mid = round((num[1] + num[3]) / 2)
    drag(window.view.focusProxy(), QPoint(round(num[0]) + 1, mid), QPoint(round(num[2]) - 1, mid))
    write_note(window, qtbot, "range")
    pin_at(window, qtbot, QPoint(round((exp[0] + exp[2]) / 2), mid), "click")
    qtbot.waitUntil(lambda: len(window.session.pins) == 2, timeout=5_000)
    text, click = (pin.annotation for pin in window.session.pins)
    assert text.selection.quote == REDACTED_TEXT
    assert text.element.text == REDACTED_TEXT and click.element.text == REDACTED_TEXT
    markdown = encode_annotations(window.batch(), "forensic")
    assert "4111" not in markdown and "12/29" not in markdown
