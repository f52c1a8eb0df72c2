"""Shared fixtures: offscreen QtWebEngine, fixture HTTP servers on 127.0.0.1, a pagenote window.

The environment is prepared before anything imports Qt widgets (``app.qtenv.prepare``), and
``PySide6.QtWebEngineWidgets`` is imported before pytest-qt creates the ``QApplication``.

For every test (autouse, docs/testing.md): a nested event loop started inside a running asyncio task raises
and fails the test (``_loop_guard.LoopGuard``), and so does a log line saying a task outlived its test
(``_loop_guard.AsyncioLeaks``); ``aio`` and ``window`` cancel and unwind the test's tasks before they go.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from app.qtenv import prepare

_QT_ARGS = prepare(headless=True)

# The window's tabs keep cookies and storage in a persistent lease under $XDG_DATA_HOME/pagenote/profiles
# (app.runtime.profiles): the suite's windows, here and in the `python -m app` processes it starts, use a
# directory of their own, never the user's.
import os as _os  # noqa: E402
import tempfile as _tempfile  # noqa: E402

_os.environ["XDG_DATA_HOME"] = _tempfile.mkdtemp(prefix="pagenote-test-data-")

import PySide6.QtWebEngineWidgets  # noqa: E402,F401  (must precede QApplication)

PAGES = Path(__file__).parent / "pages"


@pytest.fixture(scope="session", autouse=True)
def _loop_guard():
    """For the whole session: the nested-loop calls raise inside a running task (``_loop_guard.FORBIDDEN``),
    and the log lines of leaked tasks are collected. Yields ``(guard, leaks)``."""
    import logging

    from _loop_guard import AsyncioLeaks, LoopGuard

    guard, leaks = LoopGuard(), AsyncioLeaks()
    guard.install()
    logging.getLogger().addHandler(leaks)
    yield guard, leaks
    logging.getLogger().removeHandler(leaks)
    guard.uninstall()


@pytest.fixture(autouse=True)
def _no_nested_loops_or_leaked_tasks(_loop_guard):
    """Fails the test (at its teardown, after ``aio``'s and ``window``'s) that ran a nested event loop inside
    a task — even when the ``NestedLoopError`` was swallowed (a task's failure log, a Qt slot) — or that logged
    a leaked task's line (``_loop_guard.AsyncioLeaks``)."""
    guard, leaks = _loop_guard
    before = [f"(logged before this test started) {line}" for line in leaks.take()]
    guard.take()
    yield
    problems = guard.take() + before + leaks.take()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def qapp_args():
    """pytest-qt: arguments for the QApplication (Chromium flags for offscreen runs)."""
    return ["pagenote-tests", *_QT_ARGS]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


class FixtureServer:
    """A static file server for ``tests/pages`` on 127.0.0.1 with an ephemeral port."""

    def __init__(self) -> None:
        handler = functools.partial(_Quiet, directory=str(PAGES))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def url(self, path: str) -> str:
        return f"{self.origin}/{path.lstrip('/')}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server():
    s = FixtureServer()
    yield s
    s.close()


@pytest.fixture(scope="session")
def lease(qapp):
    from app.webview.lease import Lease

    lease = Lease(qapp)
    yield lease
    import shiboken6

    shiboken6.delete(lease)


@pytest.fixture
def cdp_evaluate(monkeypatch):
    """``Runtime.evaluate`` on the CDP session's allow-list for this test: tests probe the page through the
    session with it; the app never sends it (app/webview/cdp_allow.py keeps it off)."""
    import app.webview.cdp as cdp

    monkeypatch.setattr(cdp, "ALLOWED_METHODS", cdp.ALLOWED_METHODS | {"Runtime.evaluate"})


@pytest.fixture
def socket_path():
    """A short, private Unix socket path (sun_path holds at most 107 bytes, pytest's tmp_path can be longer)."""
    import shutil
    import tempfile

    directory = Path(tempfile.mkdtemp(prefix="pn", dir="/tmp"))
    yield directory / "agent.sock"
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def aio(qapp, qtbot):
    """asyncio on Qt's loop (qasync) for this test: coroutines run while pytest-qt waits. Afterwards every task
    still pending on the loop (``app.core.tasks.spawn``'s, ``settle``'s …) is cancelled and unwound
    (:func:`_loop_guard.unwind_tasks`) — a task left pending would step in a later test with no running loop —
    and the loop is cleared so that tests which call ``anyio.run``/``asyncio.run`` themselves keep working."""
    from _loop_guard import unwind_tasks

    from app.runtime.loop import install, uninstall

    loop = install(qapp)
    yield loop
    try:
        unwind_tasks(qtbot, loop)
    finally:
        uninstall()


def settle(qtbot, awaitable, timeout: int = 30_000):
    """Run ``awaitable`` on the Qt-driven asyncio loop until it finishes (pytest-qt keeps the Qt loop
    running meanwhile) and return its result or raise its exception."""
    import asyncio

    task = asyncio.ensure_future(awaitable)
    qtbot.waitUntil(task.done, timeout=timeout)
    return task.result()


@pytest.fixture
def window(qtbot, aio, lease, tmp_path, socket_path):
    """A shown :class:`MainWindow` (offscreen) over a :class:`PagenoteApp` with ``tmp_path`` as project dir,
    serving the agent socket on ``socket_path``. Helpers: ``window.load_page(url)`` loads a page and waits for
    the page script and its first painted frames; ``window.page_call(method, *args, frame=None)`` awaits a
    page-side call; ``window.run(coroutine)`` awaits any coroutine."""
    from app.runtime.app import PagenoteApp
    from app.ui.main_window import MainWindow

    app = PagenoteApp(lease, tmp_path)
    assert app.start_agent(socket_path) == ""
    w = MainWindow(app)
    w.resize(1200, 800)
    w.show()
    w.run = lambda awaitable, timeout=30_000: settle(qtbot, awaitable, timeout)
    w.page_call = lambda method, *args, frame=None: settle(qtbot, w.tab.bridge.call(method, *args, frame=frame))

    def load_page(url: str) -> None:
        from PySide6.QtCore import QUrl

        with qtbot.waitSignal(w.view.loadFinished, timeout=15_000) as blocker:
            w.view.load(QUrl(url))
        assert blocker.args == [True], f"{url} failed to load"
        w.run(w.tab.bridge.wait_ready())
        # Chromium ignores input until the page's first frame is painted: let two animation frames pass, so
        # a test's first click cannot be dropped on a busy machine. The first frames are part of the load (a
        # cross-origin frame's renderer process may still be starting), so they get the load's bound.
        w.run(w.tab.bridge.wait_frames(2, timeout_ms=15_000))

    w.load_page = load_page
    yield w
    w.close()
    import shiboken6
    from _loop_guard import unwind_tasks
    from PySide6.QtCore import QCoreApplication, QEvent

    # As the process's own teardown does (app.runtime.run.open_app): no new agent requests, then the tasks
    # unwind while the tabs they use still exist.
    if app.agent is not None:
        app.agent.close()
    try:
        unwind_tasks(qtbot, aio)
    finally:
        shiboken6.delete(w)
        app.close()
        shiboken6.delete(app)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def run_js(qtbot, page, source: str, world: int = 0, timeout: int = 5_000):
    """Run ``source`` in ``world`` of ``page`` (0 = the page's own MainWorld) and return its result.

    The value travels as JSON: PySide6 6.12's runJavaScript hands objects and arrays to Python as ``''``.
    """
    import json

    wrapped = f"JSON.stringify((0, eval)({json.dumps(source)}) ?? null)"
    with qtbot.waitCallback(timeout=timeout) as callback:
        page.runJavaScript(wrapped, world, callback)
    return json.loads(callback.args[0])


@pytest.fixture
def js(qtbot, window):
    """``js(source)`` runs JavaScript in the window page's MainWorld and returns the result."""
    return lambda source, world=0: run_js(qtbot, window.page, source, world)


@pytest.fixture(scope="session")
def server2():
    """A second fixture server: another origin (other port) for cross-origin frames."""
    s = FixtureServer()
    yield s
    s.close()


def pin_at(window, qtbot, point, note: str = "") -> None:
    """In annotation mode: click ``point`` (view px) on the page, type ``note`` in the note box, press Enter."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    if note:
        QTest.keyClicks(window.annotate.note_box.editor, note)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)


def poll_until(condition, timeout: float, what: str, interval: float = 0.05):
    """Call ``condition()`` every ``interval`` s until it returns something truthy (returned), for waits on
    other processes (no Qt loop to wait on); ``AssertionError`` naming ``what`` after ``timeout`` s."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


@pytest.fixture
def stalling_server():
    """A server on 127.0.0.1 that accepts requests and never answers them (until the test ends): a page that
    never finishes loading. Yields its origin, ``http://127.0.0.1:PORT``."""
    import http.server

    release = threading.Event()

    class Stall(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            release.wait(30)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stall)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    release.set()
    httpd.shutdown()
    httpd.server_close()


def run_capture(*args: str, cwd: Path):
    """``python -m app capture ARGS`` as a subprocess with no display (the headless path), 120 s at most."""
    import os
    import subprocess
    import sys

    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "app", "capture", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)
