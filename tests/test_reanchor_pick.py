"""An ambiguous note's element picked by the user, and identical look-alikes counted at pin time (issue 30,
requirement 1; app/ui/candidate_pick.py, app/picker_js/anchors.js).

A list re-sorted across a reload whose nearby texts cannot tell its cards apart leaves a note stale
(ambiguous) with its candidates: from the row's "Choose its element…" the window outlines them on the page
(drawn by the host), and a click on one — or its number key — puts the note on it; Esc changes nothing. A note
on one of two cards identical in every text, one of which is gone after a reload, is stale, never moved to the
card left: the record counted two look-alikes when it was pinned. Real QtWebEngine, tests/pages/lookalikes.html
on 127.0.0.1."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from app.core.placement import OUTLINE_WIDTH
from app.core.policy import MARKER_SELECTED_COLOR
from app.model import ElementRecord
from app.protocol.markdown import encode_annotations
from test_reanchor_lookalikes import reload_after_pin, restored_after_pin


def ambiguous_cards(window, server, qtbot, js):
    """Pin the "Buy now" of the second of three div cards (Moss), reload with the cards re-sorted: stale,
    three candidates. Returns (the pin's id, the candidates' card titles in candidate order)."""
    annotation, _item, _on = reload_after_pin(window, server, qtbot, js, "divs", 2, "sorted")
    assert (annotation.status, annotation.status_reason) == ("stale", "ambiguous: 3 candidates")
    pin = window.session.pins[0]
    titles = js(f"({list(pin.annotation.candidates)!r}).map((c) => document.querySelector(c)"
                ".closest('.card').querySelector('h3').textContent)")
    return pin.id, titles


def start_from_the_panel(window, qtbot):
    """Select the stale row and press its "Choose its element…" button: the pick under way, its candidates
    drawn."""
    panel = window.panel
    panel.list.setCurrentRow(0)
    assert "Choose its element" in panel.list.item(0).toolTip()   # the stale chip's tooltip says how
    assert panel.choose_button.isVisible()
    QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
    pick = window.current.pick
    assert pick is not None and pick.active
    qtbot.waitUntil(lambda: len(window.marks.choices) == 3, timeout=10_000)
    return pick


def dashed_share(window, box) -> float:
    """The share of the points along ``box``'s top outline (top-viewport CSS px) the marks widget paints in the
    selected-marker colour: a dashed outline paints some of them, none of them without it."""
    widget = window.view.parentWidget().findChild(QWidget, "pagenote-marks")
    image = widget.grab().toImage()
    k = window.view.zoomFactor() * image.devicePixelRatio()
    y = math.floor((box.y - OUTLINE_WIDTH / 2) * k)   # a pixel row the stroke covers whole (no antialiasing)
    xs = [round((box.x + box.width * i / 40) * k) for i in range(1, 40)]
    want = QColor(MARKER_SELECTED_COLOR).getRgb()[:3]
    hits = [all(abs(a - b) < 24 for a, b in zip(QColor(image.pixel(x, y)).getRgb()[:3], want)) for x in xs]
    return sum(hits) / len(hits)


def moss_button(js):
    """The viewport rect [x, y, w, h] of Moss's "Buy now"."""
    return js("(() => { const b = Array.from(document.querySelectorAll('.card')).find((c) =>"
              " c.querySelector('h3').textContent === 'Moss').querySelector('button').getBoundingClientRect();"
              " return [b.x, b.y, b.width, b.height]; })()")


def assert_on_moss(window, qtbot, js, pin_id):
    qtbot.waitUntil(lambda: window.session.pins[0].annotation.status != "stale", timeout=10_000)
    annotation = window.session.pins[0].annotation
    assert annotation.status == "rematched"   # its recorded place (second card) holds Fern now
    assert (annotation.status_reason, annotation.candidates) == ("", ())
    # The record read from the chosen card: its selector names Moss's button.
    assert js(f"document.querySelector({annotation.element.selector!r}).closest('.card')"
              ".querySelector('h3').textContent") == "Moss"
    x, y, w, _h = moss_button(js)
    at = window.page_call("elementViewport", pin_id)
    assert abs(at["x"] - x) < 1 and abs(at["y"] - y) < 1 and abs(at["width"] - w) < 1
    # Its marker is drawn again (not stale), and the agent reads it as rematched.
    qtbot.waitUntil(lambda: [m.stale for m in window.tab.annotator.scene.scene.marks] == [False], timeout=10_000)
    text = encode_annotations(window.run(window.tab.refreshed_batch()))
    assert "Status: rematched" in text and "no longer matched" not in text
    assert window.marks.choices == [] and not window.current.pick.active


def test_a_click_on_a_candidate_puts_the_note_on_it(window, server, qtbot, js):
    pin_id, titles = ambiguous_cards(window, server, qtbot, js)
    window.annotate.set_mode(True)   # the click is the pick's, not a new pin's
    pick = start_from_the_panel(window, qtbot)
    n = titles.index("Moss") + 1
    box = dict(window.marks.choices)[n]
    # Each candidate outlined by the host, dashed (some of its edge painted, not all)
    shares = [dashed_share(window, b) for _n, b in window.marks.choices]
    assert all(0.2 < share < 0.95 for share in shares), shares
    zoom = window.view.zoomFactor()
    point = QPoint(round((box.x + box.width / 2) * zoom), round((box.y + box.height / 2) * zoom))
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert_on_moss(window, qtbot, js, pin_id)
    assert pick.choices   # what was drawn while it ran
    assert [p.id for p in window.session.pins] == [pin_id] and not window.annotate.note_box.isVisible()


def test_a_number_key_picks_its_candidate(window, server, qtbot, js):
    pin_id, titles = ambiguous_cards(window, server, qtbot, js)
    start_from_the_panel(window, qtbot)
    QTest.keyClick(window.view.focusProxy(), Qt.Key(Qt.Key.Key_0 + titles.index("Moss") + 1))
    assert_on_moss(window, qtbot, js, pin_id)


def row_menu(window, qtbot):
    """The first row's context menu, as a right-click opens it: its action texts and the menu."""
    from PySide6.QtWidgets import QMenu

    panel = window.panel
    panel.list.customContextMenuRequested.emit(panel.list.visualItemRect(panel.list.item(0)).center())
    qtbot.waitUntil(lambda: any(m.isVisible() for m in panel.list.findChildren(QMenu)), timeout=5_000)
    menu = next(m for m in panel.list.findChildren(QMenu) if m.isVisible())
    return [a.text() for a in menu.actions()], menu


def test_the_rows_menu_offers_the_pick_while_the_note_is_ambiguous(window, server, qtbot, js):
    pin_id, titles = ambiguous_cards(window, server, qtbot, js)
    texts, menu = row_menu(window, qtbot)
    assert texts == ["Choose its element…", "Edit", "Delete"]
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: len(window.marks.choices) == 3, timeout=10_000)
    QTest.keyClick(window.view.focusProxy(), Qt.Key(Qt.Key.Key_0 + titles.index("Moss") + 1))
    assert_on_moss(window, qtbot, js, pin_id)
    texts, menu = row_menu(window, qtbot)   # on its element again: nothing to choose
    menu.close()
    assert texts == ["Edit", "Delete"]
    assert not window.panel.choose_button.isVisible()


def test_esc_changes_nothing(window, server, qtbot, js):
    pin_id, _titles = ambiguous_cards(window, server, qtbot, js)
    before = window.session.pins[0].annotation
    pick = start_from_the_panel(window, qtbot)
    with qtbot.waitSignal(pick.finished, timeout=5_000) as blocker:
        QTest.keyClick(window.view.focusProxy(), Qt.Key.Key_Escape)
    assert blocker.args == [False]
    assert window.marks.choices == [] and not pick.active
    assert window.session.pins[0].annotation == before   # still stale, same candidates, same record
    assert window.page_call("elementViewport", pin_id) is None
    # The page's input is its own again: a click now changes nothing either.
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(20, 20))
    assert window.run(window.tab.refreshed_batch()).annotations[0].status == "stale"


@pytest.mark.parametrize("index", [1, 2])
def test_two_identical_cards_one_removed_the_note_never_lands_on_the_other(window, server, qtbot, js, index):
    """Before the look-alike count the note landed on the card left (rematched when the second card was
    pinned, exact when the first was: the card left is where the record put it)."""
    annotation, _item, on = reload_after_pin(window, server, qtbot, js, "twins", index, "first-removed")
    assert (annotation.status, annotation.status_reason) == ("stale", "ambiguous: 1 candidate, a look-alike is gone")
    text = encode_annotations(window.run(window.tab.refreshed_batch()))
    assert "Status: [element no longer matched] (ambiguous: 1 candidate, a look-alike is gone)" in text
    assert on == []
    assert annotation.element.look_alikes == 2   # counted at pin time, kept
    assert len(annotation.candidates) == 1       # the user may still put it on the card left


def test_two_identical_cards_after_a_reload_stay_exact_and_the_count_survives_a_restart(window, server, qtbot,
                                                                                         js, tmp_path):
    from app.runtime.drafts import DraftJournal, load_draft

    annotation, _item, on = reload_after_pin(window, server, qtbot, js, "twins", 2, None)
    assert (annotation.status, annotation.status_reason) == ("", "")
    assert len(on) == 1
    assert window.session.pins[0].annotation.element.look_alikes == 2
    journal = DraftJournal(window.app, tmp_path)
    assert journal.write_now()
    draft, problem = load_draft(tmp_path)
    assert problem == ""
    assert [p.annotation.element.look_alikes for t in draft.tabs for p in t.pins] == [2]
    # What the next start's page is given to find the note by (app/model/session.py markers' anchor).
    assert window.session.markers()[0]["anchor"]["alike"] == 2


def test_a_page_cannot_forge_the_count():
    assert ElementRecord.model_validate({"look_alikes": 3}).look_alikes == 3
    for bad in (-1, 10**9, "2", True, 2.5, None):
        assert ElementRecord.model_validate({"look_alikes": bad}).look_alikes == 0


@pytest.mark.parametrize("layout, after, status", [("cards", "sorted", "rematched"),
                                                    ("twins", "first-removed", "stale")])
def test_after_a_restart_a_re_sorted_or_thinned_list(window, server, qtbot, tabs, tmp_path, layout, after,
                                                     status):
    """The next start (the draft written, read back, restored into a new app), then the list re-rendered
    by a reload there: re-sorted cards, the note follows its card (Moss, now third); identical cards one of
    which is gone, stale — the count came through the draft."""
    tab = restored_after_pin(window, tabs, qtbot, tmp_path, server.url(f"lookalikes.html?layout={layout}"))
    tabs.js(tab, f"sessionStorage.setItem('after', {after!r}); true")
    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000):
        tab.view.reload()
    pin_id = tab.session.pins[0].id
    page_id = tab.annotator.target(pin_id)[1]

    def settled() -> bool:
        return tab.session.pins[0].annotation.status == "stale" \
            or window.run(tab.bridge.call("elementViewport", page_id)) is not None
    qtbot.waitUntil(settled, timeout=10_000)
    annotation = window.run(tab.refreshed_batch()).annotations[0]
    assert (annotation.status or "exact") == status
    if status == "stale":
        assert annotation.status_reason == "ambiguous: 1 candidate, a look-alike is gone"
        assert window.run(tab.bridge.call("elementViewport", page_id)) is None
        return
    at = window.run(tab.bridge.call("elementViewport", page_id))
    moss = tabs.js(tab, "(() => { const r = document.querySelector('#list > li:nth-child(3) button')"
                        ".getBoundingClientRect(); return [r.x, r.y]; })()")
    assert tabs.js(tab, "document.querySelector('#list > li:nth-child(3) h3').textContent") == "Moss"
    assert abs(at["x"] - moss[0]) < 1 and abs(at["y"] - moss[1]) < 1
