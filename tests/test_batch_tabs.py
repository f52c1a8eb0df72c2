"""One batch across a window's tabs, with the real engine: annotations made in two tabs are numbered 1..N
batch-wide, each remembers its tab and page, its marker is drawn only in its own tab (even on the same URL in
another tab), the panel lists the shown tab's rows first under labelled headers, Copy/Send and agents get
the whole batch, closing a tab with notes asks (Discard drops only that tab's), and the draft journal
restores a two-tab batch by re-opening both pages with their notes."""

from __future__ import annotations

from conftest import pin_at
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)

CTRL = Qt.KeyboardModifier.ControlModifier


def centre(js, selector: str) -> QPoint:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


def new_tab(window, qtbot):
    before = list(window.app.tabs)
    QTest.keyClick(window.address, Qt.Key.Key_T, CTRL)
    qtbot.waitUntil(lambda: len(window.app.tabs) == len(before) + 1, timeout=5_000)
    (tab,) = [t for t in window.app.tabs if t not in before]
    qtbot.waitUntil(lambda: window.tab is tab, timeout=5_000)
    return tab


def annotate_two_tabs(w, server, qtbot, js):
    """Tab 1: notes on #target and #link of counters.html; tab 2 (Ctrl+T): a note on #target of the same
    URL. Returns the two tabs (the second shown)."""
    w.load_page(server.url("counters.html"))
    first = w.tab
    w.act_annotate.trigger()
    pin_at(w, qtbot, centre(js, "#target"), "a: target")
    qtbot.waitUntil(lambda: len(first.session.pins) == 1, timeout=5_000)
    pin_at(w, qtbot, centre(js, "#link"), "a: link")
    qtbot.waitUntil(lambda: len(first.session.pins) == 2, timeout=5_000)
    second = new_tab(w, qtbot)
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    pin_at(w, qtbot, centre(js, "#target"), "b: target")
    qtbot.waitUntil(lambda: len(second.session.pins) == 1, timeout=5_000)
    return first, second


def test_two_tabs_make_one_batch_numbered_across_tabs_with_markers_only_in_their_tab(window, server, qtbot, js):
    w = window
    first, second = annotate_two_tabs(w, server, qtbot, js)
    batch = w.app.batch_session
    assert [(p.tab, p.annotation.note) for p in batch.pins] == [
        (first.id, "a: target"), (first.id, "a: link"), (second.id, "b: target")]
    assert {p.page for p in batch.pins} == {server.url("counters.html")}
    # The same element on the same URL in two tabs: two annotations, numbered batch-wide.
    assert [second.session.number_of(p.id) for p in second.session.pins] == [3]
    # Markers: tab 2 draws only its own (number 3), tab 1 only its two, though both show the same URL.
    qtbot.waitUntil(lambda: [m["n"] for m in w.page_call("markers")] == [3], timeout=5_000)
    qtbot.waitUntil(lambda: len(second.annotator.scene.scene.marks) == 1, timeout=5_000)
    markers_a = w.run(first.bridge.call("markers"))
    assert sorted(m["n"] for m in markers_a) == [1, 2]
    # The panel: the shown tab's rows first, under labelled headers; switching tab reorders.
    url = server.url("counters.html")
    assert [r.split(".")[0] for r in w.panel.rows()] == ["3", "1", "2"]
    assert w.panel.headers() == [f"This tab · {url}", f"Tab 1: {first.page.title()} · {url}"]
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)
    qtbot.waitUntil(lambda: w.tab is first, timeout=5_000)
    assert [r.split(".")[0] for r in w.panel.rows()] == ["1", "2", "3"]
    assert w.panel.headers() == [f"This tab · {url}", f"Tab 2: {second.page.title()} · {url}"]
    # Copy (the toolbar's way: re-read from the live pages first) and agents see the whole batch.
    w.run(w.export("copy"))
    text = QGuiApplication.clipboard().text()
    assert all(note in text for note in ("a: target", "a: link", "b: target"))
    assert text.index("a: target") < text.index("a: link") < text.index("b: target")
    from app.agent.host import TabsHost

    agent_view = w.run(TabsHost(w.app).current_batch())
    assert [a.note for a in agent_view.annotations] == ["a: target", "a: link", "b: target"]
    # An element screenshot by batch-wide number: annotation 2 is tab 1's (shown), annotation 3 is tab 2's.
    import pytest

    from app.agent.methods import ScreenshotParams
    from app.core.errors import PagenoteError

    shot = w.run(TabsHost(w.app).screenshot(ScreenshotParams(kind="element", annotation=2)))
    assert shot["annotation"] == 2 and shot["width"] > 0
    with pytest.raises(PagenoteError, match="annotation 3 was made in another tab"):
        w.run(TabsHost(w.app).screenshot(ScreenshotParams(kind="element", annotation=3)))
    # Deleting annotation 1 (tab 1) renumbers tab 2's marker to 2.
    w.annotate.delete(first.session.pins[0].id)
    w.tab_strip.setCurrentIndex(1)
    qtbot.waitUntil(lambda: w.tab is second, timeout=5_000)
    qtbot.waitUntil(lambda: [m["n"] for m in w.page_call("markers")] == [2], timeout=5_000)
    # Send hands over the one batch (both tabs), then the editor is empty in every tab.
    assert w.run(w.export("send")) == 0
    assert [a.note for a in w.hub.store.batches[-1].batch.annotations] == ["a: link", "b: target"]
    assert batch.pins == [] and first.session.pins == [] and second.session.pins == []


def test_closing_a_tab_with_notes_asks_and_discard_drops_only_that_tabs_notes(window, server, qtbot, js):
    from app.ui.draft_prompt import install_drafts

    w = window
    journal = install_drafts(w, ask=lambda *_: False)
    try:
        first, second = annotate_two_tabs(w, server, qtbot, js)
        asked = []
        w.close_guard.ask = lambda _w, n: asked.append(n) or "discard"
        w.tab_strip.setCurrentIndex(0)
        qtbot.waitUntil(lambda: w.tab is first, timeout=5_000)
        QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)
        qtbot.waitUntil(lambda: first not in w.app.tabs, timeout=5_000)
        assert asked == [2]                                  # the closing tab's own notes
        assert [p.annotation.note for p in w.app.batch_session.pins] == ["b: target"]
        qtbot.waitUntil(lambda: [m["n"] for m in w.page_call("markers")] == [1], timeout=5_000)
        assert journal.unsent() == 1 and w.panel.headers() == []
        # The closed tab's parts no longer observe the batch: a new note in the other tab works as before.
        w.act_annotate.trigger()
        pin_at(w, qtbot, centre(js, "#link"), "b: link")
        qtbot.waitUntil(lambda: len(second.session.pins) == 2, timeout=5_000)
        qtbot.waitUntil(lambda: sorted(m["n"] for m in w.page_call("markers")) == [1, 2], timeout=5_000)
        assert [r.split(".")[0] for r in w.panel.rows()] == ["1", "2"] and journal.unsent() == 2
    finally:
        journal.enabled = False


def test_save_on_tab_close_keeps_the_notes_in_the_batch_under_a_closed_tab(window, server, qtbot, js):
    from app.ui.draft_prompt import install_drafts

    w = window
    journal = install_drafts(w, ask=lambda *_: False)
    try:
        first, second = annotate_two_tabs(w, server, qtbot, js)
        w.close_guard.ask = lambda _w, n: "save"
        QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)        # the second tab (shown)
        qtbot.waitUntil(lambda: second not in w.app.tabs, timeout=5_000)
        assert [p.annotation.note for p in w.app.batch_session.pins] == ["a: target", "a: link", "b: target"]
        url = server.url("counters.html")
        qtbot.waitUntil(lambda: w.panel.headers() == [f"This tab · {url}", f"Closed tab · {url}"], timeout=5_000)
        assert journal.unsent() == 3
        # Edit on a closed tab's row re-opens its page in a new tab, which takes over its annotation: its
        # marker (number 3) is drawn there again.
        closed = w.app.batch_session.pins[2]
        w.panel.edit_requested.emit(closed.id, second.id)
        qtbot.waitUntil(lambda: len(w.app.tabs) == 2 and w.tab is not first, timeout=5_000)
        reopened = w.tab
        assert closed.tab == reopened.id and [p.annotation.note for p in reopened.session.pins] == ["b: target"]
        qtbot.waitUntil(lambda: not reopened.loading and reopened.page.url().toString() == url, timeout=10_000)
        qtbot.waitUntil(lambda: len(reopened.annotator.scene.scene.marks) == 1, timeout=10_000)
        assert [m["n"] for m in reopened.session.markers()] == [3]
        assert w.panel.headers() == [f"This tab · {url}", f"Tab 1: {first.page.title()} · {url}"]
    finally:
        journal.enabled = False


def test_the_draft_of_a_two_tab_batch_restores_both_pages_with_their_notes(window, server, qtbot, js, tabs,
                                                                          tmp_path):
    from app.runtime.drafts import DraftJournal, load_draft, restore_draft

    w = window
    journal = DraftJournal(w.app, tmp_path)
    try:
        first, second = annotate_two_tabs(w, server, qtbot, js)
        w.panel.summary_changed.emit("two tabs")
        path = tmp_path / ".pagenote" / "draft.json"
        qtbot.waitUntil(lambda: path.exists() and "two tabs" in path.read_text(), timeout=5_000)
    finally:
        journal.enabled = False
    draft, problem = load_draft(tmp_path)
    assert problem == "" and draft.count == 3 and len(draft.tabs) == 2
    # The next start: both pages re-open as tabs, each with its notes, numbers and summary as they were.
    restored = restore_draft(tabs.app, draft)
    assert len(restored) == 2 and tabs.app.active_tab is restored[0]
    a, b = restored
    for tab in restored:
        tabs.show(tab)
    assert [p.annotation.note for p in a.session.pins] == ["a: target", "a: link"]
    assert [p.annotation.note for p in b.session.pins] == ["b: target"]
    assert [b.session.number_of(p.id) for p in b.session.pins] == [3]
    assert tabs.app.batch_session.summary == "two tabs"
    qtbot.waitUntil(lambda: a.page.url().toString() == server.url("counters.html") and not a.loading, timeout=10_000)
    qtbot.waitUntil(lambda: b.page.url().toString() == server.url("counters.html") and not b.loading, timeout=10_000)
    # Markers re-anchor in their own tab only (both tabs show the same URL): 1 and 2 in a, 3 in b.
    qtbot.waitUntil(lambda: len(a.annotator.scene.scene.marks) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: len(b.annotator.scene.scene.marks) == 1, timeout=10_000)


def test_the_tab_close_question_says_send_hands_over_the_whole_batch(window, server, qtbot, js):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from app.ui.draft_prompt import ask_close

    w = window
    first, second = annotate_two_tabs(w, server, qtbot, js)
    seen, discards = [], []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box.text())
        discards.append(box.button(QMessageBox.StandardButton.Discard).text().replace("&", ""))
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, answer)
    assert w.run(ask_close(w, len(second.session.pins))) == "cancel"
    # (tests run without the English plural forms: "annotation(s)")
    assert seen[0].startswith("1 annotation") and " in this tab " in seen[0]
    assert "Send hands the whole batch (3 annotations) to the agent" in seen[0] and "removes this tab's" in seen[0]
    # the sentence names the Discard button by its own text (the platform's: GNOME's reads "Close without Saving")
    assert f"“{discards[0]}” removes this tab's" in seen[0], (discards, seen)
    QTimer.singleShot(0, answer)
    assert w.run(ask_close(w, 3)) == "cancel"         # the window's close: all of them
    assert seen[1].startswith("3 annotation") and "whole batch" not in seen[1]


def test_dragging_a_row_in_the_grouped_panel_moves_it_between_its_new_neighbours(window, server, qtbot, js):
    from PySide6.QtCore import QModelIndex

    w = window
    first, second = annotate_two_tabs(w, server, qtbot, js)      # tab 2 shown: [header, 3, header, 1, 2]
    notes = lambda: [p.annotation.note for p in w.app.batch_session.pins]  # noqa: E731
    model = w.panel.list.model()
    assert model.moveRow(QModelIndex(), 3, QModelIndex(), 0)      # row "1" to the very top: still before 3
    qtbot.waitUntil(lambda: [r.split(".")[0] for r in w.panel.rows()] == ["3", "1", "2"], timeout=3_000)
    assert notes() == ["a: target", "a: link", "b: target"] and len(w.panel.headers()) == 2
    assert model.moveRow(QModelIndex(), 1, QModelIndex(), 5)      # row "3" below "2": after it, already so
    qtbot.waitUntil(lambda: w.panel.list.item(1).text().startswith("3."), timeout=3_000)  # regrouped
    assert notes() == ["a: target", "a: link", "b: target"]
    assert model.moveRow(QModelIndex(), 4, QModelIndex(), 3)      # row "2" above "1": now number 1
    qtbot.waitUntil(lambda: notes() == ["a: link", "a: target", "b: target"], timeout=3_000)
    assert [r.split(".")[0] for r in w.panel.rows()] == ["3", "1", "2"] and w.panel.rows()[1].endswith("— a: link")
    qtbot.waitUntil(lambda: sorted(m["n"] for m in w.run(first.bridge.call("markers"))) == [1, 2], timeout=3_000)
