"""A page the user paused at a breakpoint in their own F12 window: the session sees the pause (the tap's
``user-paused``), ``page_state`` answers at once with ``paused_in_devtools``, and an agent call the page cannot
answer fails with ``PAGE_PAUSED`` (what to do: wait for the user) instead of a busy-page timeout; closing F12
resumes the page. Real pages on 127.0.0.1."""

from __future__ import annotations

import os
import signal

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


def test_an_f12_breakpoint_is_page_paused_for_the_agent(window, server, qtbot):
    window.app.allow_evaluate = True
    window.load_page(server.url("cdp_debugger.html"))
    methods = Methods(TabsHost(window.app), window.app.hub)
    session = window.tab.cdp
    with qtbot.waitSignal(session.attached, timeout=20_000):  # the full DevTools UI: it enables Debugger
        window.act_devtools.trigger()
    qtbot.waitUntil(lambda: session.user_paused, timeout=20_000)  # the timer's debugger; statement
    state = window.run(methods.call("page.state", {}))
    assert state["paused_in_devtools"] is True
    with pytest.raises(PagenoteError) as caught:
        window.run(methods.call("evaluate", {"expression": "() => 6 * 7", "timeout_ms": 1_000}))
    assert caught.value.name == "PAGE_PAUSED" and "EVALUATE_TIMEOUT" not in caught.value.next_step
    window.act_devtools.trigger()  # F12 closes: the page runs again
    qtbot.waitUntil(lambda: not session.user_paused, timeout=10_000)
    assert window.run(methods.call("evaluate", {"expression": "() => 6 * 7"}))["value"] == 42
    assert "paused_in_devtools" not in window.run(methods.call("page.state", {}))


def _paused_in_f12(window, server, qtbot):
    window.load_page(server.url("cdp_debugger.html"))
    session = window.tab.cdp
    with qtbot.waitSignal(session.attached, timeout=20_000):
        window.act_devtools.trigger()
    qtbot.waitUntil(lambda: session.user_paused, timeout=20_000)
    return session


def test_a_renderer_crash_while_paused_ends_the_pause(window, server, qtbot):
    session = _paused_in_f12(window, server, qtbot)
    methods = Methods(TabsHost(window.app), window.app.hub)
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(window.page.renderProcessPid(), signal.SIGKILL)
    # the pause went with the renderer: no "wait for the user" for a page that is gone
    assert not session.user_paused and not methods.host.paused_in_devtools()
    # the new renderer's timer pauses again in the F12 still open, and closing F12 runs it
    window.tab.reload_after_crash()
    qtbot.waitUntil(lambda: session.user_paused, timeout=20_000)
    window.act_devtools.trigger()
    qtbot.waitUntil(lambda: not session.user_paused, timeout=10_000)
    window.app.allow_evaluate = True
    assert window.run(methods.call("evaluate", {"expression": "() => 6 * 7"}))["value"] == 42


def test_a_navigation_while_paused_ends_the_pause(window, server, qtbot):
    session = _paused_in_f12(window, server, qtbot)
    window.load_page(server.url("other.html"))
    qtbot.waitUntil(lambda: not session.user_paused, timeout=10_000)
    window.app.allow_evaluate = True
    methods = Methods(TabsHost(window.app), window.app.hub)
    assert window.run(methods.call("evaluate", {"expression": "() => location.pathname"}))["value"] == "/other.html"
    assert "paused_in_devtools" not in window.run(methods.call("page.state", {}))


def test_a_pause_in_a_cross_site_frame_is_told_exactly_when_it_stops_the_page(window, server, qtbot):
    """The agent is told "paused" exactly when the page cannot answer: a frame's pause reported on the page's
    own target holds the page's renderer (seen on Qt 6.12 here: the cross-site frame shares it, an evaluate
    times out), a pause of a child target (an out-of-process frame, a worker) leaves the page running."""
    child = server.url("cdp_debugger.html").replace("127.0.0.1", "localhost")
    window.load_page(server.url(f"cdp_debugger_parent.html?child={child}"))
    session = window.tab.cdp
    pauses = []
    session.subscribe("Debugger.paused", pauses.append)  # the page's own target's pauses only
    with qtbot.waitSignal(session.attached, timeout=20_000):
        window.act_devtools.trigger()
    qtbot.waitUntil(lambda: bool(pauses), timeout=20_000)
    assert session.user_paused  # reported on the page's target: the page is held
    window.app.allow_evaluate = True
    methods = Methods(TabsHost(window.app), window.app.hub)
    with pytest.raises(PagenoteError) as caught:
        window.run(methods.call("evaluate", {"expression": "() => 6 * 7", "timeout_ms": 1_000}))
    assert caught.value.name == "PAGE_PAUSED"
    window.act_devtools.trigger()
    qtbot.waitUntil(lambda: not session.user_paused, timeout=10_000)
    assert window.run(methods.call("evaluate", {"expression": "() => 6 * 7"}))["value"] == 42
