"""The app's side of the agent socket's trust: it serves only in a directory that is the user's alone, takes
over a dead socket of its own, names a live squatter (and deletes nothing that is not its own), and turns
away a client running as another user before reading a byte from it. Real app, real sockets; the fake
squatter is :class:`test_socket_trust.Fake`, in another process."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from test_socket_trust import NOBODY, Fake, as_root, linux_peercred, posix_only, subdir

from app.core import platform

#: A client that becomes another user before connecting: ``CLIENT <socket> <uid>`` sends ``health`` and prints
#: every line it gets until the app closes the connection.
CLIENT = r"""
import json, os, socket, sys
os.setuid(int(sys.argv[2]))
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
try:
    s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"health","params":{},"protocol_version":1}\n')
except (BrokenPipeError, ConnectionResetError):   # the app may close before our request is even sent
    pass
data = b""
while True:
    try:
        chunk = s.recv(65536)
    except ConnectionResetError:   # the app closed with our request unread: Linux resets (unix(7))
        break
    if not chunk:
        break
    data += chunk
sys.stdout.write(data.decode())
"""


@pytest.fixture
def base():
    directory = Path(tempfile.mkdtemp(prefix="pa", dir="/tmp"))
    os.chmod(directory, 0o711)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def app(qtbot, aio, lease, tmp_path):
    """A :class:`PagenoteApp` with no tab and no socket yet (the test starts it)."""
    import shiboken6

    from app.runtime.app import PagenoteApp

    made = PagenoteApp(lease, tmp_path)
    yield made
    made.close()
    shiboken6.delete(made)


def health(qtbot, path: Path) -> dict:
    """``health`` over a plain client of ours, the Qt loop running while it waits."""
    from test_agent_socket import RawClient

    client = RawClient(qtbot, path)
    try:
        return client.call("health")
    finally:
        client.close()


@posix_only
def test_the_app_takes_over_a_dead_socket_of_its_own(app, qtbot, base):
    path = subdir(base, "mine", 0o700) / "agent.sock"
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))
    dead.close()   # a crashed app's socket: the file stays, nobody listens
    assert app.start_agent(path) == ""
    assert "result" in health(qtbot, path)


@posix_only
def test_the_app_does_not_delete_a_file_at_the_socket_path(app, base):
    path = subdir(base, "mine", 0o700) / "agent.sock"
    path.write_text("not a socket")
    problem = app.start_agent(path)
    assert app.agent is None and f"{path} is not a socket" in problem
    assert path.read_text() == "not a socket"
    path.unlink()
    path.symlink_to(base / "elsewhere")
    assert "is a symbolic link" in app.start_agent(path) and path.is_symlink()


@posix_only
@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_the_app_does_not_serve_in_a_directory_others_can_write(app, base, mode):
    directory = subdir(base, "open", mode)
    problem = app.start_agent(directory / "agent.sock")
    assert app.agent is None and str(directory) in problem and oct(mode) in problem
    assert not (directory / "agent.sock").exists()


@as_root
def test_the_app_does_not_serve_in_another_users_directory(app, base):
    """The reported case's second half: the app refused to start, without saying why; now it says."""
    theirs = subdir(base, "theirs", 0o700, owner=NOBODY)
    fake = Fake(theirs / "agent.sock", base / "record", uid=NOBODY, when="before")
    try:
        problem = app.start_agent(fake.path)
        assert app.agent is None and f"belongs to uid {NOBODY}" in problem and str(theirs) in problem
        assert fake.lines() == ["ready"]
    finally:
        fake.stop()


@as_root
@linux_peercred
def test_the_app_names_another_users_process_squatting_its_own_directory(app, base):
    fake = Fake(subdir(base, "mine", 0o700) / "agent.sock", base / "record", uid=NOBODY, when="after")
    try:
        problem = app.start_agent(fake.path)
        assert app.agent is None
        assert f"served by a process of uid {NOBODY} (pid {fake.proc.pid}), not by you" in problem
        assert fake.path.exists() and fake.proc.poll() is None   # nothing of theirs deleted or stopped
        assert fake.data() == []
    finally:
        fake.stop()


@as_root
@linux_peercred
def test_the_app_turns_away_a_client_of_another_user(app, qtbot, base):
    """Even when the socket's mode would let another user connect (here it is opened up on purpose), the
    app answers that client with one SOCKET_UNTRUSTED line and closes, and keeps serving its user."""
    directory = subdir(base, "mine", 0o711)   # others may traverse, not write: a valid place to serve
    path = directory / "agent.sock"
    assert app.start_agent(path) == ""
    os.chmod(path, 0o777)
    proc = subprocess.Popen([sys.executable, "-c", CLIENT, str(path), str(NOBODY)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=20_000)
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 1 and lines[0]["error"]["data"]["code"] == "SOCKET_UNTRUSTED"
    assert lines[0]["id"] is None   # its request was never read, so never answered
    assert "result" in health(qtbot, path)


def test_credentials_of_a_socket_pair_are_this_process():
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with a, b:
        peer = platform.peer_credentials(a)
    if platform.peer_credentials_method():
        assert peer is not None and peer.uid == os.getuid()
        if platform.peer_credentials_method() == "SO_PEERCRED":
            assert peer.pid == os.getpid()
    else:
        assert peer is None
