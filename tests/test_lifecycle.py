"""Shutting pagenote down while it works: closing the app during an agent request (the request is cancelled,
nothing is logged as a failure, a page call on a deleted page is ``FRAME_GONE``), and ``pagenote serve``
stopping cleanly on SIGINT and SIGTERM (socket file removed, documented exit code)."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import poll_until as _poll
from conftest import run_js, settle
from test_agent_socket import RawClient

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def served(qtbot, aio, lease, tmp_path, socket_path):
    """A :class:`PagenoteApp` like ``pagenote serve``'s (one shown tab, the agent socket, no window); the test
    closes it itself (``served.close()``), the fixture only if the test did not."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.runtime.app import PagenoteApp

    app = PagenoteApp(lease, tmp_path)
    tab = app.new_tab()
    assert app.start_agent(socket_path) == ""
    tab.view.resize(1000, 700)
    tab.view.show()
    closed = []

    def close() -> None:
        if not closed:
            closed.append(True)
            app.close()
            shiboken6.delete(app)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    app.test_close = close
    yield app
    close()


def _load(qtbot, tab, url: str) -> None:
    from PySide6.QtCore import QUrl

    with qtbot.waitSignal(tab.view.loadFinished, timeout=15_000) as blocker:
        tab.view.load(QUrl(url))
    assert blocker.args == [True], f"{url} failed to load"
    settle(qtbot, tab.bridge.wait_ready())


def test_closing_the_app_during_a_full_page_screenshot_cancels_it_quietly(served, qtbot, server, socket_path,
                                                                          caplog, aio):
    caplog.set_level(logging.DEBUG)
    tab = served.active_tab
    _load(qtbot, tab, server.url("tall.html?h=20000"))
    client = RawClient(qtbot, socket_path)
    try:
        client.request("screenshot", {"kind": "full"})
        # The full page capture is in its scroll-and-grab loop (page calls and grabs in flight) once the page
        # has scrolled; pull the app out from under it then.
        qtbot.waitUntil(lambda: run_js(qtbot, tab.page, "window.scrollY") > 0, timeout=15_000)
        tasks = set(served.agent.requests)
        assert len(tasks) == 1 and not any(t.done() for t in tasks), "the capture ended before the close"
        served.test_close()
        # The cancelled request unwinds on the next turns of the loop (its finally blocks run against deleted
        # views: page calls must end as FRAME_GONE, never as a RuntimeError from shiboken).
        qtbot.waitUntil(lambda: all(t.done() for t in tasks), timeout=5_000)
        assert all(t.cancelled() for t in tasks)
        # Nothing the request started is left running on the loop (a call it raced, a grab): every task done.
        qtbot.waitUntil(lambda: not asyncio.all_tasks(aio), timeout=10_000)
        client.wait_closed()
    finally:
        client.close()
    gc.collect()  # a task destroyed while pending would be reported here (synchronously, by asyncio)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)
    assert not [r for r in caplog.records if "already deleted" in r.getMessage() or
                (r.exc_info and "already deleted" in str(r.exc_info[1]))]


def test_a_page_call_on_a_deleted_page_is_frame_gone_and_a_post_does_nothing(qtbot, aio, lease):
    import shiboken6
    from PySide6.QtWebEngineCore import QWebEnginePage

    from app.webview.bridge import FrameGone, PageBridge

    page = QWebEnginePage(lease.profile)
    bridge = PageBridge(page)
    shiboken6.delete(page)
    with pytest.raises(FrameGone) as caught:
        settle(qtbot, bridge.call("frame"))
    assert caught.value.name == "FRAME_GONE"
    bridge.post("frame")  # no RuntimeError
    with pytest.raises(FrameGone):
        settle(qtbot, bridge.run("1", what="script"))


# -- pagenote serve and signals (a real subprocess) ------------------------------------------------------------


def _rpc(sock: socket.socket, request_id: int, method: str, params: dict | None = None) -> None:
    from app.agent import rpc

    message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {},
               "protocol_version": rpc.PROTOCOL_VERSION}
    sock.sendall((json.dumps(message) + "\n").encode())


def _answer(sock: socket.socket) -> dict:
    data = b""
    while b"\n" not in data:
        chunk = sock.recv(1 << 16)
        assert chunk, "connection closed without an answer"
        data += chunk
    return json.loads(data.partition(b"\n")[0])


@pytest.fixture
def serve(server):
    """``serve(path)`` starts ``pagenote serve <fixture page>`` with its socket in a short private temp dir and
    returns ``(proc, socket path, log path)`` once the socket answers; stopped and removed after the test."""
    from app.agent.paths import is_live

    tmp = Path(tempfile.mkdtemp(prefix="pn", dir="/tmp"))
    procs = []

    def start(path: str):
        sock = tmp / "a.sock"
        env = {**os.environ, "PAGENOTE_SOCKET": str(sock), "QT_QPA_PLATFORM": "offscreen"}
        log_path = tmp / "serve.log"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen([sys.executable, "-m", "app", "serve", server.url(path), "--out",
                                     str(tmp / "project")], env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=log)
        procs.append(proc)
        _poll(lambda: is_live(sock) or proc.poll() is not None, 30, "the agent socket")
        assert proc.poll() is None, log_path.read_text()
        return proc, sock, log_path

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    shutil.rmtree(tmp, ignore_errors=True)


def _stops_cleanly(proc, sock: Path, log_path: Path, signum: int) -> None:
    proc.send_signal(signum)
    try:
        code = proc.wait(10)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running 10 s after {signal.Signals(signum).name}") from None
    output = log_path.read_text(errors="replace")
    assert code == 128 + signum, output  # open_app's documented exit code after a signal
    assert not sock.exists(), "the socket file was left behind"
    assert "Traceback" not in output and " failed" not in output, output


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_serve_stops_on_a_signal_and_removes_its_socket(serve, signum):
    proc, sock, log_path = serve("colors.html")
    _stops_cleanly(proc, sock, log_path, signum)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_serve_stopped_during_a_full_page_screenshot_cancels_it_quietly(serve, signum):
    proc, sock, log_path = serve("tall.html?h=20000")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(10)
        client.connect(str(sock))
        ids = iter(range(1, 1000))

        def loaded() -> bool:
            _rpc(client, next(ids), "page.state")
            return _answer(client)["result"]["loading"] is False

        _poll(loaded, 20, "the page to load", interval=0.1)
        _rpc(client, next(ids), "screenshot", {"kind": "full"})
        # Into the scroll-and-grab loop (a 20 000 px page takes seconds): another connection sees the page
        # scrolled by the capture.
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(10)
            probe.connect(str(sock))

            def scrolled() -> bool:
                _rpc(probe, next(ids), "page.state")
                return ((_answer(probe)["result"].get("scroll") or {}).get("y") or 0) > 0

            _poll(scrolled, 30, "the full page capture to scroll the page", interval=0.05)
        assert proc.poll() is None
        client.setblocking(False)
        with pytest.raises(BlockingIOError):  # still working on it: no answer yet
            client.recv(1)
        client.setblocking(True)
        _stops_cleanly(proc, sock, log_path, signum)
        # The request was cancelled, not answered: the connection just closes.
        client.settimeout(5)
        rest = b""
        while chunk := client.recv(1 << 16):
            rest += chunk
        assert rest == b"", rest
