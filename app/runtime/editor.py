"""Open in editor: an annotation's source hint (the ``Source:`` line, app/webview/source_hints.py) opened at
its line in the user's editor — never executing anything the page wrote.

The page controls the hint's text, so it is only ever *data*: it is parsed into ``(file, line, column)``, the
file must be an existing regular local file (an absolute path, or relative to ``[editor] root``; no URL, no
control characters; a relative one may not climb out of the root with ``..``), the line and column must be
numbers, and the editor is run as an argv list without a shell (:func:`launch` →
``subprocess.Popen(argv, shell=False)``), or opened as a URL built from the user's own template with the path
percent-encoded. Anything else is refused with :class:`EditorRefused` saying why.

Which editor, first found wins (``settings.toml``)::

    [editor]
    url = "vscode://file/{path}:{line}:{column}"   # a URL scheme the desktop opens (QDesktopServices)
    command = "code"                                # else an argv (split like a shell, never run by one)
    root = "/home/me/shop"                          # relative hint paths (Vue, Svelte) are under it

then ``$VISUAL``, then ``$EDITOR``. How the line is passed depends on the editor's name (:data:`_LINE_STYLES`);
an unknown editor gets the path alone.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

#: One hint as the Source: line writes it: ``[Component ](framework) file[:line[:column]]``, or ``… file (unmapped)``,
#: or ``(framework) production build (no source map)`` (:data:`PRODUCTION_MARK`: no file);
#: a ``CSS:`` rule's place is the hint ``(css) file[:line]`` (app/ui/panel_rows.py links it).
_HINT = re.compile(r"(?:(?P<component>[^\s()]+) )?\((?P<framework>react|vue|svelte|css)\) (?P<file>.+?)"
                   r"(?::(?P<line>\d{1,7})(?::(?P<column>\d{1,7}))?)?(?: \(unmapped\))?\Z")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: How a library's hint ends (``KitButton (react) ui-kit (library)``): it names a package, which is not opened.
LIBRARY_MARK = " (library)"
#: How a production build's hint ends (``(react) production build (no source map)``,
#: app.webview.source_hints.PRODUCTION): it names no file, so nothing is opened.
PRODUCTION_MARK = " production build (no source map)"
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
#: URL schemes an editor template may not use (they would run or fetch something, not open an editor).
_BAD_SCHEMES = ("javascript", "data", "http", "https", "file", "ftp", "blob")

#: Editor executable name → how its argv takes the place: ``plus`` (``+LINE PATH``), ``colon``
#: (``PATH:LINE:COLUMN``), ``goto`` (``--goto PATH:LINE:COLUMN``), ``kate`` (``-l LINE -c COLUMN PATH``).
_LINE_STYLES = {
    **dict.fromkeys(("vi", "vim", "nvim", "gvim", "view", "emacs", "emacsclient", "nano", "micro", "gedit",
                     "gnome-text-editor", "mousepad", "pluma", "xed", "kak", "joe", "mg", "jed"), "plus"),
    **dict.fromkeys(("subl", "sublime_text", "zed", "zeditor", "hx", "helix", "lapce"), "colon"),
    **dict.fromkeys(("code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"), "goto"),
    "kate": "kate", "kwrite": "kate",
}


class EditorRefused(ValueError):
    """The hint or the settings do not give something pagenote will open; the message says what."""


@dataclass(frozen=True)
class SourcePlace:
    """Where a hint points: an existing local ``path`` (absolute, resolved), ``line`` and ``column``
    (1-based; ``None`` when the hint has none)."""

    path: Path
    line: int | None = None
    column: int | None = None


@dataclass(frozen=True)
class Launch:
    """What opening takes: run ``argv`` (no shell), or open ``url``; exactly one is set."""

    argv: tuple[str, ...] = ()
    url: str = ""


def split_hints(source: str) -> list[str]:
    """The hints of a ``Source:`` value (``"; "``-joined), in order."""
    return [h for h in (p.strip() for p in source.split("; ")) if h]


def source_place(hint: str, root: str | Path = "") -> SourcePlace:
    """The place one hint names, checked (module docstring). Raises :class:`EditorRefused` for a hint that
    does not parse, a library's (:data:`LIBRARY_MARK`), a production build's (:data:`PRODUCTION_MARK`), a URL,
    a relative path with no ``root`` or leading out of it, or a path that is not an existing regular file."""
    m = _HINT.match(hint.strip())
    if not m:
        raise EditorRefused(f"not a source hint: {hint[:80]!r}")
    file = m.group("file")
    if f" {file}" == PRODUCTION_MARK and not m.group("line"):
        raise EditorRefused(f"the page is a production build of {m.group('framework')}: it keeps no source "
                            "locations, so there is no file or line to open (pin the element on the app's "
                            "development server)")
    if file.endswith(LIBRARY_MARK):   # app.webview.source_hints.hint_text: a package, not a file
        raise EditorRefused(f"{file[:-len(LIBRARY_MARK)][:80]} is a library (an npm package), not a file of the "
                            "project: its call site is the next hint")
    if _CONTROL.search(file) or _URL.match(file) or file.startswith("-"):
        raise EditorRefused(f"not a local file path: {file[:80]!r}")
    path = Path(file)
    if not path.is_absolute():
        if not root:
            raise EditorRefused(f"{file} is a relative path: set [editor] root in settings.toml to the project "
                                "folder it is relative to")
        base = Path(os.path.normpath(Path(root).absolute()))
        path = Path(os.path.normpath(base / path))
        if not path.is_relative_to(base):   # lexically: ``..`` out of the root (a symlink in it is the user's)
            raise EditorRefused(f"{file[:80]} is outside [editor] root {base}")
    try:
        path = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise EditorRefused(f"{path} does not exist on this computer") from None
    if not path.is_file():
        raise EditorRefused(f"{path} is not a file")
    line = int(m.group("line")) if m.group("line") else None
    column = int(m.group("column")) if m.group("column") else None
    return SourcePlace(path, line or None, column or None)


def editor_argv(command: str, place: SourcePlace) -> tuple[str, ...]:
    """The argv that opens ``place`` with ``command`` (``"code"``, ``"emacsclient -n"``: split like a POSIX
    shell, never run by one). Raises :class:`EditorRefused` for an empty command."""
    try:
        base = shlex.split(command)
    except ValueError as exc:
        raise EditorRefused(f"the editor command {command!r} does not split into words: {exc}") from None
    if not base:
        raise EditorRefused("no editor: set [editor] command or url in settings.toml, or $VISUAL / $EDITOR")
    path, line, column = str(place.path), place.line, place.column
    style = _LINE_STYLES.get(Path(base[0]).name)
    if line is None or style is None:
        return (*base, path)
    if style == "plus":
        return (*base, f"+{line}", path)
    where = f"{path}:{line}" + (f":{column}" if column else "")
    if style == "colon":
        return (*base, where)
    if style == "goto":
        return (*base, "--goto", where)
    return (*base, "-l", str(line), *(("-c", str(column)) if column else ()), path)


def editor_url(template: str, place: SourcePlace) -> str:
    """``template`` (``vscode://file/{path}:{line}:{column}``) filled in, the path percent-encoded (``/``
    kept; its leading ``/`` dropped after a ``/`` in the template), line and column ``1`` when the hint has
    none. Raises :class:`EditorRefused` for a template with no
    ``{path}``, a scheme that would run or fetch something, or an unknown ``{placeholder}``."""
    scheme = template.split(":", 1)[0].lower() if ":" in template else ""
    if not scheme or scheme in _BAD_SCHEMES or "{path}" not in template:
        raise EditorRefused(f"[editor] url must be an editor's URL scheme with {{path}}, e.g. "
                            f"vscode://file/{{path}}:{{line}}:{{column}}; got {template[:80]!r}")
    path = quote(str(place.path), safe="/")
    if "/{path}" in template:   # vscode://file/{path} as VS Code's docs write it: one slash before the path
        path = path.lstrip("/")
    try:
        return template.format(path=path, line=place.line or 1,
                               column=place.column or 1)
    except (KeyError, IndexError, ValueError) as exc:
        raise EditorRefused(f"[editor] url has an unknown placeholder: {exc}") from None


def plan_launch(hint: str, command: str = "", url: str = "", root: str | Path = "",
                env: Mapping[str, str] | None = None) -> Launch:
    """What opening ``hint`` takes with these settings (``[editor] url``, ``command``, ``root``) and ``env``
    (default ``os.environ``: ``VISUAL``, then ``EDITOR``). Raises :class:`EditorRefused`."""
    place = source_place(hint, root)
    if url:
        return Launch(url=editor_url(url, place))
    env = os.environ if env is None else env
    chosen = command or env.get("VISUAL", "") or env.get("EDITOR", "")
    return Launch(argv=editor_argv(chosen, place))


def launch(plan: Launch) -> subprocess.Popen | None:
    """Run ``plan.argv`` detached (no shell, no stdin, its own session) and return the process; ``None`` for
    a URL plan (the UI opens those). Raises :class:`EditorRefused` when the editor cannot be started."""
    if not plan.argv:
        return None
    try:
        return subprocess.Popen(list(plan.argv), shell=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)
    except OSError as exc:
        raise EditorRefused(f"cannot start {plan.argv[0]}: {exc.strerror or exc}") from None
