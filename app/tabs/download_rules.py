"""The rules downloads follow, in plain Python (no Qt): where a file may be written (:func:`reserve`), which names
run by themselves somewhere (:func:`risk_of`), and when a page may download without asking
(:class:`DownloadRule`).

Sources: the one-download-per-gesture rule is Chrome's automatic-downloads rule
(``chrome/browser/download/download_request_limiter.h``: a tab may download once; more need the user's Allow in
a non-modal prompt; the user's own interaction lets one more through). The 5 s a gesture counts is Chromium's
transient user activation lifespan (``third_party/blink/common/frame/user_activation_state.cc``,
``kActivationLifespan``; HTML's "transient activation duration").
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

#: How long after the user's (or agent's) input a download still counts as caused by it (s).
ACTIVATION_SECONDS = 5.0
#: Downloads of one page waiting for Allow at most; more are refused while these wait.
MAX_PENDING = 20

#: Names pytest collects or imports by itself (``conftest.py``, ``test_*.py``, ``*_test.py``: pytest's
#: default ``python_files`` and its conftest rule).
_TEST = re.compile(r"(conftest\.py|test_.*\.py|.*_test\.py)\Z", re.I)
#: Files a build, an install or a task runner executes when run in their folder.
_BUILD = {"setup.py", "setup.cfg", "pyproject.toml", "noxfile.py", "tox.ini", "fabfile.py", "dodo.py",
          "makefile", "gnumakefile", "justfile", "rakefile", "gemfile", "cmakelists.txt", "meson.build",
          "build.gradle", "build.gradle.kts", "pom.xml", "build.xml", "cargo.toml", "build.rs", "package.json",
          ".npmrc", "gulpfile.js", "gruntfile.js", "dockerfile", "vagrantfile", "sitecustomize.py",
          "usercustomize.py", ".envrc"}
#: Suffixes of scripts and programs: they run when started (or imported, for ``.py`` / ``.pth``).
_SCRIPT = {".py", ".pyw", ".pth", ".sh", ".bash", ".zsh", ".fish", ".ksh", ".csh", ".command", ".ps1", ".psm1",
           ".bat", ".cmd", ".vbs", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".php", ".lua", ".jar", ".exe",
           ".msi", ".com", ".scr", ".dll", ".so", ".dylib", ".deb", ".rpm", ".appimage", ".desktop", ".run",
           ".bin.sh", ".app", ".pkg", ".dmg", ".lnk", ".reg", ".hta", ".wsf", ".apk"}


def safe_name(name: str) -> str:
    """``name`` as a plain file name: the last path part (``/`` and ``\\`` both separate), leading dots and
    control characters dropped, at most 200 characters; ``"download"`` when nothing is left. (A page names its
    downloads: no name may point elsewhere or hide itself.)"""
    name = Path(name.replace("\\", "/")).name
    name = "".join(ch for ch in name if ch.isprintable()).strip().lstrip(".").strip()
    if len(name) > 200:
        stem, suffix = os.path.splitext(name)
        name = stem[:200 - len(suffix[:20])] + suffix[:20]
    return name or "download"


def reserve(directory: Path, name: str) -> Path:
    """Create an empty file for ``name`` (:func:`safe_name`) in ``directory`` — exclusively (``O_EXCL``): a name
    already taken, by a file of the user's or by another download, gets ``stem (n)suffix`` with the smallest
    free ``n`` (1, 2, …). Returns the path, which the caller then owns. Creates ``directory`` when missing.
    Raises ``OSError`` when the directory cannot be written."""
    name = safe_name(name)
    stem, suffix = (name[:-len(s)], s) if (s := Path(name).suffix) and name != s else (name, "")
    directory.mkdir(parents=True, exist_ok=True)
    n = 0
    while True:
        candidate = directory / (name if n == 0 else f"{stem} ({n}){suffix}")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            n += 1
            continue
        os.close(fd)
        return candidate


def risk_of(name: str, mode: int = 0) -> str:
    """What a downloaded file named ``name`` (with permission bits ``mode``, ``0`` when unknown) can do by
    itself: ``"test"`` (pytest collects or imports it), ``"build"`` (a build, install or task runner runs it),
    ``"script"`` (a script or program), ``"executable"`` (any file with an execute bit), or ``""``."""
    lower = name.lower()
    if _TEST.match(name):
        return "test"
    if lower in _BUILD or lower.startswith(("makefile.", "dockerfile.")):
        return "build"
    if any(lower.endswith(suffix) for suffix in _SCRIPT):
        return "script"
    if mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH):
        return "executable"
    return ""


class DownloadRule:
    """Chrome's automatic-downloads rule for one page (module docstring). :attr:`choice` is the user's answer
    for the page: ``None`` (not asked yet, or a new page), ``"allow"`` or ``"block"``."""

    def __init__(self) -> None:
        self.choice: str | None = None

    def decide(self, gesture) -> str:
        """``"allow"``, ``"ask"`` or ``"block"`` for one more download of the page. ``gesture()`` says whether
        an input of the user (or agent) lets this one through, and uses that input up; it is called only when
        the answer depends on it."""
        if self.choice == "block":
            return "block"
        if self.choice == "allow" or gesture():
            return "allow"
        return "ask"

    def reset(self) -> None:
        """The page was replaced by another origin's: the user's answer was for the previous one."""
        self.choice = None
