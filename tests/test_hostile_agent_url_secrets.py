"""Credential parameters in the tab's own URL reach no agent (security review of issue #32: "credential
parameters in the tab's own URL are not redacted", medium).

A page on 127.0.0.1 loaded as ``spa.html?code=…&state=…&access_token=…&page=2&q=shoes`` (an OAuth redirect), and
the same page after it ``history.pushState``'s ``?token=…&pw=…&page=2&q=shoes``: the page's URL as the agent
reads it — ``page.state`` (``url``, ``load_error.url``), ``tabs.list``, ``snapshot``, the ``navigate`` result
(``url`` and ``requested``), the annotations' Markdown — and through the MCP SDK client ``browser_tabs``,
``page_state`` and ``browser_snapshot`` (text and structured content) holds none of the values: each is
``REDACTED``, as ``network.list`` does (:func:`app.protocol.redact.redact_urls`). Ordinary parameters stay.
"""

from __future__ import annotations

import json

import pytest

from app.model import ElementRecord

#: Loaded with the page (an OAuth redirect's parameters) and pushed by it later.
LOADED = "spa.html?code=OAUTHCODE77&state=STATE88&access_token=ATOK99&page=2&q=shoes"
PUSHED = "?token=SECRETTOK99&pw=hunter2&page=2&q=shoes"
SECRETS = ("OAUTHCODE77", "STATE88", "ATOK99", "SECRETTOK99", "hunter2")
PUSH_JS = f"history.pushState(null, '', {PUSHED!r}); location.href"


def _leaks(value) -> list[str]:
    text = value if isinstance(value, str) else json.dumps(value)
    return [s for s in SECRETS if s in text]


def _ordinary(url: str) -> bool:
    return "page=2" in url and "q=shoes" in url and "REDACTED" in url


@pytest.fixture
def agent(window, qtbot, socket_path, server):
    from test_actions import Agent
    from test_agent_socket import RawClient

    window.load_page(server.url(LOADED))
    client = RawClient(qtbot, socket_path)
    yield Agent(client)
    client.close()


def test_page_state_tabs_list_and_snapshot_redact_the_loaded_url(agent):
    state = agent("page.state")
    assert _leaks(state) == [] and _ordinary(state["url"]), state["url"]
    tabs = agent("tabs.list")
    assert _leaks(tabs) == [] and _ordinary(json.dumps(tabs)), tabs
    snap = agent("snapshot", mode="full")
    assert _leaks(snap) == [] and _ordinary(snap["url"]), snap


def test_a_pushed_url_is_redacted_too(agent, js):
    assert "SECRETTOK99" in js(PUSH_JS)            # the page really holds it
    for method in ("page.state", "tabs.list", "snapshot"):
        got = agent(method)
        assert _leaks(got) == [], (method, got)
        assert _ordinary(json.dumps(got)), (method, got)


def test_navigate_results_and_load_error_redact(agent, server):
    done = agent("navigate", url=server.url(LOADED.replace("page=2", "page=2&x=1")))
    assert _leaks(done) == [] and _ordinary(done["url"]), done
    started = agent("navigate", url=server.url(LOADED), timeout_ms=0)
    assert _leaks(started) == [] and _ordinary(started["requested"]), started
    agent("page.state")                                    # waits for that load to settle
    code, message = agent.error("navigate", url="http://127.0.0.1:1/x?access_token=ATOK99&page=2&q=shoes")
    assert code == "PAGE_LOAD_FAILED" and _leaks(message) == [], message
    state = agent("page.state")
    assert state["load_error"] and _leaks(state) == [], state
    assert "page=2" in state["load_error"]["url"], state["load_error"]


def test_annotations_markdown_redacts_the_page_url(window, agent, js):
    js(PUSH_JS)
    found = window.page_call("select", "h1")
    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    markdown = agent("annotations.get", batch="current")["markdown"]
    assert _leaks(markdown) == [] and "q=shoes" in markdown, markdown


# -- through the MCP SDK client ---------------------------------------------------------------------------------


def test_mcp_tabs_page_state_and_snapshot_redact_the_url(server):
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url(LOADED))
    app = next(gen)
    try:
        async def body(c):
            out = {"tabs": await c.call_tool("browser_tabs", {"action": "list"}),
                   "state": await c.call_tool("page_state", {}),
                   "snapshot": await c.call_tool("browser_snapshot", {})}
            pushed = await c.call_tool("browser_evaluate", {"function": f"() => {{ {PUSH_JS}; return 1; }}"})
            assert not pushed.is_error, text_of(pushed)
            out |= {"tabs pushed": await c.call_tool("browser_tabs", {"action": "list"}),
                    "state pushed": await c.call_tool("page_state", {}),
                    "snapshot pushed": await c.call_tool("browser_snapshot", {"mode": "full"})}
            return out

        results = with_client(app.socket, body)
        for what, result in results.items():
            text = text_of(result) + json.dumps(result.structured_content or {})
            assert _leaks(text) == [], (what, text)
            assert "q=shoes" in text and "REDACTED" in text, (what, text)
        assert _ordinary(results["snapshot"].structured_content["url"])
        assert _ordinary(results["snapshot pushed"].structured_content["url"])
    finally:
        gen.close()
