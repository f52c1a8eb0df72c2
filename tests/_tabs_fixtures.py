"""Shared helpers for the tab, lease, popup and permission tests: a :class:`PagenoteApp` over a fresh session
lease (closed after the test, pages first), loading a page in a tab, JavaScript (also promises) in a tab."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QUrl

from conftest import run_js, settle


class TabsApp:
    """``app`` (a :class:`~app.runtime.app.PagenoteApp`) over ``lease`` (a fresh off-the-record one)."""

    def __init__(self, qtbot, qapp, tmp_path) -> None:
        from app.runtime.app import PagenoteApp
        from app.webview.lease import Lease

        self.qtbot = qtbot
        self.lease = Lease(qapp)
        self.app = PagenoteApp(self.lease, tmp_path)

    def tab(self, url: str | None = None, **kwargs):
        """A new tab (``new_tab(**kwargs)``), shown offscreen, with ``url`` loaded when given."""
        tab = self.app.new_tab(**kwargs)
        return self.show(tab, url)

    def show(self, tab, url: str | None = None):
        tab.view.resize(800, 600)
        tab.view.show()
        if url:
            self.load(tab, url)
        return tab

    def load(self, tab, url: str) -> None:
        settle(self.qtbot, tab.load(QUrl(url)))
        settle(self.qtbot, tab.bridge.wait_ready())

    def js(self, tab, source: str):
        """Run ``source`` in ``tab``'s MainWorld and return its value (JSON)."""
        return run_js(self.qtbot, tab.page, source)

    def click(self, tab, selector: str) -> None:
        """The user's left click in the middle of ``selector``'s element in ``tab`` (a real Qt click on the view:
        the page gets user activation, which popups and downloads need)."""
        from PySide6.QtCore import QPoint, Qt
        from PySide6.QtTest import QTest

        settle(self.qtbot, tab.bridge.wait_frames(2))   # Chromium drops input before the first painted frame
        x, y = self.js(tab, f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
                            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        QTest.mouseClick(tab.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(round(x), round(y)))

    def js_async(self, tab, source: str, timeout: int = 10_000):
        """Await the promise ``source`` evaluates to in ``tab``'s MainWorld and return its value (JSON), or
        ``{"error": message}`` when it rejects."""
        key = f"__pn_result_{id(source)}"
        run_js(self.qtbot, tab.page, f"""window[{json.dumps(key)}] = undefined;
            Promise.resolve().then(() => {source}).then(v => window[{json.dumps(key)}] = {{value: v ?? null}},
                                          e => window[{json.dumps(key)}] = {{error: String(e && e.message || e)}}); 0""")
        self.qtbot.waitUntil(lambda: run_js(self.qtbot, tab.page, f"window[{json.dumps(key)}] !== undefined"),
                             timeout=timeout)
        result = run_js(self.qtbot, tab.page, f"window[{json.dumps(key)}]")
        return result.get("value") if "value" in result else result

    def close(self) -> None:
        import shiboken6
        from PySide6.QtCore import QCoreApplication, QEvent

        self.app.close()
        shiboken6.delete(self.app)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self.lease.close()


@pytest.fixture
def tabs(qtbot, qapp, aio, tmp_path):
    t = TabsApp(qtbot, qapp, tmp_path)
    yield t
    t.close()
