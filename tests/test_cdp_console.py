"""The tab's console from the DevTools protocol (issue 26, requirement 2), as agents and the Console dock get
it: level, text with object arguments as previews (never ``[object Object]``), ``url:line:column``, the
stack, unhandled rejections as errors, one entry per message (Qt's and the protocol's merged), secrets
redacted, errors kept through a flood of info lines, and no frame a page can forge. Real pages on 127.0.0.1,
agents through the MCP SDK's client on the window's agent socket; the preview rules also on hand-made CDP
objects."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_js
from hypothesis import given
from hypothesis import strategies as st
from mcp.client import Client

from app.core.secret_rules import SECRET_NAMED_VALUE_MAX, SECRET_PARAM_NAMES
from app.mcp.server import build_server
from app.mcp.untrusted import unwrap
from app.protocol import console_preview
from app.tabs import console as console_module
from app.tabs import console_cdp

PAGE = "cdp_console.html"
SOURCE = (Path(__file__).parent / "pages" / PAGE).read_text().splitlines()


def _column(line: int, needle: str) -> int:
    """1-based column of ``needle`` on 1-based ``line`` of the page."""
    return SOURCE[line - 1].index(needle) + 1


def _mcp(window, socket_path, *calls: dict) -> list:
    """``browser_console_messages`` with each of ``calls``' arguments, through the MCP SDK's client."""

    async def body():
        async with Client(build_server(socket_path, start_app=False)) as client:
            return [await client.call_tool("browser_console_messages", args) for args in calls]

    return window.run(body(), timeout=60_000)


def _text(result) -> str:
    return "\n".join(c.text for c in result.content if c.type == "text")


def _log(window):
    return window.tab.browser.console


def test_agents_get_history_then_live_errors_with_line_column_stack_and_previews(window, server, qtbot,
                                                                                socket_path):
    url = server.url(PAGE)
    window.load_page(url)
    log = _log(window)
    qtbot.waitUntil(lambda: any(e.text.startswith("early") for e in log.entries), timeout=10_000)
    assert not window.tab.cdp.is_attached  # nothing needed the session yet: the entry is Qt's
    assert next(e for e in log.entries if e.text.startswith("early")).text == "early [object Object]"

    # The first agent call attaches the session; Runtime.enable's replay upgrades the earlier message.
    (first,) = _mcp(window, socket_path, {})
    early = next(e for e in first.structured_content["entries"] if e["text"].startswith("early"))
    assert early["text"] == 'early {n: 42, config: {api_key: REDACTED}, next: "https://x.test/?token=REDACTED"}'
    assert (early["level"], early["line"], early["column"]) == ("warning", 10, _column(10, "warn("))
    assert early["stack"] == [f"(anonymous) ({url}:10:{_column(10, 'warn(')})"]
    assert len([e for e in first.structured_content["entries"] if e["text"].startswith("early")]) == 1

    run_js(qtbot, window.page, "run(), 0")
    qtbot.waitUntil(lambda: len([e for e in log.entries if e.level == "error" and e.origin == "cdp"]) >= 3,
                    timeout=10_000)
    (errors,) = _mcp(window, socket_path, {"level": "error"})
    entries = errors.structured_content["entries"]
    logged, thrown, rejected = (next(e for e in entries if e["text"].startswith(prefix))
                                for prefix in ("bad thing", "Uncaught Error: boom", "Uncaught (in promise)"))
    assert logged["text"].startswith('bad thing {user: "ada", password: REDACTED, nested: {deep: {deeper: ')
    assert "list: [1, 2, 3]" in logged["text"] and "[object Object]" not in logged["text"]
    assert (logged["line"], logged["column"]) == (6, _column(6, "error("))
    assert logged["stack"][0] == f"window.run ({url}:6:{_column(6, 'error(')})"
    assert thrown["text"] == "Uncaught Error: boom" and thrown["source"] == url
    # Thrown while Runtime is enabled, V8 places an Error's exception where it was made (as Chrome shows it).
    assert (thrown["line"], thrown["column"]) == (7, _column(7, "new Error"))
    assert thrown["stack"][0] == f"boomer ({url}:7:{_column(7, 'new Error')})"
    assert len(thrown["stack"]) <= console_preview.MAX_FRAMES
    assert rejected["text"] == "Uncaught (in promise) Error: nobody caught me" and rejected["level"] == "error"
    assert all(len([e for e in entries if e["text"] == x["text"]]) == 1 for x in (logged, thrown, rejected))

    # The model's text: one line per entry with source:line:column, the stack as indented "at" lines — left out
    # when it is one frame at the entry's own place (the thrown error's: it would only repeat the location).
    _head, block, _tail = unwrap(_text(errors))
    lines = block.splitlines()
    at = lines.index(f"#{thrown['id']} [error] Uncaught Error: boom ({url}:7:{_column(7, 'new Error')})")
    assert thrown["stack"] == [f"boomer ({url}:7:{_column(7, 'new Error')})"] and lines[at + 1].startswith("#")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"#{logged['id']} [error] bad thing"))
    assert lines[at + 1: at + 1 + len(logged["stack"])] == [f"    at {f}" for f in logged["stack"]]
    assert len(logged["stack"]) > 1 or not logged["stack"][0].endswith(f":6:{_column(6, 'error(')})")
    assert "hunter2" not in _text(errors) + repr(errors.structured_content)
    assert "sk-live-early-secret" not in repr(log.entries) and "t0ken-early" not in repr(log.entries)


def test_a_page_cannot_forge_a_stack_frame(window, server, qtbot, socket_path):
    url = server.url(PAGE)
    window.load_page(url)
    _mcp(window, socket_path, {})  # attached, Runtime enabled: the forged throw below is a live one
    run_js(qtbot, window.page, "forge(), 0")
    log = _log(window)
    qtbot.waitUntil(lambda: any(e.text == "Uncaught Error: forged" and e.origin == "cdp" for e in log.entries),
                    timeout=10_000)
    (result,) = _mcp(window, socket_path, {})
    entries = result.structured_content["entries"]
    # Every frame is the page's script or the test's own eval (no URL); a name that is not plain is quoted.
    frame = re.compile(rf'^(?:[\w$.<>\[\]#-]+|\(anonymous\)|"[^"\n]*") \((?:{re.escape(url)})?:\d+:\d+\)$')
    for entry in entries:
        assert all(frame.match(f) for f in entry.get("stack", [])), entry.get("stack")
    named = next(e for e in entries if e["text"] == "named")
    assert named["stack"][0].startswith('"evil (https://bank.test/x.js:1:1)" (' + url)  # a quoted name
    forged = next(e for e in entries if e["text"] == "Uncaught Error: forged")
    assert forged["stack"] and "bank.test" not in repr(forged["stack"])  # CDP's frames, not err.stack
    # In the model's text, the logged stack-looking string stays on its entry's line.
    fake = next(n for n, line in enumerate(SOURCE, 1) if "console.log('Error: fake" in line)
    _head, block, _tail = unwrap(_text(result))
    at_lines = [line for line in block.splitlines() if line.startswith("    at ")]
    assert at_lines and all(re.search(rf"\((?:{re.escape(url)})?:\d+:\d+\)$", line) for line in at_lines)
    assert not any("bank" in line and '"evil' not in line for line in at_lines)
    assert any(line.endswith(r"Error: fake\n    at bank (https://bank.test/app.js:1:1)\n    at steal "
                             rf"(https://bank.test/app.js:2:2) ({url}:{fake}:{_column(fake, 'log(')})")
               for line in block.splitlines())


def test_a_flood_of_info_lines_evicts_no_error_in_agent_answers_or_the_dock(window, server, qtbot, socket_path,
                                                                            monkeypatch):
    monkeypatch.setattr(console_module, "RING_ENTRIES", 300)  # the same eviction, a shorter flood
    window.load_page(server.url(PAGE))
    dock = window.console_dock
    dock.show()  # shown, the dock holds the session: entries come from the protocol
    assert "console-dock" in window.tab.cdp.holders
    log = _log(window)  # the replay of the dock's attach brings the load's warning: the events are on
    qtbot.waitUntil(lambda: any(e.text.startswith("early {") for e in log.entries), timeout=20_000)
    run_js(qtbot, window.page, "run(), 0")
    qtbot.waitUntil(lambda: any(e.text == "Uncaught Error: boom" and e.stack for e in log.entries), timeout=10_000)
    run_js(qtbot, window.page, f"flood({console_module.RING_ENTRIES + 200}), 0")
    qtbot.waitUntil(lambda: any(e.text == "flood done" and e.origin == "cdp" for e in log.entries), timeout=30_000)
    assert len(log.entries) == console_module.RING_ENTRIES
    assert not any(e.text == "line 0" for e in log.entries)  # the oldest info lines went
    texts = [e.text for e in log.entries]
    assert len(texts) == len(set(texts))  # one entry per message: no Qt duplicate
    every, errors = _mcp(window, socket_path, {"limit": 200}, {"level": "error"})
    assert "Uncaught Error: boom" in [e["text"] for e in every.structured_content["entries"]]
    assert [e["text"] for e in errors.structured_content["entries"]][:1] == [
        next(e.text for e in log.entries if e.level == "error")]
    assert any(e["text"] == "Uncaught Error: boom" and e["stack"] for e in errors.structured_content["entries"])
    qtbot.waitUntil(lambda: any(dock.list.item(i).text().startswith("[error] Uncaught Error: boom  — ")
                                for i in range(dock.list.count())), timeout=10_000)
    qtbot.waitUntil(lambda: dock.list.count() == console_module.RING_ENTRIES, timeout=10_000)
    row = next(dock.list.item(i) for i in range(dock.list.count())
               if dock.list.item(i).text().startswith("[error] Uncaught Error: boom"))
    assert "Stack (innermost first):" in row.toolTip() and "at boomer (" in row.toolTip()


def test_an_object_with_many_keys_shows_fifty_and_objects_in_a_loop_keep_their_order(window, server, qtbot,
                                                                                     socket_path):
    window.load_page(server.url(PAGE))
    _mcp(window, socket_path, {})
    run_js(qtbot, window.page, "wide(), 0")
    log = _log(window)
    qtbot.waitUntil(lambda: any(e.text.startswith("{k0: 0") for e in log.entries), timeout=10_000)
    text = next(e.text for e in log.entries if e.text.startswith("{k0: 0"))
    assert "k49: 49" in text and "k50" not in text and text.endswith(", …}")
    # More objects than may wait for their properties (console_cdp.FETCH_BACKLOG): the rest keep V8's preview.
    count = console_cdp.FETCH_BACKLOG * 3
    run_js(qtbot, window.page, f"objects({count}), 0")
    qtbot.waitUntil(lambda: any(e.text == "objects done" and e.origin == "cdp" for e in log.entries), timeout=20_000)
    logged = [e.text for e in log.entries if e.text.startswith("{i: ")]
    assert logged == [f"{{i: {i}, o: {{x: {i}}}}}" if i < console_cdp.FETCH_BACKLOG else logged[i]
                      for i in range(count)]
    assert all(t.startswith(f"{{i: {i}, o: {{") for i, t in enumerate(logged))


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
    odd = console_preview.frame_line({"functionName": "x (http://e.test/a.js:1:1)\n", "url": "http://h/ a.js",
                                      "lineNumber": 1, "columnNumber": 2})
    assert odd == '"x (http://e.test/a.js:1:1)\\n" ("http://h/ a.js":2:3)'
    # An exception with no CDP stack does not get frames from the error's (page-writable) stack text.
    detail = console_preview.from_exception({"exceptionDetails": {
        "text": "Uncaught", "lineNumber": 0, "columnNumber": 0, "url": "http://h/a.js", "exception": {
            "type": "object", "subtype": "error", "description": "Error: x\n    at bank (https://bank.test/a.js:1:1)"}}})
    assert detail.text == "Uncaught Error: x" and detail.stack == ()


def _logged(**props) -> str:
    """The preview text of a logged plain object with ``props`` (name → Python primitive), as V8 previews it."""
    def prop(name, value):
        kind = {bool: "boolean", int: "number", float: "number", str: "string"}[type(value)]
        return {"name": name, "type": kind, "value": str(value).lower() if kind == "boolean" else str(value)}
    return console_preview.remote_object_text({"type": "object", "description": "Object", "preview": {
        "type": "object", "description": "Object", "properties": [prop(k, v) for k, v in props.items()]}})


def test_an_error_code_shows_and_a_code_shaped_like_a_credential_does_not():
    """Trial f2, finding 3: ``{code: 42}`` and ``{code: 'E_FAIL'}`` read ``code: REDACTED`` (the name alone
    decided) while browser_evaluate returned them. Rule 1 in logged objects (app.core.policy): a whole-name key
    hides only a value that could be a credential."""
    assert _logged(errorCode=42, code="E_FAIL", status=500, password="hunter2") == \
        '{errorCode: 42, code: "E_FAIL", status: 500, password: REDACTED}'
    assert _logged(code=42, key="Enter", state="open", nonce=True) == \
        '{code: 42, key: "Enter", state: "open", nonce: true}'
    assert _logged(code="ERR_NETWORK_CHANGED", ticket="auth/invalid-email") == \
        '{code: "ERR_NETWORK_CHANGED", ticket: "auth/invalid-email"}'
    # an OAuth authorization code (GitHub's 20 hex, Google's 4/0A…), a one-time password, a long value
    for secret in ("e72e16c7e42f292c6912", "4/0AX4XfWjYZ2kQ9mNpL8vTbC3dRsUe7wF", "482913", 482913,
                   "x" * (SECRET_NAMED_VALUE_MAX + 1)):
        assert _logged(code=secret) == "{code: REDACTED}", secret
    assert _logged(otp_code="E_FAIL", api_key="Enter") == "{otp_code: REDACTED, api_key: REDACTED}"  # rules 2-6


@given(name=st.sampled_from(SECRET_PARAM_NAMES),
       token=st.text("0123456789abcdefABCDEF-_", min_size=SECRET_NAMED_VALUE_MAX + 1, max_size=80))
def test_a_long_value_under_a_whole_name_never_shows(name, token):
    assert token not in _logged(**{name: token})


@given(name=st.sampled_from(SECRET_PARAM_NAMES),
       token=st.from_regex(r"[0-9a-f]{0,10}(?:[0-9][a-f]|[a-f][0-9]){2}[0-9a-f]{0,10}", fullmatch=True))
def test_a_hex_value_under_a_whole_name_never_shows(name, token):
    assert token not in _logged(**{name: token}).replace(name, "")


@given(name=st.sampled_from(SECRET_PARAM_NAMES), ident=st.from_regex(r"[A-Z][A-Z_]{0,30}", fullmatch=True),
       number=st.integers(min_value=-99_999, max_value=99_999))
def test_identifiers_and_short_numbers_under_a_whole_name_show(name, ident, number):
    assert _logged(**{name: ident}) == f'{{{name}: "{ident}"}}'
    assert _logged(**{name: number}) == f"{{{name}: {number}}}"
