"""``page_freeze`` through the MCP server against a real ``pagenote serve`` on the demo page: listed with a
required action word, freezes and unfreezes the page (page.freeze), and refuses a non-boolean."""

from __future__ import annotations

from test_mcp import agent_app, text_of, with_client  # noqa: F401 (fixtures)


def test_page_freeze_freezes_and_unfreezes_the_active_page(agent_app):
    async def body(c):
        tools = {t.name: t for t in (await c.list_tools()).tools}
        frozen = await c.call_tool("page_freeze", {"action": "freeze"})
        again = await c.call_tool("page_freeze", {"action": "freeze"})
        thawed = await c.call_tool("page_freeze", {"action": "unfreeze"})
        bad = await c.call_tool("page_freeze", {"action": "yes"})
        return tools["page_freeze"], frozen, again, thawed, bad

    tool, frozen, again, thawed, bad = with_client(agent_app.socket, body)
    assert tool.input_schema["required"] == ["action"]
    assert tool.input_schema["properties"]["action"]["enum"] == ["freeze", "unfreeze"]
    assert tool.annotations.read_only_hint is False
    assert not frozen.is_error, text_of(frozen)
    assert frozen.structured_content["frozen"] is True and frozen.structured_content["frames"] >= 1
    assert again.structured_content["frozen"] is True
    assert not thawed.is_error and thawed.structured_content["frozen"] is False
    assert bad.is_error and text_of(bad).startswith("INVALID_PARAMS: action: input should be "), text_of(bad)
