"""An imported annotation whose page the importing tab is not showing has not been looked for: it reads
stale ``not checked yet`` (panel, Markdown) — never exact — until that page is open in the tab, where it is
re-anchored like any pin after a reload (real window, real QtWebEngine, two origins on 127.0.0.1)."""

from __future__ import annotations

from conftest import pin_at
from PySide6.QtCore import QPoint

from app.protocol.markdown import STATUS_TEXT, encode_annotations
from app.tabs.review_import import NOT_CHECKED
from app.ui.review_io import install_review_ui


def centre(js, selector: str) -> QPoint:
    x, y = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(x), round(y))


def test_an_import_for_a_page_not_shown_is_not_exact_until_that_page_is_open(window, server, server2, qtbot, js,
                                                                             tmp_path):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, centre(js, "button.primary"), "bigger")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5_000)
    exported = window.run(review.export_to(tmp_path / "review.json", "json"))
    window.clear()
    window.load_page(server2.url("counters.html"))       # another page of the second origin
    [pin_id] = window.run(review.import_from(exported))
    annotation = window.session.get(pin_id).annotation
    assert annotation.element.url == server2.url("record.html")
    assert (annotation.status, annotation.status_reason) == ("stale", NOT_CHECKED)
    assert f"Status: {STATUS_TEXT['stale']} ({NOT_CHECKED})" in encode_annotations(window.batch())
    assert NOT_CHECKED in window.panel.rows()[0]
    # Its page open in the tab: looked for and found where its record says — exact
    window.load_page(server2.url("record.html"))
    qtbot.waitUntil(lambda: window.session.get(pin_id).annotation.status == "", timeout=10_000)
    assert window.session.get(pin_id).annotation.status_reason == ""


def test_the_current_tabs_header_over_a_page_it_does_not_show_says_so(qtbot):
    from app.model.annotation import ElementRecord
    from app.model.session import Session
    from app.ui.panel import AnnotationPanel

    session = Session()
    for pin_id, page, tab in (("a", "http://a.test/", "t1"), ("b", "http://a.test/other", "t1"),
                              ("c", "http://b.test/", "t2")):
        session.add(pin_id, ElementRecord(tag="p", url=page), "note", page=page, tab=tab)
    panel = AnnotationPanel(session)
    qtbot.addWidget(panel)
    panel.tab_label = lambda tab_id: f"Tab {tab_id}"
    panel.tab_page = lambda tab_id: {"t1": "http://a.test/", "t2": "http://b.test/"}[tab_id]
    panel.set_current_tab("t1")
    assert panel.headers() == ["This tab · http://a.test/", "This tab, another page · http://a.test/other",
                               "Tab t2 · http://b.test/"]
