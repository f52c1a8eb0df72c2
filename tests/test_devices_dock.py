"""The window's Devices dock and device chooser: a page's requestDevice opens the host chooser (non-modal,
matching devices only), Connect grants the device; the dock lists devices and grants (Revoke), and shows the
live traffic with filters, pause, copy as text lines and export as JSON Lines."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QUrl

from _hid_fixtures import DESCRIPTION, PAD
from app.ui.devices_dock import open_choosers
from conftest import run_js, settle


@pytest.fixture
def win(qtbot, aio, lease, tmp_path):
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.hid.service import DeviceService
    from app.hid.virtual import VirtualBackend
    from app.runtime.app import PagenoteApp
    from app.ui.main_window import MainWindow

    app = PagenoteApp(lease, tmp_path)
    app.devices = DeviceService([VirtualBackend.from_file(DESCRIPTION)], app)
    w = MainWindow(app)
    w.resize(1200, 800)
    w.show()
    w.js = lambda source: run_js(qtbot, w.tab.page, source)

    def load(url: str) -> None:
        settle(qtbot, w.tab.load(QUrl(url)))
        settle(qtbot, w.tab.bridge.wait_ready())
        settle(qtbot, w.tab.bridge.wait_frames(2))

    w.load = load
    yield w
    w.close()
    shiboken6.delete(w)
    app.close()
    shiboken6.delete(app)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def click_connect(qtbot, w) -> None:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(w.tab.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(50, 30))


def connect_through_the_chooser(qtbot, w, server) -> None:
    w.load(server.url("hid.html?hidDebug=1"))
    click_connect(qtbot, w)
    qtbot.waitUntil(lambda: bool(open_choosers(w)), timeout=10_000)
    chooser = open_choosers(w)[-1]
    assert not chooser.isModal()
    rows = [chooser.list.item(i).text() for i in range(chooser.list.count())]
    assert rows == ["Pagenote Macro Pad (1209:c0de) serial VMP-0001"]   # no FIDO key, no other vendor
    assert server.origin in chooser.label.text()
    chooser.list.setCurrentRow(0)
    chooser.connect_button.click()
    qtbot.waitUntil(lambda: w.js("!!window.dev") is True, timeout=10_000)


def test_the_chooser_connects_and_closing_it_cancels(qtbot, win, server):
    connect_through_the_chooser(qtbot, win, server)
    assert win.app.devices.granted(server.origin) == [PAD]
    win.js("window.events = []")
    click_connect(qtbot, win)
    qtbot.waitUntil(lambda: bool(open_choosers(win)), timeout=10_000)
    open_choosers(win)[-1].close()
    qtbot.waitUntil(lambda: win.js("window.events.length === 1") is True, timeout=10_000)
    assert win.js("window.events") == [{"chosen": []}]


def test_the_window_has_a_devices_dock_in_the_view_menu(win):
    view = next(a.menu() for a in win.menuBar().actions() if a.menu() and win.act_console in a.menu().actions())
    assert win.devices_dock.toggleViewAction() in view.actions()
    assert win.devices_dock.isHidden()


def test_the_dock_lists_grants_shows_traffic_copies_and_exports(qtbot, win, server):
    dock = win.devices_dock
    dock.show()
    connect_through_the_chooser(qtbot, win, server)
    top = [dock.devices.topLevelItem(i).text(0) for i in range(dock.devices.topLevelItemCount())]
    assert "HID: Pagenote Macro Pad (1209:c0de)" in top
    pad = next(dock.devices.topLevelItem(i) for i in range(dock.devices.topLevelItemCount())
               if "Macro Pad" in dock.devices.topLevelItem(i).text(0))
    assert pad.child(0).text(0) == server.origin
    win.js("dev.open().then(() => dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0])))")
    qtbot.waitUntil(lambda: dock.table.rowCount() >= 3, timeout=10_000)   # open, TX, RX
    dirs = [dock.table.item(r, 1).text() for r in range(dock.table.rowCount())]
    assert dirs[-2:] == ["TX", "RX"]
    dock.dir_filter.setCurrentIndex(dock.dir_filter.findData("TX"))
    assert [dock.table.item(r, 1).text() for r in range(dock.table.rowCount())] == ["TX"]
    lines = dock.copy_lines().splitlines()
    assert len(lines) == 1 and lines[0].startswith("[TX] ") and lines[0].endswith(
        "reportId=0x02 len=8 a1 0c 00 00 00 00 00 00 -> ok")
    dock.dir_filter.setCurrentIndex(0)
    dock.pause_checkbox.setChecked(True)
    before, received = dock.table.rowCount(), dock.received
    win.app.devices.log.add("hid", "EVENT", {"vendorId": 1, "productId": 2, "name": "x"}, op="probe")
    qtbot.waitUntil(lambda: dock.received == received + 1 and not dock._timer.isActive())
    assert dock.table.rowCount() == before       # paused: the entry reached the dock, no row was added
    dock.pause_checkbox.setChecked(False)
    assert dock.table.rowCount() == before + 1
    path = dock.export()
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["dir"] for r in rows if r["dir"] != "EVENT"] == ["TX", "RX"] and path.parent.name == "devices"
    pad = next(dock.devices.topLevelItem(i) for i in range(dock.devices.topLevelItemCount())
               if "Macro Pad" in dock.devices.topLevelItem(i).text(0))
    dock.devices.setCurrentItem(pad.child(0))
    assert dock.revoke_button.click() is None and win.app.devices.granted(server.origin) == []
    dock.clear_button.click()
    assert dock.table.rowCount() == 0


@pytest.fixture
def private_settings(tmp_path):
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "gone"))


def test_log_traffic_is_a_remembered_setting(private_settings, qtbot, aio, lease, tmp_path):
    from app.runtime.app import PagenoteApp

    first = PagenoteApp(lease, tmp_path)
    assert first.devices.logging is False        # off by default
    from app.ui.devices_dock import DevicesDock

    dock = DevicesDock(first.devices, tmp_path)
    dock.log_checkbox.setChecked(True)
    assert first.devices.logging is True and list(private_settings.rglob("settings.toml"))
    second = PagenoteApp(lease, tmp_path)
    assert second.devices.logging is True        # the next start logs from the first frame
    for app in (first, second):
        app.close()
    dock.deleteLater()
