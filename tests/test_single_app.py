"""One app per user session: a second `pagenote URL` opens a tab in the running window; a headless serve
hands the socket over to a window; a stale socket left by a killed app is taken over."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_a_second_pagenote_url_opens_a_tab_in_the_running_window(window, server, qtbot, socket_path, tmp_path):
    assert len(window.app.tabs) == 1
    # A desktop session (DISPLAY set; this process never opens one: the running window takes the URL).
    env = {**os.environ, "PAGENOTE_SOCKET": str(socket_path), "QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "-m", "app", server.url("other.html"), "--out", str(tmp_path)],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=30_000)  # the window answers meanwhile
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert "in the running window (tab 2)" in err
    assert [t.id for t in window.app.tabs] == ["1", "2"] and window.app.active_tab.id == "2"
    qtbot.waitUntil(lambda: window.app.tab("2").page.url().toString() == server.url("other.html"), timeout=10_000)


def test_with_no_display_a_second_pagenote_url_captures_instead(window, server, socket_path, tmp_path):
    """Headless, `pagenote URL` is the README's capture (Markdown on stdout), even while a window runs."""
    env = {**os.environ, "PAGENOTE_SOCKET": str(socket_path), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.run([sys.executable, "-m", "app", server.url("other.html"), "--out", str(tmp_path)],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# Web page annotations: 0") and "running 'pagenote capture' instead" in proc.stderr
    assert [t.id for t in window.app.tabs] == ["1"]


def test_a_serve_hands_the_socket_over_to_a_window(server):
    from test_mcp_browser import _serve

    from app.agent.paths import is_live
    from app.runtime.single import hand_over

    gen = _serve(server.url("spa.html"))
    app = next(gen)
    try:
        assert hand_over(app.socket, server.url("other.html")) is None  # start the window yourself
        assert not is_live(app.socket)
        assert app.proc.wait(15) == 0
    finally:
        gen.close()


def test_a_stale_socket_of_a_killed_app_is_taken_over(qapp, lease, tmp_path, socket_path):
    import shiboken6

    from app.agent.paths import is_live
    from app.runtime.app import PagenoteApp

    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(socket_path))  # bound, never listening, then closed: what a SIGKILLed app leaves
    dead.close()
    assert socket_path.exists() and not is_live(socket_path)
    app = PagenoteApp(lease, tmp_path)
    try:
        assert app.start_agent(socket_path) == ""
        assert is_live(socket_path)
    finally:
        app.close()
        shiboken6.delete(app)
