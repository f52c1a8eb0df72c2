"""``browser_page_context`` and ``browser_wait_for_change`` through the MCP server against a real
``pagenote serve`` on the demo page: listed read-only with bounded arguments, the record as structured content
with a summary line, a wait that sees nothing at its timeout, and a change reported by ref."""

from __future__ import annotations

import json

from app.mcp.untrusted import unwrap
from test_mcp import agent_app, text_of, with_client  # noqa: F401 (fixtures)


def test_both_tools_are_listed_read_only_with_bounded_arguments(agent_app):
    tools = {t.name: t for t in with_client(agent_app.socket, lambda c: c.list_tools()).tools}
    context, wait = tools["browser_page_context"], tools["browser_wait_for_change"]
    props = context.input_schema["properties"]
    assert set(props) == {"detail", "ref", "selector", "max_nodes", "max_chars", "cursor"}
    assert props["detail"]["enum"] == ["summary", "semantic", "forensic"]
    assert props["max_nodes"]["maximum"] == 300 and props["max_chars"]["maximum"] == 60_000
    assert not context.input_schema.get("required") and context.annotations.read_only_hint is True
    assert sorted(wait.input_schema["required"]) == ["since_revision", "timeout_ms"]
    assert wait.input_schema["properties"]["timeout_ms"]["maximum"] == 300_000


def test_a_read_then_a_wait_then_a_change_by_ref(agent_app):
    async def body(c):
        read = await c.call_tool("browser_page_context", {"detail": "summary"})
        since = read.structured_content["revision"]
        idle = await c.call_tool("browser_wait_for_change", {"since_revision": since, "timeout_ms": 0})
        ref = read.structured_content["nodes"][-1]["ref"]
        await c.call_tool("browser_evaluate", {"function": "() => { document.body.lastElementChild.remove(); "
                                                            "document.body.append('x'); return 1; }"})
        changed = await c.call_tool("browser_wait_for_change", {"since_revision": since, "timeout_ms": 10_000})
        bad = await c.call_tool("browser_wait_for_change", {"since_revision": since, "timeout_ms": 300_001})
        return read, idle, changed, bad, ref

    read, idle, changed, bad, _ref = with_client(agent_app.socket, body)
    assert not read.is_error and text_of(read).startswith("Page context at revision ")
    assert json.loads(unwrap(text_of(read))[1]) == read.structured_content   # the record, in the untrusted block
    assert read.structured_content["protocol"] == 1 and read.structured_content["nodes"]
    assert text_of(idle) == f"Revision {read.structured_content['revision']}: nothing changed.\nIn tab 1 (file://)."
    assert not changed.is_error and changed.structured_content["status"] == "complete"
    assert changed.structured_content["revision"] > read.structured_content["revision"]
    assert bad.is_error and "timeout_ms" in text_of(bad)
