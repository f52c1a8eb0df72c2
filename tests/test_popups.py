"""Popups (window.open, target=_blank) opened by a click open as a tab in the opener's lease, next to the
opener; noopener is respected; a flood of popups is blocked and reported; with popups off nothing opens. (Popups
with no click, and the agent's tab: tests/test_hostile_agent_popups.py.)"""

from __future__ import annotations

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from conftest import settle


def _loaded(tabs, tab) -> None:
    tabs.qtbot.waitUntil(lambda: tab.page.url().path().endswith("other.html") and not tab.loading, timeout=10_000)
    settle(tabs.qtbot, tab.bridge.wait_ready())


def test_window_open_makes_a_tab_in_the_same_lease_next_to_the_opener(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    last = tabs.tab()  # a tab after the opener: the popup goes between them
    tabs.app.select_tab(opener.id)
    tabs.js(opener, "document.cookie = 'who=alice; path=/'; "
                    "document.querySelector('h1').onclick = () => { window.popup = window.open('other.html'); }; 0")
    tabs.click(opener, "h1")
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
    tabs.click(opener, "#noopener")
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 2, timeout=5_000)
    popup = tabs.app.tabs[1]
    _loaded(tabs, popup)
    assert popup.lease is opener.lease
    assert tabs.js(popup, "window.opener") is None
    tabs.app.select_tab(opener.id)
    tabs.js(opener, "document.querySelector('h1').onclick = () => { "
                    "window.noopened = window.open('other.html', '_blank', 'noopener'); }; 0")
    tabs.click(opener, "h1")
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 3, timeout=5_000)
    assert tabs.js(opener, "window.noopened") is None  # as in Chrome


def test_popup_flood_is_blocked_and_reported(tabs, server):
    from app.tabs.popups import FLOOD_COUNT, PopupLimiter

    opener = tabs.tab(server.url("popups.html"))
    messages = []
    tabs.app.message.connect(messages.append)
    # One click is one popup: window.open uses the click's activation up, the other eleven have none.
    tabs.js(opener, "document.querySelector('h1').onclick = () => { "
                    "for (let i = 0; i < 12; i++) window.open('other.html'); }; 0")
    tabs.click(opener, "h1")
    tabs.qtbot.waitUntil(lambda: len(opener.popups.blocked) == 10, timeout=5_000)
    assert len(tabs.app.tabs) == 2 and any("no click or key press opened it" in m and server.origin in m
                                           for m in messages)
    # More than five allowed popups a second from one tab are a flood (their gestures notwithstanding).
    limiter = PopupLimiter()
    assert [limiter.allow(now=1.0 + i / 100) for i in range(FLOOD_COUNT + 1)] == [True] * FLOOD_COUNT + [False]
    assert limiter.allow(now=2.5) is True


def test_popups_off_opens_nothing(tabs, server):
    opener = tabs.tab(server.url("popups.html"))
    tabs.app.allow_popups = False
    messages = []
    tabs.app.message.connect(messages.append)
    tabs.click(opener, "#blank")
    tabs.qtbot.waitUntil(lambda: any("popups are off" in m for m in messages), timeout=5_000)
    assert len(tabs.app.tabs) == 1
