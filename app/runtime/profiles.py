"""Persistent leases on disk: where each keeps its cookies, storage and cache, how big each is, and how a
cleared one starts empty. No Qt here, so a bad name is refused before Qt starts.

Layout, under the user data directory (:func:`profiles_root`)::

    profiles/<name>/              one persistent lease ("default": the window's; else a --profile NAME)
        current                   the generation in use ("g3"); absent: the first layout below
        storage/  cache/          generation 0 (the layout before clearing existed)
        g3/storage/  g3/cache/    a later generation: clearing a lease starts a new one

Clearing (:func:`next_generation`) points ``current`` at a fresh, empty generation; the old one is removed once
no page uses it (:func:`stale_generations`, also at the lease's next start, after a crash mid-clear). Chromium
keeps its databases open while a profile lives, so a live profile's files are never deleted under it.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

#: A named lease's name: letters, digits, ``-`` and ``_``, at most 64 (it becomes a directory name).
PROFILE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The window's lease when no ``--profile`` is given: persistent, so a restored tab finds its login again
#: (issue 30, requirement 2).
DEFAULT_PROFILE = "default"
_GENERATION = re.compile(r"g([0-9]{1,9})")
_POINTER = "current"


def profiles_root() -> Path:
    """``<platformdirs user data dir>/profiles`` (``~/.local/share/pagenote/profiles`` on Linux; ``$XDG_DATA_HOME``
    is read at each call). Not created."""
    from app.agent.paths import data_dir

    return data_dir() / "profiles"


def profile_dir(name: str) -> Path:
    """Where the persistent lease ``name`` keeps its cookies, storage and cache: ``profiles_root() / name``
    (e.g. ``~/.local/share/pagenote/profiles/work``). Raises :class:`~app.core.errors.PagenoteError`
    ``BAD_PROFILE_NAME`` for a name :data:`PROFILE_NAME` refuses."""
    from app.core.errors import PagenoteError

    if not PROFILE_NAME.fullmatch(name or ""):
        raise PagenoteError("BAD_PROFILE_NAME", f"{name!r} is not a profile name")
    return profiles_root() / name


def generation(root: Path) -> str:
    """The generation of ``root`` (a :func:`profile_dir`) in use: ``""`` (generation 0: ``root/storage``,
    ``root/cache``) or ``"g<n>"``. A missing or unreadable pointer is generation 0."""
    try:
        text = (root / _POINTER).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return text if _GENERATION.fullmatch(text) else ""


def generation_dir(root: Path) -> Path:
    """The directory of ``root``'s generation in use, which holds ``storage/`` and ``cache/`` (what
    :class:`~app.webview.lease.Lease` takes as ``storage``): ``root`` itself for generation 0. Not created."""
    current = generation(root)
    return root / current if current else root


def next_generation(root: Path) -> Path:
    """Start a new, empty generation of ``root`` and point ``current`` at it (written atomically); returns its
    :func:`generation_dir`. The previous generation stays until :func:`remove_stale` (its pages may still use
    it). Raises ``OSError``."""
    from app.sinks import write_atomic

    used = [int(m.group(1)) for p in root.iterdir() if (m := _GENERATION.fullmatch(p.name))] if root.is_dir() else []
    name = f"g{max(used, default=0) + 1}"
    (root / name).mkdir(parents=True, exist_ok=True)
    write_atomic(root / _POINTER, name.encode())
    return generation_dir(root)


def stale_generations(root: Path) -> list[Path]:
    """The directories of ``root`` that belong to no generation in use: old ``g<n>`` directories, and
    generation 0's ``storage``/``cache`` once a later one is in use."""
    if not root.is_dir():
        return []
    current = generation(root)
    stale = [p for p in root.iterdir() if _GENERATION.fullmatch(p.name) and p.name != current]
    if current:
        stale += [p for p in (root / "storage", root / "cache") if p.exists()]
    return stale


def remove_stale(root: Path) -> None:
    """Delete :func:`stale_generations` of ``root`` (only while no profile uses them). Errors are ignored: a
    directory left behind is removed at the next try."""
    for path in stale_generations(root):
        shutil.rmtree(path, ignore_errors=True)


def dir_size(path: Path) -> int:
    """Bytes of the regular files under ``path`` (symlinks not followed); 0 when it does not exist."""
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return total


@dataclass(frozen=True)
class ProfileOnDisk:
    """A persistent lease's directory: ``name``, ``path`` and ``size`` (bytes, every generation)."""

    name: str
    path: Path
    size: int


def profiles_on_disk(root: Path | None = None) -> list[ProfileOnDisk]:
    """The persistent leases under ``root`` (default :func:`profiles_root`), by name; directories whose name
    :data:`PROFILE_NAME` refuses are left out."""
    root = root or profiles_root()
    if not root.is_dir():
        return []
    return [ProfileOnDisk(p.name, p, dir_size(p)) for p in sorted(root.iterdir())
            if p.is_dir() and PROFILE_NAME.fullmatch(p.name)]
