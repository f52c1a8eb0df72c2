"""Permissions: every request is denied unless the user allowed that origin in that lease, settles at once,
and is logged (origin, permission, decision) in page.state; an allow-once grant is not remembered, by us or
by Qt (Qt 6.8+'s persistent permissions are off: AskEveryTime)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWebEngineCore import QWebEnginePermission

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from conftest import settle

REQUESTS = {
    "geolocation": ("new Promise(ok => navigator.geolocation.getCurrentPosition(() => ok('position'), "
                    "e => ok('error ' + e.code)))", "error 1"),
    "notifications": ("Notification.requestPermission()", "denied"),
}
# Camera, microphone, screen share, clipboard read and pointer lock need a device, focus or a user gesture
# before Chromium asks the host (offscreen: NotFoundError / "Document is not focused"); the gate treats every
# type alike (test_decide_is_plain_code).


@pytest.mark.parametrize("permission", sorted(REQUESTS))
def test_each_permission_is_denied_at_once_and_logged(tabs, server, permission):
    tab = tabs.tab(server.url("other.html"))
    source, denied = REQUESTS[permission]
    assert tabs.js_async(tab, source) == denied
    rows = [r for r in settle(tabs.qtbot, tab.page_state())["permissions"] if r["permission"] == permission]
    assert rows and rows[-1]["origin"] == server.origin and rows[-1]["decision"] == "denied"


def test_allow_once_answers_one_request_and_is_not_remembered(tabs, server):
    tab = tabs.tab(server.url("other.html"))
    tab.lease.grants.allow(server.origin, "notifications", "once")
    assert tabs.js_async(tab, REQUESTS["notifications"][0]) == "granted"
    state = tab.lease.profile.queryPermission(QUrl(server.origin), QWebEnginePermission.PermissionType.Notifications)
    assert state.state() == QWebEnginePermission.State.Ask  # Qt kept nothing of it
    tabs.load(tab, server.url("other.html"))  # a new document asks again
    assert tabs.js_async(tab, REQUESTS["notifications"][0]) == "denied"
    other = tabs.tab(server.url("other.html"))
    assert tabs.js_async(other, REQUESTS["notifications"][0]) == "denied"


def test_allow_for_the_lease_answers_every_tab_of_the_lease(tabs, server):
    tab = tabs.tab(server.url("other.html"))
    tab.permissions.ask = True
    asked = []
    tab.permissions.asking.connect(asked.append)
    run = tabs.js(tab, "window.__n = null; Notification.requestPermission().then(v => window.__n = v); 0")
    assert run == 0
    tabs.qtbot.waitUntil(lambda: bool(asked), timeout=5_000)
    tab.permissions.answer(server.origin, "notifications", "lease")
    tabs.qtbot.waitUntil(lambda: tabs.js(tab, "window.__n") == "granted", timeout=5_000)
    second = tabs.tab(server.url("other.html"))
    assert tabs.js_async(second, REQUESTS["notifications"][0]) == "granted"
    isolated = tabs.show(tabs.app.new_isolated_tab(), server.url("other.html"))
    assert tabs.js_async(isolated, REQUESTS["notifications"][0]) == "denied"


def test_decide_is_plain_code():
    from app.webview.permissions import Grants, decide

    grants = Grants()
    assert decide(grants, "http://a", "geolocation") == ("denied", "default")
    grants.allow("http://a", "geolocation", "once")
    assert decide(grants, "http://a", "geolocation") == ("granted", "once")
    assert decide(grants, "http://a", "geolocation") == ("denied", "default")
    assert decide(grants, "http://a", "unsupported", ask=True) == ("denied", "default")
