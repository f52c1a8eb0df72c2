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


MEDIA_SCRIPT = r"""
import json, sys
from app.qtenv import prepare
args = prepare(headless=True) + ["--use-fake-device-for-media-stream"]
import PySide6.QtWebEngineWidgets  # noqa
from PySide6.QtCore import QTimer, QUrl
from PySide6.QtWidgets import QApplication
qt = QApplication(["pagenote-media", *args])
from app.runtime.loop import install
install(qt)
from app.runtime.app import PagenoteApp
from app.webview.lease import Lease
lease = Lease(qt)
app = PagenoteApp(lease, __import__("pathlib").Path(sys.argv[2]))
tab = app.new_tab()
tab.view.resize(400, 300)
tab.view.show()
out = {}
def ask():
    source = ("Promise.all([{video: true}, {audio: true}].map(c => navigator.mediaDevices.getUserMedia(c)"
              ".then(() => 'stream', e => e.name))).then(r => document.title = JSON.stringify(r))")
    tab.page.runJavaScript(source, 0)
def titled(title):
    if title.startswith("["):
        out["results"] = json.loads(title)
        out["log"] = tab.permissions.state()
        print(json.dumps(out), flush=True)
        qt.exit(0)
tab.page.titleChanged.connect(titled)
tab.page.loadFinished.connect(lambda ok: QTimer.singleShot(100, ask))
tab.open(QUrl(sys.argv[1]))
QTimer.singleShot(20000, lambda: qt.exit(3))
qt.exec()
app.close()
"""


def test_camera_and_microphone_are_denied_at_once_and_logged(server, tmp_path):
    """With fake capture devices (a Chromium flag, so in a process of its own) getUserMedia reaches the
    permission request: it is denied at once (the promise rejects) and logged per device kind."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run([sys.executable, "-c", MEDIA_SCRIPT, server.url("other.html"), str(tmp_path)],
                          cwd=Path(__file__).parent.parent, env=env, capture_output=True, text=True, timeout=60)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, proc.stderr[-2000:]
    out = json.loads(lines[-1])
    # Settled at once, refused: Qt 6.12 rejects a denied capture with AbortError (measured; Chrome says
    # NotAllowedError) — never a stream, never pending.
    assert set(out["results"]) <= {"AbortError", "NotAllowedError"}
    logged = {(r["permission"], r["decision"]) for r in out["log"]}
    assert {("camera", "denied"), ("microphone", "denied")} <= logged
