"""The window's lease UI: the permission bar answers a waiting request (Allow once / for this lease / Deny),
the Permissions view lists requests and grants and revokes, the Settings dialog writes settings.toml and
applies the policy, and a killed renderer shows the crash page whose Reload brings the page back."""

from __future__ import annotations

import os
import signal

import pytest


@pytest.fixture
def private_settings(tmp_path):
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "gone"))


def test_permission_bar_allows_for_the_lease_and_the_view_lists_and_revokes(window, server, qtbot, js):
    from app.ui.lease_ui import install_lease_ui

    ui = install_lease_ui(window)
    window.load_page(server.url("other.html"))
    window.tab.permissions.ask = True
    js("window.__n = null; Notification.requestPermission().then(v => window.__n = v); 0")
    qtbot.waitUntil(ui.permission_bar.isVisible, timeout=5_000)
    assert server.origin in ui.permission_bar.label.text() and "notifications" in ui.permission_bar.label.text()
    ui.permission_bar.lease.click()
    qtbot.waitUntil(lambda: js("window.__n") == "granted", timeout=5_000)
    assert not ui.permission_bar.isVisible()
    view = ui.open_permissions()
    assert view.grants.rowCount() == 1 and view.grants.item(0, 1).text() == server.origin
    assert view.requests.rowCount() == 2  # asking, then granted by the user
    view.grants.cellWidget(0, 4).click()
    assert view.grants.rowCount() == 0 and window.tab.lease.grants.rows() == []
    view.close()


def test_settings_dialog_writes_the_file_and_applies_the_policy(window, private_settings):
    from app.ui.lease_ui import install_lease_ui

    ui = install_lease_ui(window)
    dialog = ui.open_settings()
    dialog.popups.setChecked(False)
    dialog.downloads.setChecked(True)
    dialog.permissions.setCurrentIndex(dialog.permissions.findData("ask"))
    dialog.accept()
    text = next(private_settings.rglob("settings.toml")).read_text()
    assert "popups = false" in text and "downloads = true" in text and 'permissions = "ask"' in text
    assert window.app.allow_popups is False and window.app.downloads.allowed is True
    assert window.tab.permissions.ask is True


def test_killed_renderer_shows_the_crash_page_and_its_reload_brings_the_page_back(window, server, qtbot):
    from app.ui.lease_ui import install_lease_ui

    ui = install_lease_ui(window)
    window.load_page(server.url("other.html"))
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(window.page.renderProcessPid(), signal.SIGKILL)
    qtbot.waitUntil(ui.crash_page.isVisible, timeout=5_000)
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        ui.crash_page.reload_button.click()
    assert not ui.crash_page.isVisible()
    window.run(window.tab.bridge.wait_ready())


def test_popups_and_agent_new_tabs_open_as_tabs_the_window_shows(window, server, qtbot, js, socket_path):
    import anyio

    from app.agent.client import AgentClient
    from app.ui.lease_ui import install_lease_ui

    install_lease_ui(window)
    opener = window.tab
    window.load_page(server.url("popups.html"))
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    x, y = js("(() => { const r = document.getElementById('blank').getBoundingClientRect(); "
              "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    # The user's click on a target=_blank link (a popup needs a gesture: tests/test_hostile_agent_popups.py).
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(round(x), round(y)))
    qtbot.waitUntil(lambda: len(window.app.tabs) == 2 and window.tab is not opener, timeout=10_000)
    qtbot.waitUntil(lambda: window.page.url().toString() == server.url("other.html"), timeout=10_000)
    assert opener.page.url().toString() == server.url("popups.html")
    assert window.tab.lease is opener.lease and window.stack.currentWidget().tab is window.tab
    assert window.lease_ui.permission_bar is not None and window.lease_ui.crash_page.tab is window.tab

    async def new_tab():
        async with AgentClient(socket_path) as client:
            return await client.call("tabs.new", {"url": server.url("download.html")})

    from conftest import settle

    result = settle(qtbot, anyio.to_thread.run_sync(lambda: anyio.run(new_tab)))
    assert result["id"] == window.tab.id and len(window.app.tabs) == 3
    qtbot.waitUntil(lambda: window.page.url().toString() == server.url("download.html"), timeout=10_000)
    qtbot.waitUntil(lambda: window.address.text() == server.url("download.html"), timeout=10_000)
