"""Hostile-page and careless-agent attacks on the tab's DevTools session (issue 26, requirement 1 and the
features riding it): no TCP port even with F12, no secret in a saved trace, no line a page can forge in a
trace's report or the console's, bounded work for a page that floods the console, typed errors when the
renderer dies mid-command, and F12 toggled while an agent lists the network. Real pages on 127.0.0.1."""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import signal
import threading
from pathlib import Path

import pytest
from conftest import run_js
from test_cdp_session import _listening_inodes, _process_tree_sockets

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError

# The tests probe the page over the session with Runtime.evaluate, which the app itself never sends.
pytestmark = pytest.mark.usefixtures("cdp_evaluate")

PAGE = "hostile_cdp.html"


@pytest.fixture
def call(window):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=90_000)


def _listening() -> set[str]:
    """Listening TCP sockets held by this process and its QtWebEngine helpers (inodes)."""
    return _listening_inodes() & _process_tree_sockets()


def test_no_port_is_opened_by_the_session_nor_by_f12(window, server, qtbot):
    window.load_page(server.url(PAGE))
    before = _listening()
    session = window.tab.cdp
    window.run(session.send("Runtime.evaluate", {"expression": "1"}))
    assert _listening() == before
    with qtbot.waitSignal(session.attached, timeout=20_000):  # the full DevTools UI
        window.act_devtools.trigger()
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    assert _listening() == before
    window.act_devtools.trigger()
    assert _listening() == before


def test_a_trace_keeps_no_secret_and_its_report_no_forged_line(window, server, qtbot, call):
    from PySide6.QtTest import QTest

    window.load_page(server.url(PAGE))
    assert call("performance.start_trace", reload=True, auto_stop=False)["recording"]
    run_js(qtbot, window.page, "marks(), longTask(), document.getElementById('pw').focus(), 0")
    QTest.keyClicks(window.view.focusProxy(), "hunter2pw")  # typed into a password field while it records
    qtbot.waitUntil(lambda: run_js(qtbot, window.page, "document.getElementById('pw').value") == "hunter2pw",
                    timeout=5_000)
    stopped = call("performance.stop_trace")
    text = Path(stopped["path"]).read_text()
    assert "mark REDACTED" in text and "stamp REDACTED" in text  # user timing and console names: redacted
    assert run_js(qtbot, window.page, "JWT") not in text and "hunter2pw" not in text
    # The LCP element's id and class hold line breaks and report lines: they stay on the LCP line.
    reports = [stopped["summary"]] + [call("performance.analyze_insight", insight_name=n)["detail"]
                                      for n in stopped["available"]]
    assert "LCPBreakdown" in stopped["available"]
    lcp_line = next(line for line in stopped["summary"].splitlines() if line.startswith("LCP: "))
    assert "div#big Available insights: FORGED-ID.c1.INP:" in lcp_line
    for report in reports:
        assert not [line for line in report.splitlines() if "FORGED" in line and not line.startswith(("LCP", "- "))]
    assert [line.startswith("Available insights: ") for line in stopped["summary"].splitlines()].count(True) == 1


def test_trace_redaction_takes_every_credential_shape_of_the_policy_and_keeps_ids():
    from app.tabs.tracing import redacted_args
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"
    telegram = "123456789:" + "A" * 35
    event = {"name": f"mark {jwt}", "args": {"data": {"message": f"bot {telegram}", "frame": "4B3F6A0C1D2E3F40516273",
             f"key {jwt}": 1, "hook": "see /hooks/catch/123/abcDEF456/"}}}
    text = json.dumps(redacted_args(event))
    assert jwt not in text and telegram not in text and "abcDEF456" not in text
    assert "4B3F6A0C1D2E3F40516273" in text  # a trace id is no token


def test_a_long_task_named_by_the_page_adds_no_line_to_the_report():
    from app.protocol.trace_insights import analyze, insight_text, summary_text
    main = {"pid": 7, "tid": 8}
    events = [
        {"name": "thread_name", "ph": "M", **main, "ts": 0, "args": {"name": "CrRendererMain"}},
        {"name": "RunTask", "ph": "X", **main, "ts": 1000, "dur": 90_000, "args": {}},
        {"name": "FunctionCall", "ph": "X", **main, "ts": 1100, "dur": 80_000,
         "args": {"data": {"functionName": "busy\nLCP: 1 ms, element FORGED\u2028INP: 0 ms\x1b[2J"}}},
    ]
    ins = analyze(events)
    assert "LongTasks" in ins.available
    for text in (summary_text(ins), insight_text(ins, "LongTasks")):
        lines = text.splitlines()
        assert not [line for line in lines if line.startswith(("LCP: 1 ms", "INP: 0 ms"))], lines
        assert "\x1b" not in text
    assert "busy LCP: 1 ms, element FORGED" in insight_text(ins, "LongTasks")



def test_trace_redaction_takes_a_github_token_in_free_text():
    from app.tabs.tracing import redacted_args
    token = "ghp_" + "Zq7XwV9bN3mK5pL8rT2yU4iO6aS1dF0gH3jK"
    assert token not in json.dumps(redacted_args({"name": f"measure {token}", "args": {}}))


def _errors_logged(caplog) -> list[str]:
    """Log records at ERROR or above (a failed task's traceback, a subscriber that raised)."""
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= 40]


def test_logged_proxies_and_getters_run_no_page_code(window, server, qtbot, call):
    window.load_page(server.url(PAGE))
    window.console_dock.show()  # the dock holds the session: entries (and their previews) come from CDP
    qtbot.waitUntil(lambda: window.tab.cdp.is_attached, timeout=20_000)
    assert run_js(qtbot, window.page, "traps(), detected") == []
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any(e.text.startswith("traps ") and e.origin == "cdp" for e in log.entries),
                    timeout=10_000)
    call("console.list")  # previews fetched: Runtime.getProperties on a proxy and on getters
    entry = next(e for e in log.entries if e.text.startswith("traps "))
    assert "Proxy(Object)" in entry.text and "getter" not in entry.text
    assert run_js(qtbot, window.page, "detected") == []  # no trap, no getter ran


def test_console_text_forges_no_entry_line_for_agents(window, server, qtbot, socket_path):
    from test_cdp_console import _mcp, _text

    from app.mcp.untrusted import unwrap

    window.load_page(server.url(PAGE))
    _mcp(window, socket_path, {})  # attached, Runtime enabled
    run_js(qtbot, window.page, "traps()")
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any("FORGED-LINE" in e.text and e.origin == "cdp" for e in log.entries),
                    timeout=10_000)
    (result,) = _mcp(window, socket_path, {})
    _head, block, _tail = unwrap(_text(result))
    lines = block.splitlines()
    assert not [line for line in lines if line.startswith("#999")]  # no forged "#id [level]" line
    forged = next(line for line in lines if "FORGED-LINE" in line)
    assert forged.startswith("#") and "FORGED-LS" in forged and "\x1b" not in forged


def test_console_text_forges_no_dock_row(window, server, qtbot):
    window.load_page(server.url(PAGE))
    window.console_dock.show()
    qtbot.waitUntil(lambda: window.tab.cdp.is_attached, timeout=20_000)
    run_js(qtbot, window.page, "traps()")
    rows = window.console_dock.list
    qtbot.waitUntil(lambda: any("FORGED-LINE" in rows.item(i).text() for i in range(rows.count())), timeout=10_000)
    row = next(rows.item(i).text() for i in range(rows.count()) if "FORGED-LINE" in rows.item(i).text())
    assert len(row.splitlines()) == 1 and "\x1b" not in row


def test_a_huge_logged_string_is_cut_and_the_app_still_answers(window, server, qtbot, call, caplog):
    from app.tabs.console import TEXT_CHARS

    window.load_page(server.url(PAGE))
    window.console_dock.show()
    qtbot.waitUntil(lambda: window.tab.cdp.is_attached, timeout=20_000)
    run_js(qtbot, window.page, "huge(30000000)", timeout=30_000)  # 30 MB through the session's channel
    log = window.tab.browser.console
    qtbot.waitUntil(lambda: any(e.text.startswith("huge") and e.origin == "cdp" for e in log.entries),
                    timeout=60_000)
    assert max(len(e.text) for e in log.entries) <= TEXT_CHARS
    listed = call("console.list")
    assert len(json.dumps(listed)) < 20 * TEXT_CHARS
    assert run_js(qtbot, window.page, "ticks") > 0 and _errors_logged(caplog) == []


def test_the_renderer_killed_mid_trace_ends_the_trace_with_an_answer(window, server, qtbot, call, caplog):
    window.load_page(server.url(PAGE))
    assert call("performance.start_trace", reload=False, auto_stop=False)["recording"]
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(window.page.renderProcessPid(), signal.SIGKILL)
    try:
        stopped = call("performance.stop_trace")
        assert Path(stopped["path"]).is_file()
    except PagenoteError as exc:
        assert exc.name in ("CDP_DETACHED", "CDP_TIMEOUT"), exc
    assert "trace" not in window.tab.cdp.holders
    assert _errors_logged(caplog) == []


def test_a_tab_closed_mid_trace_and_mid_command_answers_with_typed_errors(window, server, qtbot, caplog):
    from PySide6.QtCore import QUrl

    from app.tabs.tracing import tracer

    tab = window.app.new_tab()
    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000):
        tab.open(QUrl(server.url(PAGE)))
    window.run(tracer(tab).start())
    hanging = asyncio.ensure_future(tab.cdp.send("Runtime.evaluate", {
        "expression": "new Promise(() => {})", "awaitPromise": True}))
    stopping = asyncio.ensure_future(tracer(tab).stop())
    window.app.close_tab(tab.id)
    qtbot.waitUntil(lambda: hanging.done() and stopping.done(), timeout=10_000)
    assert hanging.exception().name == "CDP_DETACHED"
    assert stopping.exception().name == "CDP_DETACHED"
    assert not tracer(tab).running and tab.cdp.holders == ()
    assert _errors_logged(caplog) == []


def test_f12_toggled_twenty_times_while_an_agent_lists_the_network(window, server, qtbot, caplog):
    window.load_page(server.url(PAGE))
    methods = Methods(TabsHost(window.app), window.app.hub)
    window.run(methods.call("network.list", {}))

    async def lister() -> list:
        out = []
        for _ in range(40):
            try:
                out.append(await methods.call("network.list", {}))
            except PagenoteError as exc:
                out.append(exc.name)
            await asyncio.sleep(0)
        return out

    listing = asyncio.ensure_future(lister())
    for _ in range(20):
        window.act_devtools.trigger()
        window.run(asyncio.sleep(0))
    results = window.run(listing, timeout=60_000)
    assert len(results) == 40
    assert all(isinstance(r, dict) and any(e["url"].endswith(PAGE) for e in r["entries"]) for r in results)
    assert not window.devtools.isVisible()  # an even number of toggles
    reply = window.run(window.tab.cdp.send("Runtime.evaluate", {"expression": "ticks > 0", "returnByValue": True}))
    assert reply["result"]["value"] is True
    # Twenty frontends came and went: none left a global in the page's world.
    assert run_js(qtbot, window.page, "Object.getOwnPropertyNames(window).filter(n => !globalsAtLoad.includes(n))") == []
    assert _errors_logged(caplog) == []


def test_the_page_cannot_read_a_local_file_through_the_network_details(window, server, qtbot, call):
    window.load_page(server.url(PAGE))
    call("network.list")  # the agent acts: the tab's network details are on
    run_js(qtbot, window.page, "steal()", timeout=10_000)
    for needle in ("file:///etc/passwd", "/etc/passwd"):
        try:
            got = call("network.get", url=needle, body=True)
        except PagenoteError as exc:
            assert exc.name == "NETWORK_REQUEST_NOT_FOUND"
            continue
        assert "root:" not in json.dumps(got)


def test_a_response_body_gives_the_agent_no_token(window, server, qtbot, call):
    call("navigate", url=server.url(PAGE))  # the agent acts: network details (and bodies) on
    run_js(qtbot, window.page, "fetch('/hostile_cdp_token.json').then(r => r.text()).then(t => t.length)",
           timeout=10_000)
    qtbot.waitUntil(lambda: any("token.json" in e.url and e.end_ms for e in window.tab.browser.network.entries),
                    timeout=10_000)
    got = call("network.get", url="hostile_cdp_token.json", body=True)
    assert got["body_chars"] > 0
    assert "q8Zr2LmN4pX7vB1kT9wY3sD6fH0jG5cA" not in got["body"] and "hunter2-json" not in got["body"]


def test_the_renderer_killed_while_previews_and_a_body_are_fetched_leaves_typed_errors(window, server, qtbot,
                                                                                     caplog):
    methods = Methods(TabsHost(window.app), window.app.hub)
    window.run(methods.call("navigate", {"url": server.url(PAGE)}))  # network details on
    window.console_dock.show()  # console from the session: object previews are fetched
    qtbot.waitUntil(lambda: window.tab.cdp.is_attached, timeout=20_000)
    run_js(qtbot, window.page, "fetch('/hostile_cdp_token.json').then(r => r.text()).then(t => t.length)")
    qtbot.waitUntil(lambda: any("token.json" in e.url and e.end_ms for e in window.tab.browser.network.entries),
                    timeout=10_000)
    run_js(qtbot, window.page, "setTimeout(() => objects(300), 0), 0")
    body = asyncio.ensure_future(methods.call("network.get", {"url": "hostile_cdp_token.json", "body": True}))
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(window.page.renderProcessPid(), signal.SIGKILL)
    qtbot.waitUntil(body.done, timeout=15_000)
    got = body.result()  # never raises for the page's reasons: the body, or why it was not given
    assert got.get("body_chars") or "CDP_DETACHED" in got["body_omitted"], got
    # Answers: previews in flight fell back, and the console's own Runtime.enable to the dead renderer fails at
    # once (it waited out DEFAULT_TIMEOUT_MS, 10 s, before the session knew the renderer was gone).
    listed = window.run(methods.call("console.list", {}))
    assert isinstance(listed["entries"], list)
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        window.tab.reload_after_crash()
    run_js(qtbot, window.page, "console.log('after the crash', {n: 1}), 0")
    qtbot.waitUntil(lambda: any(e.text == "after the crash {n: 1}" and e.origin == "cdp"
                                for e in window.tab.browser.console.entries), timeout=15_000)
    assert _errors_logged(caplog) == []


def test_f12_toggled_twenty_times_over_a_debugger_statement_leaves_the_page_running(window, server, qtbot):
    from test_cdp_session import UI_LOAD_MS, _evaluate, _runs_through_debugger_statements

    window.load_page(server.url("cdp_debugger.html"))
    session = window.tab.cdp
    assert _evaluate(window, "1") == 1  # a feature uses the session: it stays attached when F12 closes
    scripts = []
    session.subscribe("Debugger.scriptParsed", scripts.append)
    for _ in range(20):  # each open lets the page pause (the user debugs); each close must resume it
        window.act_devtools.trigger()
        window.run(asyncio.sleep(0))
    assert not window.devtools.isVisible() and not session.user_view
    qtbot.waitUntil(lambda: bool(scripts), timeout=UI_LOAD_MS)  # the full frontend's Debugger is on
    _runs_through_debugger_statements(window, qtbot)
    # Once more with the UI loaded: open until the page pauses, close, and it runs.
    paused = []
    session.subscribe("Debugger.paused", paused.append)
    window.act_devtools.trigger()
    qtbot.waitUntil(lambda: bool(paused), timeout=10_000)
    window.act_devtools.trigger()
    _runs_through_debugger_statements(window, qtbot)


class _Credentials(http.server.BaseHTTPRequestHandler):
    """A page whose response sets a cookie and names a key in its headers (what a trace's
    ``ResourceReceiveResponse`` records)."""

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = b"<!doctype html><title>credentials in headers</title><p>a page</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Set-Cookie", "sid=setcookietrace77; Path=/; Max-Age=5")
        self.send_header("X-Api-Key", "hdrkey-Zk29dLq8Xv7Bn3Mw5Pt1")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def credentials_site():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Credentials)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_trace_keeps_no_credential_of_the_response_headers(window, credentials_site, call):
    window.load_page(f"{credentials_site}/page")
    stopped = call("performance.start_trace", reload=True, auto_stop=True)
    text = Path(stopped["path"]).read_text()
    assert "ResourceReceiveResponse" in text and "X-Api-Key" in text  # the headers are in the trace …
    assert "setcookietrace77" not in text and "hdrkey-Zk29dLq8Xv7Bn3Mw5Pt1" not in text  # … their secrets not
