"""The panel's side of verification (issue 31, requirement 2): a sent row's Check, its Before | After | Diff
pictures and changes, Accept (kept as ``verified``, seen by agents, after a reload of the store) and Reopen (a
follow-up in the current batch), against the real window and a real page on 127.0.0.1 whose CSS the test
rewrites (test_verify_annotations' site)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from conftest import pin_at
from test_verify_annotations import AT, CSS, client, pin_and_send, site  # noqa: F401  (fixtures)

PADDED = CSS + "#pad { padding: 12px 16px; }\n"


def sent_row(window, batch: str, number: int):
    """The sent view's row of annotation ``number`` of ``batch``."""
    from app.ui.verify_view import SENT_KEY_ROLE

    tree = window.panel.sent
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        for j in range(top.childCount()):
            key = top.child(j).data(0, SENT_KEY_ROLE)
            if key and tuple(key) == (batch, number):
                return top.child(j)
    raise AssertionError(f"no sent row for {batch} {number}")


def select(window, qtbot, batch: str, number: int):
    window.panel.sent.setCurrentItem(sent_row(window, batch, number))
    view = window.panel.verify
    qtbot.waitUntil(lambda: view.isVisible() and view.key == (batch, number), timeout=5000)
    return view


def check(window, qtbot, batch: str, number: int = 1):
    """Select the row, click Check and wait until the view shows the verification or an error."""
    view = select(window, qtbot, batch, number)
    before = view.verification()
    QTest.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.key not in view.running, timeout=30_000)
    assert view.verification() != before or view.error.isVisible()
    return view


def test_check_shows_the_padding_change_and_the_three_pictures(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    result = view.verification()
    assert result is not None and result.status == "exact"
    assert "• padding: 4px 8px → 12px 16px" in view.changes.text().splitlines()
    # the button grew: one width line (the computed width and the box's width are one change)
    assert sum(line.startswith("• width: ") for line in view.changes.text().splitlines()) == 1
    assert view.verdict.text().startswith("Changed · exact · ") and "% of pixels changed" in view.verdict.text()
    assert f"{result.pixels.changed_percent:.1f} %" in view.verdict.text() and result.pixels.changed_percent > 5
    # when: in local time, as the locale writes a short date and time (the draft question's rule), not ISO UTC
    from PySide6.QtCore import QDateTime, QLocale

    moment = QDateTime.fromString(result.checked_at, Qt.DateFormat.ISODate)
    assert result.checked_at.endswith("Z") and moment.isValid() and result.checked_at not in view.verdict.text()
    assert view.verdict.text().endswith(" · checked " + QLocale().toString(moment.toLocalTime(),
                                                                         QLocale.FormatType.ShortFormat))
    assert view.verdict.toolTip() == result.checked_at
    assert not view.error.isVisible()
    shown = {}
    for name in ("before", "after", "diff"):   # the segmented toggle: one picture at a time, each its file
        QTest.mouseClick(view.buttons[name], Qt.MouseButton.LeftButton)
        assert view.shown_image() == name
        assert [n for n, b in view.buttons.items() if b.isChecked()] == [name]
        assert not view.image.pixmap().isNull() and view.image.toolTip() == getattr(result, name)
        shown[name] = view.image.pixmap().toImage()
        assert Path(getattr(result, name)).parent.name == batch
    assert shown["before"] != shown["after"] != shown["diff"]
    # one scale for the three: the padded button's after crop is shown larger than its before, as it is
    from PySide6.QtGui import QImageReader

    files = {n: QImageReader(getattr(result, n)).size() for n in ("before", "after")}
    assert files["after"].width() > files["before"].width()
    k = {n: shown[n].width() / files[n].width() for n in files}
    assert abs(k["before"] - k["after"]) < 0.02, k
    assert shown["after"].width() > shown["before"].width()
    assert "checked: changed" in sent_row(window, batch, 1).text(0)   # the row's verdict
    if os.environ.get("VERIFY_PANEL_PNG"):   # the docs' picture (the brief's screenshot), on request only
        window.resize(1280, 960)
        qtbot.waitUntil(lambda: window.panel.height() > 800, timeout=5000)
        window.grab().save(os.environ["VERIFY_PANEL_PNG"])


def test_a_sent_rows_menu_checks_it(window, qtbot, site):  # noqa: F811
    from PySide6.QtWidgets import QApplication, QMenu

    batch = pin_and_send(window, qtbot, site, ["tint"])
    (site.folder / "verify.css").write_text(CSS + "#tint { color: #c00000; }\n")
    window.load_page(site.url)
    tree = window.panel.sent
    row = sent_row(window, batch, 1)
    tree.customContextMenuRequested.emit(tree.visualItemRect(row).center())
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=5000)
    menu = QApplication.activePopupWidget()
    assert [a.text() for a in menu.actions()] == ["Check", "Accept", "Reopen…"]
    view = window.panel.verify
    assert view.key == (batch, 1)   # the menu's row is the one shown
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: view.verification() is not None and view.key not in view.running, timeout=30_000)
    assert any(line.startswith("• color: ") for line in view.changes.text().splitlines())


def test_an_agents_resolved_shows_the_automatic_verification_in_the_row(window, qtbot, site, client):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "more padding", "annotation": 1})
    qtbot.waitUntil(lambda: "checked: changed" in sent_row(window, batch, 1).text(0), timeout=30_000)
    view = select(window, qtbot, batch, 1)
    assert "• padding: 4px 8px → 12px 16px" in view.changes.text().splitlines()


def test_accept_marks_it_verified_for_agents_and_after_a_reload(window, qtbot, site, client):  # noqa: F811
    from app.agent.store import BatchStore

    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    view = select(window, qtbot, batch, 1)
    QTest.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    got = client.call("annotations.get", {"batch": batch})["result"]
    assert [a["status"] for a in got["annotations"]] == ["verified", "pending"]
    assert got["status"] == "pending"   # one of two accepted
    assert sent_row(window, batch, 1).text(1) == "verified" and not view.accept_button.isEnabled()
    assert view.verdict.text().startswith("Accepted (verified).")
    view = select(window, qtbot, batch, 2)
    QTest.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    listed = client.call("annotations.list", {"status": "verified"})["result"]["batches"]
    assert [b["id"] for b in listed] == [batch]   # all accepted: the batch is verified too
    reloaded = BatchStore(window.app.hub.store.directory).get(batch)
    assert reloaded.status == "verified" and [s.status for s in reloaded.annotations] == ["verified", "verified"]


def reopen(window, qtbot, view, note: str) -> None:
    """Reopen the shown row with ``note`` and wait until the follow-up is in the current batch."""
    pins = len(window.session.pins)
    QTest.mouseClick(view.reopen_button, Qt.MouseButton.LeftButton)
    assert view.follow_box.isVisible()
    # the note box and its buttons in sight, scrolled to in the panel when it is short
    sight = view.frame.viewport()
    qtbot.waitUntil(lambda: sight.rect().contains(view.follow_add.geometry().translated(
        view.follow_add.parentWidget().mapTo(sight, view.follow_add.parentWidget().rect().topLeft()))), timeout=5000)
    QTest.keyClicks(view.follow_note, note)
    QTest.mouseClick(view.follow_add, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session.pins) == pins + 1, timeout=20_000)
    qtbot.waitUntil(lambda: view.key not in view.running, timeout=20_000)
    # its before crop, as for any pin (a follow-up sent without one cannot be verified)
    qtbot.waitUntil(lambda: all(p.id in window.tab.before.taken for p in window.session.pins), timeout=20_000)


def test_reopen_puts_a_follow_up_with_its_lines_into_the_current_batch(window, qtbot, site, client):  # noqa: F811
    from app.agent.store import BatchStore

    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "padding raised", "annotation": 1})
    view = check(window, qtbot, batch)
    after = view.verification().after
    page = window.tab.view.size(), window.size()
    reopen(window, qtbot, view, "still too small")
    assert (window.tab.view.size(), window.size()) == page   # the note box came and went: nothing else moved
    # reopened: a state of its own, where its follow-up is, no second follow-up, no Accept
    assert view.verdict.text().splitlines()[0] == "Reopened as 1 in the current batch."
    assert "Added to the current batch" not in view.error.text() and not view.follow_box.isVisible()
    assert not view.reopen_button.isEnabled() and not view.accept_button.isEnabled()
    row = sent_row(window, batch, 1)
    assert row.text(1) == "reopened — padding raised"
    assert row.text(0).splitlines()[1].endswith("· reopened as 1 in the current batch")
    got = client.call("annotations.get", {"batch": batch})["result"]["annotations"][0]
    assert got["status"] == "reopened" and got["reopened"] == {"earlier": "resolved", "batch": "", "annotation": 0}
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "done now", "annotation": 1})
    assert window.app.hub.store.get(batch).annotations[0].status == "reopened"   # an agent's ack never undoes it
    window.panel.list.setCurrentRow(0)   # the follow-up's own row in the list: the view makes way
    assert not view.isVisible()
    tree = window.panel.sent
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(sent_row(window, batch, 1)).center())
    assert view.isVisible() and view.key == (batch, 1) and window.panel.list.currentItem() is None
    markdown = client.call("annotations.get", {"batch": "current"})["result"]["markdown"]
    assert f"Follow-up to: 1 (batch {batch})" in markdown
    assert "Earlier note: fix pad" in markdown and "Agent reply: padding raised" in markdown
    assert f"After: {after}" in markdown and "still too small" in markdown
    window.send()   # the next round: its row names what it follows, the reopened row where its follow-up went
    follow_batch = list(window.tab.session.sent_ids)[-1]
    assert f"(follow-up to 1 of batch {batch})" in sent_row(window, follow_batch, 1).text(0)
    assert window.app.hub.store.get(follow_batch).previous == batch
    top = window.panel.sent.topLevelItem(0)   # the newest batch first: the round, and what it continues
    assert top.text(0).endswith(f"  · follow-ups to {batch}")
    assert f"Round 2, after batch {batch}" in top.toolTip(0)
    assert sent_row(window, batch, 1).text(0).endswith(f"· reopened as 1 in batch {follow_batch}")
    view = select(window, qtbot, batch, 1)
    assert view.verdict.text().splitlines()[0] == f"Reopened as 1 in batch {follow_batch}."
    assert not view.reopen_button.isEnabled() and not view.accept_button.isEnabled()
    kept = BatchStore(window.app.hub.store.directory).get(batch).annotations[0]   # persisted, as verified is
    assert kept.status == "reopened" and (kept.reopened.batch, kept.reopened.annotation) == (follow_batch, 1)


def test_a_follow_ups_rows_show_each_rounds_pictures(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    first = view.verification()
    assert not any(b.isVisible() for b in view.pictures.round_buttons)   # one round: no round toggle
    reopen(window, qtbot, view, "more still")
    window.send()
    follow_batch = list(window.tab.session.sent_ids)[-1]
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 20px 24px; }\n")
    window.load_page(site.url)
    view = check(window, qtbot, follow_batch)
    second = view.verification()
    rounds = view.pictures.round_buttons
    assert [b.text() for b in rounds] == ["Round 1", "Round 2"] and all(b.isVisible() for b in rounds)
    assert rounds[1].isChecked() and rounds[0].toolTip() == f"Annotation 1 of batch {batch}"
    assert view.image.toolTip() == second.after   # the follow-up's own round first
    QTest.mouseClick(rounds[0], Qt.MouseButton.LeftButton)   # the earlier round: its before and after
    assert view.image.toolTip() == first.after and rounds[0].isChecked() and not rounds[1].isChecked()
    QTest.mouseClick(view.buttons["before"], Qt.MouseButton.LeftButton)
    assert view.image.toolTip() == first.before
    window.app.hub.changed()   # a refresh keeps the round chosen
    assert view.pictures.round == 0 and view.image.toolTip() == first.before
    QTest.mouseClick(rounds[1], Qt.MouseButton.LeftButton)
    assert view.image.toolTip() == second.before != first.before
    select(window, qtbot, batch, 1)   # the first round's own row: no toggle
    assert view.pictures.round_buttons == [] and view.image.toolTip() == first.before


def delete_row(window, number: int) -> None:
    """Delete the current batch's annotation ``number`` with the panel's Delete."""
    window.panel.list.setCurrentRow(number - 1)
    QTest.mouseClick(window.panel.delete_button, Qt.MouseButton.LeftButton)


def test_deleting_the_follow_up_before_send_gives_the_annotation_back(window, qtbot, site, client):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "both fixed"})
    window.app.hub.store.accept(batch, 2)
    pin_at(window, qtbot, AT["label"], "a new note first")   # the follow-up comes second in the current batch
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    view = select(window, qtbot, batch, 2)
    reopen(window, qtbot, view, "the tint is still off")
    assert view.verdict.text().splitlines()[0] == "Reopened as 2 in the current batch."
    store = window.app.hub.store
    assert store.get(batch).status == "resolved"   # the batch's own status is the agent's
    delete_row(window, 1)   # the note before it goes: the follow-up is number 1 now, and the row says so
    qtbot.waitUntil(lambda: sent_row(window, batch, 2).text(0).endswith("· reopened as 1 in the current batch"),
                    timeout=5000)
    assert view.verdict.text().splitlines()[0] == "Reopened as 1 in the current batch."
    delete_row(window, 1)   # the follow-up itself: back to what it was, Reopen and Accept as before
    qtbot.waitUntil(lambda: store.get(batch).annotations[1].status == "verified", timeout=5000)
    assert store.get(batch).annotations[1].reopened is None and store.get(batch).status == "resolved"
    view = select(window, qtbot, batch, 2)
    assert view.reopen_button.isEnabled() and not view.accept_button.isEnabled()
    assert view.verdict.text().startswith("Accepted (verified).")
    assert "reopened" not in sent_row(window, batch, 2).text(0)
    assert client.call("annotations.get", {"batch": batch})["result"]["annotations"][1]["status"] == "verified"
    view = select(window, qtbot, batch, 1)   # a resolved one reopened and withdrawn is resolved again
    reopen(window, qtbot, view, "more padding")
    assert store.get(batch).annotations[0].status == "reopened"
    delete_row(window, 1)
    qtbot.waitUntil(lambda: store.get(batch).annotations[0].status == "resolved", timeout=5000)
    assert view.reopen_button.isEnabled() and view.accept_button.isEnabled()


def test_sent_rows_are_read_whole_at_the_panels_width(window, qtbot, site, client):  # noqa: F811
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFontMetrics

    from app.ui.main_window import PANEL_SHARE
    from app.ui.panel_sent import REPLY_ROLE

    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    reopen(window, qtbot, view, "still too small, and keep the label on one line please")
    window.send()
    follow_batch = list(window.tab.session.sent_ids)[-1]
    check(window, qtbot, follow_batch)
    tree = window.panel.sent
    tree.expandAll()
    assert window.panels.width() <= round(1440 * PANEL_SHARE)   # no wider than at the window's default size
    fm = QFontMetrics(tree.font())
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    rows += [top.child(j) for top in rows for j in range(top.childCount())]
    rows = [r for r in rows if not r.data(0, REPLY_ROLE)]
    assert len(rows) == 4
    cells = {id(row): tree.visualRect(tree.indexFromItem(row, 0)) for row in rows}
    # on one line, these rows are wider than their column (the trial's picture: cut at the default width)
    assert sum(fm.horizontalAdvance(r.text(0).replace("\n", "  ")) > cells[id(r)].width() for r in rows) >= 3
    for row in rows:
        cell = cells[id(row)]
        wrapped = fm.boundingRect(QRect(0, 0, cell.width() - 8, 100_000), int(Qt.TextFlag.TextWordWrap), row.text(0))
        assert wrapped.height() <= cell.height(), (row.text(0), cell)   # every line of it shown, none cut
    assert any("reopened as 1 in batch" in r.text(0) for r in rows)


def test_a_verification_error_is_shown_and_changes_nothing(window, qtbot, site, js, client):  # noqa: F811
    from app.agent.store import BatchStore

    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    store = window.app.hub.store
    js("document.getElementById('pad').remove(); document.getElementById('tint').remove()")
    view = check(window, qtbot, batch)
    assert view.error.isVisible() and view.error.text().startswith("Could not complete: VERIFY_STALE: ")
    assert view.verification() is None and view.verdict.text() == "Not checked yet."
    state = store.get(batch).annotations[0]
    assert state.verification is None and state.status == "pending"
    assert "checked" not in sent_row(window, batch, 1).text(0)
    assert BatchStore(store.directory).get(batch).annotations[0].verification is None
    # the automatic verification after an agent's resolved says why it could not complete, too
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "annotation": 2})
    qtbot.waitUntil(lambda: (batch, 2) in window.app.hub.verify_errors, timeout=30_000)
    view = select(window, qtbot, batch, 2)
    assert view.error.text().startswith("Could not complete: VERIFY_STALE: annotation 2's element is stale")
    assert store.get(batch).annotations[1].verification is None
