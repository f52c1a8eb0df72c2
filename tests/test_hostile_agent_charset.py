"""A page's encoding never leaves the agent with an unexplained failure, and a non-ASCII source hint keeps its
characters (security review item 9, issue 32 requirement 10).

Pages served on 127.0.0.1 with no charset in the header (the fixture server sends plain ``text/html``) nor in
the document, read through the MCP SDK client of a running ``pagenote serve``:

- ``charset_none.html`` — only ASCII in the document; its component module (a module script: always UTF-8)
  marks a button with the Svelte file ``src/lib/Ünïcödé.svelte``, as a development build does. The page loads,
  pagenote's page script answers, and the file name reaches the agent's page context and the record's
  ``Source:`` line with its characters.
- ``charset_guessed.html`` — that file name as UTF-8 bytes in the document itself and no charset anywhere, so
  Chromium guesses the encoding from the bytes. The review saw ``PAGE_LOAD_FAILED: load failed (0)`` and then
  ``ready: false, load_error: null``, 2 of 2: QtWebEngine 6.12's renderer crashes on every page in an encoding
  its ICU codecs decode (ISO-8859-2, windows-1251, KOI8-R, Big5 …), declared or guessed — and it guesses one
  for these bytes (workaround note at ``app.tabs.navigation.CRASH_NEXT_STEP``; a bare ``QWebEnginePage``
  crashes the same). Nothing of the page reaches pagenote before the crash, so the agent is told what
  happened and what to do (serve UTF-8), ``page_state`` names it, and the tab loads the next page. Should a Qt
  release decode these pages, the test asserts that the page loads instead.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import settle
from test_mcp import text_of, with_client
from test_mcp_browser import _serve

FILE = "src/lib/Ünïcödé.svelte"


@pytest.fixture(scope="module")
def charset_app(server):
    yield from _serve(server.url("charset_none.html"))


def _state(text: str) -> dict:
    return json.loads(re.search(r"```json\n(.*?)\n```", text, re.S).group(1))


def test_a_page_without_a_charset_loads_and_its_non_ascii_source_file_reaches_the_agent(charset_app, server):
    async def body(c):
        return (await c.call_tool("browser_navigate", {"url": server.url("charset_none.html")}),
                await c.call_tool("page_state", {}),
                await c.call_tool("browser_page_context", {}))

    nav, state, context = with_client(charset_app.socket, body)
    assert not nav.is_error, text_of(nav)
    assert _state(text_of(state))["ready"] is True and _state(text_of(state))["load_error"] is None
    # Svelte writes a 0-based column (2): the record names it 1-based, as editors and the other frameworks do
    assert f'"file":"{FILE}","line":4,"column":3' in text_of(context), text_of(context)


def test_a_page_whose_guessed_encoding_crashes_the_renderer_is_named_and_the_tab_recovers(charset_app, server):
    async def body(c):
        return (await c.call_tool("browser_navigate", {"url": server.url("charset_guessed.html")}),
                await c.call_tool("page_state", {}),
                await c.call_tool("browser_navigate", {"url": server.url("charset_none.html")}),
                await c.call_tool("page_state", {}))

    guessed, guessed_state, after, after_state = with_client(charset_app.socket, body)
    state = _state(text_of(guessed_state))
    if not guessed.is_error:      # a QtWebEngine that decodes the guessed encoding: the page simply loads
        assert state["ready"] is True and state["load_error"] is None
    else:
        message = text_of(guessed)
        assert "PAGE_LOAD_FAILED" in message and "the page's renderer crashed while loading it" in message
        assert "charset=utf-8" in message and "load failed (0)" not in message, message
        assert state["ready"] is False
        assert state["load_error"] == {"code": 0, "text": "the page's renderer crashed while loading it",
                                       "url": server.url("charset_guessed.html")}
    assert not after.is_error, text_of(after)
    assert _state(text_of(after_state))["ready"] is True and _state(text_of(after_state))["load_error"] is None


def test_the_source_line_keeps_the_non_ascii_file_name(window, server, qtbot, js):
    from app.webview.frames import Route

    window.load_page(server.url("charset_none.html"))
    qtbot.waitUntil(lambda: js("window.marked === true") is True)
    record = settle(qtbot, window.tab.annotator.record_of(Route(), window.page_call("select", "#b")))
    assert record.source == f"(svelte) {FILE}:4:3"   # the 0-based column 2, 1-based
