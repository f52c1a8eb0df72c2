"""What an action changed, in its own result (issue 27, requirement 2), and ``browser_wait_for`` (Playwright MCP's
shape), through the MCP SDK client against a real ``pagenote serve`` on tests/pages/parity_h3_effects.html served
from 127.0.0.1: a click that changes lines shows them with refs usable at once, a click on a still page says so,
a typed secret never shows, a navigation shows the new URL (its token redacted), title and page; cut lines make
the next snapshot a full one; a late text is waited for, a text going away too, a plain time; bad waits are
INVALID_PARAMS and the app keeps answering; a dialog ends a wait at once; a text that never comes is
WAIT_TIMEOUT."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import anyio
import pytest

from app.agent.client import AgentClient, AgentError
from app.mcp.untrusted import unwrap
from test_mcp import _serve, text_of, with_client


@pytest.fixture(scope="module")
def effects_app(server):
    page = SimpleNamespace(as_uri=lambda: server.url("parity_h3_effects.html"), name="parity_h3_effects.html")
    yield from _serve(page)


def ref_of(text: str, line: str) -> str:
    m = re.search(re.escape(line) + r"[^\n]*?\[ref=(e\d+)\]", text)
    assert m, f"no {line} in:\n{text}"
    return m.group(1)


def test_action_results_say_what_changed(effects_app):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text, sid = text_of(snap), snap.structured_content["snapshot_id"]
        add = await c.call_tool("browser_click", {"ref": ref_of(text, 'button "Add"'), "snapshot_id": sid})
        effects = add.structured_content["effects"]
        item = await c.call_tool("browser_click", {"ref": ref_of(effects["lines"], 'button "Item 1"'),
                                                   "snapshot_id": effects["snapshot_id"]})
        still = await c.call_tool("browser_click", {"ref": ref_of(text, 'button "Still"'), "snapshot_id": sid})
        typed = await c.call_tool("browser_type", {"ref": ref_of(text, 'textbox "Secret"'), "snapshot_id": sid,
                                                   "text": "hunter2-sesame"})
        went = await c.call_tool("browser_click", {"ref": ref_of(text, 'link "Next page"'), "snapshot_id": sid})
        back = await c.call_tool("browser_navigate_back", {})
        return add, item, still, typed, went, back

    add, item, still, typed, went, back = with_client(effects_app.socket, body)
    for result in (add, item, still, typed, went, back):
        assert not result.is_error, text_of(result)
    # the click changed the count and added a button: both lines, in the one untrusted block, with the new id
    head, page, tail = unwrap(text_of(add))
    sid = add.structured_content["effects"]["snapshot_id"]
    assert add.structured_content["effects"]["change"] == "diff" and f"a diff to snapshot {sid} " in tail
    assert "Call browser_snapshot" not in head and "Count: 1" in page
    assert re.search(r'^\+ .*button "Item 1"', page, re.M)
    assert page.startswith('element: button "Add"')
    # … and the new button's ref worked at once
    assert "Picked Item 1" in unwrap(text_of(item))[1]
    assert still.structured_content["effects"] == {"change": "none", "snapshot_id": still.structured_content[
        "effects"]["snapshot_id"]} and "No visible change." in text_of(still)
    # a password typed is never shown, in the text nor in the structured content
    assert "hunter2" not in text_of(typed) and "hunter2" not in json.dumps(typed.structured_content)
    # a link: the new URL and title, and the new page from its top
    went_fx = went.structured_content["effects"]
    assert went_fx["url"].endswith("/parity_h3_next.html?token=REDACTED") and went_fx["title"] == "Next H3"
    assert "sesame" not in text_of(went) and "sesame" not in json.dumps(went.structured_content)   # as page.state
    assert went_fx["change"] == "page" and 'heading "Arrived"' in went_fx["lines"]
    assert "Title: Next H3" in unwrap(text_of(went))[1]
    back_fx = back.structured_content["effects"]
    assert back_fx["change"] == "page" and 'button "Add"' in back_fx["lines"]
    assert 'button "Add"' in unwrap(text_of(back))[1]


def test_wait_for_text_text_gone_and_time(effects_app):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text, sid = text_of(snap), snap.structured_content["snapshot_id"]
        await c.call_tool("browser_click", {"ref": ref_of(text, 'button "Later"'), "snapshot_id": sid})
        late = await c.call_tool("browser_wait_for", {"text": "late ARRIVAL"})
        await c.call_tool("browser_click", {"ref": ref_of(text, 'button "Remove later"'), "snapshot_id": sid})
        gone = await c.call_tool("browser_wait_for", {"textGone": "Going soon"})
        timed = await c.call_tool("browser_wait_for", {"time": 0.1})
        bad = [await c.call_tool("browser_wait_for", args) for args in
               ({"time": -1}, {"time": 1e9}, {"text": "", "textGone": ""}, {}, {"text": "   "})]
        alive = await c.call_tool("browser_wait_for", {"time": 0})
        return late, gone, timed, bad, alive

    late, gone, timed, bad, alive = with_client(effects_app.socket, body)
    assert not late.is_error, text_of(late)
    head, page, _ = unwrap(text_of(late))
    assert "'late ARRIVAL' is shown" in head and "Late arrival" in page
    assert late.structured_content["found"]["context"] == "Late arrival"
    assert not gone.is_error and "'Going soon' is gone" in text_of(gone) and gone.structured_content["gone"] is True
    assert "Going soon" in gone.structured_content["effects"].get("lines", "") or \
        gone.structured_content["effects"]["change"] == "page"
    assert not timed.is_error and text_of(timed).startswith("Waited ")
    for result in bad:
        assert result.is_error and text_of(result).startswith("INVALID_PARAMS:"), text_of(result)
    # named as the tool names them, never the socket's text_gone
    assert text_of(bad[3]).startswith("INVALID_PARAMS: give text, textGone or time")
    assert text_of(bad[4]).startswith("INVALID_PARAMS: text: only white space")
    assert not alive.is_error, text_of(alive)


def test_cut_lines_make_the_next_snapshot_a_full_one(effects_app):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        many = await c.call_tool("browser_click", {"ref": ref_of(text_of(snap), 'button "Many"'),
                                                   "snapshot_id": snap.structured_content["snapshot_id"]})
        return many, await c.call_tool("browser_snapshot", {})

    many, after = with_client(effects_app.socket, body)
    effects = many.structured_content["effects"]
    assert effects["more"] > 0 and len(effects["lines"]) <= 2_000 and "Row 1:" in effects["lines"]
    assert f"{effects['more']} more lines: browser_snapshot." in text_of(many)
    # the agent has not seen every changed line: the next snapshot is the whole text, not "unchanged"
    assert after.structured_content["mode"] == "full" and "Row 1:" in text_of(after)


def test_a_dialog_ends_a_wait_at_once(effects_app):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        await c.call_tool("browser_click", {"ref": ref_of(text_of(snap), 'button "Alert later"'),
                                            "snapshot_id": snap.structured_content["snapshot_id"]})
        waited = await c.call_tool("browser_wait_for", {"text": "never shown anywhere"})
        answered = await c.call_tool("browser_handle_dialog", {"accept": True})
        return waited, answered

    waited, answered = with_client(effects_app.socket, body)
    assert waited.is_error and text_of(waited).startswith("MODAL_DIALOG:") and "Time is up" in text_of(waited)
    assert not answered.is_error and "No visible change." in text_of(answered)


def test_a_text_that_never_comes_times_out(effects_app):
    async def main():
        async with AgentClient(effects_app.socket) as c:
            try:
                await c.call("wait_for", {"text": "never shown anywhere", "timeout_ms": 300})
            except AgentError as exc:
                return exc
            return None

    error = anyio.run(main)
    assert error is not None and error.code == "WAIT_TIMEOUT" and "never shown anywhere" in error.message


def test_a_navigation_reads_the_page_once_its_scripts_stop_rendering_after_the_load(effects_app, server):
    """An app that renders after the load event, over frames (JSX compiled in the page, React's scheduler): the
    navigation's lines show it rendered, not the empty shell the load left (bench/agent_tasks.py saw TodoMVC's
    shell in about 1 run of 8)."""
    result = with_client(effects_app.socket, lambda c: c.call_tool(
        "browser_navigate", {"url": server.url("parity_late_render.html")}))
    lines = result.structured_content["effects"]["lines"]
    assert "Rendered part 3" in lines and 'heading "App ready"' in lines, lines
