"""A page cannot take the agent's tab (security review, "the page cannot steer the agent", item 2).

A hostile page (``hostile_popup.html``) calls ``window.open`` to another origin (the ``server2`` fixture) from a
timer, with no user input. As in Chrome:

- ``window.open`` without user activation is blocked; the window shows a bar naming the popup with **Allow
  once**, and the agent keeps its tab;
- a popup the agent's own click opens comes up in the background while the agent drives;
- every agent tool result names the tab and origin it acted on — socket results (``tab: {id, origin}``) and
  MCP text — and a ref of one tab's snapshot used while another tab is active is refused (``REF_IN_OTHER_TAB``)
  naming both tabs, never resolved in the wrong page.
"""

from __future__ import annotations

import json
import re

import anyio
import pytest
from PySide6.QtCore import Qt

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from conftest import poll_until, run_js, settle


def hostile(server, server2, delay: int | None = 0) -> str:
    query = f"?to={server2.url('other.html')}" + (f"&delay={delay}" if delay is not None else "")
    return server.url("hostile_popup.html" + query)


def test_window_open_without_a_gesture_is_blocked_and_allow_once_opens_it(tabs, server, server2):
    messages = []
    tabs.app.message.connect(messages.append)
    opener = tabs.tab(hostile(server, server2))
    tabs.qtbot.waitUntil(lambda: tabs.js(opener, "window.tried") is True, timeout=10_000)
    tabs.qtbot.waitUntil(lambda: len(opener.popups.blocked) == 1, timeout=5_000)
    assert [t.id for t in tabs.app.tabs] == [opener.id] and tabs.app.active_tab is opener
    blocked = opener.popups.blocked[0]
    assert blocked.url == server2.url("other.html") and blocked.origin == server.origin
    assert any("Blocked a popup" in m and server.origin in m for m in messages)

    popup = opener.popups.allow_once()
    assert [t.id for t in tabs.app.tabs] == [opener.id, popup.id] and popup.lease is opener.lease
    assert tabs.app.active_tab is popup        # the user's Allow once: as a click would
    tabs.qtbot.waitUntil(lambda: popup.page.url().toString() == server2.url("other.html"), timeout=10_000)
    assert opener.popups.blocked == []


def test_allow_once_never_opens_what_the_page_could_not_open_itself(tabs, server):
    """The host loads an allowed popup with more rights than the page: a blocked popup to a data: URL (which
    Chromium refuses as a page-initiated top-level navigation) is not opened, nor a file: or view-source: one
    (Chromium drops those before Qt hears of them; the policy refuses them all the same)."""
    from urllib.parse import quote

    from app.tabs.popups import BlockedPopup

    target = "data:text/html,<h1>host-loaded</h1>"
    opener = tabs.tab(server.url("hostile_popup.html?delay=0&to=" + quote(target, safe="")))
    tabs.qtbot.waitUntil(lambda: tabs.js(opener, "window.tried") is True, timeout=10_000)
    tabs.qtbot.waitUntil(lambda: len(opener.popups.blocked) == 1, timeout=5_000)
    assert opener.popups.blocked[0].url.startswith("data:")
    assert opener.popups.allow_once() is None
    for url in ("file:///etc/passwd", "view-source:" + server.url("other.html"), "javascript:alert(1)"):
        opener.popups.blocked.append(BlockedPopup(url, server.origin))
        assert opener.popups.allow_once() is None, url
    assert [t.id for t in tabs.app.tabs] == [opener.id] and opener.popups.blocked == []


def test_the_window_shows_the_blocked_popup_in_a_bar_with_allow_once(window, server, server2, qtbot):
    from app.ui.lease_ui import install_lease_ui

    install_lease_ui(window)
    window.load_page(hostile(server, server2))
    bar = window.lease_ui.popup_bar
    qtbot.waitUntil(bar.isVisible, timeout=10_000)
    assert server.origin in bar.label.text() and server2.url("other.html") in bar.label.text()
    assert len(window.app.tabs) == 1
    qtbot.mouseClick(bar.allow_once, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.app.tabs) == 2, timeout=5_000)
    assert window.app.tabs[1].page.requestedUrl().toString() == server2.url("other.html") or \
        window.app.tabs[1].page.url().toString() == server2.url("other.html")
    assert not bar.isVisible()


def test_a_users_click_still_opens_a_popup_in_front(tabs, server, server2):
    opener = tabs.tab(hostile(server, server2, delay=None))
    tabs.click(opener, "#open")
    tabs.qtbot.waitUntil(lambda: len(tabs.app.tabs) == 2, timeout=10_000)
    assert tabs.app.active_tab is tabs.app.tabs[1] and opener.popups.blocked == []


# -- through the agent socket ------------------------------------------------------------------------------------


@pytest.fixture
def agent(window, qtbot, socket_path):
    from test_actions import Agent
    from test_agent_socket import RawClient

    client = RawClient(qtbot, socket_path)
    yield Agent(client)
    client.close()


def test_the_agent_keeps_its_tab_and_every_result_names_it(window, agent, server, server2, qtbot):
    window.load_page(hostile(server, server2, delay=None))
    first = window.app.active_tab
    me = {"id": first.id, "origin": server.origin}
    snap = agent("snapshot", mode="full")
    assert snap["tab"] == me
    # Now the page opens its popup with no input, between two of the agent's calls (the review's 1.5 s timer).
    run_js(qtbot, first.page, f"setTimeout(() => {{ window.open({server2.url('other.html')!r}); window.tried = true; }}, 0); 0")
    qtbot.waitUntil(lambda: run_js(qtbot, first.page, "window.tried === true"), timeout=5_000)
    qtbot.waitUntil(lambda: len(first.popups.blocked) == 1, timeout=5_000)
    value = agent("evaluate", expression="location.origin")
    assert value["value"] == server.origin and value["tab"] == me
    assert [t["id"] for t in agent("tabs.list")] == [first.id]
    for method, params in (("page.state", {}), ("console.list", {}), ("network.list", {}), ("find", {"text": "Help"}),
                           ("extract", {}), ("page.context", {"detail": "summary"})):
        assert agent(method, **params)["tab"] == me, method
    ref, sid = agent.ref('button "Open the help page"')
    clicked = agent("click", ref=ref, snapshot_id=sid)
    assert clicked["tab"] == me
    assert agent("ref.resolve", ref=ref, snapshot_id=sid)["tab"] == me
    went = agent("navigate", url=server.url("other.html"))
    assert went["tab"] == me


def test_a_popup_the_agents_click_opens_stays_in_the_background(window, agent, server, server2, qtbot):
    window.load_page(hostile(server, server2, delay=None))
    first = window.app.active_tab
    ref, sid = agent.ref('button "Open the help page"')
    clicked = agent("click", ref=ref, snapshot_id=sid)   # the agent's input is a gesture: the popup opens …
    qtbot.waitUntil(lambda: len(window.app.tabs) == 2, timeout=10_000)
    assert window.app.active_tab is first          # … behind the agent's tab
    assert clicked["tab"] == {"id": first.id, "origin": server.origin}
    listed = agent("tabs.list")
    assert [t["active"] for t in listed] == [True, False]
    assert agent("evaluate", expression="location.origin")["value"] == server.origin


def test_a_ref_from_another_tab_is_refused_naming_both_tabs(window, agent, server, server2, qtbot):
    window.load_page(hostile(server, server2, delay=None))
    first = window.app.active_tab
    ref, sid = agent.ref('button "Open the help page"')
    other = agent("tabs.new", url=server2.url("hostile_popup.html"))
    qtbot.waitUntil(lambda: window.app.tab(other["id"]).page.title() == "Hostile popup", timeout=10_000)
    settle(qtbot, window.app.tab(other["id"]).bridge.wait_ready())
    for method, params in (("click", {"ref": ref, "snapshot_id": sid}), ("hover", {"ref": ref, "snapshot_id": sid}),
                           ("evaluate", {"expression": "(el) => el.id", "ref": ref, "snapshot_id": sid})):
        code, message = agent.error(method, **params)
        assert code == "REF_IN_OTHER_TAB", (method, code, message)
        assert f"(id {first.id}) at {server.origin}" in message and f"(id {other['id']}) at {server2.origin}" in message
    assert run_js(qtbot, window.app.tab(other["id"]).page, "window.clicked === undefined") is True


# -- through the MCP SDK client ---------------------------------------------------------------------------------


def test_mcp_results_name_the_tab_and_the_page_cannot_take_it(server, server2):
    from app.mcp.response import names_tab
    from app.mcp.untrusted import unwrap
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(hostile(server, server2, delay=300))
    app = next(gen)
    try:
        from app.agent.client import AgentClient

        async def tried() -> bool:
            async with AgentClient(app.socket) as c:
                return (await c.call("evaluate", {"expression": "window.tried === true"}))["value"]

        poll_until(lambda: anyio.run(tried), 20, "the page's window.open")   # another process: polled

        async def body(c):
            return (await c.call_tool("browser_tabs", {}),
                    await c.call_tool("browser_evaluate", {"function": "() => location.origin"}),
                    await c.call_tool("browser_snapshot", {}),
                    await c.call_tool("page_state", {}))

        tabs_, value, snap, state = with_client(app.socket, body)
        assert len(tabs_.structured_content["tabs"]) == 1
        tab = {"id": "1", "origin": server.origin}   # named by the framing line before the block
        assert unwrap(text_of(value))[1:] == (f'"{server.origin}"', "")   # the value: in the untrusted block
        assert names_tab(text_of(value), tab)
        assert value.structured_content["tab"] == {"id": "1", "origin": server.origin}
        assert names_tab(text_of(snap), tab)
        # page_state's JSON (the page's url and title) is in the untrusted block
        assert json.loads(unwrap(text_of(state))[1])["tab"] == {"id": "1", "origin": server.origin}
        ref = re.search(r'button "Open the help page" \[ref=(\w+)\]', text_of(snap)).group(1)

        async def click(c):
            return await c.call_tool("browser_click", {"ref": ref, "snapshot_id": snap.structured_content["snapshot_id"],
                                                       "element": "Open the help page"})

        clicked = with_client(app.socket, click)
        assert names_tab(text_of(clicked), tab)
    finally:
        gen.close()
