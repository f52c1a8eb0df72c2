"""Where the agent socket lives: a per-user path in the runtime directory. No Qt."""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path


def socket_path() -> Path:
    """The agent socket's path: ``$PAGENOTE_SOCKET`` if set; else ``$XDG_RUNTIME_DIR/pagenote/agent.sock``
    (XDG Base Directory spec: the per-user runtime dir, mode 0700); else
    ``<tmp>/pagenote-<uid>/agent.sock``. The parent directory is created with mode 0700; raises
    ``PermissionError`` if an existing parent belongs to another user or is open to others."""
    explicit = os.environ.get("PAGENOTE_SOCKET")
    if explicit:
        path = Path(explicit)
    else:
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        base = Path(runtime) / "pagenote" if runtime and Path(runtime).is_dir() else \
            Path(tempfile.gettempdir()) / f"pagenote-{os.getuid()}"
        path = base / "agent.sock"
    parent = path.parent
    parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = parent.stat()
    if not explicit and (info.st_uid != os.getuid() or info.st_mode & 0o077):
        raise PermissionError(f"{parent} must belong to you with mode 0700 (it is {oct(info.st_mode & 0o777)})")
    return path


def is_live(path: Path, timeout: float = 0.5) -> bool:
    """True when something accepts connections on the Unix socket ``path``."""
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        try:
            s.connect(str(path))
            return True
        except OSError:
            return False
