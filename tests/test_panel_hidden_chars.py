"""The window flags a record whose page text held hidden characters (security review item 4: the user sees
nothing on the page before Send; the agent reads them, shown escaped as ``\\u200b``): the panel row carries a
"hidden text" marker painted before its status chip, its tooltip and the detail pane say what it means, and a
clean record has none. A real hostile page served on 127.0.0.1 (``tests/pages/hidden_chars.html``: its
first button's ``aria-label`` holds a zero-width space, an RLO override and a Unicode tag character)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QTextDocument

from app.ui.panel_rows import HIDDEN_COLOUR, ROW_ROLE


def _centre(js, element_id: str) -> QPoint:
    x, y = js(f"(() => {{ const r = document.getElementById('{element_id}').getBoundingClientRect();"
              " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    return QPoint(round(x), round(y))


def _marker_pixels(panel, item) -> int:
    """How many pixels of the row's painted image are the marker's colour."""
    image = panel.list.viewport().grab(panel.list.visualItemRect(item)).toImage()
    want = QColor(HIDDEN_COLOUR)
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if image.pixelColor(x, y).rgb() == want.rgb())


def test_a_row_whose_page_text_held_hidden_characters_is_flagged(window, server, qtbot, js):
    from conftest import pin_at

    w = window
    w.load_page(server.url("hidden_chars.html"))
    w.annotate.set_mode(True)
    pin_at(w, qtbot, _centre(js, "buy"), "too small")
    qtbot.waitUntil(lambda: len(w.tab.session.pins) == 1, timeout=5_000)
    pin_at(w, qtbot, _centre(js, "back"), "fine")
    qtbot.waitUntil(lambda: len(w.tab.session.pins) == 2, timeout=5_000)
    assert w.tab.session.pins[0].annotation.element.hidden_chars
    assert not w.tab.session.pins[1].annotation.element.hidden_chars
    buy, back = (w.panel.list.item(i) for i in range(2))
    assert buy.text().endswith("(hidden text)") and "hidden" not in back.text()
    assert buy.data(ROW_ROLE).hidden == "hidden text" and back.data(ROW_ROLE).hidden == ""
    assert "invisible characters" in buy.toolTip() and "invisible characters" not in back.toolTip()
    # The detail pane of the selected row says it too.
    w.panel.list.setCurrentItem(buy)
    doc = QTextDocument()
    doc.setHtml(w.panel.detail.toHtml())
    assert "Hidden characters" in doc.toPlainText() and "agent reads them" in doc.toPlainText()
    w.panel.list.setCurrentItem(back)
    doc.setHtml(w.panel.detail.toHtml())
    assert "Hidden characters" not in doc.toPlainText()
    # The marker is painted in the flagged row only.
    assert _marker_pixels(w.panel, buy) > 20 and _marker_pixels(w.panel, back) == 0
