"""The operating-system specific parts of pagenote's files, behind small functions: an owner-only
directory, a directory nobody else can write, an owner-only new file, files next to the agent socket opened
without following a symbolic link, a newly written file given the user's usual mode, an exclusive lock on a
file, and the user id of the process at the other end of a Unix socket. Nothing here imports Qt; nothing
happens on import.

POSIX (Linux, macOS, the BSDs) uses the mode bits, ``O_NOFOLLOW`` and ``fcntl.flock``. Windows has neither: its
per-user directories (``%LOCALAPPDATA%``, where :mod:`platformdirs` puts pagenote's) are kept private by the
profile's ACL, so there the owner/mode checks are skipped and the lock is ``msvcrt.locking`` on the file's
first byte.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import struct
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

#: True on Linux, macOS and the BSDs (mode bits, ``fcntl``); False on Windows.
POSIX = os.name == "posix"
#: Mode of an owner-only directory / file (POSIX; the XDG Base Directory spec asks 0700 of the runtime dir).
DIR_MODE = 0o700
FILE_MODE = 0o600
#: Poll interval of a blocking lock on Windows, seconds (``msvcrt`` has no wait-forever lock).
_WINDOWS_LOCK_POLL = 0.01
#: ``open(2)`` flags every pagenote file open adds: do not follow a symbolic link as the last path component
#: (``ELOOP`` instead; POSIX.1-2008), do not leak the descriptor into started processes. 0 where absent.
_SAFE_OPEN = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


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


def check_trusted_dir(path: Path) -> Path:
    """Check that the existing directory ``path`` is yours and nobody else can change what is in it: on POSIX
    its owner is the current uid and it has no group/other *write* bit (``mode & 0o022 == 0``) — write
    permission on a directory is what creating, renaming and deleting entries in it needs (POSIX
    ``rename(2)``, ``unlink(2)``), so nobody but you (and root) can put a socket, link or file there. Looser
    than :func:`check_private_dir` (0755 passes): for a directory you chose yourself. A symbolic link at
    ``path`` is followed (its target is checked). Returns ``path``. Raises ``PermissionError`` naming the
    owner and mode, ``NotADirectoryError``, ``OSError`` when it cannot be examined (``FileNotFoundError``).
    On Windows only that it is a directory is checked (module docstring)."""
    info = path.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise NotADirectoryError(f"{path} is not a directory")
    if POSIX and (info.st_uid != os.getuid() or info.st_mode & 0o022):
        raise PermissionError(f"{path} must belong to you and be writable by you alone (it belongs to uid "
                              f"{info.st_uid}, mode {oct(info.st_mode & 0o777)}; you are uid {os.getuid()})")
    return path


def check_own_socket(path: Path) -> None:
    """Check that ``path`` itself (a symbolic link is not followed: ``lstat``) is a Unix socket owned by the
    current uid. ``bind(2)`` creates the file with the binding process's effective uid, so a socket of yours
    in a directory only you can write (:func:`check_trusted_dir`) was made by you or root. Raises
    ``PermissionError`` naming what is there instead (a link, a file, another uid), ``FileNotFoundError``
    when nothing is. On Windows only that it exists is checked."""
    info = os.lstat(path)
    if not POSIX:
        return
    if stat.S_ISLNK(info.st_mode):
        raise PermissionError(f"{path} is a symbolic link, not the socket itself")
    if not stat.S_ISSOCK(info.st_mode):
        raise PermissionError(f"{path} is not a socket")
    if info.st_uid != os.getuid():
        raise PermissionError(f"{path} belongs to uid {info.st_uid}, not to you (uid {os.getuid()})")


def private_file(path: Path) -> IO[bytes]:
    """Create the new file ``path`` for writing bytes with mode 0600 (owner read/write only; the umask can
    only remove bits, and a usual one removes none of these) and return it open. ``O_EXCL`` makes the
    creation fail when anything, a file or a symbolic link, is already there, so it is never someone else's
    file. Raises ``FileExistsError`` then, ``OSError`` when the directory cannot be written."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    return os.fdopen(os.open(path, flags, FILE_MODE), "wb")


def _open_own(path: Path, flags: int, remedy: str, private: bool) -> int:
    """``os.open(path, flags)`` without following a symbolic link (:data:`_SAFE_OPEN`), new files mode 0600,
    then checked on the open descriptor (``fstat``, so what is checked is what is read or written): a regular
    file owned by the current uid, with no group/other bit when ``private``. Returns the descriptor. Raises
    ``PermissionError`` naming the problem and ``remedy`` (a link: ``ELOOP``), ``OSError`` otherwise."""
    try:
        fd = os.open(path, flags | _SAFE_OPEN, FILE_MODE)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise PermissionError(f"{path} is a symbolic link; {remedy}") from None
        raise
    info = os.fstat(fd)
    problem = "" if stat.S_ISREG(info.st_mode) else "is not a regular file"
    if POSIX and not problem and info.st_uid != os.getuid():
        problem = f"belongs to uid {info.st_uid}, not to you"
    elif POSIX and not problem and private and info.st_mode & 0o077:
        problem = f"must have mode 0600 (it is {oct(info.st_mode & 0o777)})"
    if problem:
        os.close(fd)
        raise PermissionError(f"{path} {problem}; {remedy}")
    return fd


def check_private_file(path: Path, remedy: str = "fix it or delete it") -> None:
    """Check that the existing file ``path`` is yours and private: on POSIX a regular file (a symbolic link is
    refused, not followed), its owner the current uid, no group/other bits. Raises ``PermissionError`` naming
    the problem and ``remedy`` when it is not, ``OSError`` when it cannot be examined. On Windows only that
    it is a file is checked."""
    os.close(_open_own(path, os.O_RDONLY, remedy, private=True))


def read_private_file(path: Path, remedy: str = "fix it or delete it") -> bytes:
    """The bytes of the existing file ``path``, checked as :func:`check_private_file` checks it, on the very
    descriptor that is read (no window between check and read, no link followed). Raises
    ``PermissionError`` / ``OSError`` as :func:`check_private_file`."""
    with os.fdopen(_open_own(path, os.O_RDONLY, remedy, private=True), "rb") as fh:
        return fh.read()


def append_own_file(path: Path, remedy: str = "delete it") -> IO[bytes]:
    """``path`` open for appending bytes (created with mode 0600 when missing), for logs next to the agent
    socket: a symbolic link is refused, not followed, and the file must be a regular file owned by the
    current uid (group/other read bits of an existing file are left as the user set them). Raises
    ``PermissionError`` naming the problem and ``remedy``, ``OSError`` when it cannot be opened."""
    fd = _open_own(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, remedy, private=False)
    return os.fdopen(fd, "ab")


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
    A symbolic link at ``path`` is not followed (``O_NOFOLLOW``): ``PermissionError``, so a link planted in a
    shared directory cannot make pagenote create or lock another file. Raises ``OSError`` when the file
    cannot be opened. Advisory on POSIX: only code that also locks is excluded."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _SAFE_OPEN, 0o666)   # the umask applies, as for open()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise PermissionError(f"{path} is a symbolic link; a lock file must be a file") from None
        raise
    with os.fdopen(fd, "r+b") as fh:
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


@dataclass(frozen=True)
class PeerCredentials:
    """Who is at the other end of a connected Unix socket: ``uid`` (effective user id) and ``pid`` (``None``
    where the platform does not say)."""

    uid: int
    pid: int | None = None


def peer_credentials_method() -> str:
    """The name of the call :func:`peer_credentials` uses on this platform: ``"SO_PEERCRED"`` (Linux, unix(7)),
    ``"getpeereid"`` (macOS, the BSDs: getpeereid(3), reached through :mod:`ctypes` because Python's
    :mod:`socket` has no binding for it), or ``""`` where neither exists (Windows)."""
    if hasattr(socket, "SO_PEERCRED") and sys.platform.startswith("linux"):
        return "SO_PEERCRED"
    if POSIX and _getpeereid() is not None:
        return "getpeereid"
    return ""


def _getpeereid():
    """The C library's ``getpeereid`` as a ctypes function, or ``None`` (glibc has none)."""
    import ctypes

    try:
        return getattr(ctypes.CDLL(None, use_errno=True), "getpeereid", None)
    except OSError:
        return None


def peer_credentials(sock: socket.socket) -> PeerCredentials | None:
    """The credentials of the process at the other end of the connected Unix socket ``sock``, as the kernel
    recorded them when that process called ``connect(2)`` or ``listen(2)`` (so a server that dropped
    privileges after ``listen`` still shows the uid it listened with; unix(7)).

    Linux: ``getsockopt(SOL_SOCKET, SO_PEERCRED)`` → ``struct ucred {pid, uid, gid}``: uid and pid. macOS and
    the BSDs: ``getpeereid(3)`` → uid, pid ``None``. Returns ``None`` where neither exists (Windows): the
    caller then relies on the file-system checks alone (:func:`check_trusted_dir`, :func:`check_own_socket`).
    Raises ``OSError`` when the call fails (the socket is not connected)."""
    method = peer_credentials_method()
    if method == "SO_PEERCRED":
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        pid, uid, _gid = struct.unpack("iII", raw)
        return PeerCredentials(uid, pid)
    if method == "getpeereid":
        import ctypes

        uid, gid = ctypes.c_uint32(), ctypes.c_uint32()
        if _getpeereid()(sock.fileno(), ctypes.byref(uid), ctypes.byref(gid)) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))
        return PeerCredentials(uid.value)
    return None
