"""``browser_snapshot`` through the MCP server, against a real ``pagenote serve`` on the demo page: the text an
agent reads (full, then one line when nothing changed), the structured result without the text, and the
arguments checked before the app is asked."""

from __future__ import annotations

import re

from app.mcp.untrusted import unwrap

from test_mcp import agent_app, text_of, with_client  # noqa: F401 (fixtures)


def test_browser_snapshot_is_listed_with_optional_budget_arguments(agent_app):
    tools = with_client(agent_app.socket, lambda c: c.list_tools())
    tool = next(t for t in tools.tools if t.name == "browser_snapshot")
    props = tool.input_schema["properties"]
    assert set(props) == {"max_chars", "max_nodes", "selector", "mode"}
    assert {k: props["max_chars"][k] for k in ("type", "minimum", "maximum")} == {
        "type": "integer", "minimum": 200, "maximum": 20_000}
    assert props["mode"]["enum"] == ["auto", "full"]
    assert not tool.input_schema.get("required") and tool.annotations.read_only_hint is True


def test_full_then_unchanged_as_text_with_refs(agent_app):
    async def body(c):
        return (await c.call_tool("browser_snapshot", {"mode": "full"}), await c.call_tool("browser_snapshot", {}))

    full, again = with_client(agent_app.socket, body)
    assert not full.is_error, text_of(full)
    text = text_of(full)
    sid = full.structured_content["snapshot_id"]
    head, lines, _tail = unwrap(text)   # the page's lines in the untrusted block (app.mcp.untrusted)
    # the id and the page's revision are in the text (a text-only client waits with it): issue 27, defect 5
    assert head.startswith(f"Snapshot {sid} at revision {full.structured_content['revision']}: ")
    assert head.endswith("Act on a line by its ref.")
    assert re.match(r"- .*\[ref=e\d+\]", lines)
    assert "snapshot" not in full.structured_content and full.structured_content["mode"] == "full"
    assert full.structured_content["node_count"] == len(lines.splitlines())
    assert not again.is_error and again.structured_content["mode"] == "unchanged"
    assert len(text_of(again)) <= 300 and "unchanged since" in text_of(again)
    # trial f2, finding 13: an agent loop that calls browser_snapshot to see the page again learns how
    assert text_of(again).split("\n")[0] == (f"Snapshot {again.structured_content['snapshot_id']} at revision "
                              f"{again.structured_content['revision']}: unchanged since {sid} "
                              f"({full.structured_content['node_count']} lines); its refs hold. For the lines again, "
                              'call browser_snapshot with mode "full".')


def test_arguments_are_checked_before_the_app(agent_app):
    async def body(c):
        return [await c.call_tool("browser_snapshot", args) for args in
                ({"max_chars": 50_000}, {"mode": "diff-please"}, {"max_nodes": "ten"}, {"selector": "#nope"})]

    big, mode, nodes, missing = with_client(agent_app.socket, body)
    assert big.is_error and text_of(big).startswith("INVALID_PARAMS: max_chars")
    assert mode.is_error and text_of(mode).startswith("INVALID_PARAMS: mode")
    assert nodes.is_error and text_of(nodes).startswith("INVALID_PARAMS: max_nodes")
    assert missing.is_error and text_of(missing).startswith("SELECTOR_NOT_FOUND")
