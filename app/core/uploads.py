"""Which local files an agent may hand to a page's file chooser (``file.upload`` / ``browser_file_upload``). No
Qt: plain path checks, called before anything reaches the page.

The rule (docs/security.md, "Agent → files"; Playwright MCP's own default is the same shape: file access is
restricted to the workspace roots unless ``--allow-unrestricted-file-access``):

- each path is absolute, and names an existing, readable **regular file** (not a directory, device, FIFO or
  socket) of at most :data:`UPLOAD_MAX_BYTES`;
- never a kernel pseudo-file, even when local files are allowed: nothing named under ``/proc``, ``/sys`` or
  ``/dev`` or whose real path is there (``/proc/self/root/…`` and ``/proc/self/fd/N`` are the kernel's magic
  links, proc(5), reaching whatever the process has open), and nothing on a file system of
  :data:`PSEUDO_FS_TYPES` wherever it is mounted (the file's ``st_dev`` looked up in ``/proc/self/mountinfo``,
  proc(5)). Such files pass as "regular" and report a size of 0 (procfs) or 4096 (sysfs) whatever they hold, so
  the size limit cannot catch them: ``/proc/self/environ`` would hand the app's environment to the page;
- its real path (symlinks resolved) lies inside one of the ``roots`` — the app's project directory and
  ``[editor] root`` — unless the user allowed agents local files (``[agent] files = true`` /
  ``--allow-file-urls``, the switch that also allows ``file:`` navigation). A root that is the file system's
  root or the user's home directory counts as none (a desktop launcher starts the app in ``$HOME``: that is not
  a project), and inside a root nothing hidden is handed out — no path with a part starting with ``.`` below
  the root (``.ssh``, ``.env``, ``.git``, ``.aws``: where keys and credentials live);
- at most :data:`UPLOAD_MAX_FILES` paths, and one only when the chooser takes one file.

Nothing is read: the file is opened for reading and closed again (so an unreadable one fails here, not in the
page), and a FIFO is never opened (it would block until a writer came).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from app.core.errors import PagenoteError

#: The largest file an agent may upload: bytes (256 MiB). A larger one (a 2 GB sparse file, a disk image) is
#: refused at once, before the page is asked anything.
UPLOAD_MAX_BYTES = 256 * 1024 * 1024
#: The most paths one ``file.upload`` takes.
UPLOAD_MAX_FILES = 100
#: Real paths whose files are the kernel's, not the disk's (proc(5), sysfs(5), the FHS's /dev).
PSEUDO_ROOTS = (Path("/proc"), Path("/sys"), Path("/dev"))
#: File system types (mountinfo's field after "-", proc(5)) that expose kernel state as files: procfs, sysfs,
#: device nodes and the kernel's other interface file systems. tmpfs, overlay, FUSE and network file systems hold
#: real files and are not here.
PSEUDO_FS_TYPES = frozenset({
    "proc", "sysfs", "devtmpfs", "devpts", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs",
    "efivarfs", "bpf", "pstore", "fusectl", "mqueue", "binfmt_misc", "selinuxfs", "nsfs", "rpc_pipefs",
    "autofs", "hugetlbfs"})
_PSEUDO = "a pseudo-file of the kernel (/proc, /sys, /dev and their file systems), not a file on disk"
_NEXT = ("give absolute paths of existing, readable regular files (at most 256 MiB each) inside the project "
         "directory, or let agents use local files ([agent] files = true / --allow-file-urls)")


def _refused(path: str, why: str) -> PagenoteError:
    return PagenoteError("UPLOAD_REFUSED", f"{path!r}: {why}; the file chooser stays open", _NEXT)


def _root_of(real: Path, roots: tuple[Path, ...]) -> Path | None:
    """The first of ``roots`` (real paths taken) that ``real`` lies inside, or ``None``; ``/`` and the home
    directory are never a root (module docstring)."""
    never = {Path("/"), Path(os.path.realpath(Path.home()))}
    for root in roots:
        try:
            base = Path(os.path.realpath(root))
        except (OSError, ValueError):
            continue
        if base not in never and (real == base or base in real.parents):
            return base
    return None


def _mount_types() -> dict[int, str]:
    """Each mounted file system's device number (``os.makedev`` of mountinfo's ``major:minor``) mapped to its type,
    from ``/proc/self/mountinfo`` (proc(5): ``36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root …``);
    empty where there is none (not Linux, /proc not mounted)."""
    types: dict[int, str] = {}
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split()
                if "-" not in fields[6:]:
                    continue
                major, _, minor = fields[2].partition(":")
                types[os.makedev(int(major), int(minor))] = fields[fields.index("-", 6) + 1]
    except (OSError, ValueError, IndexError):
        pass
    return types


def _pseudo_name(path: str, real: Path) -> bool:
    """Whether ``path`` as given (made normal, no symlink followed) or its real path ``real`` lies under one of
    :data:`PSEUDO_ROOTS`."""
    return any(named == root or root in named.parents
               for named in (Path(os.path.normpath(path)), real) for root in PSEUDO_ROOTS)


def checked_upload_paths(paths: list[str], *, multiple: bool, roots: tuple[Path, ...], allow_any: bool) -> list[str]:
    """``paths`` as the real paths to hand to the chooser, in order, after the module's rule. ``multiple``: the
    chooser takes several files (``<input multiple>``). Raises ``INVALID_PARAMS`` for an empty list, too many
    paths or several for a one-file chooser; ``UPLOAD_REFUSED`` naming the first path that breaks the rule (not
    absolute, outside the roots or hidden inside one, missing, a directory or another non-regular file, a kernel pseudo-file, too
    large, unreadable)."""
    if not paths:
        raise PagenoteError("INVALID_PARAMS", "file.upload: paths is empty; leave it out to cancel the chooser")
    if len(paths) > UPLOAD_MAX_FILES:
        raise PagenoteError("INVALID_PARAMS", f"file.upload: {len(paths)} paths; at most {UPLOAD_MAX_FILES}")
    if len(paths) > 1 and not multiple:
        raise PagenoteError("INVALID_PARAMS", f"file.upload: {len(paths)} paths, but the page's file chooser "
                                              "takes one file (its input has no 'multiple')", "give one path")
    out: list[str] = []
    mounts = _mount_types()
    for path in paths:
        if "\x00" in path or not os.path.isabs(path):
            raise _refused(path, "not an absolute path")
        real = Path(os.path.realpath(path))
        if _pseudo_name(path, real):
            raise _refused(path, _PSEUDO)
        if not allow_any:
            root = _root_of(real, roots)
            if root is None:
                raise _refused(path, "outside the project directory (agents get no other local files unless the "
                                     "user allows them; the home directory is not a project)")
            if any(part.startswith(".") for part in real.relative_to(root).parts):
                raise _refused(path, "a hidden file or one in a hidden directory (.ssh, .env, .git hold keys and "
                                     "credentials)")
        try:
            st = os.stat(real)
        except FileNotFoundError:
            raise _refused(path, "no such file") from None
        except OSError as exc:
            raise _refused(path, f"cannot be read ({exc.strerror or exc})") from None
        if stat.S_ISDIR(st.st_mode):
            raise _refused(path, "a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise _refused(path, "not a regular file (a device, FIFO or socket)")
        if mounts.get(st.st_dev) in PSEUDO_FS_TYPES:
            raise _refused(path, _PSEUDO)
        if st.st_size > UPLOAD_MAX_BYTES:
            raise _refused(path, f"{st.st_size:,} bytes, over the {UPLOAD_MAX_BYTES:,}-byte limit")
        try:
            fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise _refused(path, f"not readable ({exc.strerror or exc})") from None
        os.close(fd)
        out.append(str(real))
    return out
