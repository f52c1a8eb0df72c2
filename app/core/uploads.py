"""Which local files an agent may hand to a page's file chooser (``file.upload`` / ``browser_file_upload``). No
Qt: plain path checks, called before anything reaches the page.

The rule (docs/security.md, "Agent → files"; Playwright MCP's own default is the same shape: file access is
restricted to the workspace roots unless ``--allow-unrestricted-file-access``):

- each path is absolute, and names an existing, readable **regular file** (not a directory, device, FIFO or
  socket) of at most :data:`UPLOAD_MAX_BYTES`;
- its real path (symlinks resolved) lies inside one of the ``roots`` — the app's project directory and
  ``[editor] root`` — unless the user allowed agents local files (``[agent] files = true`` /
  ``--allow-file-urls``, the switch that also allows ``file:`` navigation);
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
_NEXT = ("give absolute paths of existing, readable regular files (at most 256 MiB each) inside the project "
         "directory, or let agents use local files ([agent] files = true / --allow-file-urls)")


def _refused(path: str, why: str) -> PagenoteError:
    return PagenoteError("UPLOAD_REFUSED", f"{path!r}: {why}; the file chooser stays open", _NEXT)


def _inside(real: Path, roots: tuple[Path, ...]) -> bool:
    for root in roots:
        try:
            base = Path(os.path.realpath(root))
        except (OSError, ValueError):
            continue
        if real == base or base in real.parents:
            return True
    return False


def checked_upload_paths(paths: list[str], *, multiple: bool, roots: tuple[Path, ...], allow_any: bool) -> list[str]:
    """``paths`` as the real paths to hand to the chooser, in order, after the module's rule. ``multiple``: the
    chooser takes several files (``<input multiple>``). Raises ``INVALID_PARAMS`` for an empty list, too many
    paths or several for a one-file chooser; ``UPLOAD_REFUSED`` naming the first path that breaks the rule (not
    absolute, outside the roots, missing, a directory or another non-regular file, too large, unreadable)."""
    if not paths:
        raise PagenoteError("INVALID_PARAMS", "file.upload: paths is empty; leave it out to cancel the chooser")
    if len(paths) > UPLOAD_MAX_FILES:
        raise PagenoteError("INVALID_PARAMS", f"file.upload: {len(paths)} paths; at most {UPLOAD_MAX_FILES}")
    if len(paths) > 1 and not multiple:
        raise PagenoteError("INVALID_PARAMS", f"file.upload: {len(paths)} paths, but the page's file chooser "
                                              "takes one file (its input has no 'multiple')", "give one path")
    out: list[str] = []
    for path in paths:
        if "\x00" in path or not os.path.isabs(path):
            raise _refused(path, "not an absolute path")
        real = Path(os.path.realpath(path))
        if not allow_any and not _inside(real, roots):
            raise _refused(path, "outside the project directory (agents get no other local files unless the "
                                 "user allows them)")
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
        if st.st_size > UPLOAD_MAX_BYTES:
            raise _refused(path, f"{st.st_size:,} bytes, over the {UPLOAD_MAX_BYTES:,}-byte limit")
        try:
            fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise _refused(path, f"not readable ({exc.strerror or exc})") from None
        os.close(fd)
        out.append(str(real))
    return out
