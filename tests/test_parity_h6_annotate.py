"""``browser_annotate`` (issue 27, requirement 5): the agent's call turns annotation mode on in the user's
window, the strip says an agent asked, the user pins notes and presses Send, and the answer has the batch's
Markdown, the annotated screenshot and refs of the annotated elements that actions accept at once. Leaving the
mode without Send answers at once; ``pagenote serve`` (no window) says a window is needed; the tool is listed
with its schema."""

from __future__ import annotations

import argparse
import asyncio

import anyio
import pytest
from mcp.client import Client
from PySide6.QtCore import QPoint, QUrl

from app.agent.client import AgentClient
from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError
from app.mcp import tool as mcp_tool
from app.mcp.cli import add_arguments
from app.mcp.server import build_server
from app.mcp.untrusted import unwrap
from conftest import pin_at, run_js
from test_mcp import ROOT, _serve, text_of, with_client

PAGE = "parity_h6_annotate.html"
ASKED = "An agent asked for notes: pin elements, then Send"


def _center(window, qtbot, selector: str) -> QPoint:
    r = run_js(qtbot, window.page, f"(() => {{ const r = document.querySelector({selector!r})"
                                   ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


def _in_frame(window, qtbot, selector: str) -> QPoint:
    """The view point at the center of ``selector`` inside the page's iframe ``#frame`` (same origin)."""
    r = run_js(qtbot, window.page, "(() => { const f = document.querySelector('#frame'); const o = "
                                   "f.getBoundingClientRect(); const b = f.contentDocument.querySelector("
                                   f"{selector!r}).getBoundingClientRect(); return [o.x + f.clientLeft + b.x + "
                                   "b.width / 2, o.y + f.clientTop + b.y + b.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


def _annotate(socket_path, args: dict, progress: list | None = None):
    """A task: ``browser_annotate(args)`` then, when it was sent, ``browser_click`` on the first ref, through the
    MCP SDK's client on the window's socket (the same loop: the window keeps serving while it waits). MCP
    progress notifications go to ``progress`` (``(done, total, message)``) when given."""

    async def on_progress(done, total, message):
        progress.append((done, total, message))

    async def body():
        async with Client(build_server(socket_path, start_app=False)) as client:
            result = await client.call_tool("browser_annotate", args,
                                            progress_callback=on_progress if progress is not None else None)
            refs = (result.structured_content or {}).get("refs") or []
            first = next((r for r in refs if r.get("ref")), None)
            click = (await client.call_tool("browser_click", {"ref": first["ref"], "snapshot_id": first["snapshot_id"]})
                     if first else None)
            return result, click

    return asyncio.ensure_future(body())


def test_the_user_pins_three_notes_and_sends_the_agent_gets_markdown_image_and_refs(window, server, qtbot,
                                                                                      socket_path):
    window.load_page(server.url(PAGE))
    qtbot.waitUntil(lambda: run_js(qtbot, window.page, "document.querySelector('#frame').contentDocument"
                                                       "?.querySelector('#inner') !== null"), timeout=15_000)
    task = _annotate(socket_path, {"timeout_ms": 120_000})
    qtbot.waitUntil(lambda: window.annotate.active, timeout=15_000)
    assert window.mode_banner.label.text() == ASKED and window.act_annotate.isChecked()
    pin_at(window, qtbot, _center(window, qtbot, "#add"), "make it green")
    qtbot.waitUntil(lambda: len(window.batch_session.pins) == 1, timeout=5_000)
    pin_at(window, qtbot, _center(window, qtbot, "#reset"), "ask before resetting")
    qtbot.waitUntil(lambda: len(window.batch_session.pins) == 2, timeout=5_000)
    pin_at(window, qtbot, _in_frame(window, qtbot, "#inner"), "inside the frame")
    qtbot.waitUntil(lambda: len(window.batch_session.pins) == 3, timeout=5_000)
    window.act_send.trigger()
    qtbot.waitUntil(task.done, timeout=30_000)
    result, click = task.result()

    assert not result.is_error, text_of(result)
    text = text_of(result)
    assert all(f"Note: {note}" in text for note in ("make it green", "ask before resetting", "inside the frame"))
    data = result.structured_content
    assert data["outcome"] == "sent" and data["batch"]["status"] == "delivered"
    assert window.app.hub.store.oldest_pending() is None   # the request took it: no later wait gets it again
    images = [c for c in result.content if c.type == "image"]
    assert len(images) == 1 and data["screenshot"]["annotated"] == [1, 2, 3]   # the frame's element too
    refs = data["refs"]
    assert [(r["annotation"], r["line"].split(" [ref=")[0]) for r in refs] == [
        (1, 'button "Add one"'), (2, 'button "Reset"'), (3, 'button "Inner button"')]
    assert refs[2]["ref"].startswith("f") and refs[2]["selector"] == "#frame >> #inner"
    _, block, _ = unwrap(text)
    assert f"Annotation 1: button \"Add one\" [ref={refs[0]['ref']}]" in block
    # The ref works at once: the click lands on the annotated button.
    assert click is not None and not click.is_error, text_of(click)
    assert run_js(qtbot, window.page, "document.querySelector('#count').textContent") == "1"
    # The mode the request turned on is off again, and the strip no longer speaks of the agent.
    assert not window.annotate.active and window.mode_banner.label.text() != ASKED


def test_leaving_annotation_mode_or_waiting_out_the_timeout_answers_clearly(window, server, qtbot, socket_path,
                                                                            monkeypatch):
    monkeypatch.setattr(mcp_tool, "PROGRESS_EVERY_S", 0.1)
    window.load_page(server.url(PAGE))
    progress: list = []
    task = _annotate(socket_path, {}, progress)
    qtbot.waitUntil(lambda: window.annotate.active, timeout=15_000)
    qtbot.waitUntil(lambda: len(progress) >= 2, timeout=15_000)   # the long wait reports progress meanwhile
    assert all(total == 300_000 and 0 < done < total for done, total, _ in progress)
    assert progress[0][2] == "waiting for the user to pin notes and press Send in pagenote"
    pin_at(window, qtbot, _center(window, qtbot, "#add"), "kept for later")
    qtbot.waitUntil(lambda: len(window.batch_session.pins) == 1, timeout=5_000)
    window.mode_banner.done.click()   # the strip's Done: the user leaves the mode without Send
    qtbot.waitUntil(task.done, timeout=15_000)
    result, click = task.result()
    assert not result.is_error and click is None
    assert result.structured_content["outcome"] == "left" and result.structured_content["batch"] is None
    assert text_of(result).startswith("The user left annotation mode without pressing Send: no notes were sent. "
                                      "1 unsent annotation(s) stay")
    assert window.mode_banner.label.text() != ASKED

    # The socket method: a bounded wait (rejected outside 1000..300000), then a plain timed_out answer.
    methods = Methods(TabsHost(window.app), window.app.hub)
    for bad in (0, -1, 10**9, "5000"):
        with pytest.raises(PagenoteError) as err:
            window.run(methods.call("annotate", {"timeout_ms": bad}))
        assert err.value.name == "INVALID_PARAMS" and "timeout_ms" in err.value.message
    timed = window.run(methods.call("annotate", {"timeout_ms": 1_000}))
    assert timed["outcome"] == "timed_out" and timed["batch"] is None and timed["unsent"] == 1
    assert window.mode_banner.label.text() != ASKED

    # The user closes the tab the agent asked in.
    tab = window.app.new_tab(QUrl(server.url(PAGE)))
    qtbot.waitUntil(lambda: not tab.loading, timeout=15_000)
    closing = asyncio.ensure_future(methods.call("annotate", {"timeout_ms": 60_000}))
    qtbot.waitUntil(lambda: window.annotate.active and window.tab is tab, timeout=15_000)
    window.app.close_tab(tab.id)
    qtbot.waitUntil(closing.done, timeout=15_000)
    assert closing.result()["outcome"] == "closed" and closing.result()["tab"]["id"] == tab.id

    # The agent goes away (a cancelled tool call: the MCP bridge closes its socket connection): the request ends
    # with it, so the strip stops asking and no later Send is marked delivered to nobody.
    async def gone():
        async with AgentClient(socket_path) as client:
            await client.call("annotate", {"timeout_ms": 60_000})

    leaving = asyncio.ensure_future(gone())
    qtbot.waitUntil(lambda: window.mode_banner.label.text() == ASKED, timeout=15_000)
    leaving.cancel()
    qtbot.waitUntil(lambda: not window.app.hub.takers and window.mode_banner.label.text() != ASKED, timeout=15_000)


@pytest.fixture(scope="module")
def served():
    yield from _serve(ROOT / "tests" / "pages" / PAGE)


def test_serve_has_no_window_and_the_tool_is_listed_with_its_schema(served):
    async def body(client):
        tools = await client.list_tools()
        return tools, await client.call_tool("browser_annotate", {}), await client.call_tool(
            "browser_annotate", {"timeout_ms": "soon"}), await client.call_tool("page_state", {})

    tools, result, bad, state = with_client(served.socket, body)
    tool = next(t for t in tools.tools if t.name == "browser_annotate")
    timeout = tool.input_schema["properties"]["timeout_ms"]
    assert (timeout["type"], timeout["minimum"], timeout["maximum"]) == ("integer", 1000, 300000)
    assert set(tool.input_schema["properties"]) == {"timeout_ms"}
    assert tool.input_schema.get("required", []) == [] and tool.input_schema["additionalProperties"] is False
    assert tool.annotations.open_world_hint is True and tool.annotations.read_only_hint is False
    assert result.is_error and text_of(result).startswith("ANNOTATE_NEEDS_WINDOW: browser_annotate: this pagenote "
                                                          "runs without a window")
    assert bad.is_error and text_of(bad).startswith("INVALID_PARAMS: timeout_ms:")
    assert not state.is_error   # the app still answers


def test_caps_devtools_is_a_harmless_alias(served):
    """Playwright MCP lists its browser_annotate with ``--caps=devtools``; pagenote takes the flag and lists the
    same tools (browser_annotate once) with it as without it."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--caps=devtools"]).caps == {"devtools"}

    async def names(caps):
        async with Client(build_server(served.socket, start_app=False, caps=caps)) as client:
            return [t.name for t in (await client.list_tools()).tools]

    plain, devtools = anyio.run(names, frozenset()), anyio.run(names, frozenset({"devtools"}))
    assert plain == devtools and devtools.count("browser_annotate") == 1
