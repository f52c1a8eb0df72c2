"""Process entry points for the long-running modes: the Qt application, the asyncio loop on it, the lease
and the application object, set up and torn down in the order QtWebEngine requires; SIGINT and SIGTERM stop
them through that same teardown."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("pagenote.runtime")

#: How long the teardown lets cancelled background tasks unwind (ms) before it deletes the tabs anyway.
UNWIND_TIMEOUT_MS = 3_000


def stop_signals() -> list[signal.Signals]:
    """The signals that stop a long-running mode cleanly: SIGINT (Ctrl-C) everywhere, SIGTERM except on
    Windows, which has no SIGTERM to catch (a process is ended with ``TerminateProcess``; Python docs,
    ``os.kill`` on Windows)."""
    return [signal.SIGINT] if os.name == "nt" else [signal.SIGINT, signal.SIGTERM]


@contextmanager
def quit_on_signals(qt_app) -> Iterator[None]:
    """While inside, :func:`stop_signals` make ``qt_app`` (a ``QCoreApplication``) leave its event loop with
    exit code ``128 + signum`` (130 for SIGINT, 143 for SIGTERM: the shell's code for "stopped by that
    signal", so ``pagenote serve && next`` does not go on after a Ctrl-C); the previous handlers and wakeup fd
    are restored on the way out.

    Python runs a signal handler only between bytecodes of the main thread, and Qt's event loop runs C++ for
    as long as nothing happens: so the C-level handler's wakeup byte (``signal.set_wakeup_fd``) goes to a
    socket pair whose reading end a ``QSocketNotifier`` watches — the loop wakes, runs a Python slot, and the
    handler runs. No polling. A signal that comes before the event loop runs is acted on once it does. Outside
    the main thread (where handlers cannot be set) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    import shiboken6
    from PySide6.QtCore import QSocketNotifier, QThread, QTimer

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read)

    def drain() -> None:  # Python code running here is what lets the handler run
        try:
            while reader.recv(64):
                pass
        except OSError:  # nothing left (BlockingIOError)
            pass

    def stop(signum: int, _frame) -> None:
        code = 128 + signum
        log.info("%s: stopping", signal.Signals(signum).name)
        if QThread.currentThread().loopLevel() > 0:
            qt_app.exit(code)  # the running loop(s): exec() returns code
        else:
            QTimer.singleShot(0, lambda: qt_app.exit(code))  # the loop has not started yet

    notifier.activated.connect(drain)
    previous = {sig: signal.signal(sig, stop) for sig in stop_signals()}
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous_fd)
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        notifier.setEnabled(False)
        shiboken6.delete(notifier)
        reader.close()
        writer.close()


def _unwind_background_tasks(app) -> None:
    """Stop the agent socket (no new requests), cancel every background task (agent requests, a capture job)
    and let the loop run until they have unwound — at most :data:`UNWIND_TIMEOUT_MS` — while the tabs they
    use still exist. A local ``QEventLoop`` runs them: ``exec()`` has already returned, so it is the only loop.

    That loop is only allowed outside every asyncio task (a task's step must not run a loop that steps other
    tasks, :mod:`app.runtime.loop`): ``RuntimeError`` naming the task when a task's step calls this."""
    from PySide6.QtCore import QEventLoop, QTimer

    from app.core.tasks import cancel_all
    from app.runtime.loop import running_task

    task = running_task()
    if task is not None:
        raise RuntimeError("the teardown's local event loop runs outside any asyncio task, not inside "
                           f"{task.get_name()!r}")

    if app.agent is not None:
        app.agent.close()
    pending = {t for t in cancel_all() if not t.done()}
    if not pending:
        return
    loop = QEventLoop()

    def finished(task) -> None:
        pending.discard(task)
        if not pending:
            loop.quit()

    for task in list(pending):
        task.add_done_callback(finished)
    QTimer.singleShot(UNWIND_TIMEOUT_MS, loop.quit)
    loop.exec()
    if pending:
        log.warning("%d background task(s) still running after %d ms; closing anyway", len(pending),
                    UNWIND_TIMEOUT_MS)


@contextmanager
def open_app(project_dir: Path, *, headless: bool, profile: str | None = None) -> Iterator[tuple[object, object]]:
    """Yield ``(qt_app, app)``: the ``QApplication`` (offscreen when ``headless`` or without a display) with
    the asyncio loop installed on it (:func:`app.runtime.loop.install`), and a
    :class:`~app.runtime.app.PagenoteApp` for ``project_dir`` over the session's lease: the persistent profile
    ``profile`` (``--profile NAME``: logins kept under the user data dir, :func:`app.runtime.profiles.profile_dir`,
    whose ``BAD_PROFILE_NAME`` it raises before any Qt object exists), else for the window (not ``headless``)
    the persistent ``default`` profile, else (``serve``, ``capture``) off the record.
    The user's settings (:mod:`app.runtime.settings`) set the browser policy.

    SIGINT and SIGTERM (SIGINT only on Windows) end ``qt_app.exec()`` with ``128 + signum`` — 130 and 143 —
    for every mode that runs in here (window, serve, capture; :func:`quit_on_signals`), and then the normal
    teardown runs: the agent socket stops (its socket file is removed), background tasks are cancelled and
    unwind while the tabs still exist, the tabs' pages are deleted before the lease's profile (QtWebEngine
    aborts otherwise: "Release of profile requested but WebEnginePage still not deleted")."""
    from app.qtenv import make_application
    from app.runtime.profiles import profile_dir

    if profile:
        profile_dir(profile)  # a bad name fails here, before Qt starts
    qt_app = make_application(headless=headless)
    import shiboken6
    from PySide6.QtCore import QCoreApplication

    from app.runtime.app import PagenoteApp
    from app.runtime.leases import open_persistent
    from app.runtime.loop import install
    from app.runtime.profiles import DEFAULT_PROFILE
    from app.webview.lease import Lease

    install(qt_app)
    with quit_on_signals(qt_app):
        if profile is None and not headless:  # the window's tabs keep their logins (issue 30, requirement 2)
            profile = DEFAULT_PROFILE
        lease = open_persistent(qt_app, profile) if profile else Lease(qt_app, name="session")
        app = PagenoteApp(lease, project_dir.resolve())
        try:
            from app.runtime.i18n import settings

            app.apply_settings(settings().settings)  # popups, downloads, permissions, allow-lists
            yield qt_app, app
        finally:
            _unwind_background_tasks(app)
            app.close()
            shiboken6.delete(app)
            QCoreApplication.processEvents()
            shiboken6.delete(lease)
            QCoreApplication.processEvents()


#: The user setting that lets agents run JavaScript in the page (``evaluate``); absent means allowed.
EVALUATE_SETTING = "agent/evaluate"


def evaluate_setting() -> bool:
    """Whether the user's settings (:func:`app.runtime.i18n.settings`) let agents run ``evaluate`` (default
    true; the window's Agent menu changes it, ``pagenote serve --no-evaluate`` overrides it for one run)."""
    from app.runtime.i18n import settings

    return str(settings().value(EVALUATE_SETTING, "true")).lower() not in ("false", "0", "no", "off")


def _serve_dialogs(tab, mode: str) -> None:
    """``tab`` answers JavaScript dialogs per ``mode``; a dialog loop in it is reported once on stderr."""
    from app.core.errors import PagenoteError
    from app.webview.dialogs import DialogPolicy

    tab.dialogs.policy = DialogPolicy(mode)
    tab.dialogs.loop_cut.connect(lambda seen: print(
        f"pagenote serve: {PagenoteError('DIALOG_LOOP', f'{seen.url} keeps opening dialogs').text()}",
        file=sys.stderr))


def run_serve(url: str | None, project_dir: Path, socket_path: Path | None,
              viewport: tuple[int, int] = (1280, 800), dialogs: str = "dismiss", evaluate: bool = True,
              profile: str | None = None) -> int:
    """``pagenote serve``: one tab on ``url`` (the demo page when ``None``) rendered offscreen at
    ``viewport`` CSS px, and the agent socket — no window. Returns the event loop's exit code (130/143 after
    SIGINT/SIGTERM, see :func:`open_app`), or ``SOCKET_UNAVAILABLE``'s (5) when the socket cannot be
    served. Every tab answers JavaScript dialogs at once per ``dialogs`` (``dismiss``/``accept``,
    :class:`~app.webview.dialogs.DialogPolicy`); a dialog loop is one ``DIALOG_LOOP`` line on stderr. With
    ``evaluate`` false, or the user's setting off (:func:`evaluate_setting`), agents' ``evaluate`` is refused
    (``EVALUATE_DISABLED``). ``profile``: ``--profile NAME`` (:func:`open_app`)."""
    from app.webview.urls import demo_url, url_from_user_input

    from app.core.errors import PagenoteError
    from app.headless import show_offscreen

    if socket_path is None:
        error = PagenoteError("SOCKET_UNAVAILABLE", "the agent socket's directory is not private (see above)")
        print(f"pagenote serve: {error}", file=sys.stderr)
        return error.exit_code
    with open_app(project_dir, headless=True, profile=profile) as (qt_app, app):
        app.mode = "serve"  # hands the socket over to a window that starts (app.runtime.single)
        app.tab_added.connect(lambda added: _serve_dialogs(added, dialogs))
        # Every tab gets the first tab's viewport: an agent's tabs.new, a page's popup (a view never shown is
        # 0x0 and hidden, and its page is throttled as a background tab's).
        app.tab_added.connect(lambda added: show_offscreen(added, viewport))
        app.allow_evaluate = evaluate and evaluate_setting()
        tab = app.new_tab()
        problem = app.start_agent(socket_path)
        if problem:
            error = PagenoteError("SOCKET_UNAVAILABLE", problem)
            print(f"pagenote serve: {error}", file=sys.stderr)
            return error.exit_code
        print(f"pagenote: agent socket {socket_path}", file=sys.stderr)
        tab.open(url_from_user_input(url) if url else demo_url())
        return qt_app.exec()
