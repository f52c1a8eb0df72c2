"""The tab's console from the DevTools protocol (issue 26, requirement 2): level, text with object arguments
as previews (never ``[object Object]``), ``url:line:column``, the stack, unhandled rejections as errors, secrets
redacted, and errors kept through a flood of info lines. Real pages on 127.0.0.1; the preview rules also on
hand-made CDP objects."""

from __future__ import annotations

from conftest import run_js

from app.protocol import console_preview
from app.tabs import console_cdp
from app.tabs.console_cdp import CdpConsole

PAGE = "cdp_console.html"


def _console(window) -> CdpConsole:
    console = CdpConsole(window.tab.cdp, window.tab)
    window.run(console.start())
    return console


def test_an_error_with_an_object_an_exception_and_a_rejection_have_text_location_and_stack(window, server, qtbot):
    window.load_page(server.url(PAGE))
    console = _console(window)
    run_js(qtbot, window.page, "run(), 0")
    qtbot.waitUntil(lambda: len([e for e in console.entries if e.level == "error"]) >= 3, timeout=10_000)
    logged, thrown, rejected = [e for e in console.entries if e.level == "error"][:3]
    assert logged.kind == "console"
    assert logged.text.startswith("bad thing {user: \"ada\", password: REDACTED, nested: {deep: {deeper: ")
    assert "list: [1, 2, 3]" in logged.text and "[object Object]" not in logged.text and "hunter2" not in logged.text
    assert logged.location == server.url(PAGE) + ":6:11" and logged.stack[0].startswith("window.run (")
    line = (server.url(PAGE), 7)
    column = open(__file__.replace("test_cdp_console.py", "pages/" + PAGE)).read().splitlines()[6].index("throw") + 1
    assert thrown.kind == "exception" and thrown.text == "Uncaught Error: boom"
    assert (thrown.url, thrown.line) == line and thrown.column == column
    assert thrown.stack[0] == f"boomer ({server.url(PAGE)}:7:{column + 6})"  # the Error's construction
    assert rejected.text == "Uncaught (in promise) Error: nobody caught me"


def test_an_object_with_many_keys_shows_fifty(window, server, qtbot):
    window.load_page(server.url(PAGE))
    console = _console(window)
    run_js(qtbot, window.page, "wide(), 0")
    qtbot.waitUntil(lambda: any(e.text.startswith("{k0: 0") for e in console.entries), timeout=10_000)
    text = next(e.text for e in console.entries if e.text.startswith("{k0: 0"))
    assert "k49: 49" in text and "k50" not in text and text.endswith(", …}")


def test_an_error_is_not_evicted_by_a_flood_of_info_lines(window, server, qtbot):
    window.load_page(server.url(PAGE))
    console = _console(window)
    run_js(qtbot, window.page, "run(), 0")
    qtbot.waitUntil(lambda: any(e.text == "Uncaught Error: boom" for e in console.entries), timeout=10_000)
    run_js(qtbot, window.page, f"flood({console_cdp.OTHER_ENTRIES + 200}), 0")
    qtbot.waitUntil(lambda: any(e.text == "flood done" for e in console.entries), timeout=20_000)
    assert any(e.text == "Uncaught Error: boom" for e in console.entries)
    assert len([e for e in console.entries if e.level != "error"]) == console_cdp.OTHER_ENTRIES


def test_messages_logged_before_the_attach_are_replayed(window, server, qtbot):
    window.load_page(server.url(PAGE))
    run_js(qtbot, window.page, "console.warn('early', 42), 0")
    console = _console(window)
    qtbot.waitUntil(lambda: any(e.text == "early 42" and e.level == "warning" for e in console.entries),
                    timeout=10_000)


def test_previews_of_cdp_objects():
    text = console_preview.remote_object_text
    assert text({"type": "string", "value": "hi"}) == "hi"
    assert text({"type": "string", "value": "hi"}, nested=True) == '"hi"'
    assert text({"type": "undefined"}) == "undefined"
    assert text({"type": "object", "subtype": "null", "value": None}) == "null"
    assert text({"type": "number", "unserializableValue": "NaN"}) == "NaN"
    assert text({"type": "object", "className": "Object", "description": "Object", "preview": {
        "type": "object", "description": "Object", "overflow": True, "properties": [
            {"name": "a", "type": "number", "value": "1"},
            {"name": "api_key", "type": "string", "value": "s3cr3t"},
            {"name": "b c", "type": "object", "value": "Object"}]}}) == '{a: 1, api_key: REDACTED, "b c": {…}, …}'
    assert text({"type": "object", "subtype": "array", "className": "Array", "description": "Array(2)",
                 "preview": {"type": "object", "subtype": "array", "description": "Array(2)", "properties": [
                     {"name": "0", "type": "number", "value": "1"},
                     {"name": "1", "type": "string", "value": "x"}]}}) == '[1, "x"]'
    frames = {"callFrames": [{"functionName": "", "url": "http://h/a.js?token=abc", "lineNumber": 0,
                              "columnNumber": 4}] * 12}
    lines = console_preview.stack_lines(frames)
    assert len(lines) == console_preview.MAX_FRAMES and "abc" not in lines[0]
    assert lines[0].startswith("(anonymous) (http://h/a.js?token=") and lines[0].endswith(":1:5)")
