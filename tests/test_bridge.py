"""The async page bridge: typed outcomes for every way a page call can end, per-frame routing, and page
calls in two tabs progressing side by side with an agent-socket request — no nested event loop."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QUrl

from conftest import settle
from test_agent_socket import RawClient

from app.webview.bridge import (FrameGone, PageBridge, PageCallTimeout, PageScriptError, PageScriptMissing,
                                call_source)

MAIN_WORLD = 0


def test_values_come_back_decoded(window, server):
    window.load_page(server.url("counters.html"))
    frames = window.page_call("frame")
    assert isinstance(frames, int) and frames >= 0
    assert window.page_call("clearHover") is None                 # undefined → None, not an error
    assert window.page_call("documentMetrics")["viewport"]["width"] > 0  # JSON answer → dict


def test_a_page_side_exception_is_a_page_script_error(window, server):
    window.load_page(server.url("counters.html"))
    with pytest.raises(PageScriptError) as info:
        window.page_call("noSuchMethod")
    assert info.value.name == "PAGE_SCRIPT_ERROR" and "noSuchMethod" in info.value.message
    assert "noSuchMethod" in info.value.stack or info.value.stack == ""


def test_a_document_without_the_script_is_page_script_missing(window, server):
    window.load_page(server.url("counters.html"))
    window.run(window.tab.bridge.run("delete window.__pagenote"))  # pagenote's own world: only we can do this
    with pytest.raises(PageScriptMissing) as info:
        window.page_call("frame")
    assert info.value.name == "PAGE_SCRIPT_MISSING"


def test_a_busy_page_is_a_call_timeout_and_the_host_keeps_running(window, server, qtbot):
    window.load_page(server.url("counters.html"))
    bridge = window.tab.bridge
    # The page's own script hogs its renderer for 1.5 s; a 200 ms call into it must give up, not hang.
    busy = asyncio.ensure_future(bridge.run("{const t = Date.now() + 1500; while (Date.now() < t) {} 1}",
                                            world=MAIN_WORLD, timeout_ms=10_000))
    with pytest.raises(PageCallTimeout) as info:
        window.run(bridge.call("frame", timeout_ms=200))
    assert info.value.name == "PAGE_CALL_TIMEOUT"
    assert settle(qtbot, busy) == 1


def test_a_removed_frame_is_frame_gone(window, server, server2, qtbot, js):
    window.load_page(server.url(f"frames.html?cross={server2.httpd.server_address[1]}"))
    frame = next(f for f in window.page.mainFrame().children() if f.htmlName() == "same-frame")
    window.run(window.tab.bridge.wait_ready(frame=frame))
    assert window.page_call("frame", frame=frame) >= 0
    js("document.getElementById('same').remove()")
    qtbot.waitUntil(lambda: not frame.isValid(), timeout=5000)
    with pytest.raises(FrameGone) as info:
        window.page_call("frame", frame=frame)
    assert info.value.name == "FRAME_GONE"


def test_the_call_source_refuses_anything_but_a_method_name():
    with pytest.raises(ValueError):
        call_source("frame(); alert(1)", ())
    assert '"a\\"b"' in call_source("select", ('a"b',))  # arguments travel as JSON literals


@pytest.fixture
def second_tab(window, server, qtbot):
    """A second tab of the same app on another site (``localhost`` vs ``127.0.0.1``: another renderer
    process), shown offscreen so it renders."""
    tab = window.app.new_tab()
    tab.view.resize(800, 600)
    tab.view.show()
    port = server.httpd.server_address[1]
    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000):
        tab.view.load(QUrl(f"http://localhost:{port}/counters.html"))
    settle(qtbot, tab.bridge.wait_ready())
    window.app.select_tab(window.app.tabs[0].id)  # the window shows the first tab again (window.tab)
    yield tab
    tab.view.hide()


def test_two_slow_page_calls_and_a_socket_request_progress_together(window, server, second_tab, socket_path,
                                                                      qtbot):
    window.load_page(server.url("counters.html"))
    slow = "{const start = Date.now(); while (Date.now() < start + 2500) {} JSON.stringify([start, Date.now()])}"

    async def slow_call(bridge: PageBridge) -> list[int]:
        import json

        return json.loads(await bridge.run(slow, world=MAIN_WORLD, timeout_ms=20_000))

    first = asyncio.ensure_future(slow_call(window.tab.bridge))
    second = asyncio.ensure_future(slow_call(second_tab.bridge))
    client = RawClient(qtbot, socket_path)
    try:
        answer = client.call("tabs.list")   # served while both page calls are in flight
        in_flight = (first.done(), second.done())
    finally:
        client.close()
    assert [t["id"] for t in answer["result"]] == ["1", "2"]
    assert in_flight == (False, False), "the socket answer waited for the page calls"
    (start_a, end_a), (start_b, end_b) = settle(qtbot, first), settle(qtbot, second)
    # Both renderers were busy at the same time: the host did not run one call after the other.
    assert start_a < end_b and start_b < end_a


def test_a_page_still_loading_is_page_loading_and_a_page_without_the_script_says_so(window, server, qtbot,
                                                                                      stalling_server):
    """What agents get when the page is not ready: the real state by name (not a capture failure)."""
    from app.core.errors import PagenoteError

    window.load_page(server.url("counters.html"))
    window.run(window.tab.bridge.run("delete window.__pagenote"))  # loaded, but no page script here
    with pytest.raises(PagenoteError) as info:
        window.run(window.tab.settled(300))
    assert info.value.name == "PAGE_SCRIPT_MISSING" and "window is visible" not in info.value.next_step
    state = window.run(window.tab.page_state(300))
    assert state["ready"] is False and state["loading"] is False and state["scroll"] is None

    with qtbot.waitSignal(window.view.loadStarted, timeout=5000):
        window.view.load(QUrl(f"{stalling_server}/"))
    with pytest.raises(PagenoteError) as info:
        window.run(window.tab.settled(300))
    assert info.value.name == "PAGE_LOADING" and "page_state" in info.value.next_step
    assert window.run(window.tab.page_state(300))["loading"] is True
