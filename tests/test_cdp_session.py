"""The tab's DevTools protocol session (issue 26, requirement 1): commands and events over Chromium's own
frontend channel with no TCP port; the page never pauses; the page cannot see or reach the session; the
session follows crashes and cross-process navigations and ends with the tab."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path

import pytest
from conftest import run_js

from app.core.errors import PagenoteError
from app.webview.cdp import ATTACH_TIMEOUT_MS

# The tests probe the page over the session with Runtime.evaluate, which the app itself never sends.
pytestmark = pytest.mark.usefixtures("cdp_evaluate")


def _evaluate(window, expression: str, timeout_ms: int = 10_000):
    reply = window.run(window.tab.cdp.send("Runtime.evaluate", {
        "expression": expression, "awaitPromise": True, "returnByValue": True}, timeout_ms))
    return reply["result"].get("value")


def test_runtime_evaluate_awaits_a_promise(window, server):
    window.load_page(server.url("other.html"))
    assert window.tab.cdp.front is None  # lazy: nothing attached until a feature sends
    assert _evaluate(window, "new Promise(r => setTimeout(() => r(40 + 2), 10))") == 42
    assert window.tab.cdp.is_attached


def test_a_protocol_error_and_a_command_off_the_allow_list_are_typed_errors(window, server):
    window.load_page(server.url("other.html"))
    with pytest.raises(PagenoteError) as refused:
        window.run(window.tab.cdp.send("Browser.close"))
    assert refused.value.name == "CDP_NOT_ALLOWED"
    assert window.tab.cdp.front is None  # refused before anything attached
    with pytest.raises(PagenoteError) as failed:
        window.run(window.tab.cdp.send("Runtime.getProperties", {"objectId": "no-such-object"}))
    assert failed.value.name == "CDP_FAILED"


def test_a_sub_resource_404_is_seen_in_network_response_received(window, server, qtbot):
    window.load_page(server.url("other.html"))
    window.run(window.tab.cdp.attach())
    seen = []
    window.tab.cdp.subscribe("Network.responseReceived", lambda p: seen.append(p["response"]))
    window.run(window.tab.cdp.send("Network.enable"))
    assert _evaluate(window, "fetch('/cdp-missing.txt').then(r => r.status)") == 404
    qtbot.waitUntil(lambda: any(r["url"].endswith("/cdp-missing.txt") and r["status"] == 404 for r in seen),
                    timeout=10_000)


def test_a_large_reply_arrives_whole(window, server):
    window.load_page(server.url("other.html"))
    value = _evaluate(window, "'x'.repeat(3_000_000) + 'end'", timeout_ms=30_000)
    assert len(value) == 3_000_003 and value.endswith("end")


def _hanging_id(session, qtbot) -> int:
    """The id of the test's own ``Runtime.evaluate`` once it is in flight (other features of the tab — the
    console — may have their own commands in flight beside it)."""
    ids: list[int] = []

    def found() -> bool:
        ids[:] = [i for i, (_f, method) in session._pending.items() if method == "Runtime.evaluate"]
        return len(ids) == 1

    qtbot.waitUntil(found, timeout=5_000)
    return ids[0]


def test_a_reply_in_chunks_is_put_back_together(window, server, qtbot):
    # Chromium's embedder splits a message only above 32 MB (DevToolsUIBindings' kMaxMessageChunkSize, IPC's
    # limit / 4; the 3 MB above came whole): the chunks are handed to the tap as the embedder would.
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    window.run(session.attach())
    hanging = asyncio.ensure_future(session.send("Runtime.evaluate", {
        "expression": "new Promise(() => {})", "awaitPromise": True}))
    command_id = _hanging_id(session, qtbot)
    whole = json.dumps({"id": command_id, "result": {"result": {"type": "string", "value": "é" * 10 + "z" * 50}}},
                       ensure_ascii=True, separators=(",", ":"))  # as CDP writes it
    parts = [whole[:20], whole[20:77], whole[77:]]
    # The total size comes with the first chunk only (DevToolsUIBindings::DispatchProtocolMessage).
    calls = ";".join(f"DevToolsAPI.dispatchMessageChunk({json.dumps(part)}{f', {len(whole)}' if i == 0 else ''})"
                     for i, part in enumerate(parts))
    session.front.runJavaScript(calls, 0)
    qtbot.waitUntil(hanging.done, timeout=5_000)
    assert hanging.result()["result"]["value"] == "é" * 10 + "z" * 50


def _ticks(window, qtbot) -> int:
    return run_js(qtbot, window.page, "window.ticks")


def _runs_through_debugger_statements(window, qtbot, more: int = 20) -> None:
    """The timer keeps ticking and no tick is held at its ``debugger;`` statement."""
    start = _ticks(window, qtbot)
    qtbot.waitUntil(lambda: _ticks(window, qtbot) >= start + more, timeout=10_000)
    assert run_js(qtbot, window.page, "window.inside") == 0, window.tab.cdp.pauses_skipped


#: The full frontend enables its Debugger once its UI has loaded (~1,000 modules, after the tap is up): bounded
#: like the attach itself (a busy machine took over 10 s).
UI_LOAD_MS = ATTACH_TIMEOUT_MS


def _attach_full(window) -> None:
    """Attach through the full frontend (the DevTools UI, whose Debugger pauses at ``debugger;``) with no F12
    window showing: what a session holds after the user closed F12 while a feature used it."""
    window.tab.cdp.open_frontend()
    window.run(window.tab.cdp.attach())
    assert not window.tab.cdp.front.light


def test_a_debugger_statement_running_before_the_attach_does_not_pause_the_page(window, server, qtbot):
    window.load_page(server.url("cdp_debugger.html"))
    _runs_through_debugger_statements(window, qtbot)
    window.run(window.tab.cdp.attach())  # the light frontend: no Debugger at all
    assert window.tab.cdp.front.light
    _runs_through_debugger_statements(window, qtbot)
    seen_enable = []
    window.tab.cdp.subscribe("Debugger.scriptParsed", seen_enable.append)
    _attach_full(window)
    qtbot.waitUntil(lambda: bool(seen_enable), timeout=UI_LOAD_MS)  # the frontend's Debugger is on
    _runs_through_debugger_statements(window, qtbot)
    # And the session still answers from inside the page.
    assert _evaluate(window, "new Promise(r => { const s = ticks; const f = () => ticks >= s + 10 ? r(inside) "
                             ": setTimeout(f, 5); f(); })") == 0


def test_a_debugger_statement_starting_after_the_attach_does_not_pause_the_page(window, server, qtbot):
    window.load_page(server.url("cdp_debugger.html#later"))
    seen_enable = []
    window.tab.cdp.subscribe("Debugger.scriptParsed", seen_enable.append)
    _attach_full(window)
    qtbot.waitUntil(lambda: bool(seen_enable), timeout=UI_LOAD_MS)
    run_js(qtbot, window.page, "start(), 0")
    _runs_through_debugger_statements(window, qtbot)
    # Across a reload too: the frontend enables its Debugger again, the tap skips pauses again.
    seen_enable.clear()
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        window.view.reload()
    qtbot.waitUntil(lambda: bool(seen_enable), timeout=UI_LOAD_MS)
    run_js(qtbot, window.page, "start(), 0")
    _runs_through_debugger_statements(window, qtbot)


def test_a_debugger_statement_in_a_cross_site_frame_does_not_pause_it(window, server, qtbot):
    # On Qt 6.12 offscreen the frame shares the page's renderer and target (its scripts are parsed in the
    # page's Debugger); an out-of-process frame would be a child target, skipped by its sessionId.
    child = server.url("cdp_debugger.html").replace("127.0.0.1", "localhost")  # another site: its own target
    window.load_page(server.url(f"cdp_debugger_parent.html?child={child}"))
    _runs_through_debugger_statements(window, qtbot)
    scripts = []
    window.tab.cdp.subscribe("Debugger.scriptParsed", scripts.append)
    _attach_full(window)
    qtbot.waitUntil(lambda: bool(scripts), timeout=UI_LOAD_MS)  # the frontend's Debugger is on
    _runs_through_debugger_statements(window, qtbot)


def test_a_hostile_page_cannot_reach_or_detect_the_session(window, server, qtbot):
    window.load_page(server.url("cdp_hostile.html"))
    tabs_before = len(window.app.tabs)
    window.run(window.tab.cdp.attach())
    found = run_js(qtbot, window.page, "probe()")
    assert "open:window" not in found and not [f for f in found if f.startswith(("global:", "message:"))]
    assert run_js(qtbot, window.page,
                  "Object.getOwnPropertyNames(window).filter(n => !globalsAtLoad.includes(n))") == []
    assert len(window.app.tabs) == tabs_before  # no devtools:// tab opened


def test_logged_objects_with_trap_getters_read_the_same_with_the_session_attached(window, server, qtbot):
    window.load_page(server.url("cdp_hostile.html"))
    without = run_js(qtbot, window.page, "logTraps(), detected")
    logged = []
    window.tab.cdp.subscribe("Runtime.consoleAPICalled", logged.append)
    window.run(window.tab.cdp.send("Runtime.enable"))  # the light frontend: a feature enables Runtime
    qtbot.waitUntil(lambda: len(logged) >= 5, timeout=10_000)  # the five replayed on enable
    assert run_js(qtbot, window.page, "detected") == without
    run_js(qtbot, window.page, "logTraps()")
    qtbot.waitUntil(lambda: len(logged) >= 10, timeout=10_000)
    assert run_js(qtbot, window.page, "detected") == without
    _attach_full(window)  # the DevTools UI enables Runtime itself: all ten replayed to it
    qtbot.waitUntil(lambda: len(logged) >= 20, timeout=10_000)
    assert run_js(qtbot, window.page, "detected") == without


def _listening_inodes() -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A":  # TCP_LISTEN
                inodes.add(fields[9])
    return inodes


def _process_tree_sockets() -> set[str]:
    """Socket inodes held by this process and its descendants (QtWebEngine's helper processes)."""
    pids, frontier = {os.getpid()}, [os.getpid()]
    while frontier:
        pid = frontier.pop()
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            if child not in pids:
                pids.add(child)
                frontier.append(child)
    sockets = set()
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                sockets.add(target[8:-1])
    return sockets


def test_the_app_opens_no_tcp_port(window, server):
    window.load_page(server.url("other.html"))
    before = _listening_inodes() & _process_tree_sockets()
    assert _evaluate(window, "1 + 1") == 2
    after = _listening_inodes() & _process_tree_sockets()
    assert after == before


def test_the_session_detaches_when_the_tab_closes(window, server, qtbot):
    tab = window.app.new_tab()
    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000):
        tab.open(__import__("PySide6.QtCore", fromlist=["QUrl"]).QUrl(server.url("other.html")))
    window.run(tab.cdp.attach())
    session = tab.cdp
    hanging = asyncio.ensure_future(session.send("Runtime.evaluate", {
        "expression": "new Promise(() => {})", "awaitPromise": True}))
    _hanging_id(session, qtbot)
    with qtbot.waitSignal(session.detached, timeout=5_000) as detached:
        window.app.close_tab(tab.id)
    assert detached.args == ["closed"]
    qtbot.waitUntil(hanging.done, timeout=5_000)
    assert isinstance(hanging.exception(), PagenoteError) and hanging.exception().name == "CDP_DETACHED"
    assert session.front is None
    with pytest.raises(PagenoteError) as closed:
        window.run(session.send("Runtime.evaluate", {"expression": "1"}))
    assert closed.value.name == "CDP_DETACHED"


def test_the_session_works_again_after_a_renderer_crash(window, server, qtbot):
    window.load_page(server.url("other.html"))
    assert _evaluate(window, "1 + 1") == 2
    session = window.tab.cdp
    hanging = asyncio.ensure_future(session.send("Runtime.evaluate", {
        "expression": "new Promise(() => {})", "awaitPromise": True}))
    _hanging_id(session, qtbot)
    pid = window.page.renderProcessPid()
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(pid, signal.SIGKILL)
    qtbot.waitUntil(hanging.done, timeout=5_000)
    assert hanging.exception().name == "CDP_DETACHED"
    # Until a new renderer runs, a command fails at once: it would never be answered (not a CDP_TIMEOUT).
    with pytest.raises(PagenoteError) as dead:
        window.run(session.send("Runtime.evaluate", {"expression": "1"}, 60_000), timeout=90_000)
    assert dead.value.name == "CDP_DETACHED"
    # The new renderer lost the renderer-side state: `attached` fires again so features re-apply it.
    with qtbot.waitSignals([window.view.loadFinished, session.attached], timeout=15_000):
        window.tab.reload_after_crash()
    assert _evaluate(window, "location.pathname") == "/other.html"


def test_the_session_follows_a_cross_process_navigation(window, server, qtbot):
    window.load_page(server.url("other.html"))
    assert _evaluate(window, "location.hostname") == "127.0.0.1"
    pid = window.page.renderProcessPid()
    other_site = server.url("other.html").replace("127.0.0.1", "localhost")
    window.load_page(other_site)
    assert window.page.renderProcessPid() != pid  # another site: another renderer
    assert _evaluate(window, "location.hostname") == "localhost"


def test_a_crashed_frontend_is_dropped_and_the_next_command_attaches_again(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    assert _evaluate(window, "1 + 1") == 2
    first = session.front
    with qtbot.waitSignal(session.detached, timeout=10_000) as detached:
        os.kill(first.renderProcessPid(), signal.SIGKILL)
    assert detached.args == ["frontend crashed"] and session.front is None
    assert window.page.devToolsPage() is None
    assert _evaluate(window, "2 + 2") == 4
    assert session.front is not None and session.front is not first


def test_f12_shows_the_sessions_frontend_and_closing_it_keeps_a_session_features_use(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    assert _evaluate(window, "1 + 1") == 2
    light = session.front
    assert light.light
    with qtbot.waitSignal(session.attached, timeout=20_000):  # the full frontend replaces the light one
        window.act_devtools.trigger()
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    assert window.devtools.view.page() is session.front is window.page.devToolsPage()  # one frontend
    assert session.user_view and session.front is not light and not session.front.light
    full = session.front
    window.act_devtools.trigger()  # a feature used it: the frontend stays (the idle rule applies)
    assert not window.devtools.isVisible() and not session.user_view
    assert session.is_attached and session.front is full and window.page.devToolsPage() is full
    assert _evaluate(window, "3 + 3") == 6


def test_a_page_paused_in_f12_runs_again_when_f12_closes(window, server, qtbot):
    window.load_page(server.url("cdp_debugger.html#later"))
    session = window.tab.cdp
    assert _evaluate(window, "1") == 1  # a feature uses the session: closing F12 keeps it attached
    paused = []
    session.subscribe("Debugger.paused", paused.append)
    scripts = []
    session.subscribe("Debugger.scriptParsed", scripts.append)
    window.act_devtools.trigger()
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: bool(scripts), timeout=UI_LOAD_MS)  # the frontend's Debugger is on
    run_js(qtbot, window.page, "start(), 0")
    qtbot.waitUntil(lambda: bool(paused), timeout=10_000)  # the user debugs: the statement pauses
    window.act_devtools.trigger()
    assert not window.devtools.isVisible() and session.is_attached
    _runs_through_debugger_statements(window, qtbot)


def test_closing_the_tab_f12_shows_closes_f12(window, server, qtbot):
    from PySide6.QtCore import QUrl

    window.load_page(server.url("other.html"))
    tab = window.app.new_tab()
    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000):
        tab.open(QUrl(server.url("other.html")))
    qtbot.waitUntil(lambda: window.tab is tab, timeout=5_000)
    window.act_devtools.trigger()
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    assert window.devtools.view.page() is tab.cdp.front
    with qtbot.waitSignal(tab.cdp.detached, timeout=5_000):
        window.app.close_tab(tab.id)
    qtbot.waitUntil(lambda: not window.devtools.isVisible(), timeout=5_000)
    assert window.devtools.view.page() is not None and window.devtools.view.page().url().isEmpty()
    window.act_devtools.trigger()  # F12 again: DevTools for the tab shown now
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    assert window.devtools.view.page() is window.tab.cdp.front is window.page.devToolsPage()


# -- holding the session, and the idle detach (issue 26, requirement 6: "an idle session detaches") -----------

IDLE_S = 0.2  # a small idle time for these tests (cdp.IDLE_DETACH_S is a minute)


def _outlast_idle(qtbot, session) -> None:
    """Let the session's idle time pass: a timer of twice that interval, started now, fires after any idle
    countdown the session started before it (Qt fires timers in deadline order), so no guess of speed."""
    from PySide6.QtCore import QTimer
    timer = QTimer()
    timer.setSingleShot(True)
    with qtbot.waitSignal(timer.timeout, timeout=10_000):
        timer.start(int(session.idle_detach_s * 2000))


def test_a_held_session_stays_attached_past_the_idle_time_and_detaches_once_released(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    session.idle_detach_s = IDLE_S
    with qtbot.waitSignal(session.attached, timeout=20_000):
        release = session.hold("test")  # sync: starts the attach
    assert session.holders == ("test",) and session.is_attached
    assert _evaluate(window, "1 + 1") == 2
    _outlast_idle(qtbot, session)
    assert session.is_attached  # held: the idle time does not apply
    other = session.hold("other")
    release()
    release()  # idempotent
    assert session.holders == ("other",)
    _outlast_idle(qtbot, session)
    assert session.is_attached  # still one holder
    with qtbot.waitSignal(session.detached, timeout=10_000) as detached:
        other()
    assert detached.args == ["idle"] and session.front is None and session.holders == ()
    assert window.page.devToolsPage() is None


def test_a_session_only_sent_to_detaches_when_idle_and_f12_keeps_it(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    session.idle_detach_s = IDLE_S
    with qtbot.waitSignal(session.detached, timeout=20_000) as detached:
        assert _evaluate(window, "1 + 1") == 2
    assert detached.args == ["idle"] and session.front is None
    window.act_devtools.trigger()  # the user's F12 window: attached while it shows
    qtbot.waitUntil(window.devtools.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: session.is_attached, timeout=20_000)
    assert _evaluate(window, "2 + 2") == 4
    _outlast_idle(qtbot, session)
    assert session.is_attached and window.devtools.view.page() is session.front
    with qtbot.waitSignal(session.detached, timeout=20_000) as detached:
        window.act_devtools.trigger()  # closed after a send: the idle rule detaches it
    assert detached.args == ["idle"]


def test_a_hold_survives_a_crashed_frontend_with_its_subscriptions(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    session.idle_detach_s = IDLE_S
    logged = []
    session.subscribe("Runtime.consoleAPICalled", lambda p: logged.append(p["args"][0].get("value")))
    with qtbot.waitSignal(session.attached, timeout=20_000):
        release = session.hold("test")
    enables = []
    session.attached.connect(lambda: enables.append(asyncio.ensure_future(session.send("Runtime.enable"))))
    first = session.front
    with qtbot.waitSignal(session.attached, timeout=20_000):  # re-attached at once: features re-apply state
        os.kill(first.renderProcessPid(), signal.SIGKILL)
    assert session.front is not first and session.is_attached and session.holders == ("test",)
    qtbot.waitUntil(lambda: enables and enables[0].done(), timeout=10_000)
    _evaluate(window, "console.log('after'), 1")
    qtbot.waitUntil(lambda: "after" in logged, timeout=10_000)
    release()


def test_f12_opened_during_a_features_attach_carries_it_over(window, server, qtbot):
    window.load_page(server.url("other.html"))
    session = window.tab.cdp
    release = session.hold("test")  # a light attach starts …
    light = session.front
    attaching = asyncio.ensure_future(session.attach())
    window.run(asyncio.sleep(0))  # the feature's attach awaits the light frontend now
    window.act_devtools.trigger()  # … and F12 replaces it (before it is up: a renderer takes longer to start)
    qtbot.waitUntil(attaching.done, timeout=20_000)
    assert attaching.exception() is None and session.front is not light and not session.front.light
    assert session.holders == ("test",) and window.devtools.view.page() is session.front
    assert _evaluate(window, "5 + 5") == 10
    window.act_devtools.trigger()
    assert session.is_attached and not session.front.light  # held: the UI stays, its session's state with it
    release()
