"""The window after a third design pass: the tab strip's "+" is a Lucide icon, the active tab carries an
underline with 3:1 non-text contrast (WCAG 2.x, computed from the theme) and long titles are elided to a
tab width instead of cut at a character count; Reload and Stop share one toolbar slot as in browsers, with
the same keys."""

from __future__ import annotations

from PySide6.QtCore import QUrl, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from app.ui import theme
from app.ui.tab_strip import TAB_MAX_WIDTH

LONG = "Built-in Types and every other chapter of the Python 3.11 documentation"


def test_the_active_tab_underline_keeps_3_to_1_against_the_strip_and_both_tab_fills():
    for name, c in theme.COLOURS.items():
        for surface in (c["window"], c["base"], c["alt"]):          # strip / inactive, active, hovered
            assert theme.contrast_ratio(c["tab_edge"], surface) >= 3, (name, surface)


def test_the_strip_has_a_plus_icon_a_marked_active_tab_and_elided_long_titles(qapp, window, server, qtbot, js):
    w, strip = window, window.tab_strip
    assert not strip.act_new.icon().isNull()
    plus = w.findChild(type(w.toolbars.bar), "tabsToolbar").widgetForAction(strip.act_new)
    assert not plus.icon().isNull() and plus.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    w.load_page(server.url("counters.html"))
    js(f"document.title = {LONG!r}")
    qtbot.waitUntil(lambda: strip.tabText(0) == LONG, timeout=5000)   # the whole title: Qt elides it
    strip.app.new_tab()
    qtbot.waitUntil(lambda: strip.count() == 2 and strip.currentIndex() == 1, timeout=5000)
    assert strip.tabRect(0).width() <= TAB_MAX_WIDTH
    assert LONG in strip.tabToolTip(0)
    try:
        for name in ("light", "dark"):
            theme.apply(qapp, name)
            strip.setCurrentIndex(0)
            qtbot.waitUntil(lambda: w.tab_strip.currentIndex() == 0, timeout=5000)
            image = strip.grab().toImage()
            dpr = image.devicePixelRatio()
            edge = theme.COLOURS[name]["tab_edge"]
            for index, want in ((0, True), (1, False)):
                r = strip.tabRect(index)
                x, y = round(r.center().x() * dpr), round((r.bottom() - 1) * dpr)
                got = QColor(image.pixel(x, y)).name().upper()
                assert (got == edge) is want, (name, index, got)
    finally:
        theme.apply(qapp, "light")


def test_reload_and_stop_share_one_slot_and_keep_their_keys(window, server, stalling_server, qtbot):
    w = window
    slot = w.nav_buttons["reload"]
    assert w.nav_buttons["stop"] is slot
    bar = w.toolbars.bar
    assert w.keys.reload not in bar.actions() and w.keys.stop not in bar.actions()
    actions = bar.actions()
    (at,) = [i for i, a in enumerate(actions) if bar.widgetForAction(a) is slot]
    assert at == actions.index(w.keys.forward) + 1                                   # where Reload was
    w.load_page(server.url("counters.html"))
    qtbot.waitUntil(lambda: slot.defaultAction() is w.keys.reload, timeout=5000)   # idle: Reload
    w.view.load(QUrl(stalling_server + "/page.html"))
    qtbot.waitUntil(lambda: slot.defaultAction() is w.keys.stop, timeout=5000)     # loading: Stop, same place
    assert slot.isEnabled() and slot.isVisible()
    assert slot.actions() == [w.keys.stop] and slot.menu() is None   # one action: no menu arrow on the slot
    with qtbot.waitSignal(w.view.loadFinished, timeout=5000):
        QTest.keyClick(w.address, Qt.Key.Key_Escape)                               # Esc still stops
    qtbot.waitUntil(lambda: slot.defaultAction() is w.keys.reload, timeout=5000)
    with qtbot.waitSignal(w.keys.reload.triggered, timeout=3000):                  # F5 still reloads
        QTest.keyClick(w.address, Qt.Key.Key_F5)
    w.view.load(QUrl(stalling_server + "/page.html"))
    qtbot.waitUntil(lambda: slot.defaultAction() is w.keys.stop, timeout=5000)
    with qtbot.waitSignal(w.view.loadFinished, timeout=5000):
        QTest.mouseClick(slot, Qt.MouseButton.LeftButton)                          # the slot's click stops
    qtbot.waitUntil(lambda: slot.defaultAction() is w.keys.reload, timeout=5000)


# -- the selected row's marker comes into view -------------------------------------------------------------------


def test_nearest_delta_moves_only_what_is_outside_and_by_the_least_amount():
    from app.ui.mark_reveal import nearest_delta

    assert nearest_delta(10, 50, 600) == 0                     # inside: no scroll
    assert nearest_delta(-200, -160, 600) == -216              # above: its top 16 px below the edge
    assert nearest_delta(900, 940, 600) == 356                 # below: its bottom 16 px above the edge
    assert nearest_delta(-50, 1000, 600) == -50                # taller than the view: its start at the edge
    assert nearest_delta(-10, 590, 600) == -10                 # nearly fills it: less room


def test_selecting_a_row_scrolls_its_marker_into_view_and_leaves_a_shown_one_alone(window, server, qtbot, js):
    from test_window_ux import centre, pin

    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#link"), "one")
    w.act_annotate.trigger()
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 1, timeout=3000)
    w.panel.list.setCurrentRow(-1)
    js("document.body.style.minHeight = '6000px'; window.scrollTo(0, 4000)")
    qtbot.waitUntil(lambda: js("window.scrollY") >= 3000, timeout=3000)
    before = js("window.scrollY")
    mark = w.marks.scene.marks[0]

    def in_view() -> bool:
        m = next(m for m in w.marks.scene.marks if m.id == mark.id)
        zoom = w.view.zoomFactor()
        return m.visible and 0 <= m.y and m.y + m.height <= w.marks.height() / zoom

    qtbot.waitUntil(lambda: not in_view(), timeout=3000)
    w.panel.list.setCurrentRow(0)
    assert w.marks.revealed is not None and w.marks.revealed[1] < 0
    qtbot.waitUntil(lambda: js("window.scrollY") < before, timeout=3000)
    qtbot.waitUntil(in_view, timeout=3000)
    # Already in view: selecting it again asks for no scroll, and the page stays where it is.
    shown = js("window.scrollY")
    w.panel.list.setCurrentRow(-1)
    w.panel.list.setCurrentRow(0)
    assert w.marks.revealed == (0.0, 0.0)
    assert js("window.scrollY") == shown
