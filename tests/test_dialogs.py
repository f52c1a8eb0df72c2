"""JavaScript dialogs never hang anything (issue 9 §1): alert/confirm/prompt/beforeunload are answered at once
per the policy, reported (capped, redacted), a dialog loop is cut off and reported once — in ``pagenote
capture`` (subprocess), in the window (a non-modal bar) and for agents (``page.state``)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from conftest import pin_at
from test_agent_socket import RawClient
from test_cli import capture

from app.core.errors import REGISTRY
from app.core.policy import DIALOG_LOOP_LIMIT, DIALOG_TEXT_CAP, LINE_MARK
from app.webview.dialogs import DialogPolicy, DialogSeen, page_text

ALERT_TEXT = "Hello from https://example.test/cb?token=REDACTED"


# -- the policy (no Qt) ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "kind", "expected"), [
    ("dismiss", "alert", ("dismissed", None)), ("dismiss", "confirm", ("dismissed", False)),
    ("dismiss", "prompt", ("dismissed", None)), ("dismiss", "beforeunload", ("left", True)),
    ("accept", "alert", ("accepted", None)), ("accept", "confirm", ("accepted", True)),
    ("accept", "prompt", ("accepted", "Ada")), ("accept", "beforeunload", ("left", True)),
])
def test_the_policy_answers_every_kind(mode, kind, expected):
    assert DialogPolicy(mode).answer(kind, "Ada") == expected


def test_the_policy_refuses_unknown_modes_and_kinds():
    with pytest.raises(ValueError):
        DialogPolicy("ignore")
    with pytest.raises(ValueError):
        DialogPolicy().answer("print")


def test_dialog_text_is_capped_and_redacted_and_a_loop_is_marked():
    long = page_text("x" * 10_000)
    assert len(long) == DIALOG_TEXT_CAP and long.endswith(LINE_MARK)
    seen, raw = DialogSeen.make("prompt", "go to https://u:pw@h.test/?api_key=K1", "s?session=K2",
                                "https://h.test/?token=K3", DialogPolicy("accept"), DIALOG_LOOP_LIMIT + 1)
    assert raw == "s?session=K2"  # the page gets its own default back …
    assert "K1" not in json.dumps(seen.to_json()) and "K2" not in seen.line() and "K3" not in seen.url  # … reports never
    assert seen.message == "go to https://h.test/?api_key=REDACTED" and seen.value == "s?session=REDACTED"
    assert seen.suppressed and not DialogSeen.make("alert", "", None, "", DialogPolicy(), DIALOG_LOOP_LIMIT)[0].suppressed
    assert str(DIALOG_LOOP_LIMIT) in REGISTRY["DIALOG_LOOP"].meaning and REGISTRY["DIALOG_LOOP"].exit_code == 0


def test_capture_and_serve_take_dialogs_and_timeout_options():
    from app.cli import build_parser

    args = build_parser(["capture"]).parse_args(["capture", "--timeout", "7", "--dialogs", "accept"])
    assert (args.load_timeout, args.dialogs) == (7.0, "accept")
    assert build_parser(["capture"]).parse_args(["capture"]).dialogs == "dismiss"
    assert build_parser(["serve"]).parse_args(["serve", "--dialogs", "accept"]).dialogs == "accept"


# -- pagenote capture ---------------------------------------------------------------------------------------


def test_alert_on_load_does_not_hang_capture(server, tmp_path):
    proc = capture(server.url("dialog-alert.html"), "--annotate", "#answer", "--format", "json", "--timeout", "20",
                   "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    # A page held by the alert would have hit the load timeout: exit 3 with PAGE_LOAD_TIMEOUT, not 0.
    assert proc.returncode == 0 and "PAGE_LOAD_TIMEOUT" not in proc.stderr, proc.stderr
    assert f'pagenote: dialog alert "{ALERT_TEXT}" → dismissed\n' in proc.stderr
    data = json.loads(proc.stdout)
    assert data["annotations"][0]["element"]["text"] == "after alert"  # the script went on after the alert
    assert data["dialogs"] == [{"kind": "alert", "message": ALERT_TEXT, "default": None,
                                "url": server.url("dialog-alert.html"), "answered": "dismissed", "value": None}]
    assert data["dialogs_suppressed"] == 0
    assert "SECRET-D" not in proc.stdout + proc.stderr
    assert "DIALOG_LOOP" not in proc.stderr


@pytest.mark.parametrize(("mode", "confirm", "prompt"), [("accept", "confirm:true", "prompt:Ada"),
                                                          ("dismiss", "confirm:false", "prompt:null")])
def test_confirm_and_prompt_get_the_policys_answer(server, tmp_path, mode, confirm, prompt):
    proc = capture(server.url("dialog-answers.html"), "--annotate", "#confirm", "--annotate", "#prompt",
                   "--dialogs", mode, "--format", "json", "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [a["element"]["text"] for a in data["annotations"]] == [confirm, prompt]
    assert [(d["kind"], d["message"], d["default"], d["value"]) for d in data["dialogs"]] == [
        ("confirm", "Delete everything?", None, mode == "accept"),
        ("prompt", "Your name?", "Ada", "Ada" if mode == "accept" else None)]
    answered, yes, given = ("accepted", "true", '"Ada"') if mode == "accept" else ("dismissed", "false", "null")
    assert f'pagenote: dialog confirm "Delete everything?" → {answered} ({yes})\n' in proc.stderr
    assert f'pagenote: dialog prompt "Your name?" → {answered} ({given})\n' in proc.stderr


def test_a_loop_of_50_alerts_finishes_and_is_reported_once_as_cut_off(server, tmp_path):
    proc = capture(server.url("dialog-loop.html"), "--annotate", "#answer", "--format", "json", "--no-screenshot",
                   "--timeout", "20", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr  # a warning: the capture still succeeds
    data = json.loads(proc.stdout)
    assert data["annotations"][0]["element"]["text"] == "done 50"
    assert [d["message"] for d in data["dialogs"]] == [f"alert number {i}" for i in range(1, DIALOG_LOOP_LIMIT + 1)]
    assert data["dialogs_suppressed"] == 50 - DIALOG_LOOP_LIMIT
    assert proc.stderr.count("pagenote: dialog alert") == DIALOG_LOOP_LIMIT
    loop_lines = [line for line in proc.stderr.splitlines() if "DIALOG_LOOP" in line]
    assert len(loop_lines) == 1 and loop_lines[0].startswith("pagenote: DIALOG_LOOP: ")
    assert f"opened {50 - DIALOG_LOOP_LIMIT} more dialog(s)" in loop_lines[0]


# -- the window and agents ------------------------------------------------------------------------------------


def test_a_dialog_shows_the_bar_and_the_window_stays_usable(window, qtbot, server, socket_path):
    window.load_page(server.url("dialog-alert.html"))
    bar = window.dialog_bar
    qtbot.waitUntil(bar.isVisible, timeout=5000)
    assert ALERT_TEXT in bar.label.text() and "SECRET-D" not in bar.label.text()
    assert QApplication.activeModalWidget() is None  # no QMessageBox anywhere
    # The window still works: annotation mode toggles and a pin lands.
    window.act_annotate.trigger()
    assert window.annotate.active and window.act_annotate.isChecked()
    pin_at(window, qtbot, QPoint(30, 20), "still usable")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    assert window.batch().annotations[0].element.text == "after alert"
    window.act_annotate.trigger()
    assert not window.annotate.active
    # Agents see it in page.state.
    client = RawClient(qtbot, socket_path)
    try:
        state = client.call("page.state")["result"]
    finally:
        client.close()
    assert state["dialogs"] == [{"kind": "alert", "message": ALERT_TEXT, "default": None,
                                 "url": server.url("dialog-alert.html"), "answered": "dismissed", "value": None}]
    assert state["dialogs_suppressed"] == 0
    QTest.mouseClick(bar.close_button, Qt.MouseButton.LeftButton)
    assert not bar.isVisible()


def test_a_dialog_loop_in_the_window_is_one_line_on_the_bar(window, qtbot, server):
    window.load_page(server.url("dialog-loop.html"))
    qtbot.waitUntil(lambda: window.tab.dialogs.suppressed == 50 - DIALOG_LOOP_LIMIT, timeout=5000)
    assert "keeps opening dialogs" in window.dialog_bar.label.text()
    assert len(window.tab.dialogs.entries) == DIALOG_LOOP_LIMIT
    assert window.tab.dialogs.loops == [[server.url("dialog-loop.html"), 50 - DIALOG_LOOP_LIMIT]]


def test_beforeunload_does_not_block_a_navigation(window, qtbot, server):
    window.load_page(server.url("dialog-unload.html"))
    # Chromium asks beforeunload only of a page the user interacted with.
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(200, 200))
    window.run(window.tab.bridge.wait_frames(2))
    window.load_page(server.url("record.html"))  # asserts the load finished, ok
    assert window.page.url().toString() == server.url("record.html")
    kinds = [(seen.kind, seen.answered, seen.value) for seen in window.tab.dialogs.entries]
    assert kinds == [("beforeunload", "left", True)]
    assert "left the page" in window.dialog_bar.label.text()


# -- pagenote serve -------------------------------------------------------------------------------------------


def test_serve_answers_a_confirm_after_load_and_agents_keep_working(server, socket_path, tmp_path):
    """``pagenote serve --dialogs accept``: a ``confirm()`` after load is answered at once, listed in
    ``page.state``, and a screenshot still works (before, the default QMessageBox held the page for ever)."""
    import os
    import socket
    import subprocess
    import sys

    from conftest import poll_until

    from app.agent import rpc
    from app.agent.paths import is_live

    env = {**os.environ, "PAGENOTE_SOCKET": str(socket_path), "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", server.url("dialog-late.html"), "--dialogs",
                             "accept", "--out", str(tmp_path)], env=env, cwd=tmp_path, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        poll_until(lambda: is_live(socket_path) or proc.poll() is not None, 30, "the agent socket")
        assert proc.poll() is None
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(20)
            client.connect(str(socket_path))
            reader = client.makefile("rb")
            ids = iter(range(1, 1000))

            def call(method: str, params: dict | None = None) -> dict:
                client.sendall((json.dumps({"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params
                                            or {}, "protocol_version": rpc.PROTOCOL_VERSION}) + "\n").encode())
                return json.loads(reader.readline())

            state = poll_until(lambda: (s := call("page.state")["result"])["title"] == "answered" and s, 20,
                               "the page's confirm")
            assert state["dialogs"] == [{"kind": "confirm", "message": "Still there?", "default": None,
                                         "url": server.url("dialog-late.html"), "answered": "accepted",
                                         "value": True}]
            shot = call("screenshot", {"kind": "viewport"})
            assert "error" not in shot, shot
            assert shot["result"]["width"] == 1280
    finally:
        proc.terminate()
        proc.wait(10)
