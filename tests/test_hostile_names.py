"""Page text shown in pagenote's own widgets is text: an accessible name that looks like HTML (Qt's rich-text
detection, Qt::mightBeRichText, takes a line whose first tag is a known one for rich text) must not be laid
out as markup in the note box — a page could otherwise draw headings, colours or pictures into pagenote's
own window, e.g. a fake 'session expired' prompt where the user types."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtTest import QTest


def test_a_page_name_that_looks_like_html_is_shown_as_text_in_the_note_box(window, server, qtbot, js):
    window.load_page(server.url("rich_names.html"))
    window.annotate.set_mode(True)
    x, y = js("(() => { const r = document.getElementById('pay').getBoundingClientRect();"
              " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(round(x), round(y)))
    box = window.annotate.note_box
    qtbot.waitUntil(box.isVisible, timeout=5000)
    # the note box opens from the element's box; its title gets the name when the whole record follows
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)
    title = box.title
    assert "<h1>PAY NOW</h1>" in title.text()
    line = QFontMetrics(title.font()).height()
    assert title.sizeHint().height() < 2 * line, "the title was laid out as rich text (a heading)"
    # The tooltip (the whole title, as it is elided) reads as the same characters when Qt renders it.
    tip = title.toolTip()
    assert tip
    doc = QTextDocument()
    doc.setHtml(tip)
    assert "<h1>PAY NOW</h1> your session expired" in doc.toPlainText()


def test_a_page_title_that_looks_like_html_is_shown_as_text_in_the_tab_tooltip(window, server, qtbot, js):
    """QToolTip lays out a tooltip whose first line starts with a known tag as rich text; a page title is the
    tab tooltip's first line."""
    window.load_page(server.url("rich_names.html"))
    strip = window.tab_strip
    qtbot.waitUntil(lambda: "Bank" in strip.tabToolTip(strip.currentIndex()), timeout=5000)
    doc = QTextDocument()
    doc.setHtml(strip.tabToolTip(strip.currentIndex()))
    assert doc.toPlainText().startswith("<h1>Bank</h1> login")


def test_panel_tooltips_show_page_titles_and_notes_as_text(window, server, qtbot, js):
    """The panel's header names another tab by its page title, and a row's tooltip starts with the note (an
    imported review's notes are someone else's text): both are laid out as text, so a title
    '<h1>Bank</h1> login' and a note 'make the <b> tags <i>' keep every character."""
    from conftest import pin_at
    from test_batch_tabs import new_tab

    w = window
    w.load_page(server.url("rich_names.html"))
    w.annotate.set_mode(True)
    x, y = js("(() => { const r = document.getElementById('pay').getBoundingClientRect();"
              " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    pin_at(w, qtbot, QPoint(round(x), round(y)), "make the <b> tags <i>")
    qtbot.waitUntil(lambda: len(w.tab.session.pins) == 1, timeout=5_000)
    new_tab(w, qtbot)
    items = [w.panel.list.item(i) for i in range(w.panel.list.count())]
    header = next(i for i in items if i.text().startswith("Tab 1:"))
    row = next(i for i in items if "make the" in i.text())

    def shown(tip: str) -> str:
        doc = QTextDocument()
        doc.setHtml(tip)
        return doc.toPlainText()

    assert shown(header.toolTip()).startswith("Tab 1: <h1>Bank</h1> login · ")
    assert shown(row.toolTip()).startswith("make the <b> tags <i>\n")


def test_sent_rows_tooltips_show_page_names_and_agent_replies_as_text(window, server, qtbot, js, socket_path):
    """A sent annotation's tooltip starts with its summary (the page's accessible name) and its status tooltip
    and reply row carry the agent's reply: all laid out as text."""
    from conftest import pin_at
    from test_agent_socket import RawClient

    w = window
    w.load_page(server.url("rich_names.html"))
    w.annotate.set_mode(True)
    x, y = js("(() => { const r = document.getElementById('pay').getBoundingClientRect();"
              " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    pin_at(w, qtbot, QPoint(round(x), round(y)), "wider")
    qtbot.waitUntil(lambda: len(w.tab.session.pins) == 1, timeout=5_000)
    w.send()
    client = RawClient(qtbot, socket_path)
    try:
        batch_id = client.call("annotations.list")["result"]["batches"][0]["id"]
        client.call("annotations.ack", {"batch": batch_id, "status": "resolved", "annotation": 1,
                                        "reply": "<b> became <strong>"})
    finally:
        client.close()
    top = w.panel.sent.topLevelItem(0)
    child = next(top.child(j) for j in range(top.childCount()) if "wider" in top.child(j).text(0))
    reply_row = next(child.child(j) for j in range(child.childCount()))

    def shown(tip: str) -> str:
        doc = QTextDocument()
        doc.setHtml(tip)
        return doc.toPlainText()

    assert shown(child.toolTip(0)).startswith("1. button “<h1>PAY NOW</h1>")
    assert shown(child.toolTip(1)).endswith("<b> became <strong>")
    assert shown(reply_row.toolTip(0)) == "<b> became <strong>"


def test_a_download_name_that_looks_like_html_is_text_in_the_status_line(window, server, qtbot, js):
    """A page names its download (``<a download=…>``; Chromium keeps ``<`` and ``>``): the status line's
    message, and its tooltip when the message is cut, show it as text."""
    messages = []
    window.app.message.connect(messages.append)
    window.load_page(server.url("download_rich.html"))
    js("document.getElementById('get').click(); 0")
    qtbot.waitUntil(lambda: any("<h1>PAY</h1>" in m for m in messages), timeout=10_000)
    label = window.status.label
    label.setText(messages[-1] + " · " + "more words " * 40)   # long enough to be cut in any window
    qtbot.waitUntil(label.is_elided, timeout=5_000)
    doc = QTextDocument()
    doc.setHtml(label.toolTip())
    assert doc.toPlainText().startswith("Blocked the download of <h1>PAY</h1> now.bin")
    assert label.sizeHint().height() < 2 * QFontMetrics(label.font()).height()
