"""A CDP port in the user's environment is not inherited: Qt opens ``QTWEBENGINE_REMOTE_DEBUGGING`` (or a
``--remote-debugging-port`` in ``QTWEBENGINE_CHROMIUM_FLAGS``) process-wide to any origin, so pagenote drops
it before Qt starts and says so on one stderr line (app/qtenv.py). Each case runs in a subprocess that starts
real QtWebEngine, loads a page on 127.0.0.1 and then tries the port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Loads argv[1] in a QWebEngineView; once it has loaded (Chromium's DevTools server, when asked for, is up by
#: then) prints whether argv[2] accepts a TCP connection on 127.0.0.1.
PROBE = r"""
import socket, sys
import app.cli  # noqa: F401  (the entry point's module, as `pagenote` imports it)
from app.qtenv import make_application
qt = make_application(headless=True)
from PySide6.QtCore import QUrl
from PySide6.QtWebEngineWidgets import QWebEngineView

def probe(ok):
    s = socket.socket()
    try:
        s.connect(("127.0.0.1", int(sys.argv[2])))
        print("PORT open")
    except OSError:
        print("PORT closed")
    finally:
        s.close()
    print("LOADED", ok, flush=True)
    qt.quit()

view = QWebEngineView()
view.loadFinished.connect(probe)
view.setUrl(QUrl(sys.argv[1]))
qt.exec()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_probe(url: str, port: int, **env_extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("QTWEBENGINE_REMOTE")}
    env.pop("QTWEBENGINE_CHROMIUM_FLAGS", None)
    env.pop("DISPLAY", None)
    env.update(env_extra)
    return subprocess.run([sys.executable, "-c", PROBE, url, str(port)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("how", ["env", "flags"])
def test_a_remote_debugging_port_from_the_environment_is_dropped_with_one_line(server, how):
    port = free_port()
    extra = ({"QTWEBENGINE_REMOTE_DEBUGGING": f"127.0.0.1:{port}"} if how == "env" else
             {"QTWEBENGINE_CHROMIUM_FLAGS": f"--enable-logging=stderr --remote-debugging-port={port}"})
    proc = run_probe(server.url("grid.html"), port, **extra)
    assert "LOADED True" in proc.stdout, proc.stderr
    assert "PORT closed" in proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.startswith("pagenote: ignored ")]
    assert len(lines) == 1, proc.stderr
    assert str(port) in lines[0] and "--allow-remote-debugging" in lines[0]


def test_other_chromium_flags_are_kept():
    from app.qtenv import drop_remote_debugging

    env = {"QTWEBENGINE_CHROMIUM_FLAGS": "--foo --remote-debugging-port=9 --bar=1",
           "QTWEBENGINE_REMOTE_DEBUGGING": "9222"}
    assert drop_remote_debugging(env) == ["QTWEBENGINE_REMOTE_DEBUGGING=9222", "--remote-debugging-port=9"]
    assert env == {"QTWEBENGINE_CHROMIUM_FLAGS": "--foo --bar=1"}
