"""Where pagenote's per-user files live: the agent socket in the runtime directory, and the default config
and data directories, all from :mod:`platformdirs`. No Qt.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import warnings
from pathlib import Path

import platformdirs

from app.core.platform import private_dir, user_tag

APP_NAME = "pagenote"
SOCKET_NAME = "agent.sock"
#: Longest Unix socket path, in bytes: ``sockaddr_un.sun_path`` holds 108 bytes on Linux and 104 on macOS and
#: the BSDs, one of them the terminating NUL (unix(7)).
SUN_PATH_MAX = 107 if sys.platform.startswith("linux") else 103


def _runtime_dir() -> Path | None:
    """``platformdirs.user_runtime_dir("pagenote")`` when the system provides a per-user runtime directory
    for it: the answer's parent exists (``$XDG_RUNTIME_DIR`` or ``/run/user/<uid>`` on Linux) and is
    ``$XDG_RUNTIME_DIR`` or outside the shared temporary directory (recent platformdirs fall back to
    ``<tmp>/runtime-<uid>``, which another program may create at any time, so a client and a server could
    disagree about it). None otherwise.
    Nothing is created; platformdirs' warnings about a rejected ``$XDG_RUNTIME_DIR`` are silenced."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            path = Path(platformdirs.user_runtime_dir(APP_NAME, appauthor=False, ensure_exists=False))
    except OSError:   # recent platformdirs raise PermissionError for an unsafe temporary fallback
        return None
    if not path.parent.is_dir():
        return None
    parent, tmp = path.parent.resolve(), Path(tempfile.gettempdir()).resolve()
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    chosen = bool(xdg) and parent == Path(xdg).resolve()   # the session's own choice, even under <tmp>
    return path if chosen or not (parent == tmp or tmp in parent.parents) else None


def socket_path() -> Path:
    """The agent socket's path, first rule that applies:

    1. ``$PAGENOTE_SOCKET`` when set (its parent is created with mode 0700 when missing; it is checked where
       the socket is used, not here: the app serves and the client connects only when the directory is
       yours and writable by you alone, :mod:`app.agent.trust`);
    2. ``<runtime>/agent.sock`` with ``<runtime>`` = :func:`platformdirs.user_runtime_dir` ``("pagenote")``
       (``$XDG_RUNTIME_DIR/pagenote`` on Linux, per the XDG Base Directory spec) when the system provides
       that directory (:func:`_runtime_dir`) and the path fits in ``sun_path`` (:data:`SUN_PATH_MAX` bytes);
    3. ``<tmp>/pagenote-<uid>/agent.sock`` (``tempfile.gettempdir()``).

    In cases 2 and 3 the directory is created with mode 0700 and must belong to the current user with no
    group/other permission: raises ``PermissionError`` naming the mode when it does not, ``OSError`` when it
    cannot be created."""
    explicit = os.environ.get("PAGENOTE_SOCKET")
    if explicit:
        path = Path(explicit)
        private_dir(path.parent, check=False)
        return path
    runtime = _runtime_dir()
    if runtime is None or len(os.fsencode(runtime / SOCKET_NAME)) > SUN_PATH_MAX:
        runtime = Path(tempfile.gettempdir()) / f"{APP_NAME}-{user_tag()}"
    private_dir(runtime)
    return runtime / SOCKET_NAME


def config_dir() -> Path:
    """pagenote's per-user configuration directory (``platformdirs.user_config_dir``:
    ``$XDG_CONFIG_HOME/pagenote`` or ``~/.config/pagenote`` on Linux, ``~/Library/Application Support/pagenote``
    on macOS, ``%LOCALAPPDATA%\\pagenote`` on Windows). Not created; nothing reads it yet."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """pagenote's per-user data directory (``platformdirs.user_data_dir``: ``$XDG_DATA_HOME/pagenote`` or
    ``~/.local/share/pagenote`` on Linux, ``~/Library/Application Support/pagenote`` on macOS,
    ``%LOCALAPPDATA%\\pagenote`` on Windows). Not created; nothing reads it yet."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def is_live(path: Path, timeout: float = 0.5) -> bool:
    """True when something accepts connections on the Unix socket ``path`` within ``timeout`` seconds. Says
    nothing about who: nothing is sent, and :mod:`app.agent.trust` decides whether to talk to it."""
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        try:
            s.connect(str(path))
            return True
        except OSError:
            return False
