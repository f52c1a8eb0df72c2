"""The window as a user meets it: badges, the note box and the hover label never hide what they mark; the
browser keys work wherever the focus is and never type into a text field; pagenote's own keys work on the
first press from a page's text field; the mode indicator agrees with the page; long texts elide with their
whole text in a tooltip."""

from __future__ import annotations

import pytest
from _badges import badge_rect
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton

from app.core.placement import Box

CTRL, ALT, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ShiftModifier


def centre(js, selector: str) -> QPoint:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


def rect_of(js, selector: str) -> Box:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.left, r.top, r.width, r.height]; })()")
    return Box(*r)


def pin(window, qtbot, point: QPoint, note: str = "") -> None:
    proxy = window.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    if note:
        QTest.keyClicks(window.annotate.note_box.editor, note)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)


# -- placement on a real page ------------------------------------------------------------------------------


def test_badges_sit_outside_their_elements_and_apart_and_the_note_box_beside(window, server, qtbot, js):
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    targets = ["#c1", "#c2", "#link", "#full", "#para"]
    for selector in targets:
        r = rect_of(js, selector)
        pin(w, qtbot, QPoint(round(r.x + 3), round(r.y + 3)) if selector in ("#full", "#para") else centre(js, selector))
    qtbot.waitUntil(lambda: len(w.marks.badges()) == len(targets), timeout=3000)
    boxes = {p.annotation.element.selector: p.annotation.element.rect for p in w.session.pins}
    assert len(boxes) == len(targets)
    badges = [badge_rect(w, n) for n in range(1, len(targets) + 1)]
    for n, (pin_, badge) in enumerate(zip(w.session.pins, badges), start=1):
        r = pin_.annotation.element.rect
        element = Box(r.x, r.y, r.width, r.height)
        b = Box(*badge)
        assert not b.intersects(element), (n, pin_.annotation.element.selector, b, element)
        assert b.inside(Box(0, 0, w.view.width(), w.view.height()))
    for i, a in enumerate(badges):
        for b in badges[i + 1:]:
            assert not Box(*a).intersects(Box(*b)), (a, b)
    # The note box opens beside the element it annotates (the heading-like full-width bar at the top: below it).
    proxy = w.view.focusProxy()
    point = QPoint(20, 20)
    x, y, bw, bh = badge_rect(w, 4)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(round(x + bw / 2), round(y + bh / 2)))   # a click on the badge reopens its note
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    full = rect_of(js, "#full")
    g = w.annotate.note_box.geometry()
    assert not Box(g.x(), g.y(), g.width(), g.height()).intersects(full)
    assert w.annotate.editing == w.session.pins[3].id
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Escape)
    assert point.y() < g.y()


@pytest.mark.parametrize("selector", ["#top", "#bottom", "#left", "#right"])
def test_the_hover_label_stays_inside_the_view_at_every_edge(window, server, qtbot, js, selector):
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    r = rect_of(js, selector)
    corner = QPoint(round(min(r.x + r.width - 3, w.view.width() - 3)), round(min(r.y + r.height - 3, w.view.height() - 3)))
    QTest.mouseMove(w.view.focusProxy(), corner + QPoint(-1, -1))
    QTest.mouseMove(w.view.focusProxy(), corner)
    qtbot.waitUntil(lambda: w.marks.label_rect() is not None and selector[1:] in w.marks.label_rect()[1], timeout=3000)
    rect, text = w.marks.label_rect()
    assert 0 <= rect.left() and rect.right() <= w.marks.width() and 0 <= rect.top() and rect.bottom() <= w.marks.height()
    assert text  # possibly elided ("…"), never empty


# -- keys wherever the focus is ----------------------------------------------------------------------------


def focus_page_field(w, js, qtbot):
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     centre(js, "#field"))
    qtbot.waitUntil(lambda: js("document.activeElement.id") == "field", timeout=3000)
    return w.view.focusProxy()


def focus_summary(w, js, qtbot):
    w.panel.summary.setFocus()
    qtbot.waitUntil(w.panel.summary.hasFocus, timeout=3000)
    return w.panel.summary


def focus_note_box(w, js, qtbot):
    w.act_annotate.setChecked(True)
    pin(w, qtbot, centre(js, "#target"), "")
    w.annotate.edit(w.session.pins[0].id)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=3000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    w.annotate.note_box.editor.setFocus()
    qtbot.waitUntil(w.annotate.note_box.editor.hasFocus, timeout=3000)
    return w.annotate.note_box.editor


PLACES = {"page": focus_page_field, "overall note": focus_summary, "note box": focus_note_box}


def texts(w, js) -> tuple:
    return (js("document.getElementById('field').value"), w.panel.summary.toPlainText(), w.annotate.note_box.text())


@pytest.mark.parametrize("place", list(PLACES))
def test_browser_keys_work_wherever_the_focus_is_and_type_nothing(window, server, qtbot, js, place):
    w = window
    w.load_page(server.url("counters.html"))
    w.panel.summary.setPlainText("overall")
    widget = PLACES[place](w, js, qtbot)
    before = texts(w, js)
    # Ctrl+L: the address bar, its text selected.
    QTest.keyClick(widget, Qt.Key.Key_L, CTRL)
    qtbot.waitUntil(w.address.hasFocus, timeout=3000)
    assert w.address.selectedText() == w.address.text() != ""
    assert texts(w, js) == before
    widget = PLACES[place](w, js, qtbot) if place == "page" else widget
    if place != "page":
        widget.setFocus()
    # Ctrl+plus / Ctrl+minus / Ctrl+0: zoom with an indicator.
    QTest.keyClick(widget, Qt.Key.Key_Equal, CTRL)
    assert w.view.zoomFactor() == pytest.approx(1.1) and w.status.zoom_button.isVisible()
    assert w.status.zoom_button.text() == "110%"
    QTest.keyClick(widget, Qt.Key.Key_Minus, CTRL)
    QTest.keyClick(widget, Qt.Key.Key_Minus, CTRL)
    assert w.view.zoomFactor() == pytest.approx(0.9)
    QTest.keyClick(widget, Qt.Key.Key_0, CTRL)
    assert w.view.zoomFactor() == 1.0 and w.status.zoom_button.text() == "100%"   # the level is always shown
    # F5 and Ctrl+R reload; Ctrl+F opens find; F12 opens DevTools.
    for key, mods in ((Qt.Key.Key_F5, Qt.KeyboardModifier.NoModifier), (Qt.Key.Key_R, CTRL)):
        # The reloaded document's loadFinished (Qt queues loadStarted after the key: "not loading" would still
        # hold for the old document).
        with qtbot.waitSignal(w.view.loadFinished, timeout=10_000), \
                qtbot.waitSignal(w.keys.reload.triggered, timeout=3000):
            QTest.keyClick(widget, key, mods)
        if place == "page":
            widget = w.view.focusProxy()   # a reload may give the view a new input widget
    with qtbot.waitSignal(w.act_devtools.triggered, timeout=3000):
        QTest.keyClick(widget, Qt.Key.Key_I, CTRL | SHIFT)
    w.devtools.close()
    w.keys.quit.triggered.disconnect()   # Ctrl+Q would close the test's window: see that it fires, only
    with qtbot.waitSignal(w.keys.quit.triggered, timeout=3000):
        QTest.keyClick(widget, Qt.Key.Key_Q, CTRL)
    assert texts(w, js)[1:] == before[1:]


def test_alt_left_and_right_go_back_and_forward_from_a_text_field(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    w.load_page(server.url("record.html"))
    w.panel.summary.setFocus()
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.keyClick(w.panel.summary, Qt.Key.Key_Left, ALT)
    assert w.view.url().path() == "/counters.html"
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.keyClick(w.panel.summary, Qt.Key.Key_Right, ALT)
    assert w.view.url().path() == "/record.html"
    assert w.panel.summary.toPlainText() == ""


def test_ctrl_f_finds_in_the_page_and_esc_closes(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    QTest.keyClick(w.panel.summary, Qt.Key.Key_F, CTRL)
    assert w.find_bar.isVisible() and w.find_bar.field.hasFocus()
    QTest.keyClicks(w.find_bar.field, "Target")
    qtbot.waitUntil(lambda: w.find_bar.count.text() == "1 of 1", timeout=5000)
    QTest.keyClick(w.find_bar.field, Qt.Key.Key_Escape)
    assert not w.find_bar.isVisible()


def test_pagenote_keys_work_on_the_first_press_from_a_page_text_field(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    proxy = focus_page_field(w, js, qtbot)
    js("for (const k in window.counts) window.counts[k] = 0")
    QTest.keyClick(proxy, Qt.Key.Key_A, CTRL | SHIFT)
    assert w.annotate.active and w.act_annotate.isChecked() and w.mode_banner.active
    assert js("document.getElementById('field').value") == "typed"


def test_pagenote_keys_reach_the_window_even_when_the_page_accepts_the_override(window, server, qtbot, js):
    """Chromium accepts ``ShortcutOverride`` for keys an editable field may use; the page key filter refuses
    it for the window's own sequences before Chromium decides."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    w = window
    w.load_page(server.url("counters.html"))
    proxy = focus_page_field(w, js, qtbot)
    event = QKeyEvent(QEvent.Type.ShortcutOverride, Qt.Key.Key_A, CTRL | SHIFT, "A")
    event.accept()
    assert w.page_keys.eventFilter(proxy, event) is True and not event.isAccepted()
    other = QKeyEvent(QEvent.Type.ShortcutOverride, Qt.Key.Key_B, CTRL | SHIFT, "B")
    assert w.page_keys.eventFilter(proxy, other) is False
    # A child widget's own key (the Console dock's Ctrl+C) stays the page's: copying in the page works.
    copy = QKeyEvent(QEvent.Type.ShortcutOverride, Qt.Key.Key_C, CTRL, "c")
    assert w.page_keys.eventFilter(proxy, copy) is False


def test_alt_arrows_step_after_entering_the_mode_from_the_address_bar(window, server, qtbot, js):
    """Alt+↑/↓ are window shortcuts while the mode is on: no click on the page first, no focus moved to it."""
    w = window
    w.load_page(server.url("counters.html"))
    w.address.setFocus()
    qtbot.waitUntil(w.address.hasFocus, timeout=3000)
    w.run(w.tab.bridge.wait_frames(2))
    js("for (const k in window.counts) window.counts[k] = 0")   # the page saw its blur before the mode
    QTest.keyClick(w.address, Qt.Key.Key_A, CTRL | SHIFT)
    assert w.annotate.active and w.address.hasFocus()
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#target") + QPoint(1, 1))
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#target"))
    qtbot.waitUntil(lambda: (w.page_call("hoverState") or {}).get("label", "").startswith("div#target"), timeout=3000)
    QTest.keyClick(w.address, Qt.Key.Key_Up, ALT)
    qtbot.waitUntil(lambda: w.page_call("hoverState")["label"].startswith("body"), timeout=3000)
    assert w.address.hasFocus()
    w.run(w.tab.bridge.wait_frames(2))
    assert js("window.counts") == {k: 0 for k in js("Object.keys(window.counts)")}, js("window.counts")


def test_the_hover_label_of_html_reads_the_rendered_text_never_a_style_sheet(window, server, qtbot, js):
    """Alt+↑ up to <html> on a page with an inline <style> and <script> in its head: the label names the page's
    text (``html “Hello card Second line of text”``), never the sheet's or the script's source."""
    w = window
    w.load_page(server.url("style_text.html"))
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_A, CTRL | SHIFT)
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#target") + QPoint(1, 1))
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#target"))
    qtbot.waitUntil(lambda: (w.page_call("hoverState") or {}).get("label", "").startswith("div"), timeout=3000)
    for _ in range(2):   # div → body → html
        QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_Up, ALT)
    qtbot.waitUntil(lambda: (w.marks.label_rect() or (None, ""))[1].startswith("html"), timeout=3000)
    label = w.marks.label_rect()[1]   # what the window draws: overlay.js summaryName's name
    assert "Hello card" in label, label
    assert not any(s in label for s in ("padding", ".card", "window.ready", "enable scripts", "Style text")), label


# -- the mode and the note box -----------------------------------------------------------------------------


def test_leaving_the_mode_with_an_empty_new_note_cancels_it_and_with_text_saves_it(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(js, "#target"))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    w.act_annotate.trigger()   # off with an empty new note: nothing is left behind
    assert not w.annotate.note_box.isVisible() and w.session.pins == []
    assert "cancelled" in w.status_label.text() and not w.mode_banner.active
    w.act_annotate.trigger()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(js, "#target"))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, "keep me")
    w.act_annotate.trigger()
    assert [p.annotation.note for p in w.session.pins] == ["keep me"]
    assert not w.act_annotate.isChecked() and not w.annotate.active


# -- messages --------------------------------------------------------------------------------------------


def test_long_status_messages_elide_with_the_whole_text_in_a_tooltip(window, qtbot):
    w = window
    long = "Screenshot saved: /a/very/long/path/" + "segment/" * 60 + "shot.png"
    w.say(long)
    assert w.status_label.text() == long
    assert w.status_label.is_elided() and f">{long}<" in w.status_label.toolTip()   # whole, escaped
    assert w.status_label.shown_text().endswith("…")
    w.say("Short")
    assert w.status_label.toolTip() == "" and not w.status_label.is_elided()


def test_the_copy_path_action_goes_with_its_message(window, server, qtbot):
    w = window
    w.load_page(server.url("colors.html"))
    w.run(w.screenshot())
    assert w.copy_path_button.isVisible() and w.status._timer.isActive()
    w.status.expire()   # what the timer does after TRANSIENT_MS
    assert not w.copy_path_button.isVisible() and w.status_label.text() == ""


def test_the_page_view_keeps_most_of_the_window_and_one_send_action(window):
    w = window
    sizes = w.splitter.sizes()
    assert sizes[0] >= 0.7 * sum(sizes)
    panel_buttons = [b for b in w.panel.findChildren(QToolButton) if b.defaultAction() is w.act_send]
    assert w.panel.send_action is w.act_send and not panel_buttons   # one Send: the toolbar's


# -- the side panel --------------------------------------------------------------------------------------


def test_the_panel_explains_its_empty_state_and_shows_each_row_whole_in_tooltip_and_detail(window, server, qtbot, js):
    from app.ui.panel_rows import ROW_ROLE

    w = window
    assert w.panel.list.count() == 0 and "Press Annotate" in w.panel.list.empty_text
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    long_note = ("Make this much bigger " * 12).strip()
    pin(w, qtbot, centre(js, "#target"), long_note)
    pin(w, qtbot, centre(js, "#go"), "")
    first, second = (w.panel.list.item(i) for i in range(2))
    data = first.data(ROW_ROLE)
    assert data.number == 1 and data.note == long_note and data.status == "exact" and data.page.endswith("counters.html")
    assert long_note in first.toolTip() and "div" in first.toolTip()
    assert second.data(ROW_ROLE).note == "" and "no note" in second.toolTip()
    assert second.data(ROW_ROLE).element == "button “Submit”"
    w.panel.list.setCurrentItem(first)
    assert w.panel.detail.isVisible() and long_note in w.panel.detail.toPlainText()


def test_dragging_a_row_renumbers_the_annotations_and_their_markers(window, server, qtbot, js):
    from PySide6.QtCore import QModelIndex

    w = window
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    for selector, note in (("#target", "a"), ("#go", "b"), ("#link", "c")):
        pin(w, qtbot, centre(js, selector), note)
    assert w.panel.list.model().moveRow(QModelIndex(), 2, QModelIndex(), 0)   # what a drag of row 3 to the top does
    qtbot.waitUntil(lambda: [p.annotation.note for p in w.session.pins] == ["c", "a", "b"], timeout=3000)
    assert [r.split(".")[0] for r in w.panel.rows()] == ["1", "2", "3"] and w.panel.rows()[0].endswith("— c")
    qtbot.waitUntil(lambda: {m["id"]: m["n"] for m in w.page_call("markers")}[w.session.pins[0].id] == 1, timeout=3000)


def test_the_sent_view_keeps_the_agents_whole_reply(window, server, qtbot, js):
    w = window
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#target"), "note")
    w.send()
    batch = w.hub.store.batches[-1]
    reply = ("Working on it: the padding comes from Button.css line 40, " + "more words " * 20).strip()
    w.hub.store.ack(batch.id, "acknowledged", reply, None)
    w.panel.refresh_sent()
    top = w.panel.sent.topLevelItem(0)
    assert f">acknowledged — {reply}<" in top.toolTip(1)   # whole, escaped into rich text
    assert top.child(0).text(0) == f"“{reply}”"   # the whole reply as its own wrapped row
    assert all(label != f"“{reply}”" for label, _ in w.panel.sent_rows())
    w.panel.sent.setCurrentItem(top)
    assert w.panel.detail.isVisible() and reply in w.panel.detail.toPlainText()


# -- the look ------------------------------------------------------------------------------------------


def test_the_theme_follows_the_scheme_and_every_toolbar_icon_is_shipped(qapp, window):
    from PySide6.QtGui import QPalette

    from app.core.resources import resource
    from app.ui import theme

    for action in [window.act_annotate, window.act_screenshot, window.act_copy, window.act_save, window.act_send,
                   window.act_clear, window.keys.back, window.keys.forward, window.keys.reload]:
        assert not action.icon().isNull(), action.text()
    assert resource("icons", "lucide", "LICENSE").read_text().startswith("ISC License")
    style, palette, sheet = qapp.style().name(), qapp.palette(), qapp.styleSheet()
    try:
        assert theme.apply(qapp, "dark") == "dark"
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert theme.apply(qapp, "light") == "light"
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 200
        assert "#2563EB" in qapp.styleSheet()
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        theme.icon.cache_clear()


def test_esc_stops_a_load_unless_annotation_ui_is_open(window, server, stalling_server, qtbot):
    """A page that never finishes loading: Esc (from the overall note) stops it; in annotation mode Esc is the
    mode's own key and stop is off."""
    from PySide6.QtCore import QUrl

    w = window
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    w.view.load(QUrl(stalling_server + "/page.html"))
    qtbot.waitUntil(lambda: w.loading, timeout=5000)
    assert not w.keys.stop.isEnabled()          # annotation mode: Esc leaves the mode instead
    w.act_annotate.trigger()
    assert w.keys.stop.isEnabled()
    w.panel.summary.setFocus()
    with qtbot.waitSignal(w.view.loadFinished, timeout=5000):
        QTest.keyClick(w.panel.summary, Qt.Key.Key_Escape)
    assert not w.loading and w.panel.summary.toPlainText() == ""


def test_a_renderer_crash_is_said_as_a_sentence_with_the_next_step(window, server, qtbot):
    from PySide6.QtCore import QUrl

    w = window
    w.load_page(server.url("counters.html"))
    with qtbot.waitSignal(w.page.renderProcessTerminated, timeout=15_000):
        w.view.load(QUrl("chrome://crash"))
    qtbot.waitUntil(lambda: "renderer" in w.status_label.text(), timeout=5000)
    text = w.status_label.text()
    assert text.startswith("The page's renderer") and "Reload to continue" in text
    assert "TerminationStatus" not in text and "code" not in text


def test_a_new_notes_box_leaves_the_element_and_its_coming_badge_uncovered(window, server, qtbot, js):
    """A full-width bar at the top of the view: its badge goes below it, and the note box of the new pin
    opens below that badge, not over it."""
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(20, 20))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 1, timeout=3000)
    g = w.annotate.note_box.geometry()
    box = Box(g.x(), g.y(), g.width(), g.height())
    assert not box.intersects(Box(*badge_rect(w, 1))) and not box.intersects(rect_of(js, "#full"))
