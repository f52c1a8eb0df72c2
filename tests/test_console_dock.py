"""The window's Console dock (level filter, search, clear, copy entry) and F12: Chromium's DevTools for the
page in a window of their own, attached in-process (no debug port)."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest


def _rows(dock) -> list[str]:
    return [dock.list.item(i).text() for i in range(dock.list.count())]


def test_console_dock_lists_filters_searches_copies_and_clears(window, qtbot, server, server2):
    window.load_page(server.url(f"console.html?child={server2.origin}"))
    dock = window.console_dock
    assert not dock.isVisible()
    QTest.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(dock.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: any("undefinedFunctionInChild" in r for r in _rows(dock)), timeout=10_000)
    # Shown, the dock holds the DevTools session: the attach's replay upgrades the rows with columns and stacks.
    assert "console-dock" in window.tab.cdp.holders
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any(e.stack for e in log.entries if e.text == "hello from the cross-origin child"),
                    timeout=20_000)
    rows = _rows(dock)
    assert any(r.startswith("[info] hello from the top 42") for r in rows)
    assert "[info] fetch https://api.example.test/data?token=REDACTED&page=2" in "\n".join(rows)
    dock.level_filter.setCurrentIndex(dock.level_filter.findData("error"))
    assert _rows(dock) and all(r.startswith("[error]") for r in _rows(dock))
    dock.search.setText("CROSS-ORIGIN")
    dock.level_filter.setCurrentIndex(dock.level_filter.findData("debug"))
    assert [r.split("  — ")[0] for r in _rows(dock)] == ["[info] hello from the cross-origin child"]
    dock.list.setCurrentRow(0)
    copied = dock.copy_selected()
    assert copied == QGuiApplication.clipboard().text()
    child = f"{server2.origin}/console-child.html"
    assert copied == f"[info] hello from the cross-origin child  — {child}:5:9\n    at (anonymous) ({child}:5:9)"
    assert dock.list.item(0).toolTip() == f"<pre>{child}:5:9\nStack (innermost first):\n  at (anonymous) ({child}:5:9)</pre>"
    dock.search.clear()
    dock.clear_button.click()
    assert dock.list.count() == 0 and len(window.tab.browser.console.entries) == 0
    dock.hide()
    assert "console-dock" not in window.tab.cdp.holders


def test_f12_opens_devtools_for_the_page_without_a_debug_port(window, qtbot, server):
    window.load_page(server.url("spa.html"))
    assert "QTWEBENGINE_REMOTE_DEBUGGING" not in os.environ
    window.act_devtools.trigger()
    devtools = window.devtools
    qtbot.waitUntil(devtools.isVisible, timeout=5_000)
    assert window.page.devToolsPage() is devtools.view.page()
    qtbot.waitUntil(lambda: devtools.view.url().scheme() == "devtools", timeout=10_000)
    assert devtools.isWindow() and devtools.view.page().profile() is not window.page.profile()
    # The network details enable their domain on every attach, the user's too: that is no feature using the
    # session, so closing F12 still detaches it.
    qtbot.waitUntil(lambda: window.tab.network_detail.since is not None, timeout=10_000)
    window.act_devtools.trigger()
    assert not devtools.isVisible() and window.page.devToolsPage() is None
