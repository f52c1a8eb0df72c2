"""Popups (window.open, target=_blank) open as a tab in the opener's lease, next to the opener; noopener is
respected; a flood of popups is blocked and reported."""

from __future__ import annotations

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def _loaded(tabs, tab) -> None:
    tabs.qtbot.waitUntil(lambda: tab.page.url().path().endswith("other.html") and not tab.loading, timeout=10_000)
    from conftest import settle

    settle(tabs.qtbot, tab.bridge.wait_ready())


def test_window_open_makes_a_tab_in_the_same_lease_next_to_the_opener(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    last = tabs.tab()  # a tab after the opener: the popup goes between them
    tabs.app.select_tab(opener.id)
    tabs.js(opener, "document.cookie = 'who=alice; path=/'; window.popup = window.open('other.html'); 0")
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 3, timeout=5_000)
    popup = tabs.app.tabs[1]
    assert popup not in (opener, last) and popup.lease is opener.lease
    assert tabs.app.active_tab is popup
    _loaded(tabs, popup)
    assert tabs.js(popup, "document.cookie") == "who=alice"
    assert tabs.js(popup, "window.opener !== null") is True
    assert tabs.js(opener, "window.popup !== null") is True


def test_target_blank_noopener_opens_a_tab_without_an_opener(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    tabs.js(opener, "document.getElementById('noopener').click(); 0")
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 2, timeout=5_000)
    popup = tabs.app.tabs[1]
    _loaded(tabs, popup)
    assert popup.lease is opener.lease
    assert tabs.js(popup, "window.opener") is None
    assert tabs.js(opener, "window.open('other.html', '_blank', 'noopener')") is None  # as in Chrome
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 3, timeout=5_000)


def test_popup_flood_is_blocked_and_reported(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    messages = []
    tabs.app.message.connect(messages.append)
    tabs.js(opener, "for (let i = 0; i < 12; i++) window.open('other.html'); 0")
    tabs.qtbot.waitUntil(lambda: any("popup flood" in m and server.origin in m for m in messages), timeout=5_000)
    assert len(tabs.app.tabs) == 6  # the opener and five popups


def test_popups_off_opens_nothing(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    tabs.app.allow_popups = False
    messages = []
    tabs.app.message.connect(messages.append)
    tabs.js(opener, "window.open('other.html'); 0")
    tabs.qtbot.waitUntil(lambda: any("popups are off" in m for m in messages), timeout=5_000)
    assert len(tabs.app.tabs) == 1
