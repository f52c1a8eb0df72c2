"""The tab strip mirrors the app's tabs (a popup or an agent's tabs.new appears, the active tab follows), and
its gestures are the app's intents: select, Ctrl+T, Ctrl+Shift+N (isolated), Ctrl+W, Ctrl+Tab."""

from __future__ import annotations

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def test_the_strip_follows_the_app_and_its_gestures_drive_it(tabs, server, qtbot):
    from app.ui.tab_strip import TabStrip

    first = tabs.tab(server.url("popups.html"))
    strip = TabStrip(tabs.app)
    strip.show()
    assert strip.count() == 1 and strip.tabText(0) == "Opener"
    tabs.click(first, "#blank")  # a popup the user's click opens: next to its opener, active
    qtbot.waitUntil(lambda: strip.count() == 2, timeout=5_000)
    qtbot.waitUntil(lambda: strip.tabText(1) == "Other", timeout=10_000)
    assert strip.currentIndex() == 1
    strip.setCurrentIndex(0)  # the user clicks the first tab
    assert tabs.app.active_tab is first
    strip.act_new_isolated.trigger()
    assert strip.count() == 3 and strip.currentIndex() == 2 and strip.tabText(2).startswith("◆")
    assert "lease: isolated-" in strip.tabToolTip(2)
    strip.act_next.trigger()  # wraps around
    assert strip.currentIndex() == 0 and tabs.app.active_tab is first
    asked = []
    strip.ask_close = lambda tab: asked.append(tab.id) or False  # the user cancels
    strip.act_close.trigger()
    assert asked == [first.id] and strip.count() == 3
    strip.ask_close = None
    strip.act_close.trigger()
    assert strip.count() == 2 and first not in tabs.app.tabs and strip.currentIndex() == 0
    strip.act_new.trigger()
    assert strip.count() == 3 and tabs.app.active_tab.lease is tabs.lease
    strip.deleteLater()
