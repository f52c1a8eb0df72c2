"""The user stays in charge while an agent acts: Stop or a click into the page makes actions fail with
USER_TOOK_CONTROL until the user hands back; the window shows the agent bar and the agent's click marks;
JavaScript dialogs are held for the agent (dialog.handle) and never hang a tool; annotation mode lets the
agent's input through and makes no annotation of it. Real QtWebEngine, real pages."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from test_actions import Agent
from test_agent_socket import RawClient


@pytest.fixture
def agent(window, qtbot, socket_path, server):
    client = RawClient(qtbot, socket_path)
    window.load_page(server.url("actions.html"))
    yield Agent(client)
    client.close()


def test_stop_then_user_took_control_until_handed_back(agent, window, js):
    ref, sid = agent.ref('button "Go"')
    agent("click", ref=ref, snapshot_id=sid)
    control = window.tab.agent.control
    assert control.state == "acting"
    control.stop()
    code, message = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "USER_TOOK_CONTROL", message
    code, _ = agent.error("navigate", url="about:blank")
    assert code == "USER_TOOK_CONTROL"
    assert agent("snapshot")["snapshot_id"]   # reading stays allowed
    assert len([e for e in js("window.events") if e["what"] == "click"]) == 1
    control.hand_back()
    agent("click", ref=ref, snapshot_id=sid)
    assert len([e for e in js("window.events") if e["what"] == "click"]) == 2


def test_a_user_click_into_the_page_takes_control(agent, window):
    ref, sid = agent.ref('button "Go"')
    agent("click", ref=ref, snapshot_id=sid)
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(400, 300))
    code, _ = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "USER_TOOK_CONTROL"


def run_in_thread(qtbot, socket_path, steps):
    """Run ``steps(call)`` in a client thread with its own blocking socket (``call(method, **params)`` → the
    whole answer) while Qt's loop runs here: a held dialog waits in a local event loop of the page's dialog
    virtual, so a client on this thread could not read its answers until the dialog closed — as a real agent
    is another process, the test's agent is another thread."""
    import json
    import socket
    import threading

    from app.agent import rpc

    out: dict = {}

    def run() -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(socket_path))
        reader = sock.makefile("rb")
        ids = iter(range(1, 1000))

        def call(method, **params):
            message = {"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params,
                       "protocol_version": rpc.PROTOCOL_VERSION}
            sock.sendall((json.dumps(message) + "\n").encode())
            return json.loads(reader.readline())

        try:
            out["result"] = steps(call)
        except BaseException as exc:  # reported on the test's thread
            out["error"] = exc
        finally:
            sock.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=30_000)
    if "error" in out:
        raise out["error"]
    return out["result"]


@pytest.mark.parametrize("button, accept, prompt_text, check, expected", [
    ("Alert", True, None, "window.after", "alert"),
    ("Confirm", True, None, "window.confirmed", True),
    ("Confirm", False, None, "window.confirmed", False),
    ("Prompt", True, "Ada", "window.prompted", "Ada"),
    ("Prompt", False, None, "window.prompted", None),
])
def test_each_dialog_is_held_as_modal_dialog_and_answered_by_dialog_handle(agent, js, qtbot, socket_path, button,
                                                                           accept, prompt_text, check, expected):
    ref, sid = agent.ref(f'button "{button}"')
    kind = button.lower()
    params = {"accept": accept} | ({"prompt_text": prompt_text} if prompt_text else {})

    def steps(call):
        return [call("click", ref=ref, snapshot_id=sid), call("snapshot"), call("dialog.handle", **params),
                call("snapshot"), call("dialog.handle", accept=True)]

    click, read, answered, after, again = run_in_thread(qtbot, socket_path, steps)
    text = {"alert": "Saved!", "confirm": "Delete it?", "prompt": "Your name?"}[kind]
    # the click was delivered and opened the dialog: a result saying so, not an error inviting a retry
    assert click["result"]["action"] == "click" and click["result"]["dialog"]["type"] == kind
    assert click["result"]["dialog"]["message"] == text
    assert read["error"]["data"]["code"] == "MODAL_DIALOG"   # a read while it is open does not hang either
    assert f'{"an" if kind == "alert" else "a"} {kind} dialog: "{text}"' in read["error"]["message"]
    assert answered["result"]["type"] == kind and answered["result"]["message"] == text
    assert after["result"]["snapshot_id"]
    assert again["error"]["data"]["code"] == "NOT_FOUND"
    assert js(f"{check} ?? null") == expected


def test_agent_actions_reach_the_page_in_annotation_mode_and_make_no_annotation(agent, window, js):
    ref, sid = agent.ref('textbox "Name"')
    go, _ = agent.ref('button "Go"')
    window.act_annotate.trigger()
    assert window.annotate.active
    agent("click", ref=go, snapshot_id=sid)
    agent("type", ref=ref, snapshot_id=sid, text="hi")
    assert [e["what"] for e in js("window.events")] == ["click"]
    assert js("window.app.name") == "hi"
    assert window.session.pins == [] and not window.annotate.note_box.isVisible()
    # the user's own clicks are still held back from the page
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(5, 5))
    assert window.annotate.active


def test_the_window_shows_the_agent_bar_and_its_click_marks_and_stop_works(agent, window, js):
    bar = window.agent_bar
    assert bar.isHidden()
    ref, sid = agent.ref('button "Go"')
    agent("click", ref=ref, snapshot_id=sid)
    assert bar.isVisible() and bar.label.text() == "Agent is using this page"
    assert len(bar.pointer.marks) == 1 and bar.pointer.isVisible()
    point, _ = bar.pointer.marks[0]
    rect = js("(() => { const r = document.getElementById('go').getBoundingClientRect();"
              " return [r.left, r.top, r.right, r.bottom]; })()")
    zoom = window.view.zoomFactor()
    assert rect[0] * zoom <= point.x() <= rect[2] * zoom and rect[1] * zoom <= point.y() <= rect[3] * zoom
    bar.stop_button.click()
    assert window.tab.agent.control.state == "stopped"
    assert bar.hand_back_button.isVisible() and not bar.stop_button.isVisible()
    code, _ = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "USER_TOOK_CONTROL"
    bar.hand_back_button.click()
    assert bar.isHidden()
    agent("click", ref=ref, snapshot_id=sid)


def test_stop_while_a_dialog_is_held_lets_the_policy_answer_it(agent, window, js, qtbot, socket_path):
    from PySide6.QtCore import QTimer

    parts = window.tab.agent
    parts.dialogs.opened.connect(lambda _pending: QTimer.singleShot(0, parts.control.stop))
    ref, sid = agent.ref('button "Confirm"')
    def steps(call):
        first = call("click", ref=ref, snapshot_id=sid)
        deadline = time.monotonic() + 10
        while parts.control.state != "stopped" and time.monotonic() < deadline:   # the Stop timer fires
            time.sleep(0.01)
        return first, call("click", ref=ref, snapshot_id=sid)

    click, after = run_in_thread(qtbot, socket_path, steps)
    assert click["result"]["dialog"]["type"] == "confirm"
    assert after["error"]["data"]["code"] == "USER_TOOK_CONTROL"
    assert parts.dialogs.pending is None
    assert js("window.confirmed") is False   # dismissed by the policy, as when no agent acts


@pytest.mark.parametrize("accept", [True, False])
def test_a_beforeunload_dialog_is_held_and_answered_leave_or_stay(window, qtbot, socket_path, server, accept):
    window.load_page(server.url("dialog-unload.html"))
    client = RawClient(qtbot, socket_path)
    para, sid = Agent(client).ref("click me")
    client.close()
    other = server.url("other.html")

    def steps(call):   # the agent's click is the user activation Chromium wants before it asks beforeunload
        return [call("click", ref=para, snapshot_id=sid), call("navigate", url=other, timeout_ms=10_000),
                call("dialog.handle", accept=accept)]

    clicked, navigate, answered = run_in_thread(qtbot, socket_path, steps)
    assert "result" in clicked, clicked
    assert navigate["error"]["data"]["code"] == "MODAL_DIALOG"
    assert "beforeunload dialog" in navigate["error"]["message"]
    assert answered["result"]["type"] == "beforeunload"
    if accept:
        qtbot.waitUntil(lambda: window.page.url().toString() == other, timeout=10_000)
    else:
        seen = window.tab.dialogs.entries[-1]
        assert (seen.kind, seen.answered, seen.value) == ("beforeunload", "dismissed", False)   # Chromium: stay
        window.run(window.tab.bridge.wait_frames(2))
        assert window.page.url().toString().endswith("dialog-unload.html")


@pytest.mark.parametrize("interruptions, expected", [(1, "result"), (2, "BROWSER_PAGE_CHANGING")])
def test_a_read_whose_document_is_replaced_is_retried_once(window, qtbot, socket_path, server, interruptions,
                                                           expected):
    """Each of the first ``interruptions`` extract calls is sent while the page is busy for a moment and a
    cross-site navigation starts (127.0.0.1 ↔ localhost: another renderer), so the document it waits in is
    replaced under it (FRAME_GONE)."""
    from PySide6.QtCore import QUrl

    window.load_page(server.url("snapshot_huge.html?n=60000"))
    tab = window.tab
    real_call = tab.bridge.call
    started = []

    async def call(method, *args, **kwargs):
        if method == "extract" and len(started) < interruptions:
            url = server.url("actions.html")
            url = url.replace("127.0.0.1", "localhost") if "127.0.0.1" in tab.page.url().toString() else url
            started.append(url)
            # the page is busy for a moment, so the call waits in the old document while the new one commits
            tab.page.runJavaScript("{ const end = Date.now() + 1500; while (Date.now() < end); }")
            pending = real_call(method, *args, **kwargs)
            tab.view.load(QUrl(url))
            return await pending
        return await real_call(method, *args, **kwargs)

    tab.bridge.call = call
    client = RawClient(qtbot, socket_path)
    try:
        client.request("extract", {})
        answer = client.answer(timeout=60_000)
    finally:
        client.close()
        del tab.bridge.call
    assert len(started) == interruptions
    if expected == "result":
        assert "result" in answer and answer["result"]["text"].startswith("# Actions"), answer
        assert "localhost" in answer["result"]["url"]
    else:
        assert answer["error"]["data"]["code"] == expected, answer
