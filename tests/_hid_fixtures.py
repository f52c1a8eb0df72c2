"""Shared helpers for the device tests: a pagenote app whose lease's device service is the virtual devices of
``tests/devices/macropad.json``, a tab on a fixture page, real clicks (user activation), JS in the page."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QUrl

from conftest import run_js, settle

DESCRIPTION = Path(__file__).parent / "devices" / "macropad.json"
PAD, FIDO, OTHER = "virtual:0", "virtual:1", "virtual:2"


class DevTab:
    """One tab of a :class:`PagenoteApp` over the virtual devices: ``app``, ``tab``, ``service``, ``backend``."""

    def __init__(self, qtbot, lease, tmp_path, serial: bool = False, default: bool = False,
                 description: dict | None = None) -> None:
        from app.hid.service import DeviceService
        from app.hid.virtual import VirtualBackend, load_description
        from app.runtime.app import PagenoteApp

        self.qtbot = qtbot
        self.app = PagenoteApp(lease, tmp_path)
        description = description or load_description(DESCRIPTION)
        self.backend = VirtualBackend(description)
        serial_backends = None
        if serial:
            from app.hid.serial_backend import SerialBackends

            serial_backends = SerialBackends([description], real=False)
        if default:  # what pagenote uses without --hid-backend (the bundled demo devices and the host's)
            from app.hid.setup import make_service

            self.service = self.app.devices = make_service([], self.app)
        else:
            self.service = self.app.devices = DeviceService([self.backend], self.app, serial=serial_backends)
        self.tab = self.app.new_tab()
        self.tab.view.resize(900, 600)
        self.tab.view.show()

    def load(self, url: str) -> None:
        settle(self.qtbot, self.tab.load(QUrl(url)))
        settle(self.qtbot, self.tab.bridge.wait_ready())
        settle(self.qtbot, self.tab.bridge.wait_frames(2))

    def js(self, source: str, world: int = 0):
        return run_js(self.qtbot, self.tab.page, source, world)

    def click(self, x: int = 50, y: int = 30) -> None:
        from PySide6.QtTest import QTest

        QTest.mouseClick(self.tab.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(x, y))

    def choose(self, key: str | None, x: int = 50, y: int = 30):
        """Click the page's connect button, wait for the chooser request and answer it with ``key``; returns
        the request."""
        with self.qtbot.waitSignal(self.service.chooser_requested, timeout=10_000) as blocker:
            self.click(x, y)
        request = blocker.args[0]
        assert request.choose(key) or key is None
        return request

    def wait_js(self, source: str, timeout: int = 10_000):
        """Wait until ``source`` (MainWorld) is truthy and return its value."""
        box = {}

        def ready() -> bool:
            box["v"] = self.js(source)
            return bool(box["v"])

        self.qtbot.waitUntil(ready, timeout=timeout)
        return box["v"]

    def events(self) -> list:
        return self.js("window.events")

    def close(self) -> None:
        import shiboken6
        from PySide6.QtCore import QCoreApplication, QEvent

        self.app.close()
        shiboken6.delete(self.app)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def dumps(value) -> str:
    return json.dumps(value)
