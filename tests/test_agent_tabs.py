"""Tabs over the agent socket and MCP: tabs.new / tabs.select / tabs.close beside tabs.list, and
browser_tabs with action new / select / close (Playwright MCP's shape)."""

from __future__ import annotations

import pytest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from conftest import settle


@pytest.fixture
def methods(tabs):
    from app.agent.host import TabsHost
    from app.agent.methods import Methods

    return Methods(TabsHost(tabs.app), tabs.app.hub)


def test_tabs_new_select_close_over_the_socket_methods(tabs, methods, server):
    call = lambda name, params=None: settle(tabs.qtbot, methods.call(name, params or {}))  # noqa: E731
    first = tabs.tab(server.url("other.html"))
    made = call("tabs.new", {"url": server.url("popups.html")})
    assert made["active"] is True and made["url"] == server.url("popups.html") and made["id"] != first.id
    tabs.qtbot.waitUntil(lambda: call("tabs.list")[1]["title"] == "Opener", timeout=10_000)
    assert call("tabs.select", {"id": first.id})["active"] is True
    assert [t["active"] for t in call("tabs.list")] == [True, False]
    isolated = call("tabs.new", {"isolated": True})
    assert tabs.app.tab(isolated["id"]).lease is not first.lease
    assert call("tabs.close", {"id": isolated["id"]}) == {"closed": isolated["id"], "active": made["id"]}
    from app.core.errors import PagenoteError

    with pytest.raises(PagenoteError) as info:
        call("tabs.select", {"id": "99"})
    assert info.value.name == "TAB_NOT_FOUND"
    with pytest.raises(PagenoteError) as info:
        call("tabs.new", {"url": "not a url at all ::"})
    assert info.value.name in ("BAD_URL", "INVALID_PARAMS")
    call("tabs.close", {})
    with pytest.raises(PagenoteError) as info:
        call("tabs.close", {})  # the last tab stays
    assert info.value.name == "LAST_TAB"


def test_browser_tabs_new_select_close(server):
    from test_mcp_browser import _serve
    from app.mcp.untrusted import unwrap
    from test_mcp import text_of, with_client

    gen = _serve(server.url("spa.html"))
    app = next(gen)
    try:
        async def body(c):
            return (await c.call_tool("browser_tabs", {"action": "new", "url": server.url("other.html")}),
                    await c.call_tool("browser_tabs", {"action": "select", "index": 0}),
                    await c.call_tool("browser_tabs", {"action": "close", "index": 1}),
                    await c.call_tool("browser_tabs", {"action": "select", "index": 5}))

        new, select, close, missing = with_client(app.socket, body)
        # one line per tab in the untrusted block (titles and URLs are the pages'; app.mcp.untrusted)
        assert unwrap(text_of(new))[1].splitlines()[1].startswith("- index 1, id 2 [active]: ")
        assert unwrap(text_of(select))[1].splitlines()[0].startswith('- index 0, id 1 [active]: "SPA"')
        assert len(unwrap(text_of(close))[1].splitlines()) == 1
        assert missing.is_error and text_of(missing).startswith("TAB_NOT_FOUND")
    finally:
        gen.close()
