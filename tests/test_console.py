"""The console log (console.list / console.get): every message and uncaught error / unhandled rejection of
every frame, cross-origin ones included, as bounded, redacted entries — against real pages on 127.0.0.1."""

from __future__ import annotations

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError
from app.tabs import console as console_module


@pytest.fixture
def call(window):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def _load_with_child(window, qtbot, server, server2):
    window.load_page(server.url(f"console.html?child={server2.origin}"))
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any("undefinedFunctionInChild" in e.text for e in log.entries), timeout=10_000)
    return log


def test_messages_errors_and_rejections_of_every_frame(window, qtbot, server, server2, call):
    _load_with_child(window, qtbot, server, server2)
    entries = call("console.list")["entries"]
    by_text = {e["text"]: e for e in entries}
    assert by_text["hello from the top 42"]["level"] == "info"
    assert by_text["a warning"]["level"] == "warning" and by_text["an error"]["level"] == "error"
    uncaught = by_text["Uncaught Error: boom from a timer"]
    assert uncaught["level"] == "error" and uncaught["line"] == 11
    assert uncaught["source"].startswith(server.url("console.html"))
    assert by_text["Uncaught (in promise) Error: nobody handles this"]["level"] == "error"
    child = by_text["hello from the cross-origin child"]
    assert child["frame_url"] == f"{server2.origin}/console-child.html"
    child_error = by_text["Uncaught ReferenceError: undefinedFunctionInChild is not defined"]
    assert child_error["source"] == f"{server2.origin}/console-child.html" and child_error["level"] == "error"
    assert all(set(e) <= {"id", "time", "level", "text", "source", "line", "column", "stack", "frame_url",
                          "navigation", "cut"} for e in entries)
    # The first console.list attached the DevTools session: its replay brought columns and stacks. V8 captured
    # no stack for an exception thrown before the attach (only while Runtime is enabled): its location stands.
    assert uncaught["column"] == 20 and "stack" not in uncaught
    top = server.url(f"console.html?child={server2.origin}")
    assert by_text["a warning"]["column"] == 9 and by_text["a warning"]["stack"] == [f"(anonymous) ({top}:8:9)"]
    # One message, one entry: Qt's message and the protocol's twin are merged (issue 26, requirement 2).
    texts = [e["text"] for e in entries]
    assert len(texts) == len(set(texts)), texts


def test_the_frame_of_an_inline_script_ignores_the_fragment(window, qtbot, server, call):
    window.load_page(server.url("console.html#section"))
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any(e.text == "a warning" for e in log.entries), timeout=10_000)
    warning = next(e for e in call("console.list")["entries"] if e["text"] == "a warning")
    assert warning["frame_url"] == server.url("console.html")


def test_page_state_counts_the_documents_console_errors(window, qtbot, server, server2, call):
    _load_with_child(window, qtbot, server, server2)
    state = call("page.state")
    assert state["status"] == 200 and state["console_errors"] == 4  # console.error, 2 uncaught (top, child), 1 rejection
    window.load_page(server.url("spa.html"))
    assert "console_errors" not in call("page.state")


def test_raw_navigation_lists_the_frames(window, server, server2, call):
    result = call("navigate", url=server.url(f"console.html?child={server2.origin}"), response_mode="raw")
    assert result["diagnostics"]["frames"] == sorted([server.url(f"console.html?child={server2.origin}"),
                                                      f"{server2.origin}/console-child.html"])
    assert result["diagnostics"]["navigation"] == window.tab.browser.console.navigation
    assert "diagnostics" not in call("reload")


def test_no_secret_in_entries(window, qtbot, server, server2, call):
    _load_with_child(window, qtbot, server, server2)
    texts = [e["text"] for e in call("console.list", text="fetch")["entries"]]
    assert texts == ["fetch https://api.example.test/data?token=REDACTED&page=2"]
    assert "hunter2secret" not in repr(window.tab.browser.console.entries)


def test_filters_get_and_the_current_document(window, qtbot, server, server2, call):
    log = _load_with_child(window, qtbot, server, server2)
    errors = call("console.list", level="error")["entries"]
    assert errors and all(e["level"] == "error" for e in errors)
    warnings_and_up = call("console.list", level="warning")["entries"]
    assert {e["level"] for e in warnings_and_up} == {"warning", "error"}
    first, *rest = call("console.list", limit=1, since_id=0)["entries"], None
    page = call("console.list", limit=2)
    assert len(page["entries"]) == 2 and page["more"] >= 1
    later = call("console.list", since_id=page["entries"][-1]["id"])["entries"]
    assert later[0]["id"] > page["entries"][-1]["id"]
    assert {k: v for k, v in call("console.get", id=first[0]["id"]).items() if k != "tab"} == first[0]
    with pytest.raises(PagenoteError) as caught:
        call("console.get", id=10_000)
    assert caught.value.name == "NOT_FOUND"
    # A new document: its entries by default, the earlier ones on request.
    before = len(log.entries)
    window.load_page(server.url("spa.html"))
    assert call("console.list")["entries"] == []
    assert len(call("console.list", all_documents=True, limit=200)["entries"]) == before


def test_the_ring_is_bounded_and_long_texts_are_cut(window, qtbot, server, call, js):
    window.load_page(server.url("spa.html"))
    log = window.tab.browser.console
    js("for (let i = 0; i < 1100; i++) console.log('line ' + i); console.log('y'.repeat(10000)); 'ok'")
    qtbot.waitUntil(lambda: log.entries and log.entries[-1].text.startswith("yyy"), timeout=10_000)
    assert len(log.entries) == console_module.RING_ENTRIES
    assert log.entries[0].text == "line 101"
    long = call("console.get", id=log.entries[-1].id)
    assert long["cut"] is True and len(long["text"]) <= console_module.TEXT_CHARS
    assert long["text"].endswith(f"…[cut: {10_000 - console_module.TEXT_CHARS + 30} chars]")
    # The character bound: 600 entries of 2,000 characters are more than 1 MiB.
    js("for (let i = 0; i < 600; i++) console.log(i + ' ' + 'word '.repeat(600)); 'ok'")
    qtbot.waitUntil(lambda: log.entries[-1].text.startswith("599"), timeout=10_000)
    assert sum(len(e.text) for e in log.entries) <= console_module.RING_CHARS
    assert len(log.entries) < 600


def test_a_flood_of_info_lines_never_evicts_an_error_in_the_log_or_the_dock(window, qtbot, server, js):
    window.load_page(server.url("spa.html"))
    log = window.tab.browser.console
    dock = window.console_dock
    dock.show()
    js("console.log('before'); console.error('the one error'); "
       "for (let i = 0; i < 1100; i++) console.log('line ' + i); console.log('done'); 'ok'")
    qtbot.waitUntil(lambda: log.entries and log.entries[-1].text == "done", timeout=10_000)
    assert len(log.entries) == console_module.RING_ENTRIES
    assert log.entries[0].text == "the one error" and log.entries[1].text == "line 102"
    rows = lambda: [dock.list.item(i).text() for i in range(dock.list.count())]  # noqa: E731
    qtbot.waitUntil(lambda: bool(rows()) and rows()[-1].startswith("[info] done"), timeout=5_000)
    assert rows()[0].startswith("[error] the one error") and len(rows()) == console_module.RING_ENTRIES


def test_bad_parameters(call):
    for params, name in (({"limit": 201}, "INVALID_PARAMS"), ({"level": "verbose"}, "INVALID_PARAMS"),
                         ({"response_mode": "x"}, "INVALID_REQUEST")):
        with pytest.raises(PagenoteError) as caught:
            call("console.list", **params)
        assert caught.value.name == name
