"""Whether the other end of the agent socket is the user's own: the checks the client (``pagenote mcp``,
``pagenote send``) makes before it sends anything, and the app makes before it serves a path or a client.
No Qt.

The rule, for the default path and for ``$PAGENOTE_SOCKET`` / ``--socket`` alike:

1. the socket's directory belongs to the user and nobody else can write it
   (:func:`app.core.platform.check_trusted_dir`: owner = uid, ``mode & 0o022 == 0``), so nobody else can put
   a socket, a link or a file there;
2. the socket itself is a socket owned by the user, not a symbolic link
   (:func:`app.core.platform.check_own_socket`);
3. once connected, the process at the other end runs as the user
   (:func:`app.core.platform.peer_credentials`: ``SO_PEERCRED`` on Linux, ``getpeereid(3)`` on macOS and the
   BSDs). This also closes the gap between checking the path and connecting to it: a socket swapped in
   meanwhile is served by someone else's process, and that process's uid is what the kernel reports.

Where the platform offers no peer credentials (Windows) rules 1 and 2 stand alone: a socket file is created
by ``bind(2)`` with the binding process's uid, in a directory only the user (or root) can write.

Failures are :class:`~app.core.errors.PagenoteError` ``SOCKET_UNTRUSTED`` naming what was found.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
from pathlib import Path

from app.core.errors import PagenoteError
from app.core.platform import PeerCredentials, check_own_socket, check_trusted_dir, peer_credentials


def _untrusted(message: str) -> PagenoteError:
    return PagenoteError("SOCKET_UNTRUSTED", message)


def check_socket_path(path: Path) -> None:
    """Rules 1 and 2 (module docstring) for the socket ``path``. Raises ``PagenoteError("SOCKET_UNTRUSTED")``
    naming the directory's or the file's owner and mode; ``FileNotFoundError`` when the directory or the
    socket does not exist (nothing to trust yet: no app there)."""
    try:
        check_trusted_dir(path.parent)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _untrusted(f"the socket's directory: {exc}") from None
    try:
        check_own_socket(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _untrusted(str(exc)) from None


def check_peer(sock: socket.socket, path: Path) -> PeerCredentials | None:
    """Rule 3 for the connected socket ``sock`` (reached through ``path``, for the message). Returns the
    peer's credentials (``None`` where the platform has none to give). Raises
    ``PagenoteError("SOCKET_UNTRUSTED")`` naming the peer's uid and pid when it is not the current uid,
    ``OSError`` when the credentials cannot be read."""
    peer = peer_credentials(sock)
    if peer is not None and peer.uid != os.getuid():
        raise _untrusted(f"the process at the other end of {path} runs as uid {peer.uid}"
                         f"{f' (pid {peer.pid})' if peer.pid else ''}, not as you (uid {os.getuid()})")
    return peer


def occupant(path: Path) -> str:
    """Why the app cannot serve the socket ``path`` now, or ``""`` when it can (nothing there, or a dead socket
    of the user's that the caller may replace). Reasons, each naming what is there:

    - the directory is missing or is not the user's alone (rule 1);
    - something that is not a socket, a socket of another uid, or a symbolic link is at ``path`` (refused
      rather than deleted: it is not pagenote's);
    - a live socket: another pagenote of the user's (its pid), or a process of another uid (its uid and pid).

    Never raises (``OSError`` becomes the reason)."""
    try:
        check_trusted_dir(path.parent)
    except OSError as exc:
        return f"cannot serve in {path.parent}: {exc}"
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return f"cannot examine {path}: {exc}"
    if not stat.S_ISSOCK(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a socket"
        return f"{path} is {kind}; pagenote does not replace it: delete it or choose another path"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        try:
            probe.connect(str(path))
        except OSError as exc:
            if exc.errno in (errno.ECONNREFUSED, errno.ENOENT) and info.st_uid == os.getuid():
                return ""   # a dead socket of ours (an app that crashed): the caller replaces it
            if info.st_uid != os.getuid():
                return f"{path} is a socket of uid {info.st_uid}, not yours; delete it or choose another path"
            return f"cannot examine {path}: {exc}"
        try:
            peer = peer_credentials(probe)
        except OSError as exc:
            return f"cannot tell who serves {path}: {exc}"
    if peer is None:
        return f"another pagenote is already serving {path}"
    pid = f" (pid {peer.pid})" if peer.pid else ""
    if peer.uid == os.getuid():
        return f"another pagenote{pid} is already serving {path}"
    return f"{path} is served by a process of uid {peer.uid}{pid}, not by you: stop it, or choose another path"
