"""A tab showing Chromium's error page for its last main-frame load is not a page to work on: Chromium 140
runs pagenote's page script in that error page, so the failed load (QWebEngineLoadingInfo) decides.
page.state says ``ready: false`` with ``load_error`` named as Chromium names it, and screenshots and element
methods answer ``PAGE_LOAD_FAILED`` with the next step instead of capturing the error page."""

from __future__ import annotations

import socket

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


@pytest.fixture
def call(window):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _error(call, method, **params) -> PagenoteError:
    with pytest.raises(PagenoteError) as caught:
        call(method, **params)
    return caught.value


def test_an_error_page_is_not_ready_and_names_the_load_error(call, server):
    url = f"http://127.0.0.1:{_closed_port()}/x"
    assert _error(call, "navigate", url=url).name == "PAGE_LOAD_FAILED"
    state = call("page.state")
    assert state["url"] == url and state["loading"] is False
    assert state["ready"] is False
    assert state["load_error"] == {"code": -102, "text": "net::ERR_CONNECTION_REFUSED", "url": url}
    for method, params in (("screenshot", {}), ("screenshot", {"kind": "full"}), ("snapshot", {}),
                           ("find", {"text": "reached"})):
        error = _error(call, method, **params)
        assert error.name == "PAGE_LOAD_FAILED", (method, error)
        assert "net::ERR_CONNECTION_REFUSED" in error.message and url in error.message
        assert "server is running" in error.next_step
    # A page that loads clears it; the server's own 404 page is a page too.
    call("navigate", url=server.url("console.html"))
    state = call("page.state")
    assert state["ready"] is True and state["load_error"] is None
    assert call("screenshot")["width"] > 0
    assert _error(call, "navigate", url=url).name == "PAGE_LOAD_FAILED"
    assert call("navigate", url=server.url("no-such-page.html"))["status"] == 404
    assert call("page.state")["load_error"] is None


def test_annotation_mode_on_an_error_page_says_so_and_pins_nothing(window, qtbot, server):
    from PySide6.QtCore import QPoint, Qt, QUrl
    from PySide6.QtTest import QTest

    url = f"http://127.0.0.1:{_closed_port()}/x"
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000) as finished:
        window.view.load(QUrl(url))
    assert finished.args == [False]
    qtbot.waitUntil(lambda: window.tab.load_error is not None, timeout=5_000)
    with qtbot.waitSignal(window.annotate.message, timeout=5_000) as said:
        window.act_annotate.trigger()
    assert "net::ERR_CONNECTION_REFUSED" in said.args[0] and "error page" in said.args[0]
    assert window.annotate.active is False and not window.act_annotate.isChecked()
    # The mode was on when a load failed: a click on Chromium's error page pins nothing and says why.
    window.load_page(server.url("record.html"))
    window.act_annotate.trigger()
    assert window.annotate.active and window.act_annotate.isChecked()
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        window.view.load(QUrl(url))
    qtbot.waitUntil(lambda: window.tab.load_error is not None, timeout=5_000)
    with qtbot.waitSignal(window.annotate.message, timeout=5_000) as said:
        QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(200, 150))
    assert "net::ERR_CONNECTION_REFUSED" in said.args[0]
    assert not window.annotate.note_box.isVisible() and window.session.pins == []
