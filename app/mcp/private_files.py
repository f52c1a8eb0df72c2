"""Owner-only directories and files for ``pagenote mcp`` (the bearer token, the serve log's directory).

On POSIX "private" means what it says in the modes: directories 0700, files 0600 created with
``O_CREAT | O_EXCL`` (never through an existing file or link), and an existing file is only trusted when it
belongs to the current user and nobody else may read or write it. On Windows there are no such modes: the
directories live in the user's profile (see :func:`app.agent.paths.socket_path`), whose ACL already keeps
other users out, so creation is plain and the owner/mode check is skipped — that is the platform gap the
lead merges with the socket's own isolation helper in :mod:`app.agent.paths`.

Kept local to :mod:`app.mcp` on purpose (another module owns the socket's platform isolation).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

#: Modes for a private directory / file (POSIX; ignored on Windows).
DIR_MODE = 0o700
FILE_MODE = 0o600

_POSIX = os.name == "posix"


def private_dir(path: Path) -> Path:
    """Create ``path`` (and its parents) with mode 0700 when missing; an existing directory is left as is.
    Returns ``path``. Raises ``OSError`` (``PermissionError``, ``NotADirectoryError`` …) when it cannot."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    return path


def create_private_file(path: Path) -> IO[str]:
    """Create ``path`` for writing text (ASCII), mode 0600, failing when it already exists: returns the open
    file. Raises ``FileExistsError`` when something (a file, a link) is already there, ``OSError`` otherwise."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)  # O_EXCL: a link there fails too
    return os.fdopen(fd, "w", encoding="ascii")


def check_private_file(path: Path, remedy: str = "fix it or delete it") -> None:
    """Check that the existing file ``path`` is yours and private (POSIX: owner = current user, no group or
    other permission bits). Raises ``PermissionError`` naming the mode and ``remedy`` when it is not,
    ``OSError`` when it cannot be examined. On Windows only the existence is checked (module docstring)."""
    info = path.stat()
    if not _POSIX:
        return
    if info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise PermissionError(f"{path} must belong to you with mode 0600 (it is {oct(info.st_mode & 0o777)}); "
                              f"{remedy}")
