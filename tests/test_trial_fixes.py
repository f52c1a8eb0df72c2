"""What a new user's first session turned up in the window: the frozen-page note names what Freeze pauses
(timers keep running), the "Sent to agents" rows say what each annotation points at per kind, the restore
prompt gives its time in the user's locale, and the close question's keep button is not called Save."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QLocale, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.markdown import encode_annotations, parse_annotations
from app.runtime.drafts import Draft

NONE = Qt.KeyboardModifier.NoModifier


def test_the_frozen_state_line_says_timers_keep_running_and_the_old_wording_still_reads():
    batch = AnnotationBatch(annotations=[Annotation(element=ElementRecord(tag="p", selector="p"), note="x",
                                                    state="frozen")])
    text = encode_annotations(batch)
    [line] = [ln for ln in text.splitlines() if ln.startswith("State:")]
    assert "timers paused" not in line and "timers still running" in line
    assert parse_annotations(text).annotations[0].state == "frozen"
    old = text.replace(line, "State: frozen (made on a frozen page: animations, transitions, media and timers "
                             "paused; the rect is that moment's, as the screenshots show it)")
    assert parse_annotations(old).annotations[0].state == "frozen"


def test_the_sent_list_names_a_text_range_by_its_words(window, server, qtbot, js):
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    a = js("(() => { const r = document.querySelector('#w1').getBoundingClientRect(); return [r.x, r.y, r.bottom]; })()")
    b = js("(() => { const r = document.querySelector('#w2').getBoundingClientRect(); return [r.right]; })()")
    mid = round((a[1] + a[2]) / 2)
    start, end = QPoint(round(a[0]) + 1, mid), QPoint(round(b[0]) - 1, mid)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, NONE, start)
    for i in range(1, 6):
        QTest.mouseMove(proxy, start + (end - start) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, NONE, end)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, "shorter")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5_000)
    window.send()
    window.panel.refresh_sent()
    row = window.panel.sent.topLevelItem(0).child(0).text(0)
    assert row.startswith("1. text “all orders over fifty”") and row.endswith("— shorter")


def test_the_restore_prompt_gives_the_save_time_in_the_users_locale(qapp):
    from app.ui.draft_prompt import restore_box

    iso = "2026-11-30T21:02:46+00:00"
    box = restore_box(None, Draft(saved_at=iso))
    local = QLocale().toString(QDateTime.fromString(iso, Qt.DateFormat.ISODate).toLocalTime(),
                               QLocale.FormatType.ShortFormat)
    assert iso not in box.text() and f"(saved {local})" in box.text()
    assert box.toolTip() == iso


def test_the_close_question_offers_keep_for_next_start_not_save(qapp):
    from app.ui.draft_prompt import close_box

    box, buttons = close_box(None, 2)
    labels = {buttons[b]: b.text().replace("&", "") for b in buttons}
    assert labels["save"] == "Keep for next start"
    assert "Save" not in labels.values() and "keep them for the next start" in box.text()
    assert box.standardButton(next(b for b, c in buttons.items() if c == "save")) == QMessageBox.StandardButton.NoButton


def test_the_shortcuts_dialog_names_the_annotation_gestures_and_shows_every_row(window, qtbot):
    from PySide6.QtWidgets import QTableWidget

    dialog = window.help_menus.show_shortcuts()
    qtbot.waitUntil(dialog.isVisible, timeout=5_000)
    table = dialog.findChild(QTableWidget)
    rows = {table.item(i, 0).text(): table.item(i, 1).text() for i in range(table.rowCount())}
    for keys in ("Click", "Drag across text", "Shift+drag", "Ctrl+click", "Ctrl+drag", "Alt+Up", "Alt+Down",
                 "Delete button", "Enter", "Shift+Enter", "Esc"):
        assert keys in rows, keys
    assert "region" in rows["Shift+drag"] and "group" in rows["Ctrl+click"]
    # Every row fits without scrolling when the screen has the room (at most 80 % of it is used).
    whole = table.horizontalHeader().height() + table.verticalHeader().length()
    room = window.screen().availableGeometry().height() * 0.8 - 80
    if whole < room:
        qtbot.waitUntil(lambda: table.viewport().height() >= table.verticalHeader().length(), timeout=5_000)
        assert table.verticalScrollBar().maximum() == 0, "rows hidden below the fold"
        print("all rows shown", whole, room)
    else:
        assert table.height() >= room - 4


def test_a_groups_note_box_covers_none_of_its_members(window, server, qtbot, js):
    from app.core.placement import Box

    window.load_page(server.url("group_stack.html"))
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    boxes = [Box(*js(f"(() => {{ const r = document.querySelector('#{i}').getBoundingClientRect();"
                     " return [r.x, r.y, r.width, r.height]; })()")) for i in ("first", "second")]
    for n, b in enumerate(boxes, start=1):
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                         QPoint(round(b.x + 10), round(b.y + 10)))
        qtbot.waitUntil(lambda n=n: len(window.annotate.gestures.group) == n, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    box = window.annotate.note_box
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert window.session.pins[0].annotation.kind == "group"
    zoom = window.view.zoomFactor()
    shown = Box(box.x(), box.y(), box.width(), box.height())
    for member in boxes:
        assert not shown.intersects(Box(member.x * zoom, member.y * zoom, member.width * zoom, member.height * zoom))


def _click_new(window, qtbot, js, selector: str) -> None:
    r = js(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    point, proxy = QPoint(round(r[0]), round(r[1])), window.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker


def test_esc_on_a_typed_new_note_offers_undo_which_brings_the_pin_and_its_text_back(window, server, qtbot, js):
    w = window
    w.load_page(server.url("kinds.html"))
    w.annotate.set_mode(True)
    _click_new(w, qtbot, js, "#c1")
    QTest.keyClicks(w.annotate.note_box.editor, "kept words")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5_000)
    assert w.session.pins == [] and w.status.offer_button.isVisible()
    assert w.status_label.text() == "Discarded annotation 1" and w.status.offer_button.text() == "Undo"
    w.status.offer_button.click()
    [pin] = w.session.pins
    assert pin.annotation.note == "kept words" and pin.annotation.element.tag == "li"
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 1, timeout=5_000)   # its marker is back on the page
    # An empty new note is cancelled without an offer.
    _click_new(w, qtbot, js, "#c2")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5_000)
    assert [p.annotation.note for p in w.session.pins] == ["kept words"]
    assert w.status_label.text() == "Annotation cancelled" and not w.status.offer_button.isVisible()
