"""The operating-system specific parts of pagenote's files, behind four small functions: an owner-only
directory, an owner-only new file, a newly written file given the user's usual mode, and an exclusive lock
on a file. Nothing here imports Qt; nothing happens on import.

POSIX (Linux, macOS, the BSDs) uses the mode bits and ``fcntl.flock``. Windows has neither: its per-user
directories (``%LOCALAPPDATA%``, where :mod:`platformdirs` puts pagenote's) are kept private by the profile's
ACL, so there the owner/mode check is skipped and the lock is ``msvcrt.locking`` on the file's first byte.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

#: True on Linux, macOS and the BSDs (mode bits, ``fcntl``); False on Windows.
POSIX = os.name == "posix"
#: Mode of an owner-only directory / file (POSIX; the XDG Base Directory spec asks 0700 of the runtime dir).
DIR_MODE = 0o700
FILE_MODE = 0o600
#: Poll interval of a blocking lock on Windows, seconds (``msvcrt`` has no wait-forever lock).
_WINDOWS_LOCK_POLL = 0.01


def user_tag() -> str:
    """A short name for the current user, for per-user names in shared directories: the uid on POSIX
    (``"1000"``), the login name on Windows (``os.getlogin`` may fail there without a console, hence
    ``USERNAME``)."""
    if POSIX:
        return str(os.getuid())
    return os.environ.get("USERNAME") or os.getlogin()


def check_private_dir(path: Path) -> Path:
    """Check that the existing directory ``path`` is yours and closed to others: on POSIX its owner is the
    current uid and no group/other bits are set (``mode & 0o077 == 0``), the rule of the XDG Base Directory
    spec for ``$XDG_RUNTIME_DIR``. Returns ``path``. Raises ``PermissionError`` naming the mode when it is
    not, ``OSError`` when it cannot be examined. On Windows only that it is a directory is checked (module
    docstring)."""
    info = path.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise NotADirectoryError(f"{path} is not a directory")
    if POSIX and (info.st_uid != os.getuid() or info.st_mode & 0o077):
        raise PermissionError(f"{path} must belong to you with mode 0700 (it is {oct(info.st_mode & 0o777)})")
    return path


def private_dir(path: Path, check: bool = True) -> Path:
    """Create ``path`` (and missing parents) with mode 0700 when missing; an existing directory is kept as it
    is. With ``check`` (the default) it must then pass :func:`check_private_dir`. Returns ``path``. Raises
    ``PermissionError`` when it belongs to someone else or is open to others, ``OSError`` when it cannot be
    created."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    return check_private_dir(path) if check else path


def private_file(path: Path) -> IO[bytes]:
    """Create the new file ``path`` for writing bytes with mode 0600 (owner read/write only; the umask can
    only remove bits, and a usual one removes none of these) and return it open. ``O_EXCL`` makes the
    creation fail when anything, a file or a symbolic link, is already there, so it is never someone else's
    file. Raises ``FileExistsError`` then, ``OSError`` when the directory cannot be written."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    return os.fdopen(os.open(path, flags, FILE_MODE), "wb")


def check_private_file(path: Path, remedy: str = "fix it or delete it") -> None:
    """Check that the existing file ``path`` is yours and private: on POSIX its owner is the current uid and
    no group/other bits are set. Raises ``PermissionError`` naming the mode and ``remedy`` when it is not,
    ``OSError`` when it cannot be examined. On Windows only its existence is checked."""
    info = path.stat()
    if POSIX and (info.st_uid != os.getuid() or info.st_mode & 0o077):
        raise PermissionError(f"{path} must belong to you with mode 0600 (it is {oct(info.st_mode & 0o777)}); "
                              f"{remedy}")


def _umask() -> int:
    """The process umask. Linux ≥ 4.7 reports it in ``/proc/self/status`` (read without changing it);
    elsewhere it is read by setting and restoring it."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o077)   # briefly restrictive, never open, if another thread creates a file meanwhile
    os.umask(mask)
    return mask


def give_usual_mode(path: Path) -> None:
    """Give the existing file ``path`` the mode a file the user creates normally gets, ``0666 & ~umask``
    (POSIX ``open(2)``): for files made with ``tempfile.mkstemp`` (always 0600) that are meant to be shared
    like any other output. No-op on Windows (no mode bits beyond read-only). Raises ``OSError``."""
    if POSIX:
        os.chmod(path, 0o666 & ~_umask())


@contextmanager
def exclusive_lock(path: Path, blocking: bool = True) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (created when missing, contents untouched) for the
    ``with`` block; other processes and other open files of this one that lock the same path wait until it
    is released. POSIX: ``fcntl.flock(LOCK_EX)`` (released when the block ends or the process dies);
    Windows: ``msvcrt.locking`` on byte 0, retried every 10 ms while blocked.

    With ``blocking=False`` a lock held elsewhere raises ``BlockingIOError`` at once instead of waiting.
    Raises ``OSError`` when the file cannot be opened. Advisory on POSIX: only code that also locks is
    excluded."""
    with open(path, "a+b") as fh:
        if POSIX:
            import fcntl

            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
        else:
            import msvcrt

            fh.seek(0)
            while True:
                try:
                    msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
                    break
                except OSError as error:
                    if not blocking:
                        raise BlockingIOError(f"{path} is locked by another holder") from error
                    time.sleep(_WINDOWS_LOCK_POLL)
            try:
                yield
            finally:
                fh.seek(0)
                msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
