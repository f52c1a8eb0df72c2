"""The window's tabs with the real engine: Ctrl+T opens a tab in the window's lease, the address bar follows
the shown tab, annotation mode works in a second tab, Ctrl+W closes it (asking first when it holds unsent
annotations), a page's popup opens as a tab in the same lease, and an isolated tab sees nothing of the first
tab's storage or cookies."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def centre(js, selector: str) -> QPoint:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


@pytest.fixture
def drafts(window):
    """The window's draft journal and close guard (no earlier draft offered). Turned off before the window
    fixture deletes the window: the journal must not read pages the window took with it."""
    from app.ui.draft_prompt import install_drafts

    journal = install_drafts(window, ask=lambda *_: False)
    yield journal
    journal.enabled = False


def new_tab(window, qtbot, keys=CTRL):
    """Press Ctrl+T (or Ctrl+Shift+N with ``keys`` CTRL|SHIFT) in the address bar; returns the new tab."""
    before = list(window.app.tabs)
    key = Qt.Key.Key_N if keys & SHIFT else Qt.Key.Key_T
    QTest.keyClick(window.address, key, keys)
    qtbot.waitUntil(lambda: len(window.app.tabs) == len(before) + 1, timeout=5_000)
    (tab,) = [t for t in window.app.tabs if t not in before]
    qtbot.waitUntil(lambda: window.tab is tab, timeout=5_000)
    return tab


def test_ctrl_t_a_second_tab_follows_the_address_bar_annotates_and_ctrl_w_closes(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    first = w.tab
    second = new_tab(w, qtbot)
    assert second.lease is first.lease and w.tab_strip.count() == 2 and w.tab_strip.currentIndex() == 1
    assert w.stack.currentWidget().tab is second and w.panel.session is w.app.batch_session
    assert w.panel.current_tab == second.id
    w.load_page(server.url("edges.html"))
    qtbot.waitUntil(lambda: w.address.text() == server.url("edges.html"), timeout=5_000)
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)          # Ctrl+Tab: back to the first tab
    qtbot.waitUntil(lambda: w.tab is first, timeout=5_000)
    assert w.address.text() == server.url("counters.html") and w.tab_strip.currentIndex() == 0
    QTest.keyClick(w.address, Qt.Key.Key_Backtab, CTRL | SHIFT)  # Ctrl+Shift+Tab: the second again
    qtbot.waitUntil(lambda: w.tab is second, timeout=5_000)
    assert w.address.text() == server.url("edges.html")
    # Annotation mode in the second tab: the hover highlight, then a pin with its note.
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    assert w.annotate is w.views[second.id].annotate and w.annotate.active and w.act_annotate.isChecked()
    proxy = w.view.focusProxy()
    target = centre(js, "#target")
    QTest.mouseMove(proxy, target + QPoint(1, 1))
    QTest.mouseMove(proxy, target)
    qtbot.waitUntil(lambda: (w.page_call("hoverState") or {}).get("label", "").startswith("div#target"),
                    timeout=5_000)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, "second tab note")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5_000)
    assert [p.annotation.note for p in second.session.pins] == ["second tab note"] and first.session.pins == []
    assert [m["n"] for m in w.page_call("markers")] == [1]
    assert w.panel.rows() and "second tab note" in w.panel.rows()[0]
    # Switching away ends the mode there; the first tab's toolbar state is its own.
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)
    qtbot.waitUntil(lambda: w.tab is first, timeout=5_000)
    assert not w.act_annotate.isChecked() and not w.views[second.id].annotate.active
    assert w.panel.current_tab == first.id and first.session.pins == []
    assert w.panel.headers() == [f"Tab 2: {second.page.title()} · {server.url('counters.html')}"]
    # Ctrl+W closes the shown tab (the second, after coming back to it); the first is shown again.
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)
    qtbot.waitUntil(lambda: w.tab is second, timeout=5_000)
    QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)
    qtbot.waitUntil(lambda: len(w.app.tabs) == 1 and w.tab is first, timeout=5_000)
    assert w.tab_strip.count() == 1 and list(w.views) == [first.id] and w.stack.count() == 1
    assert w.address.text() == server.url("counters.html")
    QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)             # the last tab stays
    assert w.app.tabs == [first]


def test_closing_a_tab_with_unsent_annotations_asks_first(window, drafts, server, qtbot, js):
    w = window
    asked = []
    answer = ["cancel"]
    w.close_guard.ask = lambda _w, n: asked.append(n) or answer[0]
    second = new_tab(w, qtbot)
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    target = centre(js, "#target")
    QTest.mouseMove(proxy, target)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, "keep me")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(second.session.pins) == 1, timeout=5_000)
    QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)
    assert asked == [1] and second in w.app.tabs and w.tab is second      # Cancel keeps the tab
    answer[0] = "discard"
    QTest.keyClick(w.address, Qt.Key.Key_W, CTRL)
    qtbot.waitUntil(lambda: second not in w.app.tabs, timeout=5_000)
    assert asked == [1, 1] and len(w.app.tabs) == 1


def test_a_popup_opens_as_a_tab_in_the_same_lease(window, server, qtbot, js):
    w = window
    w.load_page(server.url("popups.html"))
    opener = w.tab
    # The user's click opens it (a popup without user activation is blocked, as in Chrome: test_popups).
    js("document.querySelector('h1').onclick = () => window.open('other.html'); 0")
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(js, "h1"))
    qtbot.waitUntil(lambda: len(w.app.tabs) == 2 and w.tab is not opener, timeout=10_000)
    popup = w.tab
    assert popup.lease is opener.lease and w.app.tabs == [opener, popup]
    assert w.tab_strip.count() == 2 and w.tab_strip.tabData(w.tab_strip.currentIndex()) == popup.id
    qtbot.waitUntil(lambda: w.address.text() == server.url("other.html"), timeout=10_000)
    assert opener.page.url().toString() == server.url("popups.html")


def test_an_isolated_tab_sees_nothing_of_the_first_tabs_storage_or_cookies(window, server, qtbot, js):
    w = window
    w.load_page(server.url("other.html"))
    first = w.tab
    js("localStorage.setItem('who', 'first'); document.cookie = 'who=first; path=/'; 0")
    assert js("document.cookie") == "who=first"
    shared = new_tab(w, qtbot)                    # Ctrl+T: the same lease sees both
    w.load_page(server.url("other.html"))
    assert shared.lease is first.lease
    assert js("localStorage.getItem('who')") == "first" and js("document.cookie") == "who=first"
    isolated = new_tab(w, qtbot, CTRL | SHIFT)     # Ctrl+Shift+N: a fresh off-the-record lease
    w.load_page(server.url("other.html"))
    assert isolated.lease is not first.lease and isolated.lease.name.startswith("isolated-")
    assert js("localStorage.getItem('who')") is None and js("document.cookie") == ""
    assert w.tab_strip.tabText(w.tab_strip.currentIndex()).startswith("◆")
    w.app.select_tab(first.id)                     # the session lease is shared by later tests: leave it clean
    js("localStorage.clear(); document.cookie = 'who=; path=/; max-age=0'; 0")


def test_closing_the_window_with_send_sends_every_tabs_annotations(window, drafts, server, qtbot, js):
    w = window
    asked = []
    w.close_guard.ask = lambda _w, n: asked.append(n) or "send"
    first = w.tab
    for index in range(2):
        tab = w.tab if index == 0 else new_tab(w, qtbot)
        w.load_page(server.url("counters.html"))
        w.act_annotate.trigger()
        target = centre(js, "#target")
        QTest.mouseMove(w.view.focusProxy(), target)
        QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
        qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5_000)
        qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
        QTest.keyClicks(w.annotate.note_box.editor, f"note in tab {tab.id}")
        QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(tab.session.pins) == 1, timeout=5_000)
    assert w.app.drafts.unsent() == 2
    assert w.close() and asked == [2]                # Send: both tabs' batches go, the window closes
    assert w.app.drafts.unsent() == 0 and all(not t.session.pins for t in w.app.tabs)
    notes = sorted(a.note for sent in w.hub.store.batches for a in sent.batch.annotations)
    assert notes == [f"note in tab {first.id}", f"note in tab {w.app.tabs[1].id}"]


def test_zoom_back_forward_and_the_zoom_indicator_follow_the_shown_tab(window, server, qtbot):
    w = window
    w.load_page(server.url("counters.html"))
    first = w.tab
    second = new_tab(w, qtbot)
    w.load_page(server.url("popups.html"))
    w.load_page(server.url("other.html"))
    qtbot.waitUntil(w.keys.back.isEnabled, timeout=5_000)
    QTest.keyClick(w.address, Qt.Key.Key_Equal, CTRL)           # Ctrl+=: zoom in, this tab only
    assert second.view.zoomFactor() > 1.0 and w.status.zoom_button.text() == "110%"
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)
    qtbot.waitUntil(lambda: w.tab is first, timeout=5_000)
    assert first.view.zoomFactor() == 1.0 and w.status.zoom_button.text() == "100%"
    assert not w.keys.back.isEnabled()                          # the first tab has no history to go back to
    QTest.keyClick(w.address, Qt.Key.Key_Tab, CTRL)
    qtbot.waitUntil(lambda: w.tab is second, timeout=5_000)
    assert w.keys.back.isEnabled() and w.status.zoom_button.text() == "110%"
    with qtbot.waitSignal(second.view.loadFinished, timeout=10_000):
        QTest.keyClick(w.address, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # Alt+←: this tab goes back
    assert second.page.url().toString() == server.url("popups.html")
    assert first.page.url().toString() == server.url("counters.html")
    assert w.address.text() == server.url("popups.html")
    QTest.keyClick(w.address, Qt.Key.Key_0, CTRL)              # the shared session lease keeps no zoom


def test_a_new_tab_puts_the_typing_in_its_address_bar(window, server, qtbot):
    """Ctrl+T from the page: the new tab's address bar takes the keys at once (as in every browser), so typing
    an address and Enter opens it."""
    from PySide6.QtWidgets import QApplication

    w = window
    w.load_page(server.url("counters.html"))
    w.activateWindow()
    tab = new_tab(w, qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.address, timeout=5_000)
    QTest.keyClicks(QApplication.focusWidget(), server.url("edges.html"))
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.page.url().toString() == server.url("edges.html"), timeout=10_000)


def test_the_toolbar_has_stop_beside_reload_and_zoom_buttons_acting_on_the_shown_tab(window, server, qtbot):
    w = window
    w.load_page(server.url("counters.html"))
    first = w.tab
    assert w.nav_buttons["stop"] is w.nav_buttons["reload"]     # one Reload/Stop slot (test_window_round3)
    assert not w.keys.stop.isEnabled()                          # nothing loading: nothing to stop
    second = new_tab(w, qtbot)
    w.load_page(server.url("other.html"))
    QTest.mouseClick(w.nav_buttons["zoom_in"], Qt.MouseButton.LeftButton)
    assert second.view.zoomFactor() > 1.0 and first.view.zoomFactor() == 1.0
    assert w.status.zoom_button.text() == "110%"
    QTest.mouseClick(w.nav_buttons["zoom_out"], Qt.MouseButton.LeftButton)
    QTest.mouseClick(w.nav_buttons["zoom_out"], Qt.MouseButton.LeftButton)
    assert second.view.zoomFactor() < 1.0
    QTest.keyClick(w.address, Qt.Key.Key_0, CTRL)              # the shared session lease keeps no zoom
    assert second.view.zoomFactor() == 1.0
