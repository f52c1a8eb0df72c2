"""The verify view after a user's trial of the loop (issue 31, requirement 2): a check refused for the view's size
says so in the row and the view, with the registry's next step and a button that gives the view its pinned size
and checks; an earlier round's verdict with its pictures; no stale error after Accept or a later success; no
action without a selected row; the picture toggle in place; the diff's caption; the row's figure kept whole.
Real window, real page on 127.0.0.1 (test_verify_annotations' site)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from test_verify_annotations import CSS, client, pin_and_send, site  # noqa: F401  (fixtures)
from test_window_verify import PADDED, check, reopen, select, sent_row


def widen_panel(window, qtbot, by: int) -> None:
    """Move the side panel's splitter ``by`` px into the page and wait for the page view's resize."""
    view = window.tab.view
    width = view.width()
    sizes = window.splitter.sizes()
    window.splitter.setSizes([sizes[0] - by, sizes[1] + by])
    qtbot.waitUntil(lambda: view.width() == width - by, timeout=5000)


def test_a_check_refused_for_the_view_size_offers_to_resize_and_check(window, qtbot, site, client):  # noqa: F811
    from app.tabs.before_crops import view_size

    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    pinned = view_size(window.tab)
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    widen_panel(window, qtbot, 100)
    # the automatic check after an agent's resolved fails: the row says so instead of staying blank
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "more padding", "annotation": 2})
    qtbot.waitUntil(lambda: (batch, 2) in window.app.hub.verify_errors, timeout=30_000)
    qtbot.waitUntil(lambda: "check failed: view size changed" in sent_row(window, batch, 2).text(0), timeout=5000)
    view = check(window, qtbot, batch, 1)
    lines = view.error.text().splitlines()
    assert lines[0].startswith("Could not complete: VERIFY_DEVICE_CHANGED: annotation 1 was pinned with the page")
    assert lines[1] == "Next: resize the window (or the side panel) back, then verify again"
    assert view.resize_button.isVisible() and view.resize_button.isEnabled()
    assert view.verification() is None and "check failed: view size changed" in sent_row(window, batch, 1).text(0)
    QTest.mouseClick(view.resize_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.key not in view.running, timeout=30_000)
    assert max(abs(a - b) for a, b in zip(view_size(window.tab), pinned)) <= 1
    result = view.verification()
    assert result is not None and result.changed, view.error.text()
    assert "• padding: 4px 8px → 12px 16px" in view.changes.text().splitlines()
    assert not view.error.isVisible() and not view.resize_button.isVisible()
    assert "check failed" not in sent_row(window, batch, 1).text(0)


def test_an_earlier_rounds_verdict_and_changes_follow_its_pictures(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    first_changes = view.changes.text()
    reopen(window, qtbot, view, "a little more")
    window.send()
    follow_batch = list(window.tab.session.sent_ids)[-1]
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 12px 16px; color: #c00000; }\n")
    window.load_page(site.url)
    view = check(window, qtbot, follow_batch)
    second = view.verification()
    assert any(line.startswith("• color: ") for line in view.changes.text().splitlines())
    own = view.verdict.text()
    QTest.mouseClick(view.pictures.round_buttons[0], Qt.MouseButton.LeftButton)
    first = view.pictures.result
    assert first is not None and first.checked_at != second.checked_at or first.after != second.after
    assert view.changes.text() == first_changes and not any(
        line.startswith("• color: ") for line in view.changes.text().splitlines())
    assert f"Round 1 — Annotation 1 of batch {batch}" in view.verdict.text().splitlines()
    assert view.verdict.toolTip() == first.checked_at and view.verdict.text() != own
    QTest.mouseClick(view.pictures.round_buttons[1], Qt.MouseButton.LeftButton)
    assert view.verdict.text() == own and view.verdict.toolTip() == second.checked_at


def test_a_stale_error_goes_after_accept_and_after_a_later_success(window, qtbot, site, js):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    js("document.getElementById('pad').remove(); document.getElementById('tint').remove()")
    view = check(window, qtbot, batch, 1)
    assert view.error.text().startswith("Could not complete: VERIFY_STALE: ")
    QTest.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    assert view.verdict.text().startswith("Accepted (verified).")
    assert not view.error.isVisible() and "check failed" not in sent_row(window, batch, 1).text(0)
    view = check(window, qtbot, batch, 2)
    assert view.error.isVisible() and "check failed: VERIFY_STALE" in sent_row(window, batch, 2).text(0)
    window.load_page(site.url)   # the element is back: the next check succeeds
    view = check(window, qtbot, batch, 2)
    assert view.verification() is not None and not view.error.isVisible()
    assert "check failed" not in sent_row(window, batch, 2).text(0)


def test_no_action_without_a_selected_row(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    view = select(window, qtbot, batch, 1)
    assert view.check_button.isEnabled() and view.reopen_button.isEnabled() and view.accept_button.isEnabled()
    QTest.mouseClick(view.reopen_button, Qt.MouseButton.LeftButton)
    assert view.follow_box.isVisible()
    tree = window.panel.sent
    tree.clearSelection()   # the row stays current, none is selected: the view still shows it
    assert not tree.selectedItems() and view.isVisible()
    buttons = (view.check_button, view.accept_button, view.reopen_button, view.follow_add)
    assert not any(b.isEnabled() for b in buttons) and not view.follow_box.isVisible()
    sent_row(window, batch, 1).setSelected(True)   # selected again
    qtbot.waitUntil(lambda: view.check_button.isEnabled() and view.reopen_button.isEnabled(), timeout=5000)


def test_the_picture_toggle_stays_in_place(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 24px 32px; }\n")   # a much larger after crop
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    view.frame.setFixedHeight(160)   # a short pane (a small window): the view scrolls
    bar = view.frame.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
    places, heights = set(), set()
    for name in ("after", "before", "diff", "after", "before"):
        QTest.mouseClick(view.buttons[name], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: view.image.toolTip() == getattr(view.verification(), name), timeout=5000)
        window.app.hub.changed()   # any store change (an agent's reply) refreshes the view
        # laid out: the view at its whole height (the pane scrolls), the picture at its own
        qtbot.waitUntil(lambda: view.height() == view.minimumSizeHint().height()
                        and view.image.height() == view.image.minimumHeight() and view.frame.height() == 160
                        and bar.maximum() == view.height() - view.frame.viewport().height(), timeout=5000)
        bar.setValue(bar.maximum())   # read down to the list of changes, then toggle
        places.add(tuple(view.buttons[n].mapTo(window, QPoint(0, 0)).toTuple() for n in view.buttons))
        heights.add(view.image.height())
    assert len(places) == 1 and len(heights) == 1, (places, heights)


def test_the_diff_says_what_its_red_boxes_are(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    caption = view.pictures.caption
    for name in ("before", "diff", "after"):
        QTest.mouseClick(view.buttons[name], Qt.MouseButton.LeftButton)
        assert caption.isVisible() == (name == "diff")
    QTest.mouseClick(view.buttons["diff"], Qt.MouseButton.LeftButton)
    assert caption.text() == "Red boxes: changed regions"
    assert caption.mapTo(view, QPoint(0, 0)).y() >= view.image.mapTo(view, QPoint(0, view.image.height())).y()


def test_a_rows_figure_is_kept_whole(window, qtbot, site):  # noqa: F811
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(PADDED)
    window.load_page(site.url)
    check(window, qtbot, batch)
    share = window.panel.verify.verification().pixels.changed_percent
    assert f"{share:.1f}\u00a0%\u00a0px" in sent_row(window, batch, 1).text(0)


def test_resize_and_check_gives_back_the_height_by_the_window(window, qtbot, site):  # noqa: F811
    from app.tabs.before_crops import view_size

    batch = pin_and_send(window, qtbot, site, ["tint"])
    pinned = view_size(window.tab)
    (site.folder / "verify.css").write_text(CSS + "#tint { color: #c00000; }\n")
    window.load_page(site.url)
    page = window.tab.view
    height = page.height()
    window.resize(window.width(), window.height() - 60)   # a shorter window: the side panel cannot give height
    qtbot.waitUntil(lambda: page.height() == height - 60, timeout=5000)
    view = check(window, qtbot, batch)
    assert view.resize_button.isVisible() and "VERIFY_DEVICE_CHANGED" in view.error.text()
    QTest.mouseClick(view.resize_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.key not in view.running, timeout=30_000)
    assert max(abs(a - b) for a, b in zip(view_size(window.tab), pinned)) <= 1 and page.height() == height
    assert view.verification() is not None and any(
        line.startswith("• color: ") for line in view.changes.text().splitlines()), view.error.text()


def test_a_check_started_from_the_keyboard_keeps_the_focus_out_of_the_page(window, qtbot, site, js):  # noqa: F811
    """Check pressed with the keyboard disables itself while it runs: the focus it lets go stays in the verify view.
    Qt hands a disabled focus widget's focus to the next one in the chain — the page's view, whose page then
    focused its first button (Chromium's focus ring, in the after crop too) though the user never touched it."""
    from PySide6.QtWidgets import QApplication

    batch = pin_and_send(window, qtbot, site, ["pad"])
    js("window.focused = []; addEventListener('focusin', (e) => focused.push(e.target.id || e.target.localName))")
    view = select(window, qtbot, batch, 1)
    qtbot.waitUntil(view.check_button.isEnabled, timeout=5000)
    view.check_button.setFocus()
    qtbot.waitUntil(view.check_button.hasFocus, timeout=5000)
    went = []
    QApplication.instance().focusChanged.connect(lambda _old, new: went.append(new))
    QTest.keyClick(view.check_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: view.key not in view.running and view.verification() is not None, timeout=30_000)
    page_widgets = {window.view, window.view.focusProxy()}
    assert not any(w in page_widgets for w in went), went
    assert js("window.focused") == [], js("window.focused")
    assert view.isAncestorOf(QApplication.focusWidget()) or QApplication.focusWidget() is view
